// The billing export over more contracts than one batch of the stream: every device once,
// each billed from its own readings of the month and its last reading before it (not the
// first reading ever, nor one after the month), and the month's sums over all batches.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../http/csv.ts';
import { login, read } from '../../tests/worker/admin-helpers.ts';
import { db } from '../../tests/worker/contracts-helpers.ts';

/** More than two batches of contracts (200 each). */
const N = 450;
const PERIOD = '2025-06';
const FEE = 100;
const LIMIT = 1000;
const RATE = 0.05;
/** Pages device `i` printed in the month. */
const pages = (i: number) => 500 + 7 * i;
const grosze = (pln: number) => Math.round(pln * 100);

let cookie = '';

const numbers = `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${N - 1})`;

beforeAll(async () => {
  cookie = await login();
  await db().batch([
    db().prepare(
      `${numbers} INSERT INTO contracts (id, number, year, seq, company, nip, start_date, term_months, catalogue_version, created_by)
       SELECT 'c' || i, 'UM-2024-' || printf('%06d', i), 2024, i, 'Firma ' || i, NULL, '2024-01-01', 36, 1, 'test' FROM n`,
    ),
    db().prepare(
      `${numbers} INSERT INTO devices (serial, device_id, level, company, contract_id, reading_token)
       SELECT 'BATCH-' || printf('%04d', i), 'km-4050i', 'basic', 'Firma ' || i, 'c' || i, 'tok' || i FROM n`,
    ),
    db().prepare(
      `${numbers} INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name,
         device_type, level, monthly_price, monthly_limit, overage_mono, created_by)
       SELECT (SELECT id FROM devices WHERE contract_id = 'c' || i), '2024-01-01', 1, 'km-4050i', 'Konica 4050i', 'mono',
         'basic', ${FEE}, ${LIMIT}, ${RATE}, 'test' FROM n`,
    ),
    // The first reading ever, long before; the last one before the month; two in it (the
    // later one counts); one after it.
    ...[
      ['2024-01-10', '0'],
      ['2025-05-28', '100000'],
      ['2025-06-10', '100001'],
      ['2025-06-20', `100000 + 500 + 7 * i`],
      ['2025-07-05', '900000'],
    ].map(([day, mono]) =>
      db().prepare(
        `${numbers} INSERT INTO meter_readings (device_row, read_on, mono, sent_by, source)
         SELECT (SELECT id FROM devices WHERE contract_id = 'c' || i), '${day}', ${mono}, 'Zespół', 'team' FROM n`,
      ),
    ),
  ]);
});

describe('the billing export in batches of contracts', () => {
  it('bills every device once from its own readings of the month, with the sums of all batches', async () => {
    const res = await read(`/api/admin/readings/billing?period=${PERIOD}`, cookie);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    const col = (name: string) => (header as string[]).indexOf(name);
    const total = rows.at(-1) as string[];
    const lines = rows.slice(0, -1);
    expect(lines).toHaveLength(N);
    expect(new Set(lines.map((l) => l[col('numer_seryjny')])).size).toBe(N);
    let overage = 0;
    for (const line of lines) {
      const i = Number(line[col('numer_seryjny')]?.slice(6));
      expect(line[col('strony_mono')], line[col('numer_seryjny')]).toBe(String(pages(i)));
      const over = Math.max(0, pages(i) - LIMIT);
      expect(line[col('ponad_limit_mono')]).toBe(String(over));
      overage += grosze(over * RATE);
    }
    expect(total[col('numer_seryjny')]).toBe('RAZEM');
    expect(total[col('kwota_netto')]).toBe((overage / 100).toFixed(2).replace('.', ','));
    expect(total[col('abonament_netto')]).toBe(`${N * FEE},00`);
    expect(total[col('razem_netto')]).toBe(((overage + N * FEE * 100) / 100).toFixed(2).replace('.', ','));
  });

  it('the panel and the per-customer summary see the same bills', async () => {
    const json = (await (await read(`/api/admin/readings/billing?period=${PERIOD}&format=json`, cookie)).json()) as {
      bills: { contract: string; lines: { usedMono: number }[] }[];
      customers: { contracts: string[] }[];
    };
    expect(json.bills).toHaveLength(N);
    expect(json.bills.map((b) => b.lines[0]?.usedMono)).toEqual(Array.from({ length: N }, (_, i) => pages(i)));
    expect(json.customers).toHaveLength(N);
    const [, ...customers] = parseCsv(
      await (await read(`/api/admin/readings/billing?period=${PERIOD}&summary=customers`, cookie)).text(),
    );
    expect(customers).toHaveLength(N);
  });
});
