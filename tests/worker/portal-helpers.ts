// Helpers for the customer's page /konto: two customers with their devices, the sign-in
// e-mail read from the outbox, and form posts as a browser on our origin sends them.
import { env } from 'cloudflare:workers';
import { liveCatalogue } from '../../worker/catalogue/model.ts';
import { createContract } from '../../worker/contracts/model.ts';
import type { PackageLevel } from '../../widgets/core/model.ts';
import { ORIGIN, request } from './admin-helpers.ts';

export const db = () => (env as unknown as Env).DB;

/** Customer A: a Premium colour device and a Basic mono one. Customer B: one Business colour device. */
export const A = { email: 'biuro@firma-a.pl', premium: 'PA-C3320I-0001', basic: 'PA-227-0002' };
export const B = { email: 'kontakt@firma-b.pl', device: 'PB-C258-0003' };

/** Signs a contract for `email` with `devices` (frozen from the built-in catalogue); the devices' registry ids. */
export async function signContract(
  email: string,
  company: string,
  devices: { serial: string; deviceId: string; level: PackageLevel }[],
  startDate = '2025-01-15',
): Promise<number[]> {
  const made = await createContract(db(), {
    customer: { company, nip: null, billingEmail: email },
    devices,
    startDate,
    termMonths: 36,
    catalogue: await liveCatalogue(db()),
    createdBy: 'test',
  });
  if (typeof made === 'string' || 'error' in made) throw new Error(`contract: ${JSON.stringify(made)}`);
  return made.devices.map((d) => d.deviceRow);
}

export async function seedCustomers(): Promise<{ a: { premium: number; basic: number }; b: number }> {
  const [premium, basic] = await signContract(A.email, 'Firma A sp. z o.o.', [
    { serial: A.premium, deviceId: 'km-c3320i', level: 'premium' },
    { serial: A.basic, deviceId: 'km-227', level: 'basic' },
  ]);
  const [b] = await signContract(B.email, 'Biuro B', [{ serial: B.device, deviceId: 'km-c258', level: 'business' }]);
  if (premium === undefined || basic === undefined || b === undefined) throw new Error('seed: devices not added');
  // The contract's devices come back by serial: find which is which.
  const ids = await db()
    .prepare('SELECT id, serial FROM devices WHERE serial IN (?, ?)')
    .bind(A.premium, A.basic)
    .all<{ id: number; serial: string }>();
  const idOf = (serial: string) => ids.results.find((r) => r.serial === serial)?.id ?? -1;
  return { a: { premium: idOf(A.premium), basic: idOf(A.basic) }, b };
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

/**
 * The link path and code of the newest sign-in e-mail to `email`: a customer's (/konto) or, with
 * `page` 'partner', a partner's (/partner).
 */
export async function signInMail(
  email: string,
  page: 'konto' | 'partner' = 'konto',
): Promise<{ path: string; token: string; code: string }> {
  const about = page === 'konto' ? 'portal' : 'partner';
  const mail = (await mailsTo(email)).filter((m) => m.about === about).at(-1);
  if (!mail) throw new Error(`no sign-in e-mail to ${email}`);
  const link = new RegExp(`https?://[^\\s]+/${page}/zaloguj\\?t=([A-Za-z0-9_-]+)`).exec(mail.body);
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
