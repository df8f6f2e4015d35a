// A valid body for every public POST route of the router, by its path pattern, for the
// tests that send something wrong in each field of each public form (prototype tricks,
// the text and e-mail rules). A new public route fails `publicPosts` against `BODIES`
// until it has a body here.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { app } from '../../worker/app.ts';
import { bookedDays } from '../../worker/orders/model.ts';
import { deliveryDays } from '../../worker/admin-shared/delivery.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, request, write } from './admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

export const attribution = {
  page: '/kontakt',
  origin: 'https://partner.example',
  referrer: 'https://www.google.com',
  utm_source: 'abc',
  utm_medium: 'referral',
  utm_campaign: 'wiosna',
  partner: 'drukarnia-abc',
};

/** The device whose reading link the meter body carries (`seedPublicBodies` registers it). */
export const PUBLIC_DEVICE = 'TRICK0001';

export type Body = { path: string; body: Record<string, unknown> };
let orderQuote: string | undefined;

export const BODIES: Record<string, () => Promise<Body>> = {
  '/api/send-contact-email': async () => ({
    path: '/api/send-contact-email',
    body: {
      name: 'Jan Kowalski',
      email: 'jan@firma.pl',
      phone: '600 100 200',
      message: 'Proszę o kontakt.',
      marketingConsent: false,
      submissionId: crypto.randomUUID(),
      attribution,
      website: '',
    },
  }),
  '/api/quotes': async () => ({
    path: '/api/quotes',
    body: {
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 24,
      paper: false,
      volume: { mono: 1200, color: 200 },
      contact: {
        name: 'Jan Kowalski',
        email: 'jan@firma.pl',
        phone: '600 100 200',
        company: 'Firma sp. z o.o.',
        nip: '1234563218',
        city: 'Słupsk',
        message: 'Proszę o ofertę.',
        marketingConsent: false,
      },
      submissionId: crypto.randomUUID(),
      attribution,
      website: '',
    },
  }),
  '/api/service-requests': async () => ({
    path: '/api/service-requests',
    body: {
      serial: PUBLIC_DEVICE,
      category: 'paper',
      errorCode: 'C-2557',
      description: 'Papier zacina się w podajniku 2.',
      name: 'Anna Nowak',
      email: 'anna@firma.pl',
      phone: '600 100 200',
      company: 'Biuro T',
      contactWhen: 'rano',
      marketingConsent: false,
      submissionId: crypto.randomUUID(),
      attribution,
      website: '',
    },
  }),
  '/api/meter-readings': async () => ({
    path: '/api/meter-readings',
    body: {
      t: await readingToken(PUBLIC_DEVICE),
      mono: 1000,
      readOn: warsawToday(),
      name: 'Jan Kowalski',
      email: 'jan@firma.pl',
      note: 'Odczyt z panelu.',
      confirm: false,
      marketingConsent: false,
      submissionId: crypto.randomUUID(),
      attribution,
      website: '',
    },
  }),
  '/api/portal/link': async () => ({
    path: '/api/portal/link',
    body: { email: 'biuro@firma.pl', submissionId: crypto.randomUUID(), website: '' },
  }),
  // One quote for every try: an unsigned order is replaced by the form sent again.
  '/api/orders/:quoteId': async () => {
    orderQuote ??= await newQuote();
    return { path: `/api/orders/${orderQuote}`, body: await orderBody() };
  },
  '/api/orders/:orderId/accept': async () => {
    const { order, code } = await newOrder();
    return { path: `/api/orders/${order}/accept`, body: { code, submissionId: crypto.randomUUID(), website: '' } };
  },
  '/api/orders/:orderId/code': async () => ({
    path: `/api/orders/${(await newOrder()).order}/code`,
    body: { submissionId: crypto.randomUUID(), website: '' },
  }),
};

/** The reading-link token of a registered device (what its reading link carries). */
export const readingToken = async (serial: string): Promise<string> =>
  (
    await db()
      .prepare('SELECT reading_token FROM devices WHERE serial = ?')
      .bind(serial)
      .first<{ reading_token: string }>()
  )?.reading_token ?? '';

export const post = (path: string, raw: string, ip = '198.51.100.23') =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: raw,
  });

/** A fresh quote's secret id, as the order page has it. */
async function newQuote(): Promise<string> {
  const { body } = await (BODIES['/api/quotes'] as () => Promise<Body>)();
  const res = await post('/api/quotes', JSON.stringify(body));
  return ((await res.json()) as { id: string }).id;
}

const orderBody = async () => ({
  // The company is the register's: its name and address are no fields of the order.
  nip: '5260250274',
  signerName: 'Jan Kowalski',
  signerPosition: 'Prezes zarządu',
  signerEmail: 'jan@firma.pl',
  signerPhone: '600 100 200',
  represents: true,
  city: 'Słupsk',
  date: deliveryDays('Słupsk', warsawToday(), await bookedDays(db(), warsawToday()))[0] as string,
  deliveryAddress: 'ul. Długa 5, 76-200 Słupsk',
  marketingConsent: false,
  submissionId: crypto.randomUUID(),
  website: '',
});

/** A fresh unsigned order and the code its signer was e-mailed. */
export async function newOrder(): Promise<{ order: string; code: string }> {
  const res = await post(`/api/orders/${await newQuote()}`, JSON.stringify(await orderBody()));
  const order = ((await res.json()) as { id: string }).id;
  const mail = await db()
    .prepare("SELECT body FROM outbox WHERE subject LIKE 'Kod akceptacji%' ORDER BY id DESC LIMIT 1")
    .first<{ body: string }>();
  return { order, code: /to: (\d{6})/.exec(mail?.body ?? '')?.[1] ?? '' };
}

/** Every public POST route of the JSON API, as the router has them. */
export const publicPosts = (): string[] =>
  [
    ...new Set(
      app.routes
        // Not the collectors' routes: a program's, not a form's. Enrolment spends a one-time code and every push
        // is signed over its whole body, so a changed field is a forged push (401, worker/collector/collector.test.ts).
        .filter(
          (r) =>
            r.method === 'POST' &&
            r.path.startsWith('/api/') &&
            !r.path.startsWith('/api/admin') &&
            !r.path.startsWith('/api/collector/'),
        )
        .map((r) => r.path.replace(/\/$/, '')),
    ),
  ].sort();

/** How many rows the public forms have stored in all (leads, tickets, readings, orders). */
export const stored = async () =>
  (
    await db()
      .prepare(
        `SELECT (SELECT COUNT(*) FROM leads) + (SELECT COUNT(*) FROM service_tickets)
         + (SELECT COUNT(*) FROM meter_readings) + (SELECT COUNT(*) FROM orders) AS n`,
      )
      .first<{ n: number }>()
  )?.n ?? 0;

/** Registers the meter body's device under a contract (by the team's import): run once per test file. */
export async function seedPublicBodies(): Promise<void> {
  const cookie = await login('203.0.113.91', 'Ola');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    `${PUBLIC_DEVICE};bizhub 227;basic;2025-06-01;24;Biuro T;;;;Słupsk`,
  ].join('\r\n');
  expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
}

/** Every path to a value inside the body: `['contact', 'name']`, `['volume']`… */
export function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  const nested = Object.entries(value).flatMap(([key, inner]) => fieldPaths(inner, [...prefix, key]));
  return prefix.length ? [prefix, ...nested] : nested;
}

export const valueAt = (body: Record<string, unknown>, path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);

/** A copy of the body with the value at `path` replaced by `value`. */
export function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) as string] = value;
  return copy;
}
