/// <reference types="vite/client" />
// "Od kliknięcia do przelewu" ('Liczby'): a month of leads walked through the real
// routes — a configurator quote from a partner's landing page ordered, signed by the code,
// verified by the statement's transfer, installed, invoiced and part-paid by a line the team
// assigns; a second quote of the same campaign that stops at the quote; a contact message of
// the same campaign; a quote of another campaign — and the report's figures stated by hand;
// the refusals of bad dates and groupings; the CSV; the counters against a rebuild from the chain;
// and the partner whose page brought it sees the same invoice and its commission on /partner.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FunnelReport, FunnelRow } from '../admin-shared/admin-api-funnel.ts';
import type { PartnerStatementAnswer } from '../admin-shared/admin-api-partners.ts';
import type { StatementImport } from '../admin-shared/admin-api-payments.ts';
import { warsawDay, warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { month } from '../../tests/worker/contracts-helpers.ts';
import { accept, codeSentTo, orderBody, postJson } from '../../tests/worker/order-helpers.ts';
import { signInPartner } from '../../tests/worker/partner-helpers.ts';
import { leadFunnelSql, warsawDaySql } from './model.ts';
import { medianOf } from './report.ts';
import mbank from '../payments/samples/mt940-mbank.sta?raw';
import migration from '../migrations/0455_funnel.sql?raw';

const testEnv = env as unknown as Env;
const ORIGIN = 'http://kserowo.test';

const today = warsawToday();
const thisMonth = { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-31` };

/** A configurator quote with this attribution, as the widget sends it. */
async function quote(attribution: Record<string, string>, email: string) {
  const res = await fromPartnerPage('/api/quotes', {
    deviceId: 'km-c3320i',
    level: 'basic',
    term: 36,
    contact: { name: 'Anna Nowak', email, company: 'Firma sp. z o.o.' },
    submissionId: crypto.randomUUID(),
    attribution,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

const report = async (query: string, cookie: string) => {
  const res = await read(`/api/admin/stats/funnel?${query}`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FunnelReport;
};
const rowOf = (r: FunnelReport, key: string) => r.rows.find((row) => row.key === key) as FunnelRow;

/** Sent from the partner's own page: a partner is confirmed only from its domains (worker/leads/partners.ts). */
function fromPartnerPage(path: string, body: unknown) {
  return request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://drukarnia-abc.pl' },
    body: JSON.stringify(body),
  });
}

const ZIMA = { origin: 'https://drukarnia-abc.pl', partner: 'drukarnia-abc', utm_source: 'google', utm_medium: 'cpc' };

describe('a month of leads, from the click to the transfer', () => {
  let owner = '';

  it('counts every step of the chain on the lead’s day, with the money in grosze', async () => {
    owner = await login();
    // Lead 1: a quote from the partner's landing page (its query string is not part of the page).
    const q1 = await quote({ ...ZIMA, utm_campaign: 'zima-2026', page: '/oferta/ksero?gclid=abc' }, 'jeden@firma.pl');
    // Lead 2: the same campaign, a quote that goes no further.
    await quote({ ...ZIMA, utm_campaign: 'zima-2026', page: '/oferta/ksero' }, 'dwa@firma.pl');
    // Lead 3: a contact message of the same campaign from another page.
    const contact = await fromPartnerPage('/api/send-contact-email', {
      name: 'Ewa Lis',
      email: 'trzy@firma.pl',
      submissionId: crypto.randomUUID(),
      attribution: { ...ZIMA, utm_campaign: 'zima-2026', page: '/kontakt' },
    });
    expect(contact.status).toBe(200);
    // Lead 4: another campaign, no partner, a page that is not a path.
    await quote(
      { origin: ORIGIN, utm_source: 'newsletter', utm_campaign: 'lato-2026', page: 'javascript:x' },
      'cztery@firma.pl',
    );

    // Lead 1 orders (NIP 526-025-02-74, the White List stand-in's taxpayer) and signs by the code.
    const placed = await postJson(`/api/orders/${q1.id}`, await orderBody({ signerEmail: 'podpis@firma.pl' }));
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string };
    expect((await accept(order.id, await codeSentTo('podpis@firma.pl'))).status).toBe(200);

    // The bank statement: its 1,00 zł from an account the register lists verifies the order
    // (the sample names order KS-2026-000001: this run's quote number in its place).
    const file = mbank.replace('KS-2026-000001', q1.number);
    const form = new FormData();
    form.append('file', new File([file], 'wyciag.sta', { type: 'application/octet-stream' }));
    const upload = await request('/api/admin/bank-statements', {
      method: 'POST',
      headers: { Cookie: owner, Origin: ORIGIN },
      body: form,
    });
    expect(upload.status).toBe(201);
    const imported = (await upload.json()) as StatementImport;
    expect(imported.results[0]).toMatchObject({ amount: 1, match: 'verification' });

    // The installation protocol starts the contract today.
    const installed = await write(
      `/api/admin/orders/${order.id}/installation`,
      { installedOn: today, serial: 'FUNNEL-0001', mono: 10, color: 5 },
      { cookie: owner },
    );
    expect(installed.status, await installed.clone().text()).toBe(201);
    const contractId = ((await installed.json()) as { contract: { id: string } }).contract.id;
    // The installation can only be dated today; the test moves the contract's start to the 1st
    // of last month so that last month's invoice is a whole month's fee (no pro rata by today's date).
    const start = `${month(-1)}-01`;
    await testEnv.DB.batch([
      testEnv.DB.prepare('UPDATE contracts SET start_date = ? WHERE id = ?').bind(start, contractId),
      testEnv.DB.prepare(
        'UPDATE contract_rates SET effective_from = ? WHERE device_row IN (SELECT id FROM devices WHERE contract_id = ?)',
      ).bind(start, contractId),
    ]);
    const issued = await write('/api/admin/invoices/issue', { period: month(-1) }, { cookie: owner });
    expect(issued.status, await issued.clone().text()).toBe(200);
    expect(await issued.json()).toMatchObject({ issued: 1 });
    const invoice = await testEnv.DB.prepare('SELECT number, net_gr FROM invoices WHERE contract_id = ?')
      .bind(contractId)
      .first<{ number: string; net_gr: number }>();
    // A whole month of the C3320i's Basic package: 195,00 zł net, no pages before the start.
    expect(invoice?.net_gr).toBe(19_500);

    // The team assigns the statement's waiting 120,00 zł to that invoice: it is part-paid.
    const waiting = imported.results.find((l) => l.amount === 120);
    const assigned = await write(
      `/api/admin/bank-statements/lines/${waiting?.id}`,
      { invoice: invoice?.number, note: 'Wpłata częściowa od klienta.' },
      { cookie: owner },
    );
    expect(assigned.status, await assigned.clone().text()).toBe(200);

    const byCampaign = await report(`from=${thisMonth.from}&to=${thisMonth.to}&by=campaign`, owner);
    // zima-2026: 3 leads (2 quotes, 1 contact); 1 order signed of 2 quotes; verified, installed;
    // the contract's monthly fee 195,00 zł = 19 500 gr; invoiced net 19 500 gr; paid: the
    // verification's 1,00 zł (credited to the first invoice) + 120,00 zł = 12 100 gr.
    expect(rowOf(byCampaign, 'zima-2026')).toEqual({
      key: 'zima-2026',
      leads: 3,
      quotes: 2,
      orders: 1,
      verified: 1,
      installed: 1,
      contractValue: 19_500,
      invoicedNet: 19_500,
      paid: 12_100,
      // 2 of 3 leads quoted (0,6667), 1 of 2 quotes ordered, 1 of 1 verified, 1 of 1 installed.
      conversion: { quotes: 0.6667, orders: 0.5, verified: 1, installed: 1 },
      // Lead and signature on the same Warsaw day.
      medianDaysToSigned: 0,
    });
    // lato-2026: one quote, nothing after it; no signature, so no median.
    expect(rowOf(byCampaign, 'lato-2026')).toMatchObject({
      leads: 1,
      quotes: 1,
      orders: 0,
      paid: 0,
      conversion: { quotes: 1, orders: 0, verified: null, installed: null },
      medianDaysToSigned: null,
    });
    // The total is every lead of the month once (the sum of its rows), with the one order's money.
    // Summed, not 4: a lead another test file's queue delivered later may land in this month too.
    const sum = (k: 'leads' | 'quotes' | 'orders') => byCampaign.rows.reduce((n, r) => n + r[k], 0);
    expect(byCampaign.total).toMatchObject({
      leads: sum('leads'),
      quotes: sum('quotes'),
      orders: sum('orders'),
      invoicedNet: 19_500,
      paid: 12_100,
    });
    expect(sum('leads')).toBeGreaterThanOrEqual(4);

    // By page: the path without its query; a value that is not a path is '(brak)'.
    const byPage = await report(`from=${thisMonth.from}&to=${thisMonth.to}&by=page`, owner);
    expect(byPage.rows.map((r) => [r.key, r.leads, r.orders, r.paid])).toEqual([
      ['/oferta/ksero', 2, 1, 12_100],
      ['(brak)', 1, 0, 0],
      ['/kontakt', 1, 0, 0],
    ]);
    // By partner: the three leads from the partner's page; lead 4 had none.
    const byPartner = await report(`from=${thisMonth.from}&to=${thisMonth.to}&by=partner`, owner);
    expect(byPartner.rows.map((r) => [r.key, r.leads, r.installed, r.contractValue])).toEqual([
      ['drukarnia-abc', 3, 1, 19_500],
      ['(brak)', 1, 0, 0],
    ]);
    // By source: google 3, newsletter 1.
    const bySource = await report(`from=${thisMonth.from}&to=${thisMonth.to}&by=source`, owner);
    expect(bySource.rows.map((r) => [r.key, r.leads])).toEqual([
      ['google', 3],
      ['newsletter', 1],
    ]);
    // Leads of other days are not in a range that leaves today out.
    const yesterday = warsawDay(new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000));
    const before = await report(`from=${yesterday}&to=${yesterday}&by=campaign`, owner);
    expect(before.rows).toEqual([]);
    expect(before.total).toMatchObject({ leads: 0, medianDaysToSigned: null });

    // The partner sees the same money on /partner: drukarnia-abc earns 10 % of the net paid.
    // Invoice 195,00 zł net + 44,85 zł VAT = 239,85 zł; paid 121,00 zł of it, so the paid net is
    // 195,00 × 121,00 / 239,85 = 98,3740… → 98,37 zł; 10 % = 9,837 → 9,84 zł.
    const contract = await testEnv.DB.prepare(
      'SELECT c.number, o.company_name FROM contracts c JOIN orders o ON o.id = c.order_ref WHERE c.id = ?',
    )
      .bind(contractId)
      .first<{ number: string; company_name: string }>();
    const line = (r: PartnerStatementAnswer) => r.statement.lines.find((l) => l.contractNumber === contract?.number);
    const statement = (await (
      await read(`/api/admin/partners/drukarnia-abc/statements/${month(-1)}`, owner)
    ).json()) as PartnerStatementAnswer;
    expect(line(statement)).toMatchObject({
      invoiceNumber: invoice?.number,
      netGr: 19_500,
      paidNetGr: 9837,
      commissionGr: 984,
    });
    const email = await write(
      '/api/admin/partners/drukarnia-abc',
      { email: 'rozliczenia@drukarnia-abc.pl' },
      { cookie: owner, method: 'PATCH' },
    );
    expect(email.status).toBe(200);
    const partner = await signInPartner('rozliczenia@drukarnia-abc.pl', '198.51.100.90');
    const csv = await (await request(`/partner/zestawienie/${month(-1)}.csv`, { headers: { Cookie: partner } })).text();
    expect(csv).toContain(
      `"${contract?.number}";"${contract?.company_name}";"${invoice?.number}";"195,00";"98,37";"9,84"`,
    );
  });

  it('keeps the counters equal to the chain worked out again from scratch', async () => {
    const counted = await testEnv.DB.prepare(
      'SELECT dim, day, key, leads, quotes, orders, verified, installed, contract_value_gr, invoiced_net_gr, paid_gr FROM funnel_counts WHERE leads <> 0 ORDER BY 1, 2, 3',
    ).all();
    await testEnv.DB.batch([
      testEnv.DB.prepare('DELETE FROM lead_funnel'),
      testEnv.DB.prepare('DELETE FROM funnel_counts'),
      testEnv.DB.prepare('DELETE FROM funnel_signed_days'),
    ]);
    // The migration's backfill, run again over every lead.
    const backfill = migration
      .split(/;\s*\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => /^INSERT INTO (lead_funnel|funnel_counts|funnel_signed_days)/.test(s));
    expect(backfill).toHaveLength(3);
    await testEnv.DB.batch(backfill.map((s) => testEnv.DB.prepare(s)));
    const rebuilt = await testEnv.DB.prepare(
      'SELECT dim, day, key, leads, quotes, orders, verified, installed, contract_value_gr, invoiced_net_gr, paid_gr FROM funnel_counts WHERE leads <> 0 ORDER BY 1, 2, 3',
    ).all();
    expect(counted.results.length).toBeGreaterThan(0);
    expect(rebuilt.results).toEqual(counted.results);
  });

  it('refuses bad dates and groupings in Polish, naming the field', async () => {
    const cases: [string, string, string][] = [
      ['to=2026-11-30&by=campaign', 'from', 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).'],
      ['from=2026-11-01&to=2026-02-30', 'to', 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).'],
      ['from=1.11.2026&to=2026-11-30', 'from', 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).'],
      ['from=2026-11-30&to=2026-11-01', 'from', 'Data „od” nie może być późniejsza niż data „do”.'],
      ['from=2025-01-01&to=2026-01-02', 'to', 'Raport obejmuje najwyżej 366 dni: zawęź zakres dat.'],
      [
        'from=2026-11-01&to=2026-11-30&by=device',
        'by',
        'Raport grupuje się według: partner, source, medium, campaign albo page.',
      ],
    ];
    for (const [query, field, error] of cases) {
      const res = await read(`/api/admin/stats/funnel?${query}`, owner);
      expect([query, res.status, await res.json()]).toEqual([query, 400, { error, field }]);
      const csv = await read(`/api/admin/stats/funnel.csv?${query}`, owner);
      expect(csv.status).toBe(400);
    }
    // 366 days (a leap year's whole year) is accepted.
    expect((await read('/api/admin/stats/funnel?from=2028-01-01&to=2028-12-31&by=page', owner)).status).toBe(200);
  });

  it('gives the accountant a ;-separated Polish CSV with the money in złoty', async () => {
    const res = await read(`/api/admin/stats/funnel.csv?from=${thisMonth.from}&to=${thisMonth.to}&by=campaign`, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"Kampania (utm_campaign)";"Leady";"Wyceny";"Zamówienia podpisane";"Zweryfikowane";"Zainstalowane";"Wartość umów miesięcznie netto (zł)";"Zafakturowano netto (zł)";"Wpłacono (zł)";"Wycena z leada (%)";"Zamówienie z wyceny (%)";"Weryfikacja zamówienia (%)";"Instalacja po weryfikacji (%)";"Mediana dni od leada do podpisu"',
    );
    // 19 500 gr = 195,00 zł; 12 100 gr = 121,00 zł; 2 of 3 = 66,7 %.
    expect(lines).toContain(
      '"zima-2026";"3";"2";"1";"1";"1";"195,00";"195,00";"121,00";"66,7";"50,0";"100,0";"100,0";"0"',
    );
    // The total line: the rows' leads summed, the one order's money in złoty.
    const cells = (line: string) => line.split(';').map((c) => c.replace(/^"|"$/g, ''));
    const rows = lines.slice(1).filter((l) => l && !l.startsWith('"Razem"'));
    const total = cells(lines.find((l) => l.startsWith('"Razem"')) ?? '');
    expect(Number(total[1])).toBe(rows.reduce((n, l) => n + Number(cells(l)[1]), 0));
    expect(total.slice(3, 9)).toEqual(['1', '1', '1', '195,00', '195,00', '121,00']);
  });
});

describe('the pieces', () => {
  it('finds the median of the days from lead to signed', () => {
    expect(medianOf([])).toBeNull();
    // 1, 3, 3, 10 → (3 + 3) / 2 = 3; 2, 4 → 3; 5 alone → 5.
    expect(
      medianOf([
        [1, 1],
        [3, 2],
        [10, 1],
      ]),
    ).toBe(3);
    expect(
      medianOf([
        [2, 1],
        [4, 1],
      ]),
    ).toBe(3);
    expect(medianOf([[5, 1]])).toBe(5);
  });

  it("takes the Warsaw day in SQL as warsawDay does, on both sides of the clock's changes", async () => {
    const instants = [
      '2026-03-29T00:59:59.000Z', // 01:59 CET: the 29th
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-10-24T22:30:00.000Z', // 00:30 CEST on the 25th
      '2026-10-25T00:59:00.000Z', // 02:59 CEST
      '2026-10-25T23:30:00.000Z', // 00:30 CET on the 26th
      '2026-12-31T23:00:00.000Z', // midnight CET: the new year
      '2027-03-27T23:30:00.000Z', // 00:30 CET on the 28th, a Sunday
      '2026-06-30T21:59:00.000Z', // 23:59 CEST on the 30th
      '2026-06-30T22:00:00.000Z', // 00:00 CEST on 1 July
    ];
    for (const at of instants) {
      const row = await testEnv.DB.prepare(`SELECT ${warsawDaySql('?1')} AS day`)
        .bind(at)
        .first<{ day: string }>();
      expect([at, row?.day]).toEqual([at, warsawDay(new Date(at))]);
    }
  });

  it("has the migration's backfill word for word the model's statement over every lead", () => {
    expect(migration).toContain(`${leadFunnelSql('SELECT id FROM leads')};`);
  });
});
