// Two limits of the online order, with the answers written out: the team installs three
// devices a day, so of two orders accepted at once for a day's last free slot exactly one
// is signed; and a quote past its validity can no longer be ordered, by the API or the page.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { deliveryDays } from '../admin-shared/delivery.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { request } from '../../tests/worker/admin-helpers.ts';

const db = () => (env as unknown as Env).DB;
const postJson = (path: string, body: unknown) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.63' },
    body: JSON.stringify(body),
  });

/** A quote as the configurator sends it; answers its secret id. */
async function newQuote(): Promise<string> {
  const res = await postJson('/api/quotes', {
    deviceId: 'km-c3320i',
    level: 'basic',
    term: 36,
    contact: { name: 'Anna Nowak', email: 'anna@firma.pl', company: 'Firma sp. z o.o.' },
    submissionId: crypto.randomUUID(),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const orderBody = (signerEmail: string, date: string) => ({
  nip: '526-025-02-74',
  companyName: 'Ministerstwo Finansów',
  companyAddress: 'Świętokrzyska 12, 00-916 Warszawa',
  regon: '000002217',
  krs: '',
  signerName: 'Jan Kowalski',
  signerPosition: 'Dyrektor generalny',
  signerEmail,
  signerPhone: '+48 59 123 45 67',
  represents: true,
  city: 'Słupsk',
  date,
  deliveryAddress: 'ul. Długa 5, 76-200 Słupsk',
  submissionId: crypto.randomUUID(),
});

/** An order placed for `date`, and the code e-mailed to its signer. */
async function placed(signerEmail: string, date: string): Promise<{ id: string; code: string }> {
  const res = await postJson(`/api/orders/${await newQuote()}`, orderBody(signerEmail, date));
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const mail = await db()
    .prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE 'Kod akceptacji%' ORDER BY id DESC LIMIT 1")
    .bind(signerEmail)
    .first<{ body: string }>();
  const code = /to: (\d{6})/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no code e-mail to ${signerEmail}`);
  return { id, code };
}

const accept = (order: { id: string; code: string }) =>
  postJson(`/api/orders/${order.id}/accept`, { code: order.code });

// Five orders placed and four acceptances: a few seconds on a loaded machine.
describe('a delivery day’s last free slot', { timeout: 60_000 }, () => {
  it('is not taken by signing: an unverified order holds no delivery day', async () => {
    // Nothing is booked in this file's database: the first day offered is free.
    const day = deliveryDays('Słupsk', warsawToday(), {})[0] as string;
    for (const email of ['pierwszy@example.pl', 'drugi@example.pl'])
      expect((await accept(await placed(email, day))).status).toBe(200);
    // Two signed but unverified orders hold none of its three slots: two more signed at the same moment
    // both stand (the day is held only once the company is verified, docs/orders.md).
    const a = await placed('trzeci-a@example.pl', day);
    const b = await placed('trzeci-b@example.pl', day);
    const answers = await Promise.all([accept(a), accept(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const { results } = await db()
      .prepare('SELECT status, COUNT(*) AS n FROM orders WHERE delivery_date = ? GROUP BY status ORDER BY status')
      .bind(day)
      .all<{ status: string; n: number }>();
    expect(results).toEqual([{ status: 'signed', n: 4 }]);
  });
});

describe('a quote past its validity', () => {
  it('cannot be ordered: 410 from the API and the page, nothing stored', async () => {
    const quote = await newQuote();
    const day = deliveryDays('Słupsk', warsawToday(), {})[1] as string;
    // Its last moment was a minute ago.
    await db()
      .prepare('UPDATE quotes SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 60_000).toISOString(), quote)
      .run();
    const res = await postJson(`/api/orders/${quote}`, orderBody('po-terminie@example.pl', day));
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({
      error: 'Ta wycena wygasła. Przygotuj nową wycenę w konfiguratorze, aby złożyć zamówienie.',
    });
    const page = await request(`/zamowienie/${quote}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Ta wycena wygasła: wyceny są ważne 30 dni.');
    const stored = await db()
      .prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?')
      .bind(quote)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});
