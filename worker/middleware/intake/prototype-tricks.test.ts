// Values that break code which turns a received field into text by calling one of its
// methods (`String(x)`, a template literal, `.trim()`): JSON can carry an object whose
// `toString` or `valueOf` is not a function. Every public body, every field, every such
// value: a 4xx with a Polish message, or the honeypot's silent answer, never a 5xx.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../app.ts';
import { honeypotFilled } from './index.ts';
import { bookedDays } from '../../orders/model.ts';
import { deliveryDays } from '../../admin-shared/delivery.ts';
import { warsawToday } from '../../../widgets/core/warsaw-time.ts';
import { login, request, write } from '../../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;

/** The JSON spellings of the tricks (getters and symbols cannot travel in JSON; see the unit case below). */
const TRICKS: readonly string[] = [
  '{"toString":false}',
  '{"valueOf":false}',
  '{"toString":false,"valueOf":false}',
  '{"toString":{},"valueOf":{}}',
  '{"__proto__":{"toString":false}}',
  '{"constructor":{"prototype":{"toString":false}}}',
  '[{"toString":false}]',
  '{"toJSON":false,"toString":false}',
];

const attribution = {
  page: '/kontakt',
  origin: 'https://partner.example',
  referrer: 'https://www.google.com',
  utm_source: 'abc',
  utm_medium: 'referral',
  utm_campaign: 'wiosna',
  partner: 'drukarnia-abc',
};

/**
 * A valid body for every public POST route of the router, by its path pattern. A new public
 * route fails the first test below until it has its body here.
 */
type Body = { path: string; body: Record<string, unknown> };
let orderQuote: string | undefined;
const BODIES: Record<string, () => Promise<Body>> = {
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
      serial: 'TRICK0001',
      category: 'paper',
      description: 'Papier zacina się w podajniku 2.',
      name: 'Anna Nowak',
      email: 'anna@firma.pl',
      phone: '600 100 200',
      marketingConsent: false,
      submissionId: crypto.randomUUID(),
      attribution,
      website: '',
    },
  }),
  '/api/meter-readings': async () => ({
    path: '/api/meter-readings',
    body: {
      t: await readingToken('TRICK0001'),
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
const readingToken = async (serial: string): Promise<string> =>
  (
    await db()
      .prepare('SELECT reading_token FROM devices WHERE serial = ?')
      .bind(serial)
      .first<{ reading_token: string }>()
  )?.reading_token ?? '';

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
async function newOrder(): Promise<{ order: string; code: string }> {
  const res = await post(`/api/orders/${await newQuote()}`, JSON.stringify(await orderBody()));
  const order = ((await res.json()) as { id: string }).id;
  const mail = await db()
    .prepare("SELECT body FROM outbox WHERE subject LIKE 'Kod akceptacji%' ORDER BY id DESC LIMIT 1")
    .first<{ body: string }>();
  return { order, code: /to: (\d{6})/.exec(mail?.body ?? '')?.[1] ?? '' };
}

const publicPosts = (): string[] =>
  [
    ...new Set(
      app.routes
        .filter((r) => r.method === 'POST' && r.path.startsWith('/api/') && !r.path.startsWith('/api/admin'))
        .map((r) => ({ ...r, path: r.path.replace(/\/$/, '') }))
        .map((r) => r.path),
    ),
  ].sort();

/** Every path to a value inside the body: `['contact', 'name']`, `['volume']`… */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  const nested = Object.entries(value).flatMap(([key, inner]) => fieldPaths(inner, [...prefix, key]));
  return prefix.length ? [prefix, ...nested] : nested;
}

const valueAt = (body: Record<string, unknown>, path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);

/** The body's JSON with the value at `path` replaced by the raw JSON `trick`. */
function withTrick(body: Record<string, unknown>, path: string[], trick: string): string {
  const copy = structuredClone(body);
  let target = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) as string] = '\u0000trick\u0000';
  return JSON.stringify(copy).replace(JSON.stringify('\u0000trick\u0000'), trick);
}

const post = (path: string, raw: string) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.23' },
    body: raw,
  });

const stored = async () =>
  (
    await db()
      .prepare(
        `SELECT (SELECT COUNT(*) FROM leads) + (SELECT COUNT(*) FROM service_tickets)
         + (SELECT COUNT(*) FROM meter_readings) + (SELECT COUNT(*) FROM orders) AS n`,
      )
      .first<{ n: number }>()
  )?.n ?? 0;

describe('prototype tricks in public bodies', () => {
  it('knows a valid body for every public POST route of the router', () => {
    expect(publicPosts()).toEqual(Object.keys(BODIES).sort());
  });

  it('each valid body is accepted as it is (so the tricks below reach the field under test)', async () => {
    const cookie = await login('203.0.113.91', 'Ola');
    const csv = [
      'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
      'TRICK0001;bizhub 227;basic;2025-06-01;24;Biuro T;;;;Słupsk',
    ].join('\r\n');
    expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
    for (const make of Object.values(BODIES)) {
      const { path, body } = await make();
      const res = await post(path, JSON.stringify(body));
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    }
  });

  for (const route of Object.keys(BODIES)) {
    it(`${route}: every field with every trick answers 4xx in Polish, or the honeypot's silent answer`, async () => {
      const make = BODIES[route] as (typeof BODIES)[string];
      const sample = (await make()).body;
      const fields = fieldPaths(sample);
      expect(fields.length).toBeGreaterThan(1);
      const failures: string[] = [];
      for (const field of fields) {
        for (const trick of TRICKS) {
          const { path, body } = await make();
          const before = await stored();
          const res = await post(path, withTrick(body, field, trick));
          const answer = (await res.json()) as { ok?: boolean; error?: string };
          const where = `${field.join('.')} = ${trick}: ${res.status} ${JSON.stringify(answer)}`;
          const honeypot = field.join('.') === 'website';
          // In place of an object (attribution, volume) a trick is an object of unknown keys,
          // which are ignored: any answer but a 5xx.
          const container = typeof valueAt(sample, field) === 'object';
          if (container) {
            if (res.status >= 500 || (res.status >= 300 && typeof answer.error !== 'string')) failures.push(where);
          } else if (honeypot) {
            // Filled: the same success as a real submission, and nothing stored.
            if (res.status >= 300 || answer.ok !== true || (await stored()) !== before) failures.push(where);
          } else if (res.status < 400 || res.status >= 500 || typeof answer.error !== 'string') {
            failures.push(where);
          } else if (/[a-z]{3,} (is|was|must|expected|invalid)\b/i.test(answer.error)) {
            failures.push(`${where} (not Polish)`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }
});

describe('honeypotFilled', () => {
  it('never calls a method of the value it checks', () => {
    const boom = () => {
      throw new Error('called');
    };
    const tricks: unknown[] = [
      { toString: false },
      { valueOf: false },
      { toString: boom, valueOf: boom },
      { [Symbol.toPrimitive]: boom },
      Object.defineProperty({}, 'toString', { get: boom }),
      Object.create(null),
      Object.create({ toString: boom }),
      new Proxy({}, { get: boom, getPrototypeOf: boom, has: boom, ownKeys: boom }),
      [boom],
      boom,
      Symbol('x'),
      10n,
      0,
      true,
    ];
    for (const value of tricks) expect(honeypotFilled(value)).toBe(true);
  });

  it('is empty for what a browser sends from an untouched field', () => {
    for (const value of [undefined, null, false, '', '   ', '\n\t']) expect(honeypotFilled(value)).toBe(false);
    expect(honeypotFilled(' x ')).toBe(true);
  });
});

describe('the contact route under the first counterexample', () => {
  it('answers {"website":{"toString":false}} with the silent 200 and stores nothing', async () => {
    const before = await stored();
    const res = await app.request(
      '/api/send-contact-email',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"Jan","email":"jan@firma.pl","website":{"toString":false}}',
      },
      env,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect(await stored()).toBe(before);
  });
});
