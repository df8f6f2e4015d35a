// Money in by KSeF number: from 2027 a payer quotes the invoice's KSeF number in the
// title (art. 108g of the VAT Act). A line naming two invoices by KSeF number pays both, shared in
// the order written; a number with a wrong checksum pays nothing and says why; a title the bank cut
// mid-number (sub-fields of a structured :86:, or 65-character lines of a plain one) is read as the
// payer typed it. Through the admin API as the panel uploads a statement.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StatementImport } from '../admin-shared/admin-api-payments.ts';
import { login, request } from '../../tests/worker/admin-helpers.ts';
import { ksefNumber } from '../invoices/ksef/number.ts';

const testEnv = env as unknown as Env;
const SELLER = '5265877635';
const BUYER = '5830002002';

async function contract(id: string, number: string) {
  await testEnv.DB.prepare(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by)
     VALUES (?1, ?2, 2026, ?3, 'BIURO RACHUNKOWE ABC SP. Z O.O.', ?4, 'ksef-tytuly@abc.example', '2026-01-01', 36, 0, 'test')`,
  )
    .bind(id, number, 970000 + Number(number.slice(-2)), BUYER)
    .run();
}

/** An invoice KSeF accepted, as the issuing and the KSeF delivery write it; gross = net + VAT in grosze. */
async function acceptedInvoice(seq: number, contractId: string, netGr: number, vatGr: number, technical: string) {
  const id = crypto.randomUUID();
  const number = `FV/2026/97${String(seq).padStart(4, '0')}`;
  // One invoice per contract and month: August to November.
  const period = `2026-${String(7 + seq).padStart(2, '0')}`;
  await testEnv.DB.prepare(
    `INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr,
       seller_nip, buyer_nip, xml, xml_sha256, created_by)
     VALUES (?1, ?2, 2026, ?3, 'VAT', ?4, ?10, ?10 || '-01', ?10 || '-15', ?5, ?6, ?7, ?8, ?9, '<Faktura/>', 'x', 'test')`,
  )
    .bind(id, number, 970000 + seq, contractId, netGr, vatGr, netGr + vatGr, SELLER, BUYER, period)
    .run();
  const ksef = ksefNumber(SELLER, '2026-11-01', technical);
  await testEnv.DB.prepare("INSERT INTO ksef_invoices (invoice_id, status, ksef_number) VALUES (?1, 'accepted', ?2)")
    .bind(id, ksef)
    .run();
  return { id, number, ksef };
}

const balance = (id: string) =>
  testEnv.DB.prepare('SELECT due_gr, paid_gr FROM invoice_balances WHERE id = ?')
    .bind(id)
    .first<{ due_gr: number; paid_gr: number }>();

async function upload(text: string, cookie: string): Promise<StatementImport> {
  const form = new FormData();
  form.append('file', new File([text], 'wyciag.sta', { type: 'application/octet-stream' }));
  const res = await request('/api/admin/bank-statements', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: 'http://kserowo.test' },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as StatementImport;
}

describe('a transfer quoting KSeF numbers', () => {
  it('pays the invoices it names, shared in the order written; a number with a wrong checksum pays nothing', async () => {
    await contract('c-ksef-titles-01', 'UM-2026-970001');
    // A: 199,00 net + 23 % VAT 45,77 = 244,77 gross; B: 100,00 + 23,00 = 123,00;
    // C: 50,00 + 11,50 = 61,50; D: 100,00 + 23,00 = 123,00.
    const a = await acceptedInvoice(1, 'c-ksef-titles-01', 19900, 4577, '0100000000A1');
    const b = await acceptedInvoice(2, 'c-ksef-titles-01', 10000, 2300, '0100000000B2');
    const c = await acceptedInvoice(3, 'c-ksef-titles-01', 5000, 1150, '0100000000C3');
    const d = await acceptedInvoice(4, 'c-ksef-titles-01', 10000, 2300, '0100000000D4');
    // A's number with its last checksum digit changed: no invoice has it.
    const wrong = `${a.ksef.slice(0, 34)}${a.ksef.endsWith('0') ? '1' : '0'}`;
    const bare = (n: string) => n.replaceAll('-', '');
    // Line 1: 244,77 + 123,00 = 367,77 for A and B, B's number written without dashes and cut by the
    //   bank between sub-fields ~20 and ~21 (27 characters each).
    // Line 2: 10,00 quoting the misspelt number.
    // Line 3: 100,00 for C then D: C gets what it asks, 61,50; D the rest, 100,00 − 61,50 = 38,50.
    // Line 4: a plain :86: (no sub-fields) cut at 65 characters in the middle of D's number (which
    //   starts at character 62): 5,00 more to D: 38,50 + 5,00 = 43,50 paid of 123,00.
    // Credits 367,77 + 10,00 + 100,00 + 5,00 = 482,77; opening 0,00, closing 482,77.
    const title1 = `FAKTURY ${a.ksef} ${bare(b.ksef)}`;
    const plain = `Zaplata za fakture VAT za listopad 2026, numer KSeF faktury: ${d.ksef} dziekujemy`;
    const statement = [
      ':20:MT940',
      ':25:/PL97114020040000320201355387',
      ':28C:00401',
      ':60F:C261202PLN0,00',
      ':61:2612021202C367,77S0200000000000201//N26120200009101',
      `:86:020~00VE02~20${title1.slice(0, 27)}~21${title1.slice(27, 54)}~22${title1.slice(54)}`,
      '~3010500099~310000001234567890~32BIURO RACHUNKOWE ABC SP. Z O.O.',
      '~38PL39105000990000001234567890',
      ':61:2612021202C10,00S0200000000000202//N26120200009102',
      `:86:020~00VE02~20${wrong.slice(0, 27)}~21${wrong.slice(27)}~32JAN NOWAK`,
      ':61:2612021202C100,00S0200000000000203//N26120200009103',
      `:86:020~00VE02~20${c.ksef.slice(0, 27)}~21${c.ksef.slice(27)} ${d.ksef.slice(0, 18)}~22${d.ksef.slice(18)}`,
      ':61:2612021202C5,00S0200000000000204//N26120200009104',
      `:86:${plain.slice(0, 65)}`,
      plain.slice(65),
      ':62F:C261202PLN482,77',
      '-',
    ].join('\r\n');
    const body = await upload(statement, await login());
    expect(body).toMatchObject({ lines: 4, matched: 3, unmatched: 1 });
    expect(body.results.map((l) => [l.amount, l.match, l.how, l.invoice])).toEqual([
      [367.77, 'invoice', 'ksef', a.number],
      [10, null, null, null],
      [100, 'invoice', 'ksef', c.number],
      [5, 'invoice', 'ksef', d.number],
    ]);
    expect(body.results[3]?.title).toBe(plain);
    expect(body.results[0]?.note).toBe(
      `Wpłata rozdzielona według numerów KSeF z tytułu: ${a.number} – 244,77 zł; ${b.number} – 123,00 zł.`,
    );
    expect(body.results[1]?.note).toContain(`numer KSeF ${wrong} z tytułu ma błędną sumę kontrolną`);
    expect(await balance(a.id)).toEqual({ due_gr: 24477, paid_gr: 24477 });
    expect(await balance(b.id)).toEqual({ due_gr: 12300, paid_gr: 12300 });
    expect(await balance(c.id)).toEqual({ due_gr: 6150, paid_gr: 6150 });
    expect(await balance(d.id)).toEqual({ due_gr: 12300, paid_gr: 4350 });
  });
});
