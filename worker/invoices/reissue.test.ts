// When KSeF refuses (docs/invoices.md, "When KSeF rejects an invoice"): what the FA(3) schema
// would refuse is not issued at all (no number spent), and an invoice KSeF rejected is owed by
// nobody, its copy says it is not an invoice, and 'Wystaw ponownie' issues it again with the same
// number: accepted on the second issue, in KSeF once, the year's series without a gap.
import { describe, expect, it } from 'vitest';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { db, month } from '../../tests/worker/contracts-helpers.ts';
import { freshKsef } from '../../tests/worker/ksef-helpers.ts';
import { INVOICE_ERRORS } from '../http/errors.ts';
import { runKsef } from './ksef/sender.ts';

const year = () => Number(new Date().toISOString().slice(0, 4));

/**
 * A contract from the 1st of `start` ('YYYY-MM'): a month's run invoices its month's fee in advance and the
 * month before's when not yet invoiced (compose.ts), so a contract starting in the run's month has one invoice.
 */
async function contract(owner: string, serial: string, start = month(-2)): Promise<string> {
  const res = await write(
    '/api/admin/contracts',
    {
      company: `Firma ${serial}`,
      nip: '5260250274',
      companyAddress: 'UL. DŁUGA 5, 00-950 WARSZAWA',
      billingEmail: `${serial.toLowerCase()}@firma.pl`,
      startDate: `${start}-01`,
      termMonths: 36,
      devices: [{ serial, deviceId: 'km-4052', level: 'basic' }],
    },
    { cookie: owner },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { number: string }).number;
}

/** The month's invoices of these contracts (the file's tests share the database), in number order. */
const invoicesOf = async (period: string, contracts: string[]) =>
  (
    await db()
      .prepare(
        `SELECT i.id, i.number, i.seq, i.issue_date, c.number AS contract, k.status, k.ksef_number
           FROM invoices i JOIN contracts c ON c.id = i.contract_id JOIN ksef_invoices k ON k.invoice_id = i.id
          WHERE i.period = ? AND c.number IN (SELECT value FROM json_each(?)) ORDER BY i.seq`,
      )
      .bind(period, JSON.stringify(contracts))
      .all<{ id: string; number: string; seq: number; contract: string; status: string; ksef_number: string | null }>()
  ).results;

describe('when KSeF refuses', { timeout: 180_000 }, () => {
  it('a buyer NIP the FA(3) schema refuses (0123456789 passes the checksum) holds the invoice back, no number spent', async () => {
    const owner = await login('203.0.113.71', 'Właściciel');
    const bad = await contract(owner, 'HOLD-1');
    const good = await contract(owner, 'HOLD-2');
    // Data typed before the rule (the forms now refuse it): the schema's TNrNIP wants no leading 0.
    await db().prepare("UPDATE contracts SET nip = '0123456789' WHERE number = ?").bind(bad).run();
    const period = month(-2);
    const first = await write('/api/admin/invoices/issue', { period }, { cookie: owner });
    expect(await first.json()).toEqual({
      issued: 1,
      skipped: 0,
      held: [{ contract: bad, problems: ['NIP nabywcy: „0123456789” nie spełnia wymogów schematu FA(3)'] }],
      more: false,
    });
    expect((await invoicesOf(period, [bad, good])).map((i) => i.contract)).toEqual([good]);
    // The owner puts the NIP right; the next run issues it with the next number: no gap, no repeat.
    await db().prepare("UPDATE contracts SET nip = '5260250274' WHERE number = ?").bind(bad).run();
    const second = await write('/api/admin/invoices/issue', { period }, { cookie: owner });
    expect(await second.json()).toEqual({ issued: 1, skipped: 1, more: false });
    const issued = await invoicesOf(period, [bad, good]);
    expect(issued.map((i) => i.contract)).toEqual([good, bad]);
    expect(issued[1]?.seq).toBe((issued[0]?.seq ?? 0) + 1);
  });

  it('a rejected invoice is owed by nobody, says it is no invoice, and issued again with its number is accepted once', async () => {
    const owner = await login('203.0.113.72', 'Właściciel');
    const mine = [await contract(owner, 'REJ-1', month(-1)), await contract(owner, 'REJ-2', month(-1))];
    const period = month(-1);
    // The month of these two (their first) and of the first test's two (their second; their first was invoiced).
    expect(await (await write('/api/admin/invoices/issue', { period }, { cookie: owner })).json()).toMatchObject({
      issued: 4,
    });
    const before = await invoicesOf(period, mine);
    expect(before).toHaveLength(2);
    const ksef = await freshKsef(null);
    // KSeF refuses the first of the two (450: what KSeF checks beyond the schema), once.
    await ksef.switches({ rejectNumbers: [before[0]?.number] });
    await runKsef(ksef.env, { ids: before.map((i) => i.id) });
    const sent = await invoicesOf(period, mine);
    expect(sent.map((i) => i.status)).toEqual(['rejected', 'accepted']);
    const rejected = sent[0] as (typeof sent)[number];

    // Not owed: not in the balances (Faktury do zapłaty, the overdue list, the reminders read them).
    const owed = await db()
      .prepare('SELECT id FROM invoice_balances WHERE id IN (?, ?)')
      .bind(before[0]?.id, before[1]?.id)
      .all<{ id: string }>();
    expect(owed.results.map((r) => r.id)).toEqual([sent.find((i) => i.status === 'accepted')?.id]);
    // Its copy says plainly that it is not an invoice: no "Faktura VAT", no payment order, no promise of a number.
    const copy = await (await request(`/faktura/${rejected.id}`)).text();
    expect(copy).toContain('To nie jest jeszcze faktura');
    expect(copy).toContain('nic na jej podstawie nie jest należne');
    expect(copy).not.toContain('Faktura VAT nr');
    expect(copy).not.toContain('Przelewem');
    expect(copy).not.toContain('w ciągu kilku minut');
    // The register shows KSeF's reason.
    const register = (await (await read(`/api/admin/invoices?period=${period}`, owner)).json()) as {
      invoices: { id: string; ksefError?: string }[];
    };
    expect(register.invoices.find((i) => i.id === rejected.id)?.ksefError).toMatch(/^450 /);

    // 'Wystaw ponownie': the same invoice, the same number, queued again; the rejected XML kept.
    const res = await write(`/api/admin/invoices/${rejected.id}/reissue`, {}, { cookie: owner });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: rejected.id, number: rejected.number });
    const kept = await db()
      .prepare('SELECT attempt, status_code, reissued_by FROM invoice_rejections WHERE invoice_id = ?')
      .bind(rejected.id)
      .all();
    expect(kept.results).toEqual([{ attempt: 1, status_code: 450, reissued_by: 'Właściciel' }]);
    const audit = (await (await read('/api/admin/audit?area=invoices', owner)).json()) as {
      entries: { action: string; target: string | null }[];
    };
    expect(audit.entries.find((e) => e.action === 'invoices.reissue')?.target).toBe(rejected.number);

    await runKsef(ksef.env, { ids: [rejected.id] });
    const after = await invoicesOf(period, mine);
    expect(after.map((i) => i.status)).toEqual(['accepted', 'accepted']);
    // No duplicate: KSeF has each number once, with its own KSeF number; no gap: the two numbers follow each other.
    const report = await ksef.report();
    const ours = after.map((i) => i.number);
    expect(report.accepted.map((a) => a.number).filter((n) => ours.includes(n))).toHaveLength(2);
    expect(new Set(report.accepted.map((a) => a.number)).size).toBe(report.accepted.length);
    expect(new Set(after.map((i) => i.ksef_number)).size).toBe(2);
    expect(after.map((i) => i.seq)).toEqual([before[0]?.seq, (before[0]?.seq ?? 0) + 1]);
    expect(after.map((i) => i.number)).toEqual(before.map((i) => i.number));
    expect(after[0]?.number).toMatch(new RegExp(`^FV/${year()}/`));
    // Owed again, and not issued a third time.
    const again = await db()
      .prepare('SELECT count(*) AS n FROM invoice_balances WHERE id = ?')
      .bind(rejected.id)
      .first();
    expect(again).toEqual({ n: 1 });
    const twice = await write(`/api/admin/invoices/${rejected.id}/reissue`, {}, { cookie: owner });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: INVOICE_ERRORS.notRejected(rejected.number) });
  });

  it('a rejected correction was never issued: the next correction corrects the invoice as KSeF has it', async () => {
    const owner = await login('203.0.113.74', 'Właściciel');
    const mine = [await contract(owner, 'KOR-1')];
    const period = month(-2);
    await write('/api/admin/invoices/issue', { period }, { cookie: owner });
    const [original] = await invoicesOf(period, mine);
    // KSeF accepted the invoice (the sender writes this).
    await db()
      .prepare("UPDATE ksef_invoices SET status = 'accepted', ksef_number = ? WHERE invoice_id = ?")
      .bind('1111111111-20261105-0A1B2C3D4E5F-7A', original?.id)
      .run();
    // The buyer moved; the first correction names the new address, and KSeF rejects it.
    await db()
      .prepare("UPDATE contracts SET company_address = 'UL. NOWA 1, 00-001 WARSZAWA' WHERE number = ?")
      .bind(mine[0])
      .run();
    const first = await write(
      `/api/admin/invoices/${original?.id}/correction`,
      { reason: 'Zmiana adresu nabywcy' },
      { cookie: owner },
    );
    expect(first.status, await first.clone().text()).toBe(201);
    const kor1 = (await first.json()) as { id: string; number: string };
    await db()
      .prepare("UPDATE ksef_invoices SET status = 'rejected', status_code = 450, error = 'Błąd' WHERE invoice_id = ?")
      .bind(kor1.id)
      .run();
    // Not issued again in place: a new correction is.
    const again = await write(`/api/admin/invoices/${kor1.id}/reissue`, {}, { cookie: owner });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: INVOICE_ERRORS.reissueCorrection });
    // The new correction corrects the invoice as issued (the rejected one changed nothing): the buyer before is the old address.
    const second = await write(
      `/api/admin/invoices/${original?.id}/correction`,
      { reason: 'Zmiana adresu nabywcy' },
      { cookie: owner },
    );
    expect(second.status, await second.clone().text()).toBe(201);
    const kor2 = (await second.json()) as { id: string };
    const xml = await (await read(`/api/admin/invoices/${kor2.id}/xml`, owner)).text();
    expect(xml).toMatch(/<Podmiot2K>[\s\S]*<AdresL1>UL. DŁUGA 5, 00-950 WARSZAWA<\/AdresL1>[\s\S]*<\/Podmiot2K>/);
    expect(xml).toContain('<TypKorekty>1</TypKorekty>');
    // The rejected correction's copy: not an invoice, a new correction will come.
    const copy = await (await request(`/faktura/${kor1.id}`)).text();
    expect(copy).toContain('To nie jest jeszcze faktura');
    expect(copy).toContain('wystawimy nową fakturę korygującą');
  });
});
