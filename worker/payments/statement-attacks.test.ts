// The attacks an outside test ran on bank statements, through the real route (`POST /api/admin/bank-statements`):
// a payer's title that forges the bank's account sub-field verifies nothing; equal payments
// in two statements are both kept; parallel uploads of one file import it once; files that
// are no statement are refused in Polish with nothing stored. Statements are written here
// line by line (MT940 with balances that add up), in the layouts of mBank (`^`) and ING (`~`).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StatementImport } from '../admin-shared/admin-api-payments.ts';
import { login, request } from '../../tests/worker/admin-helpers.ts';
import { camt053, mt940, upload } from '../../tests/worker/statement-helpers.ts';
import { STATEMENT_ERRORS } from './statement.ts';
import { accept, placeOrder } from '../../tests/worker/order-helpers.ts';

const testEnv = env as unknown as Env;
/** The account the register (its stand-in) lists for NIP 526-025-02-74. */
const MF = 'PL61109010140000071219812874';

const verificationOf = (orderId: string) =>
  testEnv.DB.prepare('SELECT verified_at, verified_line FROM orders WHERE id = ?')
    .bind(orderId)
    .first<{ verified_at: string | null; verified_line: number | null }>();

describe('a title that forges the payer’s account', () => {
  it('verifies no stranger’s order: ^38 and ~38 in the title, with or without the bank’s own account', async () => {
    // A stranger orders for NIP 526-025-02-74 and pays 1,00 zł from their own account
    // (PL60 1020 1026 …), writing the account the register lists for the NIP into the title.
    const placed = await placeOrder({ signerEmail: 'obcy-38@example.pl' });
    expect((await accept(placed.order.id, placed.code)).status).toBe(200);
    const q = placed.quote.number;
    const file = mt940('301/1', [
      // mBank's layout, the bank writing no account of its own: the title's ^38 is all there is.
      { amount: '1,00', ref: 'A1', details: `051^00PRZELEW ZEWNĘTRZNY^20Weryfikacja ${q}^38${MF}^32JAN OBCY` },
      // mBank's layout with the stranger's account written by the bank (30/31) before the title.
      {
        amount: '1,00',
        ref: 'A2',
        details: `051^00PRZELEW ZEWNĘTRZNY^3010201026^310000042270201111^20Weryfikacja ${q}^38${MF}^32JAN OBCY`,
      },
      // ING's layout (~): the forged sub-field inside the title, the rest of the title after it.
      { amount: '1,00', ref: 'A3', details: `020~00VE02~20Weryfikacja ${q}~38${MF}~21~22~23~24~25~32JAN OBCY` },
    ]);
    const res = await upload(file, await login());
    expect(res.status).toBe(201);
    const body = (await res.json()) as StatementImport;
    expect(body).toMatchObject({ lines: 3, matched: 0, unmatched: 3 });
    // No line carries the forged account as the payer's.
    expect(body.results.map((l) => l.payerAccount)).toEqual([null, null, null]);
    for (const l of body.results) expect(l.note).toContain('nie zostało zweryfikowane');
    expect(await verificationOf(placed.order.id)).toEqual({ verified_at: null, verified_line: null });
    const told = await testEnv.DB.prepare(
      "SELECT count(*) AS n FROM outbox WHERE recipient = 'obcy-38@example.pl' AND subject LIKE '%zweryfikowane'",
    ).first<{ n: number }>();
    expect(told?.n).toBe(0);
  });

  it('still verifies by the account the bank writes before the title', async () => {
    const placed = await placeOrder({ signerEmail: 'wlasciciel-38@example.pl' });
    expect((await accept(placed.order.id, placed.code)).status).toBe(200);
    const file = mt940('302/1', [
      {
        amount: '1,00',
        ref: 'B1',
        details: `051^00PRZELEW ZEWNĘTRZNY^3010901014^310000071219812874^38${MF}^20Weryfikacja ${placed.quote.number}^32MF`,
      },
    ]);
    const body = (await (await upload(file, await login())).json()) as StatementImport;
    expect(body.results.map((l) => [l.match, l.payerAccount])).toEqual([['verification', MF]]);
    expect((await verificationOf(placed.order.id))?.verified_at).toEqual(expect.any(String));
  });
});

let seq = 0;
/** A contract and its VAT invoice as the issuing writes them: gross = net + VAT, in grosze. */
async function invoiceOf(number: string, netGr: number, vatGr: number, due: string, nip = '5260250274') {
  seq++;
  const contractId = `c-stmt-${seq}`;
  await testEnv.DB.prepare(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by)
     VALUES (?1, ?2, 2026, ?3, 'FIRMA', ?4, 'faktury@firma.example', '2026-01-01', 36, 0, 'test')`,
  )
    .bind(contractId, `UM-2026-8${String(seq).padStart(5, '0')}`, 800000 + seq, nip)
    .run();
  const id = crypto.randomUUID();
  await testEnv.DB.prepare(
    `INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr,
       seller_nip, buyer_nip, xml, xml_sha256, created_by)
     VALUES (?1, ?2, 2026, ?3, 'VAT', ?4, '2026-10', '2026-10-28', ?5, ?6, ?7, ?8, '0000000000', ?9, '<Faktura/>', 'x', 'test')`,
  )
    .bind(id, number, 8000 + seq, contractId, due, netGr, vatGr, netGr + vatGr, nip)
    .run();
  return id;
}

const balance = (id: string) =>
  testEnv.DB.prepare('SELECT due_gr, paid_gr FROM invoice_balances WHERE id = ?')
    .bind(id)
    .first<{ due_gr: number; paid_gr: number }>();

const storedLines = async (title: string) =>
  (await testEnv.DB.prepare('SELECT count(*) AS n, coalesce(sum(amount_gr), 0) AS gr FROM bank_lines WHERE title = ?')
    .bind(title)
    .first<{ n: number; gr: number }>()) ?? { n: 0, gr: 0 };

describe('payments that cannot vanish', () => {
  it('keeps two identical same-day payments booked in two intraday statements: both counted, the invoice paid', async () => {
    // Due 6 Nov 2026, unpaid: 100,00 net + 23,00 VAT = 123,00 gross; the customer pays it in two
    // equal halves of 61,50 on one day (61,50 + 61,50 = 123,00), no bank reference, same title.
    const id = await invoiceOf('FV/2026/000777', 10000, 2300, '2026-11-06');
    const details = `051^00PRZELEW^3010901014^310000071219812874^38${MF}^20FV/2026/000777 rata^32FIRMA`;
    const cookie = await login();
    const first = await upload(mt940('601/1', [{ amount: '61,50', details }]), cookie);
    expect(await first.json()).toMatchObject({ lines: 1, matched: 1, duplicates: 0 });
    // The next intraday statement (same number, next sequence) books the second half.
    const second = await upload(mt940('601/2', [{ amount: '61,50', details }]), cookie);
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ lines: 1, matched: 1, duplicates: 0 });
    expect(await balance(id)).toEqual({ due_gr: 12300, paid_gr: 12300 });
    expect(await storedLines('FV/2026/000777 rata')).toEqual({ n: 2, gr: 12300 });
    const page = (await (
      await request('/api/admin/payments/invoices?state=all', { headers: { Cookie: cookie } })
    ).json()) as {
      invoices: { number: string; state: string; left: number }[];
    };
    expect(page.invoices.find((i) => i.number === 'FV/2026/000777')).toMatchObject({ state: 'paid', left: 0 });
  });

  it('does not let a stranger’s earlier transfer with an unstructured :86: hide the customer’s', async () => {
    // Unstructured :86: (no sub-fields): no payer, no account; the stranger pays 50,00 with the
    // customer's title a statement earlier, the customer's 50,00 comes in the next one.
    const details = 'PRZELEW FV/2026/000778';
    const cookie = await login();
    expect((await upload(mt940('602/1', [{ amount: '50,00', details }]), cookie)).status).toBe(201);
    const res = await upload(mt940('603/1', [{ amount: '50,00', details }]), cookie);
    expect(await res.json()).toMatchObject({ lines: 1, duplicates: 0 });
    // 50,00 + 50,00 = 100,00 stored.
    expect(await storedLines('PRZELEW FV/2026/000778')).toEqual({ n: 2, gr: 10000 });
  });

  it('keys a bank reference with its amount and date: a reference the bank reuses keeps both lines', async () => {
    const cookie = await login();
    const details = '051^00PRZELEW^20Reused ref';
    await upload(mt940('604/1', [{ amount: '10,00', ref: 'R604', details, day: '251117' }]), cookie);
    const res = await upload(mt940('605/1', [{ amount: '20,00', ref: 'R604', details, day: '251118' }]), cookie);
    expect(await res.json()).toMatchObject({ lines: 1, duplicates: 0 });
    // 10,00 + 20,00 = 30,00.
    expect(await storedLines('Reused ref')).toEqual({ n: 2, gr: 3000 });
  });

  it('does not let a camt batch’s part collide with a real reference spelled entryRef#n', async () => {
    // Entry E9 is a batch of 10,00 and 20,00 (no references of their own); entry "E9#1" is a
    // real reference of another 10,00: three lines, 10,00 + 20,00 + 10,00 = 40,00.
    const file = camt053('CAMT-606', [
      { ref: 'E9', amount: '30.00', title: 'Batch part', parts: ['10.00', '20.00'] },
      { ref: 'E9#1', amount: '10.00', title: 'Batch part' },
    ]);
    const res = await upload(file, await login(), 'wyciag.xml');
    expect(await res.json()).toMatchObject({ lines: 3, duplicates: 0 });
    expect(await storedLines('Batch part')).toEqual({ n: 3, gr: 4000 });
  });

  it('answers 409 “Ten wyciąg już wczytano” to a statement imported before, and writes nothing', async () => {
    const cookie = await login();
    const file = mt940('607/1', [{ amount: '7,00', ref: 'R607', details: '051^00PRZELEW^20Again' }]);
    expect((await upload(file, cookie)).status).toBe(201);
    const statements = () => testEnv.DB.prepare('SELECT count(*) AS n FROM bank_statements').first<{ n: number }>();
    const before = await statements();
    const again = await upload(file, cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: STATEMENT_ERRORS.seen, field: 'file' });
    expect(await statements()).toEqual(before);
  });

  it('imports five parallel uploads of one file once: one 201, four 409, one statement row', async () => {
    const cookie = await login();
    const file = mt940('608/1', [
      { amount: '8,00', details: '051^00PRZELEW^20Parallel' },
      { amount: '8,00', details: '051^00PRZELEW^20Parallel' },
    ]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => upload(file, cookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409))
      expect(await r.json()).toEqual({ error: STATEMENT_ERRORS.seen, field: 'file' });
    const rows = await testEnv.DB.prepare(
      "SELECT count(*) AS n FROM bank_statements WHERE reference LIKE '%nr 608' OR identity LIKE '%\"608\"%'",
    ).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    // Two equal lines of 8,00 in one statement: 16,00 stored once.
    expect(await storedLines('Parallel')).toEqual({ n: 2, gr: 1600 });
  });
});

describe('files that are no statement', () => {
  const statementRows = async () =>
    (await testEnv.DB.prepare('SELECT count(*) AS n FROM bank_statements').first<{ n: number }>())?.n;

  it('refuses a camt.053 without any Ntry and an MT940 the parser cannot read, in Polish, storing nothing', async () => {
    const cookie = await login();
    const before = await statementRows();
    const noEntries = camt053('CAMT-EMPTY-1', []);
    const empty = await upload(noEntries, cookie, 'pusty.xml');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Wyciąg nie zawiera żadnych zaksięgowanych operacji.', field: 'file' });
    // A line of text before the first tag: mt940js fails with a TypeError of its own.
    const good = mt940('701/1', [{ amount: '1,00', details: '051^20Tytuł' }]);
    const texty = await upload(`Wyciąg z banku\n${good}`, cookie);
    expect(texty.status).toBe(400);
    expect(await texty.json()).toEqual({
      error:
        'Plik MT940 jest niepoprawny: nie zaczyna się od pola wyciągu (:20:) albo jego budowy nie da się odczytać. Pobierz wyciąg z banku ponownie.',
      field: 'file',
    });
    const noAccount = await upload(good.replace(/^:25:.*\n/m, ''), cookie);
    expect(await noAccount.json()).toEqual({
      error:
        'Plik MT940 jest niepoprawny: brak obowiązkowego pola :25: (wyciąg 1 w pliku). Pobierz wyciąg z banku ponownie.',
      field: 'file',
    });
    const badAmount = await upload(good.replace('C1,00NTRF', 'X1,00NTRF'), cookie);
    expect(await badAmount.json()).toEqual({
      error: 'Plik MT940 jest niepoprawny: nie da się odczytać pola :61:. Pobierz wyciąg z banku ponownie.',
      field: 'file',
    });
    const noLines = await upload(mt940('702/1', []), cookie);
    expect(await noLines.json()).toEqual({
      error: 'Wyciąg nie zawiera żadnych zaksięgowanych operacji.',
      field: 'file',
    });
    expect(await statementRows()).toBe(before);
  });
});
