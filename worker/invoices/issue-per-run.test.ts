// A month of many contracts: each call issues at most 100 contracts' invoices (two each at most:
// the month's and the month before's), so that a cron run or a click of the owner's button stays
// within D1's 1 000 queries per invocation (the guard of tests/worker/setup.ts counts them), and the
// next calls go on from where it stopped: every contract and month once, the numbers 1…1 300
// without a gap (all 650 contracts' invoices of one month in one invocation ran past the 1 000th).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { asInvocation, recentInvocations } from '../../tests/worker/d1-guard.ts';
import { issueDueInvoices } from './issue.ts';

const CONTRACTS = 650;

describe('a month of 650 contracts', () => {
  it('is issued 100 contracts a run, each run within 1 000 statements, every contract once', async () => {
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CONTRACTS})
         INSERT INTO contracts (id, number, year, seq, company, nip, company_address, billing_email, start_date,
           term_months, catalogue_version, created_by)
         SELECT printf('run-%04d', i), printf('UM-2026-%06d', i), 2026, i, 'Firma ' || i, '5260250274',
           'UL. DŁUGA ' || i || ', 76-200 SŁUPSK', 'faktury' || i || '@firma.pl', '2026-01-01', 36, 0, 'test' FROM n`,
      ),
      env.DB.prepare(
        `INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, contract_id, reading_token)
         SELECT 'RUN' || seq, 'km-4052', 'basic', '2026-01-01', 36, company, id, 'run-token-' || seq FROM contracts
         WHERE id LIKE 'run-%'`,
      ),
      // The rates frozen at signing: a 4052 Basic, 175,00 zł a month.
      env.DB.prepare(
        `INSERT INTO contract_rates (device_row, effective_from, device_id, device_name, device_type, level,
           monthly_price, monthly_limit, overage_mono, created_by)
         SELECT id, '2026-01-01', 'km-4052', 'Konica Minolta bizhub 4052', 'mono', 'basic', 175, 2000, 0.05, 'test'
         FROM devices WHERE serial LIKE 'RUN%'`,
      ),
    ]);
    // The third working day of December 2026 is Thursday the 3rd: December's fees are due in
    // advance, and November's (no invoice yet: the month the fees went in advance) with them.
    const at = new Date('2026-12-03T08:00:00Z');
    const runs: unknown[] = [];
    for (let run = 1; run <= 8; run++) {
      runs.push(
        await asInvocation(`invoices, run ${run}`, () =>
          issueDueInvoices({ DB: env.DB, INVOICE_WORKING_DAY: '3' }, at),
        ),
      );
      expect(recentInvocations().at(-1)?.statements).toBeLessThan(500);
    }
    const more = { period: '2026-12', issued: 200, skipped: 0, more: true };
    expect(runs).toEqual([
      more,
      more,
      more,
      more,
      more,
      more,
      { period: '2026-12', issued: 100, skipped: 0 },
      { period: '2026-12', issued: 0, skipped: 0 },
    ]);
    // Each 4052 Basic: 175,00 zł net, 40,25 zł VAT (23 %), 215,25 zł gross a month; 650 of them
    // 139 912,50 zł a month, once for November and once for December.
    const issued = await env.DB.prepare(
      `SELECT period, count(*) AS n, count(DISTINCT contract_id) AS contracts, sum(gross_gr) AS gross
         FROM invoices WHERE contract_id LIKE 'run-%' GROUP BY period ORDER BY period`,
    ).all();
    expect(issued.results).toEqual([
      { period: '2026-11', n: 650, contracts: 650, gross: 13_991_250 },
      { period: '2026-12', n: 650, contracts: 650, gross: 13_991_250 },
    ]);
    const numbers = await env.DB.prepare(
      'SELECT min(seq) AS first, max(seq) AS last, count(*) AS n FROM invoices',
    ).first();
    expect(numbers).toEqual({ first: 1, last: 1_300, n: 1_300 });
  }, 120_000);
});
