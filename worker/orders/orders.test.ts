// Orders online (DESIGN §8, §9): a quote becomes an order with a contract document, accepted
// by a 6-digit code e-mailed to the signer; the company is the White List's (never as typed:
// a NIP outside the register or not an active VAT taxpayer cannot order online); the stored
// hash is the served document's; the code expires, is used once and allows a few attempts;
// the delivery calendar offers only business days with room; the installation waits for the
// company's verification.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import { CODE_LIMITS, type OrderRow, bookedDays, partiesOfOrder } from './model.ts';
import { quoteById } from '../quotes/model.ts';
import { SAMPLE_MARK, contractDocument } from './document.ts';
import { RENTAL_TERMS_VERSION, rentalTermsText } from './rental-terms.ts';
import { DELIVERY, deliveryDays } from '../admin-shared/delivery.ts';
import { INSTALLATION_ERRORS, ORDER_ERRORS, VERIFY_ERRORS } from './order-validation.ts';
import { REGISTER_TEXTS } from './register.ts';
import { finishWaitingOrders } from './waiting-orders.ts';
import { STANDIN_NIPS } from '../company/whitelist-standin.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { company } from '../../widgets/core/company.ts';
import { SPOT_COLOUR_COUNTING } from '../../widgets/core/terms.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { issueMonth } from '../invoices/issue.ts';
import {
  type OrderAnswer,
  accept,
  codeSentTo,
  firstDay,
  newQuote,
  orderBody,
  placeOrder,
  postJson,
  request,
} from '../../tests/worker/order-helpers.ts';

const testEnv = env as unknown as Env;

/** The owner's verification by hand of a signed order (a named document): it wins the lead and holds the day. */
async function verifyByOwner(orderId: string, cookie?: string) {
  const res = await write(
    `/api/admin/orders/${orderId}/verify`,
    { check: 'document', document: 'odpis aktualny z KRS', note: 'Zarząd potwierdził zamówienie telefonicznie.' },
    { cookie: cookie ?? (await login()) },
  );
  expect(res.status).toBe(200);
}

async function sha256(bytes: ArrayBuffer | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('the order page', () => {
  it('is served for a live quote, noindex, with the form and the quote’s prices; 404 for an unknown id', async () => {
    const quote = await newQuote();
    const res = await request(`/zamowienie/${quote.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Zamówienie do wyceny ${quote.number}`);
    expect(html).toContain('noindex');
    expect(html).toContain('Pobierz dane z wykazu VAT');
    expect(html).toContain('195,00 zł netto');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'sha256-/);
    expect((await request('/zamowienie/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('is linked from the quote page with “Zamów online”', async () => {
    const quote = await newQuote();
    const html = await (await request(`/wycena/${quote.id}`)).text();
    expect(html).toMatch(new RegExp(`<a[^>]+href="/zamowienie/${quote.id}"[^>]*>Zamów online</a>`));
  });
});

describe('POST /api/orders/<quote id>', () => {
  it('makes the document from the quote, the register and the terms, and e-mails a code to the signer', async () => {
    const { quote, order, code } = await placeOrder();
    expect(order).toMatchObject({ ok: true, termsVersion: RENTAL_TERMS_VERSION });
    expect(order.document).toContain(`do wyceny ${quote.number}`);
    expect(order.document).toContain('Status VAT w wykazie podatników VAT Ministerstwa Finansów: Czynny');
    expect(order.document).toContain('195,00 zł netto');
    expect(order.document).toContain('Jan Kowalski, Dyrektor generalny');
    expect(order.document).toContain(rentalTermsText());
    expect(order.documentSha256).toBe(await sha256(order.document));
    expect(code).toMatch(/^\d{6}$/);
    const row = await testEnv.DB.prepare('SELECT * FROM orders WHERE id = ?')
      .bind(order.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      status: 'awaiting_acceptance',
      vat_status: 'Czynny',
      terms_version: RENTAL_TERMS_VERSION,
      terms_sha256: await sha256(rentalTermsText()),
      document_sha256: order.documentSha256,
    });
    // Only the code's hash is kept.
    expect(JSON.stringify(row)).not.toContain(code);
    // The partner of the quote travels into the order.
    expect(JSON.parse(String(row?.attribution))).toMatchObject({ partner: 'drukarnia-abc' });
  });

  it('names the lessor by the company data: name, address, NIP, REGON and KRS, a sample marked as one', async () => {
    const { quote, order } = await placeOrder({ signerEmail: 'wynajmujacy@example.pl' });
    const lessor = order.document.split('\n')[4] ?? '';
    for (const field of ['legalName', 'registeredAddress', 'nip', 'regon', 'registryEntry'] as const) {
      expect(lessor).toContain(company[field]);
      // Locally every identifier is still a sample: printed with its mark, never as if real.
      if (company.samples.includes(field)) expect(lessor).toContain(`${company[field]} ${SAMPLE_MARK}`);
    }
    expect(lessor).not.toContain('[do uzupełnienia]');
    // Once supplied for real (what `npm run deploy` demands), the document names them plainly.
    const supplied = {
      ...company,
      legalName: 'Kserowo Sp. z o.o.',
      registeredAddress: 'ul. Kopernika 3, 76-200 Słupsk',
      nip: '839-000-00-11',
      regon: '123456785',
      registryEntry: 'KRS 0000123456 (Sąd Rejonowy Gdańsk-Północ w Gdańsku)',
      samples: [],
    };
    const stored = await quoteById(testEnv.DB, quote.id);
    const row = await testEnv.DB.prepare('SELECT * FROM orders WHERE id = ?').bind(order.id).first<OrderRow>();
    if (!stored || !row) throw new Error('order not stored');
    const text = contractDocument(stored, partiesOfOrder(row), supplied);
    expect(text).toContain(
      'Kserowo Sp. z o.o., adres: ul. Kopernika 3, 76-200 Słupsk, NIP 839-000-00-11, REGON 123456785, KRS 0000123456 (Sąd Rejonowy Gdańsk-Północ w Gdańsku)',
    );
    expect(text).not.toContain(SAMPLE_MARK);
    // The stored document is the one made from the order's own fields.
    expect(contractDocument(stored, partiesOfOrder(row))).toBe(row.document);
  });

  it('answers a wrong field with 400, its Polish message and the field’s name', async () => {
    const quote = await newQuote();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nip: '5260250275' }, 'nip', ORDER_ERRORS.nip],
      [{ represents: false }, 'represents', ORDER_ERRORS.represents],
      [{ city: 'Gdańsk' }, 'city', ORDER_ERRORS.city],
      [{ signerPhone: 'zadzwoń' }, 'signerPhone', ORDER_ERRORS.signerPhone],
      [{ date: '2020-01-01' }, 'date', ORDER_ERRORS.date],
      [{ signerName: { toString: false } }, 'signerName', ORDER_ERRORS.signerName],
      [{ represents: { valueOf: 1 } }, 'represents', ORDER_ERRORS.represents],
    ];
    for (const [over, field, error] of cases) {
      const res = await postJson(`/api/orders/${quote.id}`, await orderBody(over));
      expect(res.status, field).toBe(400);
      expect(await res.json()).toEqual({ error, field });
    }
  });

  it('refuses a weekend or holiday date even when posted by hand', async () => {
    const quote = await newQuote();
    // 2026-12-26 is a Saturday and Boxing Day; 2027-01-06 Epiphany.
    for (const date of ['2026-12-26', '2027-01-06']) {
      const res = await postJson(`/api/orders/${quote.id}`, await orderBody({ date }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'date' });
    }
  });

  it('takes the company from the register whatever the body says: name, address, REGON, KRS and the answer’s id', async () => {
    const { order } = await placeOrder({ signerEmail: 'rejestr@example.pl' });
    expect(order.document).toContain('MINISTERSTWO FINANSÓW, ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA');
    expect(order.document).not.toContain('Firma Podstawiona');
    expect(order.document).not.toContain('Fałszywa');
    expect(order.document).toMatch(/według wykazu podatników VAT \(zapytanie standin-[\da-f]{8}, /);
    const row = await testEnv.DB.prepare(
      'SELECT company_name, company_address, company_regon, vat_status, register_answer FROM orders WHERE id = ?',
    )
      .bind(order.id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      company_name: 'MINISTERSTWO FINANSÓW',
      company_address: 'ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA',
      company_regon: '000002217',
      vat_status: 'Czynny',
    });
    expect(JSON.parse(row?.register_answer ?? '{}')).toMatchObject({
      accountNumbers: ['61109010140000071219812874'],
      requestId: expect.stringMatching(/^standin-/),
    });
  });

  it('refuses a NIP outside the register with a Polish message and the way to sales; the quote’s lead gets the note and sales the e-mail', async () => {
    const quote = await newQuote();
    const res = await postJson(
      `/api/orders/${quote.id}`,
      await orderBody({ nip: '8390000063', signerEmail: 'spoza@example.pl', signerName: 'Piotr Obcy' }),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: REGISTER_TEXTS.notFound(quote.number), field: 'nip' });
    expect(REGISTER_TEXTS.notFound(quote.number)).toContain(company.salesEmail);
    expect(
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?').bind(quote.id).first(),
    ).toEqual({ n: 0 });
    const lead = await testEnv.DB.prepare(
      'SELECT l.id, l.kind FROM leads l JOIN quotes q ON q.lead_id = l.id WHERE q.id = ?',
    )
      .bind(quote.id)
      .first<{ id: string; kind: string }>();
    expect(lead?.kind).toBe('quote');
    const notes = await testEnv.DB.prepare('SELECT author, body FROM lead_notes WHERE lead_id = ?')
      .bind(lead?.id)
      .all();
    expect(notes.results).toEqual([
      {
        author: 'Zamówienie online',
        body: expect.stringMatching(
          /^Zamówienie online odrzucone: NIP 8390000063 nie występuje w wykazie.*Piotr Obcy.*spoza@example\.pl/,
        ),
      },
    ]);
    const mail = await testEnv.DB.prepare(
      "SELECT recipient, reply_to, subject FROM outbox WHERE lead_id = ? AND subject LIKE 'Zamówienie online odrzucone%'",
    )
      .bind(lead?.id)
      .all();
    expect(mail.results).toEqual([
      {
        recipient: company.salesEmail,
        reply_to: 'spoza@example.pl',
        subject: `Zamówienie online odrzucone przez wykaz VAT: wycena ${quote.number}`,
      },
    ]);
    // The same try again adds no second note or e-mail.
    await postJson(
      `/api/orders/${quote.id}`,
      await orderBody({ nip: '8390000063', signerEmail: 'spoza@example.pl', signerName: 'Piotr Obcy' }),
    );
    expect(
      (await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?').bind(lead?.id).first())?.n,
    ).toBe(1);
  });

  it('refuses a registered company that is not an active VAT taxpayer, naming its status', async () => {
    const quote = await newQuote();
    const res = await postJson(`/api/orders/${quote.id}`, await orderBody({ nip: STANDIN_NIPS.exempt }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: REGISTER_TEXTS.inactive('Zwolniony', quote.number), field: 'nip' });
  });

  it('keeps the order waiting when the register does not answer, and the cron finishes it once it does', async () => {
    const quote = await newQuote();
    const res = await postJson(
      `/api/orders/${quote.id}`,
      await orderBody({ nip: STANDIN_NIPS.apiError, signerEmail: 'czeka@example.pl' }),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, waiting: true, message: REGISTER_TEXTS.waiting('czeka@example.pl') });
    expect(
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE quote_id = ?').bind(quote.id).first(),
    ).toEqual({ n: 0 });
    // The page says so.
    expect(await (await request(`/zamowienie/${quote.id}`)).text()).toContain('Zamówienie czeka: gdy wykaz odpowie');
    // Still down at the cron: it waits longer.
    const later = new Date(Date.now() + 3 * 60_000);
    expect(await finishWaitingOrders(testEnv, later)).toMatchObject({ made: 0, waiting: 1 });
    // The register answers now (the same form, the NIP the stand-in knows): the order is made and the code e-mailed.
    await testEnv.DB.prepare(
      "UPDATE order_requests SET nip = '5260250274', body = json_set(body, '$.nip', '5260250274'), next_attempt_at = ? WHERE quote_id = ?",
    )
      .bind(later.toISOString(), quote.id)
      .run();
    expect(await finishWaitingOrders(testEnv, new Date(Date.now() + 10 * 60_000))).toMatchObject({ made: 1 });
    const order = await testEnv.DB.prepare('SELECT company_name, status FROM orders WHERE quote_id = ?')
      .bind(quote.id)
      .first();
    expect(order).toEqual({ company_name: 'MINISTERSTWO FINANSÓW', status: 'awaiting_acceptance' });
    expect(await codeSentTo('czeka@example.pl')).toMatch(/^\d{6}$/);
    expect(
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM order_requests WHERE quote_id = ?').bind(quote.id).first(),
    ).toEqual({ n: 0 });
  });
});

describe('accepting the order with the code', () => {
  it('signs with the right code, stores time, IP, user agent, version and hash, and e-mails the document', async () => {
    const { order, code } = await placeOrder({ signerEmail: 'podpis@example.pl' });
    const res = await request(`/api/orders/${order.id}/accept`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': '192.0.2.10',
        'User-Agent': 'TestBrowser/1.0',
      },
      body: JSON.stringify({ code }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, status: 'signed', documentSha256: order.documentSha256 });
    const row = await testEnv.DB.prepare('SELECT * FROM orders WHERE id = ?')
      .bind(order.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      status: 'signed',
      accepted_ip: '192.0.2.10',
      accepted_user_agent: 'TestBrowser/1.0',
      code_hash: null,
      terms_version: RENTAL_TERMS_VERSION,
    });
    expect(Date.parse(String(row?.accepted_at))).toBeGreaterThan(Date.now() - 60_000);
    const mails = await testEnv.DB.prepare(
      'SELECT recipient, subject, body FROM outbox WHERE subject NOT LIKE ? AND lead_id = ?',
    )
      .bind('Kod akceptacji%', row?.lead_id)
      .all<{ recipient: string; subject: string; body: string }>();
    const confirmation = mails.results.find((m) => m.recipient === 'podpis@example.pl');
    expect(confirmation?.subject).toMatch(/^Zamówienie podpisane – czeka na przelew weryfikacyjny/);
    expect(confirmation?.body).toContain(order.document);
    expect(mails.results.some((m) => m.recipient === company.salesEmail && /drukarnia-abc/.test(m.body))).toBe(true);
  });

  it('stores the hash of exactly the document it serves', async () => {
    const { quote, order, code } = await placeOrder({ signerEmail: 'hash@example.pl' });
    expect((await accept(order.id, code)).status).toBe(200);
    const served = await request(`/zamowienie/${quote.id}/umowa.txt`);
    expect(served.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    const bytes = await served.arrayBuffer();
    const row = await testEnv.DB.prepare('SELECT document_sha256 FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ document_sha256: string }>();
    expect(await sha256(bytes)).toBe(row?.document_sha256);
    expect(served.headers.get('X-Document-SHA256')).toBe(row?.document_sha256);
  });

  it('refuses a wrong code, counting the attempts, and locks the code after the last', async () => {
    const { order, code } = await placeOrder({ signerEmail: 'zle@example.pl' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= CODE_LIMITS.attempts; i++) {
      const res = await accept(order.id, wrong);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: ORDER_API_ERRORS.wrongCode(CODE_LIMITS.attempts - i), field: 'code' });
    }
    // Even the right code is refused now: a new one must be sent.
    const locked = await accept(order.id, code);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: ORDER_API_ERRORS.noAttempts });
    expect((await postJson(`/api/orders/${order.id}/code`, {})).status).toBe(200);
    const renewed = await codeSentTo('zle@example.pl');
    expect((await accept(order.id, renewed)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { order, code } = await placeOrder({ signerEmail: 'pozno@example.pl' });
    await testEnv.DB.prepare('UPDATE orders SET code_expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), order.id)
      .run();
    const res = await accept(order.id, code);
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ error: ORDER_API_ERRORS.codeExpired });
    expect(await testEnv.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(order.id).first()).toEqual({
      status: 'awaiting_acceptance',
    });
  });

  it('uses a code once: the same code again, or the form again, is refused', async () => {
    const { quote, order, code } = await placeOrder({ signerEmail: 'raz@example.pl' });
    expect((await accept(order.id, code)).status).toBe(200);
    const again = await accept(order.id, code);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: ORDER_API_ERRORS.alreadySigned });
    const reorder = await postJson(`/api/orders/${quote.id}`, await orderBody());
    expect(reorder.status).toBe(409);
  });

  it('a new form fill writes the unsigned order over and kills the old code', async () => {
    const { quote, order, code } = await placeOrder({ signerEmail: 'pierwszy@example.pl' });
    const res = await postJson(`/api/orders/${quote.id}`, await orderBody({ signerEmail: 'drugi@example.pl' }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as OrderAnswer).id).toBe(order.id);
    expect((await accept(order.id, code)).status).toBe(400);
    expect((await accept(order.id, await codeSentTo('drugi@example.pl'))).status).toBe(200);
  });

  it('answers prototype tricks and malformed codes with 400', async () => {
    const { order } = await placeOrder({ signerEmail: 'triki@example.pl' });
    for (const body of [
      { code: { toString: false } },
      { code: ['123456'] },
      { code: 123456 },
      { toString: false },
      {},
    ]) {
      const res = await postJson(`/api/orders/${order.id}/accept`, body);
      expect(res.status).toBe(400);
    }
  });
});

describe('the order page without JavaScript: plain forms posted to the page', () => {
  const postForm = (path: string, fields: Record<string, string>, origin: string | null = 'http://kserowo.test') =>
    request(path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(origin ? { Origin: origin } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  it('takes the order, the wrong code and the right one through the same steps, each answered by the page', async () => {
    const quote = await newQuote();
    const page = await request(`/zamowienie/${quote.id}`);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain(`<form id="order-form" method="post" action="/zamowienie/${quote.id}#order-status"`);

    const body = await orderBody({ signerEmail: 'formularz@example.pl' });
    const fields = Object.fromEntries(
      Object.entries(body)
        .filter(([k]) => k !== 'represents')
        .map(([k, v]) => [k, String(v)]),
    );
    // Not from our page: refused before anything is read.
    expect((await postForm(`/zamowienie/${quote.id}`, { ...fields, represents: 'on' }, null)).status).toBe(403);
    // Without the declaration: the page again, the error by its field, the data kept.
    const refused = await postForm(`/zamowienie/${quote.id}`, fields);
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain(ORDER_ERRORS.represents);
    expect(again).toContain('value="formularz@example.pl"');

    const placed = await postForm(`/zamowienie/${quote.id}`, { ...fields, represents: 'on' });
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toBe(`/zamowienie/${quote.id}#accept`);
    const order = await testEnv.DB.prepare('SELECT id, status, document FROM orders WHERE quote_id = ?')
      .bind(quote.id)
      .first<{ id: string; status: string; document: string }>();
    expect(order?.status).toBe('awaiting_acceptance');
    const withDocument = await (await request(`/zamowienie/${quote.id}`)).text();
    expect(withDocument).toContain(`do wyceny ${quote.number}`);
    expect(withDocument).toContain(`action="/zamowienie/${quote.id}/akceptacja#accept"`);

    const code = await codeSentTo('formularz@example.pl');
    const wrong = await postForm(`/zamowienie/${quote.id}/akceptacja`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ORDER_API_ERRORS.wrongCode(CODE_LIMITS.attempts - 1));
    const signed = await postForm(`/zamowienie/${quote.id}/akceptacja`, { code });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`/zamowienie/${quote.id}#done`);
    const row = await testEnv.DB.prepare(
      'SELECT o.status, o.accepted_ip, l.stage FROM orders o JOIN leads l ON l.id = o.lead_id WHERE o.id = ?',
    )
      .bind(order?.id)
      .first();
    // Signed, not yet verified: an order waiting for the company's transfer, its lead not won.
    expect(row).toMatchObject({ status: 'signed', stage: 'new' });
    const done = await (await request(`/zamowienie/${quote.id}`)).text();
    expect(done).toContain('Zamówienie podpisane – czekamy na przelew weryfikacyjny');
    expect(done).not.toContain('Umowa zawarta');
    expect(done).not.toContain('id="order-form"');
    // Signed: a form posted again is refused, nothing changes.
    expect((await postForm(`/zamowienie/${quote.id}`, { ...fields, represents: 'on' })).status).toBe(409);
  });
});

describe('the delivery calendar', () => {
  it('never offers a weekend, a Polish holiday or a full day, and keeps each city’s lead time', async () => {
    // Ordered on Monday 21 December 2026: Christmas Eve, 25 and 26 Dec, New Year and Epiphany are off.
    const offered = deliveryDays('Słupsk', '2026-12-21', { '2026-12-29': DELIVERY.installationsPerDay });
    expect(offered.slice(0, 5)).toEqual(['2026-12-23', '2026-12-28', '2026-12-30', '2026-12-31', '2027-01-04']);
    for (const day of offered) {
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      expect(weekday).not.toBe(0);
      expect(weekday).not.toBe(6);
    }
    expect(offered).not.toContain('2027-01-06');
    expect(offered).toHaveLength(DELIVERY.daysOffered);
    // Koszalin is 4 business days away: 22, 23, 28, 29 December.
    expect(deliveryDays('Koszalin', '2026-12-21', {})[0]).toBe('2026-12-29');
    expect(deliveryDays('Gdańsk', '2026-12-21', {})).toEqual([]);
  });

  it('fills a day with signed orders: the last free slot taken, the day is no longer offered', async () => {
    const day = await firstDay('Lębork');
    const taken = (await bookedDays(testEnv.DB, day))[day] ?? 0;
    const signed: string[] = [];
    for (let i = taken; i < DELIVERY.installationsPerDay; i++) {
      const { order, code } = await placeOrder({ city: 'Lębork', date: day, signerEmail: `pelny${i}@example.pl` });
      expect((await accept(order.id, code)).status).toBe(200);
      // Only a verified order holds its day.
      await verifyByOwner(order.id);
      signed.push(order.id);
    }
    const quote = await newQuote();
    const res = await postJson(`/api/orders/${quote.id}`, await orderBody({ city: 'Lębork', date: day }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'date' });
    const page = await (await request(`/zamowienie/${quote.id}`)).text();
    expect(page).not.toContain(`"value":"${day}"`);
  });
});

describe('the team’s orders and the installation protocol', () => {
  let verifier: string | undefined;
  async function signedOrder(email: string, { verified = true } = {}) {
    const placed = await placeOrder({ signerEmail: email });
    expect((await accept(placed.order.id, placed.code)).status).toBe(200);
    if (verified) {
      // A second owner verifies: the installations below are recorded by another person (Anna).
      verifier ??= (await personWithSession('owner')).cookie;
      const res = await write(
        `/api/admin/orders/${placed.order.id}/verify`,
        {
          check: 'phone',
          phone: '22 694 55 55',
          phoneSource: 'KRS',
          note: 'Telefon do sekretariatu MF, numer z rejestru; potwierdzono zamówienie.',
        },
        { cookie: verifier },
      );
      expect(res.status).toBe(200);
    }
    return placed;
  }

  it('refuses the installation of a signed order not yet verified: 409 with a Polish error, no contract', async () => {
    const { order } = await signedOrder('nieweryfikowane@example.pl', { verified: false });
    const cookie = await login();
    const detail = (await (await read(`/api/admin/orders/${order.id}`, cookie)).json()) as { verification: unknown };
    expect(detail.verification).toEqual({ state: 'pending' });
    const res = await write(
      `/api/admin/orders/${order.id}/installation`,
      { installedOn: warsawToday(), serial: 'ZAM-NOVER1', mono: 1, color: 1 },
      { cookie },
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: INSTALLATION_ERRORS.notVerified });
    expect(
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM contracts WHERE order_ref = ?').bind(order.id).first(),
    ).toEqual({ n: 0 });
  });

  it('verifies by hand with a named document and a required note, audited with who and when; a second time is refused', async () => {
    const { order } = await signedOrder('reczna@example.pl', { verified: false });
    const cookie = await login();
    const path = `/api/admin/orders/${order.id}/verify`;
    const document = 'pełnomocnictwo zarządu dla podpisującego z 1.12.2026';
    for (const note of [undefined, '', 'krótko', 'x'.repeat(1001)]) {
      const res = await write(
        path,
        note === undefined ? { check: 'document', document } : { check: 'document', document, note },
        { cookie },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: VERIFY_ERRORS.note, field: 'note' });
    }
    const note = 'Rozmowa z księgową, numer z KRS; pełnomocnictwo podpisującego sprawdzone.';
    const res = await write(path, { check: 'document', document, note }, { cookie });
    expect(res.status).toBe(200);
    const { verification } = (await res.json()) as { verification: { state: string; method: string; at: string } };
    expect(verification).toEqual({ state: 'verified', method: 'manual', at: expect.any(String) });
    const row = await testEnv.DB.prepare('SELECT verified_by, verified_note FROM orders WHERE id = ?')
      .bind(order.id)
      .first();
    expect(row).toEqual({ verified_by: 'Anna', verified_note: note });
    const audit = await testEnv.DB.prepare(
      "SELECT actor, action, details FROM audit_log WHERE area = 'orders' AND action = 'orders.verify'",
    ).all<{ actor: string; details: string }>();
    expect(audit.results.map((a) => [a.actor, JSON.parse(a.details).note])).toContainEqual(['Anna', note]);
    expect((await write(path, { check: 'document', document, note }, { cookie })).status).toBe(409);
    // The signer learns it.
    const mail = await testEnv.DB.prepare(
      "SELECT subject FROM outbox WHERE recipient = ? AND subject LIKE '%zweryfikowane'",
    )
      .bind('reczna@example.pl')
      .all();
    expect(mail.results).toHaveLength(1);
  });

  it('starts the contract in the register’s name and address whatever the order’s body said', async () => {
    const { order } = await signedOrder('nazwa-z-rejestru@example.pl');
    const cookie = await login();
    const res = await write(
      `/api/admin/orders/${order.id}/installation`,
      { installedOn: warsawToday(), serial: 'ZAM-REJ001', mono: 1, color: 1 },
      { cookie },
    );
    expect(res.status).toBe(201);
    const { contract } = (await res.json()) as { contract: { id: string } };
    const row = await testEnv.DB.prepare(
      'SELECT company, company_address, nip, billing_email FROM contracts WHERE id = ?',
    )
      .bind(contract.id)
      .first();
    expect(row).toEqual({
      company: 'MINISTERSTWO FINANSÓW',
      company_address: 'ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA',
      nip: '5260250274',
      billing_email: 'nazwa-z-rejestru@example.pl',
    });
  });

  it('counts single- and two-colour pages as the terms the customer accepted say: as colour from 2026-12-03, not at all before', async () => {
    const cookie = await login();
    const current = await signedOrder('jeden-kolor@example.pl');
    // The accepted document says it, in the terms' own words.
    expect(current.order.document).toContain(SPOT_COLOUR_COUNTING.colour);
    // An order accepted under the terms of 2026-12-02, which said nothing of those pages.
    const older = await signedOrder('stare-warunki@example.pl');
    await testEnv.DB.prepare("UPDATE orders SET terms_version = '2026-12-02' WHERE id = ?").bind(older.order.id).run();
    const spotOf = async (orderId: string, serial: string) => {
      const res = await write(
        `/api/admin/orders/${orderId}/installation`,
        { installedOn: warsawToday(), serial, mono: 1, color: 1 },
        { cookie },
      );
      expect(res.status).toBe(201);
      const { contract } = (await res.json()) as { contract: { id: string; spotColour: string | null } };
      const row = await testEnv.DB.prepare('SELECT spot_colour FROM contracts WHERE id = ?')
        .bind(contract.id)
        .first<{ spot_colour: string | null }>();
      return [contract.spotColour, row?.spot_colour];
    };
    expect(await spotOf(current.order.id, 'ZAM-SPOT01')).toEqual(['colour', 'colour']);
    expect(await spotOf(older.order.id, 'ZAM-SPOT02')).toEqual([null, null]);
  });

  it('lists orders for the team with their acceptance trail, never without a session', async () => {
    const { order } = await signedOrder('lista@example.pl');
    expect((await read('/api/admin/orders')).status).toBe(401);
    const cookie = await login();
    const list = (await (await read('/api/admin/orders', cookie)).json()) as { orders: Record<string, unknown>[] };
    const row = list.orders.find((o) => o.id === order.id);
    expect(row).toMatchObject({
      status: 'signed',
      signer_email: 'lista@example.pl',
      document_sha256: order.documentSha256,
    });
    expect(row).not.toHaveProperty('document');
    expect(row).not.toHaveProperty('code_hash');
    const one = (await (await read(`/api/admin/orders/${order.id}`, cookie)).json()) as {
      order: Record<string, unknown>;
    };
    expect(one.order).toMatchObject({ document: order.document, accepted_ip: expect.any(String) });
    const calendar = (await (await read('/api/admin/orders/calendar', cookie)).json()) as {
      installationsPerDay: number;
      days: { day: string; city: string; orders: number }[];
    };
    expect(calendar.installationsPerDay).toBe(DELIVERY.installationsPerDay);
    expect(calendar.days.some((d) => d.city === 'Słupsk' && d.orders > 0)).toBe(true);
  });

  it('creates exactly one contract with the quote’s frozen prices and its device, once', async () => {
    // A CRM that wants the installation: events are written only for an endpoint that subscribes.
    await testEnv.DB.prepare(
      "INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/install-hook', 'v1.test.test', '[\"order.installed\"]')",
    ).run();
    const { order } = await signedOrder('instalacja@example.pl');
    const cookie = await login();
    const protocol = { installedOn: warsawToday(), serial: 'zam-A1B2C3', mono: 1200, color: 340 };
    const res = await write(`/api/admin/orders/${order.id}/installation`, protocol, { cookie });
    expect(res.status).toBe(201);
    const { contract } = (await res.json()) as {
      contract: {
        id: string;
        number: string;
        termMonths: number;
        origin: string;
        billingEmail: string;
        devices: { serial: string; rates: Record<string, unknown> }[];
      };
    };
    expect(contract).toMatchObject({ termMonths: 36, origin: 'order', billingEmail: 'instalacja@example.pl' });
    expect(contract.devices).toHaveLength(1);
    expect(contract.devices[0]?.serial).toBe('ZAM-A1B2C3');
    // The rates are the quote's figures, row for row.
    const quoteRow = await testEnv.DB.prepare(
      'SELECT * FROM quotes WHERE id = (SELECT quote_id FROM orders WHERE id = ?)',
    )
      .bind(order.id)
      .first<Record<string, number>>();
    expect(contract.devices[0]?.rates).toMatchObject({
      monthlyPrice: quoteRow?.monthly_net,
      monthlyLimit: quoteRow?.monthly_limit,
      colorLimit: quoteRow?.color_limit,
      overageMono: quoteRow?.overage_mono,
      overageColor: quoteRow?.overage_color,
      catalogueVersion: quoteRow?.catalogue_version,
    });
    const count = await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM contracts WHERE order_ref = ?')
      .bind(order.id)
      .first();
    expect(count).toEqual({ n: 1 });
    // The starting counters are the device's first reading.
    const reading = await testEnv.DB.prepare(
      "SELECT r.mono, r.color, r.source FROM meter_readings r JOIN devices d ON d.id = r.device_row WHERE d.serial = 'ZAM-A1B2C3'",
    ).first();
    expect(reading).toEqual({ mono: 1200, color: 340, source: 'team' });
    // Again, even with another serial: refused, still one contract.
    const again = await write(
      `/api/admin/orders/${order.id}/installation`,
      { ...protocol, serial: 'ZAM-OTHER1' },
      { cookie },
    );
    expect(again.status).toBe(409);
    expect(
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM contracts WHERE order_ref = ?').bind(order.id).first(),
    ).toEqual({ n: 1 });
    const mail = await testEnv.DB.prepare(
      "SELECT subject, body FROM outbox WHERE recipient = ? AND subject LIKE 'Urządzenie zainstalowane%'",
    )
      .bind('instalacja@example.pl')
      .all<{ body: string }>();
    expect(mail.results).toHaveLength(1);
    // The customer learns where the device is shown, and with which address to sign in.
    expect(mail.results[0]?.body).toContain(
      'strefie klienta: http://kserowo.test/konto (zaloguj się adresem instalacja@example.pl',
    );
    const installed = await testEnv.DB.prepare(
      "SELECT json_extract(data, '$.contractId') AS contract FROM webhook_events WHERE type = 'order.installed' AND json_extract(data, '$.id') = ?",
    )
      .bind(order.id)
      .all();
    expect(installed.results).toEqual([{ contract: contract.id }]);
  });

  it('bills the installed device from its contract: the first month from the starting counters to a reading', async () => {
    const { order } = await signedOrder('rachunek@example.pl');
    const cookie = await login();
    // Installed on the 1st of last month (a protocol may be recorded late), so the month is whole
    // (a part-month bills its fee and allowance pro rata by days: worker/meter/bill.node.test.ts);
    // read at the month's end.
    const [y, m] = warsawToday().split('-').map(Number) as [number, number];
    const period = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    const monthEnd = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    // Signed on the 1st of that month: the device cannot be installed before its contract was signed.
    await testEnv.DB.prepare('UPDATE orders SET accepted_at = ? WHERE id = ?')
      .bind(`${period}-01T09:00:00.000Z`, order.id)
      .run();
    const protocol = { installedOn: `${period}-01`, serial: 'ZAM-BILL1', mono: 1200, color: 340 };
    const installed = await write(`/api/admin/orders/${order.id}/installation`, protocol, { cookie });
    expect(installed.status).toBe(201);
    const { contract } = (await installed.json()) as {
      contract: { id: string; number: string; devices: { rates: { monthlyLimit: number; colorLimit: number } }[] };
    };
    const rates = contract.devices[0]?.rates;
    const quote = await testEnv.DB.prepare(
      'SELECT monthly_net, monthly_limit, color_limit, overage_mono, overage_color FROM quotes WHERE id = (SELECT quote_id FROM orders WHERE id = ?)',
    )
      .bind(order.id)
      .first<Record<string, number>>();
    // 100 mono and 50 colour pages over the allowance, counted from the protocol's counters.
    const mono = 1200 + (rates?.monthlyLimit ?? 0) + 100;
    const color = 340 + (rates?.colorLimit ?? 0) + 50;
    const reading = await write(
      '/api/admin/readings',
      { serial: 'ZAM-BILL1', readOn: monthEnd, mono, color, confirm: true },
      { cookie },
    );
    expect(reading.status).toBe(201);
    const res = await read(`/api/admin/contracts/${contract.id}/bill?period=${period}`, cookie);
    expect(res.status).toBe(200);
    const { bill } = (await res.json()) as {
      bill: { contract: string; company: string; period: string; lines: Record<string, unknown>[]; net: number };
    };
    expect(bill).toMatchObject({ contract: contract.number, company: 'MINISTERSTWO FINANSÓW', period });
    expect(bill.lines).toEqual([
      expect.objectContaining({
        serial: 'ZAM-BILL1',
        hasReading: true,
        usedMono: (rates?.monthlyLimit ?? 0) + 100,
        usedColor: (rates?.colorLimit ?? 0) + 50,
        overMono: 100,
        overColor: 50,
        fee: quote?.monthly_net,
        rateMono: quote?.overage_mono,
        rateColor: quote?.overage_color,
      }),
    ]);
    const overage = Math.round(100 * (quote?.overage_mono ?? 0) * 100 + 50 * (quote?.overage_color ?? 0) * 100);
    expect(Math.round(bill.net * 100)).toBe(Math.round((quote?.monthly_net ?? 0) * 100) + overage);
    // Its invoices name the contract by the day the customer signed it (the order's acceptance,
    // the 1st of last month), never the day the installation typed its row in (today).
    await issueMonth(testEnv.DB, warsawToday().slice(0, 7), { createdBy: 'test' });
    const { results } = await testEnv.DB.prepare('SELECT xml FROM invoices WHERE contract_id = ?')
      .bind(contract.id)
      .all<{ xml: string }>();
    expect(results.length).toBe(2);
    for (const { xml } of results) expect(xml).toContain(`<DataUmowy>${period}-01</DataUmowy>`);
  });

  it('refuses a protocol for an unsigned order, dated before the signing, and a serial another contract rents', async () => {
    const cookie = await login();
    const { order: unsigned } = await placeOrder({ signerEmail: 'niepodpisane@example.pl' });
    const early = await write(
      `/api/admin/orders/${unsigned.id}/installation`,
      { installedOn: warsawToday(), serial: 'ZAM-X1', mono: 1, color: 1 },
      { cookie },
    );
    expect(early.status).toBe(409);
    const { order: first } = await signedOrder('pierwsza@example.pl');
    const { order: second } = await signedOrder('druga@example.pl');
    // Signed today: installed yesterday is a day before the contract existed.
    const [y, m, d] = warsawToday().split('-').map(Number) as [number, number, number];
    const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    const tooEarly = await write(
      `/api/admin/orders/${first.id}/installation`,
      { installedOn: yesterday, serial: 'ZAM-EARLY1', mono: 10, color: 5 },
      { cookie },
    );
    expect(tooEarly.status).toBe(400);
    expect(await tooEarly.json()).toEqual({
      error: `Data instalacji nie może być wcześniejsza niż dzień podpisania umowy. Podpisano ją ${warsawToday()}.`,
      field: 'installedOn',
    });
    const protocol = { installedOn: warsawToday(), serial: 'ZAM-DUP1', mono: 10, color: 5 };
    expect((await write(`/api/admin/orders/${first.id}/installation`, protocol, { cookie })).status).toBe(201);
    const taken = await write(`/api/admin/orders/${second.id}/installation`, protocol, { cookie });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ field: 'serial' });
    expect(await testEnv.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(second.id).first()).toEqual({
      status: 'signed',
    });
    expect(
      await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM contracts WHERE order_ref = ?').bind(second.id).first(),
    ).toEqual({ n: 0 });
    for (const bad of [
      { toString: false },
      { ...protocol, mono: '10' },
      { ...protocol, installedOn: { valueOf: 1 } },
    ]) {
      const res = await write(`/api/admin/orders/${second.id}/installation`, bad, { cookie });
      expect(res.status).toBe(400);
    }
  });
});

describe('a lead with an online order', () => {
  it('is not erased with its order and contract document: 409 with a Polish reason, nothing deleted', async () => {
    const { order } = await placeOrder({ signerEmail: 'usun@example.pl' });
    const row = await testEnv.DB.prepare('SELECT lead_id FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ lead_id: string }>();
    const cookie = await login();
    const res = await write(`/api/admin/leads/${row?.lead_id}`, undefined, { cookie, method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: ORDER_API_ERRORS.leadHasOrder });
    expect(await testEnv.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE id = ?').bind(order.id).first()).toEqual({
      n: 1,
    });
  });

  it('links its order in the team’s lead detail, and the order names its lead', async () => {
    const { order } = await placeOrder({ signerEmail: 'powiazanie@example.pl' });
    const cookie = await login();
    const detail = (await (await read(`/api/admin/orders/${order.id}`, cookie)).json()) as {
      order: { lead_id: string };
    };
    const lead = (await (await read(`/api/admin/leads/${detail.order.lead_id}`, cookie)).json()) as {
      order: unknown;
    };
    expect(lead.order).toEqual({
      id: order.id,
      status: 'awaiting_acceptance',
      companyName: 'MINISTERSTWO FINANSÓW',
      deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const other = await postJson('/api/send-contact-email', {
      name: 'Bez zamówienia',
      email: 'kontakt@example.pl',
      message: 'Pytanie o cennik',
      submissionId: crypto.randomUUID(),
    });
    const { id } = (await other.json()) as { id: string };
    expect(((await (await read(`/api/admin/leads/${id}`, cookie)).json()) as { order: unknown }).order).toBeNull();
  });

  it('is won once the signed order is verified (not at the signing), and stays the sales team’s lead', async () => {
    const { order, code } = await placeOrder({ signerEmail: 'wygrany@example.pl' });
    expect((await accept(order.id, code)).status).toBe(200);
    const lead = () =>
      testEnv.DB.prepare('SELECT l.status, l.kind FROM leads l JOIN orders o ON o.lead_id = l.id WHERE o.id = ?')
        .bind(order.id)
        .first();
    expect(await lead()).toEqual({ status: 'new', kind: 'quote' });
    await verifyByOwner(order.id);
    expect(await lead()).toEqual({ status: 'won', kind: 'quote' });
  });
});

describe('the lead of a signed order, won as the team would mark it', () => {
  it('sends lead.status_changed and lead.stage_changed to a subscribed CRM, and writes the lead’s history and audit row', async () => {
    await testEnv.DB.prepare(
      "INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/crm', 'v1.test.test', '[\"lead.status_changed\",\"lead.stage_changed\"]')",
    ).run();
    const { quote, order, code } = await placeOrder({ signerEmail: 'crm@example.pl' });
    const { lead_id: leadId } = (await testEnv.DB.prepare('SELECT lead_id FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ lead_id: string }>()) ?? { lead_id: '' };
    const eventsOf = async (type: string) =>
      (
        await testEnv.DB.prepare(
          "SELECT e.data, d.id AS delivery FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE e.type = ? AND json_extract(e.data, '$.id') = ?",
        )
          .bind(type, leadId)
          .all<{ data: string; delivery: number }>()
      ).results;
    // A wrong code changes no lead and reports nothing.
    await accept(order.id, code === '000000' ? '111111' : '000000');
    expect(await eventsOf('lead.status_changed')).toEqual([]);
    expect((await accept(order.id, code)).status).toBe(200);
    // The signature alone wins nothing: the verification does.
    expect(await eventsOf('lead.status_changed')).toEqual([]);
    await verifyByOwner(order.id);

    const [status] = await eventsOf('lead.status_changed');
    expect(JSON.parse(status?.data ?? '{}')).toMatchObject({
      id: leadId,
      status: 'won',
      statusLabel: 'wygrany',
      stage: 'won',
      stageLabel: 'wygrany',
      previousStatus: 'new',
      previousStatusLabel: 'nowy',
    });
    expect(status?.delivery).toEqual(expect.any(Number));
    const [stage] = await eventsOf('lead.stage_changed');
    expect(JSON.parse(stage?.data ?? '{}')).toMatchObject({ id: leadId, stage: 'won', previousStage: 'new' });
    const lead = await testEnv.DB.prepare('SELECT status, stage FROM leads WHERE id = ?').bind(leadId).first();
    expect(lead).toEqual({ status: 'won', stage: 'won' });
    // The sales team reads in the lead's history who closed it, and the audit log has the change.
    const notes = await testEnv.DB.prepare('SELECT author, body FROM lead_notes WHERE lead_id = ?').bind(leadId).all();
    expect(notes.results).toEqual([
      {
        author: 'Jan Kowalski <crm@example.pl>',
        body: expect.stringContaining(`Umowa zawarta online do wyceny ${quote.number}`),
      },
    ]);
    const audit = await testEnv.DB.prepare(
      "SELECT actor, action, area, target, details FROM audit_log WHERE area = 'leads' AND target = ?",
    )
      .bind(quote.number)
      .all<{ actor: string; action: string; details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]?.actor).toBe('Jan Kowalski <crm@example.pl>');
    expect(JSON.parse(audit.results[0]?.details ?? '{}')).toMatchObject({
      status: { from: 'new', to: 'won' },
      stage: { from: 'new', to: 'won' },
      order: order.id,
    });
    // Signing again changes nothing more.
    expect((await accept(order.id, code)).status).toBe(409);
    expect(await eventsOf('lead.status_changed')).toHaveLength(1);
  });
});

describe('webhooks of an order', () => {
  it('writes order.signed with the order, the company and the partner, and claims its delivery in the batch', async () => {
    await testEnv.DB.prepare(
      "INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/hook', 'v1.test.test', '[\"order.signed\",\"order.installed\"]')",
    ).run();
    const { order, code } = await placeOrder({ signerEmail: 'webhook@example.pl' });
    const before = await testEnv.DB.prepare(
      "SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'order.signed'",
    ).first<{ n: number }>();
    // A wrong code reports nothing.
    await accept(order.id, code === '000000' ? '111111' : '000000');
    expect(
      await testEnv.DB.prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'order.signed'").first(),
    ).toEqual(before);
    expect((await accept(order.id, code)).status).toBe(200);
    const event = await testEnv.DB.prepare(
      "SELECT e.data, d.queued_at FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE e.type = 'order.signed' AND json_extract(e.data, '$.id') = ?",
    )
      .bind(order.id)
      .first<{ data: string; queued_at: string | null }>();
    expect(JSON.parse(event?.data ?? '{}')).toMatchObject({
      id: order.id,
      status: 'signed',
      company: { nip: '5260250274', vatStatus: 'Czynny' },
      documentSha256: order.documentSha256,
      termsVersion: RENTAL_TERMS_VERSION,
      attribution: { partner: 'drukarnia-abc' },
    });
    expect(event?.queued_at).not.toBeNull();
  });
});
