// Helpers for the customer's page /konto: two customers with their devices, the sign-in
// e-mail read from the outbox, and form posts as a browser on our origin sends them.
import { env } from 'cloudflare:workers';
import { addDevice } from '../../worker/models/devices.ts';
import { ORIGIN, request } from './admin-helpers.ts';

export const db = () => (env as unknown as Env).DB;

/** Customer A: a Premium colour device and a Basic mono one. Customer B: one Business colour device. */
export const A = { email: 'biuro@firma-a.pl', premium: 'PA-C3320I-0001', basic: 'PA-227-0002' };
export const B = { email: 'kontakt@firma-b.pl', device: 'PB-C258-0003' };

export async function seedCustomers(): Promise<{ a: { premium: number; basic: number }; b: number }> {
  const base = { contractStart: '2025-01-15', termMonths: 36, city: 'Słupsk', phone: '600100200' };
  const premium = await addDevice(db(), {
    ...base,
    serial: A.premium,
    deviceId: 'km-c3320i',
    level: 'premium',
    company: 'Firma A sp. z o.o.',
    nip: '1234563218',
    email: A.email,
  });
  const basic = await addDevice(db(), {
    ...base,
    serial: A.basic,
    deviceId: 'km-227',
    level: 'basic',
    company: 'Firma A sp. z o.o.',
    nip: '1234563218',
    email: A.email,
  });
  const b = await addDevice(db(), {
    ...base,
    serial: B.device,
    deviceId: 'km-c258',
    level: 'business',
    company: 'Biuro B',
    nip: null,
    email: B.email,
  });
  if (!premium || !basic || !b) throw new Error('seed: devices not added');
  return { a: { premium: premium.id, basic: basic.id }, b: b.id };
}

/** A JSON request for the link, from IP `ip`. */
export const askLink = (email: unknown, ip = '198.51.100.20') =>
  request('/api/portal/link', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify({ email }),
  });

/** A form post of our page (same origin). */
export const form = (
  path: string,
  fields: Record<string, string | string[]>,
  { cookie, origin = ORIGIN, ip = '198.51.100.21' }: { cookie?: string; origin?: string | null; ip?: string } = {},
) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    'CF-Connecting-IP': ip,
  };
  if (origin) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  return request(path, { method: 'POST', headers, body: body.toString(), redirect: 'manual' });
};

export interface Mail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  about: string | null;
  ticket_id: string | null;
}

/** Every e-mail in the outbox to `recipient`, oldest first. */
export async function mailsTo(recipient: string): Promise<Mail[]> {
  const { results } = await db()
    .prepare('SELECT id, recipient, subject, body, about, ticket_id FROM outbox WHERE recipient = ? ORDER BY id')
    .bind(recipient)
    .all<Mail>();
  return results;
}

/** The link path and code of the newest sign-in e-mail to `email`. */
export async function signInMail(email: string): Promise<{ path: string; token: string; code: string }> {
  const mail = (await mailsTo(email)).filter((m) => m.about === 'portal').at(-1);
  if (!mail) throw new Error(`no sign-in e-mail to ${email}`);
  const link = /https?:\/\/[^\s]+\/konto\/zaloguj\?t=([A-Za-z0-9_-]+)/.exec(mail.body);
  const code = /kod: (\d{6})/.exec(mail.body);
  if (!link?.[1] || !code?.[1]) throw new Error(`the sign-in e-mail has no link or code:\n${mail.body}`);
  return { path: new URL(link[0]).pathname + new URL(link[0]).search, token: link[1], code: code[1] };
}

export const cookieOf = (res: Response): string => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** Signs `email` in through the link and its button; returns the session cookie. */
export async function signIn(email: string): Promise<string> {
  const res = await askLink(email);
  if (res.status !== 202) throw new Error(`link: ${res.status}`);
  const { token } = await signInMail(email);
  const click = await form('/konto/zaloguj', { t: token });
  if (click.status !== 303) throw new Error(`sign-in: ${click.status} ${(await click.text()).slice(0, 200)}`);
  return cookieOf(click);
}
