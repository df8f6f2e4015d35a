// Bills of hand-worked months: every figure below is worked out by hand in the comment beside
// it (fee, pages, allowance, overage per colour, net, VAT, gross), never taken from the bill.
import { describe, expect, it } from 'vitest';
import { type BilledContract, type FrozenRates, billFor } from './bill.ts';
import type { Reading } from '../../widgets/core/meter.ts';

/** A colour device's signed rates: 195,00 zł a month, 1 000 mono and 200 colour pages, 0,08 / 0,22 zł a page over. */
const COLOUR: FrozenRates = {
  effectiveFrom: '2026-06-15',
  catalogueVersion: 3,
  deviceId: 'km-c3320i',
  deviceName: 'Konica Minolta bizhub C3320i',
  deviceType: 'color',
  level: 'basic',
  monthlyPrice: 195,
  monthlyLimit: 1000,
  colorLimit: 200,
  overageMono: 0.08,
  overageColor: 0.22,
};

/** A mono device: 150,00 zł a month, 2 000 pages, 0,05 zł a page over. */
const MONO: FrozenRates = {
  ...COLOUR,
  deviceId: 'km-4052',
  deviceName: 'Konica Minolta bizhub 4052',
  deviceType: 'mono',
  monthlyPrice: 150,
  monthlyLimit: 2000,
  colorLimit: null,
  overageMono: 0.05,
  overageColor: null,
};

const r = (readOn: string, mono: number, color: number | null = null): Reading => ({
  readOn,
  mono,
  color,
  reset: false,
});

const contract = (devices: BilledContract['devices'], over: Partial<BilledContract> = {}): BilledContract => ({
  number: 'UM-2026-000007',
  company: 'Biuro Rachunkowe Alfa sp. z o.o.',
  nip: '5260250274',
  startDate: '2026-06-15',
  termMonths: 36,
  devices,
  ...over,
});

describe('the bill of a month with a reading', () => {
  // C3320i read 31 Aug (10 000 mono / 2 000 colour) and 30 Sep (11 300 / 2 450):
  // pages 1 300 mono, 450 colour; allowance 1 000 / 200; over 300 mono, 250 colour;
  // 300 × 0,08 = 24,00 zł; 250 × 0,22 = 55,00 zł; net 195,00 + 24,00 + 55,00 = 274,00 zł;
  // VAT 23 % = 63,02 zł; gross 337,02 zł.
  const bill = billFor(
    contract([
      { serial: 'A1', rates: [COLOUR], readings: [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_300, 2_450)] },
    ]),
    '2026-09',
  );

  it('bills the fee and the overage of each colour', () => {
    expect(bill?.lines).toEqual([
      expect.objectContaining({
        serial: 'A1',
        hasReading: true,
        months: ['2026-09'],
        usedMono: 1_300,
        usedColor: 450,
        includedMono: 1_000,
        includedColor: 200,
        overMono: 300,
        overColor: 250,
        rateMono: 0.08,
        rateColor: 0.22,
        fee: 195,
        amountMono: 24,
        amountColor: 55,
        net: 274,
      }),
    ]);
  });

  it('totals fee, overage, net, VAT and gross', () => {
    expect(bill).toMatchObject({
      feeNet: 195,
      overageNet: 79,
      net: 274,
      vat: 63.02,
      gross: 337.02,
      months: ['2026-09'],
    });
  });
});

describe('a month without a reading', () => {
  // A 4052 printing 1 500 pages a month of its 2 000: read 30 Sep at 10 000, not in October,
  // 30 Nov at 13 000. October bills its fee alone; November's 3 000 pages span October and
  // November, so their allowance is 2 × 2 000 = 4 000: no overage (one month's 2 000 would
  // wrongly bill 1 000 × 0,05 = 50,00 zł). Net 150,00 zł, VAT 34,50 zł, gross 184,50 zł.
  const readings = [r('2026-09-30', 10_000), r('2026-11-30', 13_000)];
  const billed = contract([{ serial: 'M1', rates: [MONO], readings }]);

  it('bills October its fee and says it had no reading', () => {
    const october = billFor(billed, '2026-10');
    expect(october?.lines[0]).toMatchObject({ hasReading: false, months: [], usedMono: 0, overMono: 0, net: 150 });
    expect(october).toMatchObject({ net: 150, vat: 34.5, gross: 184.5, months: ['2026-10'] });
  });

  it('counts November’s pages against the allowance of both months', () => {
    const november = billFor(billed, '2026-11');
    expect(november?.lines[0]).toMatchObject({
      hasReading: true,
      months: ['2026-10', '2026-11'],
      usedMono: 3_000,
      includedMono: 4_000,
      overMono: 0,
      amountMono: 0,
      net: 150,
    });
    expect(november).toMatchObject({
      overageNet: 0,
      net: 150,
      vat: 34.5,
      gross: 184.5,
      months: ['2026-10', '2026-11'],
    });
  });

  it('bills what is over both allowances', () => {
    // 4 500 pages over two months: 4 500 − 4 000 = 500 × 0,05 = 25,00 zł; net 175,00 zł,
    // VAT 40,25 zł, gross 215,25 zł.
    const more = contract([
      { serial: 'M1', rates: [MONO], readings: [r('2026-09-30', 10_000), r('2026-11-30', 14_500)] },
    ]);
    expect(billFor(more, '2026-11')).toMatchObject({ overageNet: 25, net: 175, vat: 40.25, gross: 215.25 });
  });

  it('never counts a month before the contract’s start', () => {
    // Signed 15 Jun with a reading of 31 May (a device moved over from the registry): June's
    // pages are June's alone, and June is 16 of its 30 days: allowance 2 000 × 16/30 = 1 066,67
    // → 1 067 pages. 2 600 pages − 1 067 = 1 533 × 0,05 = 76,65 zł.
    const early = contract([
      { serial: 'M1', rates: [MONO], readings: [r('2026-05-31', 1_000), r('2026-06-30', 3_600)] },
    ]);
    expect(billFor(early, '2026-06')?.lines[0]).toMatchObject({
      months: ['2026-06'],
      includedMono: 1_067,
      overMono: 1_533,
      amountMono: 76.65,
    });
  });
});

describe('an amendment from the 1st', () => {
  // Signed at 195,00 zł (1 000 / 200 pages, 0,08 / 0,22 zł); amended from 1 Oct to 170,00 zł,
  // 1 500 / 200 pages, 0,06 / 0,22 zł. Read 30 Sep (10 000 / 2 000) and 31 Oct (11 800 / 2 300):
  // October: pages 1 800 / 300; over 300 mono × 0,06 = 18,00 zł and 100 colour × 0,22 = 22,00 zł;
  // net 170,00 + 18,00 + 22,00 = 210,00 zł; VAT 48,30 zł; gross 258,30 zł. September still 195,00 zł.
  const amended: FrozenRates = {
    ...COLOUR,
    effectiveFrom: '2026-10-01',
    catalogueVersion: null,
    monthlyPrice: 170,
    monthlyLimit: 1500,
    overageMono: 0.06,
  };
  const billed = contract([
    {
      serial: 'A1',
      rates: [amended, COLOUR],
      readings: [r('2026-08-31', 9_000, 1_900), r('2026-09-30', 10_000, 2_000), r('2026-10-31', 11_800, 2_300)],
    },
  ]);

  it('bills the amended rates from its month on', () => {
    const october = billFor(billed, '2026-10');
    expect(october?.lines[0]).toMatchObject({
      fee: 170,
      includedMono: 1_500,
      overMono: 300,
      rateMono: 0.06,
      amountMono: 18,
      overColor: 100,
      amountColor: 22,
      catalogueVersion: null,
    });
    expect(october).toMatchObject({ feeNet: 170, overageNet: 40, net: 210, vat: 48.3, gross: 258.3 });
  });

  it('leaves the month before at the signed rates', () => {
    // September: 1 000 / 100 pages, all within 1 000 / 200: net 195,00 zł, VAT 44,85 zł, gross 239,85 zł.
    expect(billFor(billed, '2026-09')).toMatchObject({
      feeNet: 195,
      overageNet: 0,
      net: 195,
      vat: 44.85,
      gross: 239.85,
    });
  });
});

describe('a contract ending mid-month', () => {
  // Signed 15 Jun 2026 for 12 months: its last day is 14 Jun 2027. Every day is billed once:
  // June 2026 its 16 days of 30 (15–30), June 2027 its 14 days of 30 (1–14), pro rata by days.
  const billed = contract([{ serial: 'M1', rates: [MONO], readings: [] }], { termMonths: 12 });

  it('bills its first month from the 15th pro rata by days', () => {
    // 150,00 zł × 16/30 = 80,00 zł; VAT 18,40 zł; gross 98,40 zł.
    expect(billFor(billed, '2026-06')).toMatchObject({
      from: '2026-06-15',
      to: '2026-06-30',
      days: 16,
      monthDays: 30,
      feeNet: 80,
      net: 80,
      vat: 18.4,
      gross: 98.4,
    });
  });

  it('bills the month its term ends in up to its last day, and nothing after', () => {
    // May 2027 whole: 150,00 zł. June 2027, 1–14 (14 of 30): 150,00 × 14/30 = 70,00 zł;
    // VAT 16,10 zł; gross 86,10 zł. July 2027 and May 2026: none.
    expect(billFor(billed, '2027-05')).toMatchObject({ feeNet: 150, net: 150, vat: 34.5, gross: 184.5 });
    expect(billFor(billed, '2027-06')).toMatchObject({
      from: '2027-06-01',
      to: '2027-06-14',
      days: 14,
      feeNet: 70,
      net: 70,
      vat: 16.1,
      gross: 86.1,
    });
    expect(billFor(billed, '2027-07')).toBeUndefined();
    expect(billFor(billed, '2026-05')).toBeUndefined();
  });
});

describe('the contract of 15.06–14.11 and its last part-month', () => {
  // A 5-month contract from 15 Jun 2026 runs to 14 Nov 2026. A mono package of 300,00 zł a
  // month, 2 143 pages, 0,05 zł a page over. Read 31 Oct at 4 000 and, at the end, 14 Nov at
  // 5 200. November is 1–14, 14 of 30 days: fee 300,00 × 14/30 = 140,00 zł; allowance
  // 2 143 × 14/30 = 1 000,07 → 1 000 pages; pages 5 200 − 4 000 = 1 200, over 200 × 0,05 =
  // 10,00 zł; net 150,00 zł; VAT 34,50 zł; gross 184,50 zł.
  const rates: FrozenRates = { ...MONO, monthlyPrice: 300, monthlyLimit: 2_143 };
  const billed = contract(
    [
      {
        serial: 'M1',
        rates: [rates],
        readings: [r('2026-09-30', 2_000), r('2026-10-31', 4_000), r('2026-11-14', 5_200)],
      },
    ],
    { termMonths: 5 },
  );

  it('bills November 1–14 with its pages to the final reading', () => {
    const november = billFor(billed, '2026-11');
    expect(november?.lines[0]).toMatchObject({
      fee: 140,
      monthlyFee: 300,
      usedMono: 1_200,
      includedMono: 1_000,
      overMono: 200,
      amountMono: 10,
    });
    expect(november).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-14',
      feeNet: 140,
      overageNet: 10,
      net: 150,
      vat: 34.5,
      gross: 184.5,
    });
    expect(billFor(billed, '2026-12')).toBeUndefined();
  });
});

describe('a first month from the 10th', () => {
  // Signed 10 Jun 2026 on the colour package (195,00 zł; 1 000 mono / 200 colour; 0,08 / 0,22 zł).
  // June 10–30 is 21 of 30 days: fee 195,00 × 21/30 = 136,50 zł; allowance 1 000 × 0,7 = 700
  // mono, 200 × 0,7 = 140 colour. Installed at 500 / 100, read 30 Jun at 1 500 / 350: pages
  // 1 000 / 250; over 300 × 0,08 = 24,00 zł and 110 × 0,22 = 24,20 zł; net 184,70 zł;
  // VAT 23 % of 184,70 = 42,481 → 42,48 zł; gross 227,18 zł.
  const billed = contract(
    [{ serial: 'A1', rates: [COLOUR], readings: [r('2026-06-10', 500, 100), r('2026-06-30', 1_500, 350)] }],
    { startDate: '2026-06-10', termMonths: 24 },
  );

  it('bills its fee and allowance pro rata by days', () => {
    const june = billFor(billed, '2026-06');
    expect(june?.lines[0]).toMatchObject({
      fee: 136.5,
      includedMono: 700,
      includedColor: 140,
      overMono: 300,
      overColor: 110,
      amountMono: 24,
      amountColor: 24.2,
    });
    expect(june).toMatchObject({
      days: 21,
      monthDays: 30,
      feeNet: 136.5,
      overageNet: 48.2,
      net: 184.7,
      vat: 42.48,
      gross: 227.18,
    });
  });
});

describe('two devices on one contract', () => {
  // The C3320i of the first case (274,00 zł) and the 4052 read 31 Aug at 5 000 and 30 Sep at
  // 7 600 (2 600 − 2 000 = 600 × 0,05 = 30,00 zł; 180,00 zł). Net 454,00 zł; VAT 104,42 zł;
  // gross 558,42 zł. Fees 345,00 zł, overage 24,00 + 55,00 + 30,00 = 109,00 zł.
  it('adds the lines once, rounded per amount', () => {
    const bill = billFor(
      contract([
        { serial: 'B2', rates: [MONO], readings: [r('2026-08-31', 5_000), r('2026-09-30', 7_600)] },
        { serial: 'A1', rates: [COLOUR], readings: [r('2026-08-31', 10_000, 2_000), r('2026-09-30', 11_300, 2_450)] },
      ]),
      '2026-09',
    );
    expect(bill?.lines.map((l) => [l.serial, l.net])).toEqual([
      ['A1', 274],
      ['B2', 180],
    ]);
    expect(bill).toMatchObject({ feeNet: 345, overageNet: 109, net: 454, vat: 104.42, gross: 558.42 });
  });
});
