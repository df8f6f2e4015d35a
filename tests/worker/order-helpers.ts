// Orders placed online as a customer places them, for the worker tests of orders and payments:
// a quote from the configurator, the order form (NIP 526-025-02-74, the stand-in's active
// taxpayer), the code read from the outbox, the acceptance.
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { bookedDays } from '../../worker/orders/model.ts';
import { deliveryDays } from '../../worker/admin-shared/delivery.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';

const testEnv = env as unknown as Env;
export const request = (path: string, init?: RequestInit) =>
  (exports as unknown as { default: Fetcher }).default.fetch(`http://kserowo.test${path}`, init);
export const postJson = (path: string, body: unknown) =>
  request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** A quote from a partner's page, as the configurator sends it. */
export async function newQuote(): Promise<{ id: string; number: string }> {
  // Sent from the partner's page (one of its domains: tests/worker/fresh-d1.ts), so the partner is confirmed.
  const res = await request('/api/quotes', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://partner.example' },
    body: JSON.stringify({
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 36,
      contact: { name: 'Anna Nowak', email: 'anna@firma.pl', company: 'Firma sp. z o.o.' },
      submissionId: crypto.randomUUID(),
      attribution: { page: '/konfigurator', origin: 'https://partner.example', partner: 'drukarnia-abc' },
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

/** The first day the form offers now (signed orders of earlier tests fill days). */
export const firstDay = async (city = 'Słupsk') =>
  deliveryDays(city, warsawToday(), await bookedDays(testEnv.DB, warsawToday()))[0] as string;

// The company's name and address in a body are what an old client or a stranger might send:
// the order never uses them (the register's are taken).
export const orderBody = async (over: Record<string, unknown> = {}) => ({
  nip: '526-025-02-74',
  companyName: 'Firma Podstawiona sp. z o.o.',
  companyAddress: 'ul. Fałszywa 1, 00-001 Warszawa',
  regon: '000002217',
  krs: '',
  signerName: 'Jan Kowalski',
  signerPosition: 'Dyrektor generalny',
  signerEmail: 'jan.kowalski@example.pl',
  signerPhone: '+48 59 123 45 67',
  represents: true,
  city: 'Słupsk',
  date: await firstDay(typeof over.city === 'string' ? over.city : 'Słupsk'),
  deliveryAddress: 'ul. Długa 5, 76-200 Słupsk',
  submissionId: crypto.randomUUID(),
  ...over,
});

export interface OrderAnswer {
  ok: boolean;
  id: string;
  document: string;
  documentSha256: string;
  termsVersion: string;
  error?: string;
  field?: string;
}

/** The code of the newest code e-mail to `email` (what the signer reads). */
export async function codeSentTo(email: string): Promise<string> {
  const row = await testEnv.DB.prepare(
    "SELECT subject, body FROM outbox WHERE recipient = ? AND subject LIKE 'Kod akceptacji%' ORDER BY id DESC LIMIT 1",
  )
    .bind(email)
    .first<{ subject: string; body: string }>();
  const code = /to: (\d{6})/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error('no code e-mail');
  return code;
}

export async function placeOrder(over: Record<string, unknown> = {}) {
  const quote = await newQuote();
  const res = await postJson(`/api/orders/${quote.id}`, await orderBody(over));
  expect(res.status).toBe(201);
  const order = (await res.json()) as OrderAnswer;
  return { quote, order, code: await codeSentTo(String(over.signerEmail ?? 'jan.kowalski@example.pl')) };
}

export const accept = (orderId: string, code: unknown) => postJson(`/api/orders/${orderId}/accept`, { code });
