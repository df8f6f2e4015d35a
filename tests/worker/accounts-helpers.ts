// Helpers of the team-account tests: an owner adds a person, who sets a password.
import { cookieOf, deviceCookieOf, login, write } from './admin-helpers.ts';
import type { Role } from '../../worker/admin-shared/roles.ts';

export const GOOD_PASSWORD = 'zielona łódka płynie 7';

let counter = 0;

/** Adds a person as the first owner; returns their e-mail, id and the one-time link's token. */
export async function addPerson(role: Role, ownerCookie?: string) {
  const owner = ownerCookie ?? (await login(`203.0.113.${200 + (counter % 50)}`));
  const email = `osoba${++counter}-${role}@kserowo.test`;
  const res = await write('/api/admin/accounts', { email, name: `Osoba ${counter}`, role }, { cookie: owner });
  if (res.status !== 201) throw new Error(`add person: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { account: { id: number }; link: string };
  const token = body.link.split('#haslo=')[1] ?? '';
  return { email, id: body.account.id, token, link: body.link, owner };
}

/** Adds a person, sets their password through the link and logs them in; returns their cookie. */
export async function personWithSession(role: Role, ip = `198.18.0.${++counter % 250}`) {
  const person = await addPerson(role);
  const set = await write('/api/admin/set-password', { token: person.token, password: GOOD_PASSWORD });
  if (set.status !== 200) throw new Error(`set password: ${set.status} ${await set.text()}`);
  const res = await write('/api/admin/login', { email: person.email, password: GOOD_PASSWORD }, { ip });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return { ...person, cookie: cookieOf(res), device: deviceCookieOf(res) };
}
