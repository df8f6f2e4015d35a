// A month's bill counts the pages printed in that month: from the last reading before the
// month to the last one in it, never from the device's first reading ever; and pages that
// span a month without a reading meet the allowance of every month they span. Checked
// through the billing export the team uses (GET /api/admin/readings/billing), so it holds
// whatever computes it. Every figure is worked out by hand in the test.
import { beforeAll, describe, expect, it } from 'vitest';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import type { Billing } from '../admin-shared/admin-api.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';

let cookie = '';
const SERIAL = 'BILL0001';
const SKIPPED = 'BILL0002';

/** 'YYYY-MM' of the month `back` months before this one. */
const monthBefore = (back: number): string => {
  const [y, m] = warsawToday().split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string): string =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

beforeAll(async () => {
  cookie = await login('203.0.113.91', 'Ewa');
  // Two bizhub 227 Basic: 219,00 zł a month, 1 000 pages, 0,04 zł a page over.
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    `${SERIAL};bizhub 227;Basic;2025-01-01;36;Biuro Rachunkowe;;;;Słupsk`,
    `${SKIPPED};bizhub 227;Basic;2025-01-01;36;Kancelaria;;;;Słupsk`,
  ].join('\r\n');
  expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
  const reading = async (serial: string, readOn: string, mono: number) =>
    expect((await write('/api/admin/readings', { serial, readOn, mono, confirm: true }, { cookie })).status).toBe(201);
  // The first reading ever, two months before the billed month; the last one before it; one inside it.
  await reading(SERIAL, `${monthBefore(3)}-15`, 10_000);
  await reading(SERIAL, lastDay(monthBefore(2)), 11_000);
  await reading(SERIAL, `${monthBefore(1)}-20`, 13_000);
  // Read at the end of the month before last, not last month, then in the billed month.
  await reading(SKIPPED, lastDay(monthBefore(3)), 20_000);
  await reading(SKIPPED, `${monthBefore(1)}-20`, 21_900);
});

async function billing(period: string): Promise<Billing> {
  const res = await read(`/api/admin/readings/billing?period=${period}&format=json`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as Billing;
}

describe("a month's overage bill", () => {
  it('counts from the last reading before the month, not from the first reading ever', async () => {
    const period = monthBefore(1);
    const bill = (await billing(period)).bills.find((b) => b.lines[0]?.serial === SERIAL);
    // 13 000 − 11 000 = 2 000 pages (not 3 000 from the first reading); 1 000 over × 0,04 =
    // 40,00 zł; net 219,00 + 40,00 = 259,00 zł; VAT 59,57 zł; gross 318,57 zł.
    expect(bill?.lines[0]).toMatchObject({
      months: [period],
      usedMono: 2_000,
      includedMono: 1_000,
      overMono: 1_000,
      rateMono: 0.04,
      amountMono: 40,
      fee: 219,
      net: 259,
    });
    expect(bill).toMatchObject({ months: [period], feeNet: 219, overageNet: 40, net: 259, vat: 59.57, gross: 318.57 });
  });

  it('meets two allowances when the month before had no reading', async () => {
    const period = monthBefore(1);
    const { bills } = await billing(period);
    // Last month had no reading: its bill is the fee alone.
    const skipped = (await billing(monthBefore(2))).bills.find((b) => b.lines[0]?.serial === SKIPPED);
    expect(skipped).toMatchObject({ net: 219, vat: 50.37, gross: 269.37 });
    expect(skipped?.lines[0]).toMatchObject({ hasReading: false, months: [], overMono: 0 });
    // 21 900 − 20 000 = 1 900 pages over two months, against 2 × 1 000: no overage (one
    // month's allowance would bill 900 × 0,04 = 36,00 zł). Net 219,00 zł; gross 269,37 zł.
    const bill = bills.find((b) => b.lines[0]?.serial === SKIPPED);
    expect(bill?.lines[0]).toMatchObject({
      months: [monthBefore(2), period],
      usedMono: 1_900,
      includedMono: 2_000,
      overMono: 0,
      amountMono: 0,
      net: 219,
    });
    expect(bill).toMatchObject({
      months: [monthBefore(2), period],
      overageNet: 0,
      net: 219,
      vat: 50.37,
      gross: 269.37,
    });
  });

  it('says in the export which months a line’s pages span', async () => {
    const csv = await (await read(`/api/admin/readings/billing?period=${monthBefore(1)}`, cookie)).text();
    const line = csv.split('\r\n').find((l) => l.includes(`"${SKIPPED}"`)) ?? '';
    // uwagi (the 18th column), kwota_netto (17th), razem_netto (21st)
    const cells = line.split(';');
    expect(cells[17]).toBe(`"strony i limit za 2 miesiące: ${monthBefore(2)}, ${monthBefore(1)}"`);
    expect(cells[16]).toBe('"0,00"');
    expect(cells[20]).toBe('"219,00"');
  });
});
