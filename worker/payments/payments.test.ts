// Payments matched from bank statements (DESIGN §9), end to end through the admin API: the
// verification transfer of an order from an account the White List lists for its NIP
// verifies it (from another account it does not, and the line waits for the team); invoice
// payments are matched by the number in the title and by the amount with the payer's NIP;
// a statement imported twice changes nothing; the team assigns what is left, audited; the
// verification's 1,00 zł counts towards the first invoice; overdue invoices are reminded
// once per step on the business clock. Invoices are inserted as the issuing would write
// them (the issuing is another feature's).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StatementImport } from '../admin-shared/admin-api-payments.ts';
import { INSTALLATION_ERRORS } from '../orders/order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { accept, placeOrder } from '../../tests/worker/order-helpers.ts';
import { businessDaysAfter, sendOverdueReminders } from './overdue.ts';
import { STATEMENT_ERRORS } from './statement.ts';
import camt02 from './samples/camt053-001-02.xml?raw';
import ing from './samples/mt940-ing.sta?raw';
import mbank from './samples/mt940-mbank.sta?raw';

const testEnv = env as unknown as Env;
const ORIGIN = 'http://kserowo.test';
const ABC_NIP = '5830002002';

const days = (n: number) =>
  new Date(Date.parse(`${warsawToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A statement file sent as the panel sends it: a multipart form with `file`. */
async function upload(text: string, cookie: string, name = 'wyciag.sta'): Promise<Response> {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'application/octet-stream' }));
  return request('/api/admin/bank-statements', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN },
    body: form,
  });
}

/** The same file as a raw body. */
const uploadRaw = (text: string, cookie: string) =>
  request('/api/admin/bank-statements', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'text/plain; charset=utf-8' },
    body: text,
  });

async function signedOrder(email: string) {
  const placed = await placeOrder({ signerEmail: email });
  expect((await accept(placed.order.id, placed.code)).status).toBe(200);
  return placed;
}

let seq = 0;

/** A contract as the team's form writes it. */
async function contract(id: string, company: string, nip: string, email: string) {
  seq++;
  await testEnv.DB.prepare(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by)
     VALUES (?1, ?2, 2026, ?3, ?4, ?5, ?6, '2026-01-01', 36, 0, 'test')`,
  )
    .bind(id, `UM-2026-9${String(seq).padStart(5, '0')}`, 900000 + seq, company, nip, email)
    .run();
}

/** An invoice row as the issuing writes it (one per contract and month): gross = net + VAT, all in grosze. */
async function invoice(
  number: string,
  contractId: string,
  period: string,
  netGr: number,
  vatGr: number,
  due: string,
  buyerNip: string,
) {
  const id = crypto.randomUUID();
  seq++;
  await testEnv.DB.prepare(
    `INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr,
       seller_nip, buyer_nip, xml, xml_sha256, created_by)
     VALUES (?1, ?2, 2026, ?3, 'VAT', ?4, ?5, ?6, ?7, ?8, ?9, ?10, '0000000000', ?11, '<Faktura/>', 'x', 'test')`,
  )
    .bind(id, number, 9000 + seq, contractId, period, `${period}-28`, due, netGr, vatGr, netGr + vatGr, buyerNip)
    .run();
  return id;
}

const balance = (id: string) =>
  testEnv.DB.prepare('SELECT due_gr, paid_gr FROM invoice_balances WHERE id = ?')
    .bind(id)
    .first<{ due_gr: number; paid_gr: number }>();

describe('a statement in', () => {
  const state: Record<string, string> = {};

  it('verifies the order whose transfer came from a listed account, not the one from another account; pays invoices by number and by amount', async () => {
    const a = await signedOrder('weryfikacja-a@example.pl');
    const b = await signedOrder('weryfikacja-b@example.pl');
    state.a = a.order.id;
    state.b = b.order.id;
    state.aQuote = a.quote.number;
    await contract('c0000-abc-00001', 'BIURO RACHUNKOWE ABC SP. Z O.O.', ABC_NIP, 'ksiegowosc@abc.example');
    await contract('c0000-mf-000002', 'MINISTERSTWO FINANSÓW', '5260250274', 'faktury@mf.example');
    // 238,00 net + 23 % VAT 54,74 = 292,74 gross; 195,00 + 44,85 = 239,85; 230,40 + 52,99 = 283,39.
    state.fv123 = await invoice('FV/2026/000123', 'c0000-abc-00001', '2026-10', 23800, 5474, days(14), ABC_NIP);
    state.fv200 = await invoice('FV/2026/000200', 'c0000-mf-000002', '2026-10', 19500, 4485, days(14), '5260250274');
    state.fv124 = await invoice('FV/2026/000124', 'c0000-abc-00001', '2026-11', 23040, 5299, days(14), ABC_NIP);
    // The sample names orders KS-2026-000001 and -000002: this run's numbers, the same length, in their place.
    const file = mbank.replace('KS-2026-000001', a.quote.number).replace('KS-2026-000002', b.quote.number);
    state.file = file;
    const cookie = await login();
    const res = await upload(file, cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as StatementImport;
    // Five credits (the bank's fee is a debit): the verification from the listed account, the
    // invoice by its number, the invoice by amount and NIP; the stranger's transfer and a gift wait.
    expect(body).toMatchObject({ lines: 5, matched: 3, unmatched: 2, duplicates: 0 });
    expect(body.results.map((l) => [l.amount, l.match, l.how, l.order ?? l.invoice])).toEqual([
      [1, 'verification', 'title+account', a.quote.number],
      [1, null, null, null],
      [292.74, 'invoice', 'number', 'FV/2026/000123'],
      [239.85, 'invoice', 'amount+nip', 'FV/2026/000200'],
      [120, null, null, null],
    ]);
    expect(body.results[2]?.invoiceState).toBe('paid');
    expect(body.results[1]?.note).toContain('PL60102010260000042270201111');
    expect(body.results[1]?.note).toContain('nie zostało zweryfikowane');

    const detail = async (id: string) =>
      (await (await read(`/api/admin/orders/${id}`, cookie)).json()) as { verification: unknown };
    expect((await detail(a.order.id)).verification).toEqual({
      state: 'verified',
      method: 'transfer',
      at: expect.any(String),
    });
    expect((await detail(b.order.id)).verification).toEqual({ state: 'pending' });
    // The transfer from the listed account made the order the company's: its lead is won; the other's is not.
    const leadOf = (id: string) =>
      testEnv.DB.prepare('SELECT l.status FROM leads l JOIN orders o ON o.lead_id = l.id WHERE o.id = ?')
        .bind(id)
        .first<{ status: string }>();
    expect(await leadOf(a.order.id)).toEqual({ status: 'won' });
    expect(await leadOf(b.order.id)).toEqual({ status: 'new' });
    // The unverified order cannot be installed; the verified one can.
    const protocol = { installedOn: warsawToday(), serial: 'PAY-B00001', mono: 1, color: 1 };
    const refused = await write(`/api/admin/orders/${b.order.id}/installation`, protocol, { cookie });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: INSTALLATION_ERRORS.notVerified });
    // The signer of the verified order is told.
    const told = await testEnv.DB.prepare(
      "SELECT body FROM outbox WHERE recipient = ? AND subject LIKE '%zweryfikowane'",
    )
      .bind('weryfikacja-a@example.pl')
      .all<{ body: string }>();
    expect(told.results).toHaveLength(1);
    expect(told.results[0]?.body).toContain('przelew z rachunku PL61109010140000071219812874');

    // The stranger's transfer and the gift wait for the team, with why.
    const waiting = (await (await read('/api/admin/bank-statements/lines', cookie)).json()) as {
      lines: { amount: number; note: string; title: string }[];
    };
    // Newest first.
    expect(waiting.lines.map((l) => [l.amount, l.title])).toEqual([
      [120, 'Wpłata'],
      [1, `Weryfikacja ${b.quote.number}`],
    ]);
    expect(await balance(state.fv123)).toEqual({ due_gr: 29274, paid_gr: 29274 });
    expect(await balance(state.fv200)).toEqual({ due_gr: 23985, paid_gr: 23985 });
  });

  it('gives the team the order’s evidence pack: document and hash, the register’s answer, the code, the transfer; audited', async () => {
    const cookie = await login();
    const res = await read(`/api/admin/orders/${state.a}/evidence`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="dowody-zamowienia-${state.aQuote}.json"`,
    );
    const pack = (await res.json()) as Record<string, Record<string, unknown>>;
    expect(pack.document).toMatchObject({ sha256MatchesText: true, termsVersion: expect.any(String) });
    expect(pack.register).toMatchObject({
      requestId: expect.stringMatching(/^standin-/),
      name: 'MINISTERSTWO FINANSÓW',
      accountNumbers: ['61109010140000071219812874'],
    });
    expect(pack.acceptance).toMatchObject({ codeSentAt: expect.any(String), acceptedAt: expect.any(String) });
    expect(pack.verification).toMatchObject({
      state: 'verified',
      method: 'transfer',
      transfer: {
        bankReference: '25111700000101',
        fromAccount: 'PL61109010140000071219812874',
        amount: 1,
        bookedOn: '2025-11-17',
      },
    });
    // Kept for the term (36 months from the acceptance, not yet installed) and six years, to the year's end.
    expect(pack.retention?.keepUntil).toBe(`${Number(warsawToday().slice(0, 4)) + 3 + 6}-12-31`);
    const audit = await testEnv.DB.prepare(
      "SELECT target, details FROM audit_log WHERE action = 'orders.evidence' ORDER BY id DESC LIMIT 1",
    ).first<{ target: string; details: string }>();
    expect(audit?.target).toBe(state.aQuote);
  });

  it('changes nothing when the same statement comes again, as a raw body: 409, already imported', async () => {
    const counts = async () =>
      testEnv.DB.prepare(
        `SELECT (SELECT count(*) FROM bank_lines) AS lines, (SELECT count(*) FROM outbox) AS mails,
           (SELECT count(*) FROM orders WHERE verified_at IS NOT NULL) AS verified,
           (SELECT sum(paid_gr) FROM invoice_balances) AS paid`,
      ).first();
    const before = await counts();
    const res = await uploadRaw(state.file ?? '', await login());
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: STATEMENT_ERRORS.seen, field: 'file' });
    expect(await counts()).toEqual(before);
  });

  it('pays an invoice partly by a number in the title, then wholly by a batch entry of camt.053', async () => {
    const cookie = await login();
    // ING's title writes the order's number with spaces; the order is verified already, so the 1,00 zł waits.
    const file = ing.replace('KS 2026 000001', (state.aQuote ?? '').replace(/-/g, ' '));
    const res = await upload(file, cookie, 'ing.sta');
    expect(await res.json()).toMatchObject({ lines: 2, matched: 1, unmatched: 1, duplicates: 0 });
    // 100,00 of 283,39: partly paid, 183,39 left.
    expect(await balance(state.fv124 ?? '')).toEqual({ due_gr: 28339, paid_gr: 10000 });
    const page = (await (await read('/api/admin/payments/invoices?state=open', cookie)).json()) as {
      invoices: { number: string; state: string; left: number }[];
    };
    expect(page.invoices.find((i) => i.number === 'FV/2026/000124')).toMatchObject({ state: 'partial', left: 183.39 });
    // camt.053: its batch entry's first transfer names FV/2026/000125 (none such: it waits), the
    // second pays 239,85 with the NIP, but FV/2026/000200 is paid already: no open invoice of
    // that amount is left, so it waits too; so does a second payment of the paid FV/2026/000123
    // (a refund or a mistake is the team's to decide).
    const camt = (await (await upload(camt02, cookie, 'camt.xml')).json()) as StatementImport;
    expect(camt).toMatchObject({ lines: 4, duplicates: 0 });
    expect(camt.results.map((l) => [l.amount, l.match, l.invoice])).toEqual([
      [1, null, null],
      [292.74, null, null],
      [283.39, null, null],
      [239.85, null, null],
    ]);
  });

  it('lets the owner assign a waiting line to an invoice by its number, with a note, audited; once', async () => {
    const cookie = await login();
    const { lines } = (await (await read('/api/admin/bank-statements/lines', cookie)).json()) as {
      lines: { id: number; amount: number; title: string }[];
    };
    const line = lines.find((l) => l.amount === 283.39);
    if (!line) throw new Error('no waiting line of 283,39');
    const path = `/api/admin/bank-statements/lines/${line.id}`;
    const bad = await write(path, { invoice: 'FV/2026/999999', note: 'Pomyłka w tytule' }, { cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'invoice' });
    expect((await write(path, { invoice: 'FV/2026/000124' }, { cookie })).status).toBe(400);
    const res = await write(
      path,
      { invoice: 'FV/2026/000124', note: 'Klient pomylił numer: FV/2026/000124.' },
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      line: { match: 'invoice', how: 'manual', invoice: 'FV/2026/000124', matchedBy: 'Anna' },
    });
    // 100,00 + 283,39 = 383,39 of 283,39: paid (overpaid by 100,00).
    expect(await balance(state.fv124 ?? '')).toEqual({ due_gr: 28339, paid_gr: 38339 });
    expect((await write(path, { note: 'jeszcze raz' }, { cookie })).status).toBe(409);
    const audit = await testEnv.DB.prepare(
      "SELECT actor, action, details FROM audit_log WHERE area = 'bank-statements' ORDER BY id DESC LIMIT 1",
    ).first<{ actor: string; action: string; details: string }>();
    expect(audit?.action).toBe('bank-statements.create');
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      line: line.id,
      invoice: 'FV/2026/000124',
      note: 'Klient pomylił numer: FV/2026/000124.',
    });
    // Every import is in the log too, with its counts (mBank, ING, camt; the refused repeat is no import).
    const imports = await testEnv.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE area = 'bank-statements' AND path = '/api/admin/bank-statements'",
    ).first();
    expect(imports).toEqual({ n: 3 });
  });

  it('credits the verification transfer to the first invoice of the contract the order started', async () => {
    const cookie = await login();
    const installed = await write(
      `/api/admin/orders/${state.a}/installation`,
      { installedOn: warsawToday(), serial: 'PAY-A00001', mono: 1, color: 1 },
      { cookie },
    );
    expect(installed.status).toBe(201);
    const { contract: c } = (await installed.json()) as { contract: { id: string } };
    // 195,00 net + 44,85 VAT = 239,85; the first invoice counts the 1,00 zł in, the second does not.
    const first = await invoice('FV/2026/000301', c.id, '2026-11', 19500, 4485, days(14), '5260250274');
    const second = await invoice('FV/2026/000302', c.id, '2026-12', 19500, 4485, days(44), '5260250274');
    expect(await balance(first)).toEqual({ due_gr: 23985, paid_gr: 100 });
    expect(await balance(second)).toEqual({ due_gr: 23985, paid_gr: 0 });
  });

  it('refuses a file that is no statement, in Polish, by its field, and anything from the sales team', async () => {
    const cookie = await login();
    const res = await uploadRaw('To nie jest wyciąg.', cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^Nie rozpoznano formatu pliku/), field: 'file' });
    const empty = await upload('', cookie);
    expect(await empty.json()).toEqual({ error: expect.stringMatching(/^Plik wyciągu jest pusty/), field: 'file' });
  });
});

describe('overdue invoices', () => {
  it('counts business days after the due date without weekends and Polish holidays', () => {
    // Due Friday 6 Nov 2026: Mon 9, Tue 10, (11 November off), Thu 12 = 3 business days by the 12th.
    expect(businessDaysAfter('2026-11-06', '2026-11-12')).toBe(3);
    expect(businessDaysAfter('2026-11-06', '2026-11-06')).toBe(0);
    // Christmas: due Wed 23 Dec 2026; 24, 25, 26 off, weekend; Mon 28 is the first.
    expect(businessDaysAfter('2026-12-23', '2026-12-28')).toBe(1);
  });

  it('reminds the billing address once per step, through the outbox, and lists the invoice as overdue', async () => {
    await contract('c0000-late-0003', 'SPÓŹNIALSKI SP. Z O.O.', ABC_NIP, 'platnosci@spozniony.example');
    // Due Friday 6 Nov 2026, unpaid: 100,00 + 23,00 = 123,00.
    const id = await invoice('FV/2026/000400', 'c0000-late-0003', '2026-10', 10000, 2300, '2026-11-06', ABC_NIP);
    const mails = () =>
      testEnv.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = 'platnosci@spozniony.example'").all<{
        subject: string;
        body: string;
      }>();
    // 12 Nov: 3 business days late, the first step (3).
    expect(await sendOverdueReminders(testEnv, new Date('2026-11-12T09:00:00Z'))).toEqual({ sent: 1 });
    expect(await sendOverdueReminders(testEnv, new Date('2026-11-13T09:00:00Z'))).toEqual({ sent: 0 });
    // 20 Nov: 9 business days; 23 Nov: 10, the second step.
    expect(await sendOverdueReminders(testEnv, new Date('2026-11-20T09:00:00Z'))).toEqual({ sent: 0 });
    expect(await sendOverdueReminders(testEnv, new Date('2026-11-23T09:00:00Z'))).toEqual({ sent: 1 });
    expect(await sendOverdueReminders(testEnv, new Date('2026-11-24T09:00:00Z'))).toEqual({ sent: 0 });
    const sent = (await mails()).results;
    expect(sent.map((m) => m.subject)).toEqual([
      'Przypomnienie o płatności: faktura FV/2026/000400',
      'Przypomnienie o płatności: faktura FV/2026/000400',
    ]);
    expect(sent[0]?.body).toContain('Pozostało do zapłaty: 123,00 zł');
    expect(sent[0]?.body).toContain('to 3 dni roboczych');
    // The due date as the rest of the text writes dates (it said 2026-11-06).
    expect(sent[0]?.body).toContain('minął 06.11.2026;');
    // Another invoice, due the same day, first seen late: on 23 Nov the second step's e-mail goes, the
    // first step is marked without one; the panel counts e-mails sent: 1, not 2.
    const late = await invoice('FV/2026/000401', 'c0000-late-0003', '2026-09', 10000, 2300, '2026-11-06', ABC_NIP);
    expect(await sendOverdueReminders(testEnv, new Date('2026-11-23T09:00:00Z'))).toEqual({ sent: 1 });
    const cookie = await login();
    const page = (await (await read('/api/admin/payments/invoices?state=overdue', cookie)).json()) as {
      invoices: { id: string; state: string; reminders: number; left: number }[];
    };
    expect(page.invoices.find((i) => i.id === id)).toMatchObject({ state: 'overdue', reminders: 2, left: 123 });
    expect(page.invoices.find((i) => i.id === late)).toMatchObject({ state: 'overdue', reminders: 1, left: 123 });
  });
});
