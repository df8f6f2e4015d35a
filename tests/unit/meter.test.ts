import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { checkReading, monthBounds, overageOf, pagesInPeriod, type Reading } from '../../widgets/core/meter.ts';
import { findDevice, findPackage } from '../../widgets/core/model.ts';

const r = (readOn: string, mono: number, color: number | null = null, reset = false): Reading => ({
  readOn,
  mono,
  color,
  reset,
});

const c3320iBasic = () => {
  const device = findDevice(defaultCatalogue, 'km-c3320i');
  const pkg = device && findPackage(device, 'basic');
  if (!pkg) throw new Error('catalogue: no C3320i Basic');
  return pkg;
};

describe('overage of a period', () => {
  it('bills the pages over the package limits at its rates, mono and colour apart (DESIGN §5 example)', () => {
    // C3320i Basic: 900 mono + 150 colour included, 0.08 / 0.22 PLN per page over.
    const { from, to } = monthBounds('2026-03');
    const pages = pagesInPeriod([r('2026-02-27', 10_000, 2_000), r('2026-03-30', 11_200, 2_200)], from, to);
    expect(pages).toEqual({ mono: 1200, color: 200 });
    const bill = overageOf(pages ?? { mono: 0, color: 0 }, c3320iBasic());
    expect(bill.over).toEqual({ mono: 300, color: 50 });
    expect(bill.amountMono).toBe(24);
    expect(bill.amountColor).toBe(11);
    expect(bill.amount).toBe(35);
    // 195 + 35 = 230.00 PLN net: the same figure the configurator shows for this volume.
    expect(c3320iBasic().monthlyPrice + bill.amount).toBe(230);
  });

  it('bills nothing within the limits and says there is no reading in an empty period', () => {
    const { from, to } = monthBounds('2026-02');
    expect(monthBounds('2026-02').to).toBe('2026-02-28');
    const pages = pagesInPeriod([r('2026-01-31', 500, 100), r('2026-02-28', 1300, 240)], from, to);
    expect(overageOf(pages ?? { mono: 0, color: 0 }, c3320iBasic()).amount).toBe(0);
    expect(pagesInPeriod([r('2026-01-31', 500, 100)], from, to)).toBeUndefined();
  });

  it('counts from the first reading of the period when there is none before it', () => {
    expect(pagesInPeriod([r('2026-03-02', 100, 0), r('2026-03-31', 600, 50)], '2026-03-01', '2026-03-31')).toEqual({
      mono: 500,
      color: 50,
    });
  });
});

describe('readings across a counter reset', () => {
  // The old counter read 50 000 on 15 March when the device was swapped; the new one starts at 0.
  const readings = [
    r('2026-02-28', 49_000, 0),
    r('2026-03-15', 50_000, 0),
    r('2026-03-15', 0, 0, true),
    r('2026-03-31', 700, 0),
  ];

  it('counts the old counter up to the swap and the new one after it, never a negative jump', () => {
    expect(pagesInPeriod(readings, '2026-03-01', '2026-03-31')).toEqual({ mono: 1000 + 700, color: 0 });
  });

  it('checks a new reading against the new counter, not the old one', () => {
    expect(checkReading(readings, { readOn: '2026-04-30', mono: 1500, color: 0 }).kind).toBe('ok');
    expect(checkReading(readings, { readOn: '2026-04-30', mono: 600, color: 0 }).kind).toBe('lower');
  });
});

describe('checking a reading', () => {
  const history = [r('2026-01-01', 1000, 100), r('2026-02-01', 2000, 200), r('2026-03-01', 3000, 300)];

  it('refuses a lower counter, mono or colour', () => {
    expect(checkReading(history, { readOn: '2026-03-31', mono: 2999, color: 400 }).kind).toBe('lower');
    expect(checkReading(history, { readOn: '2026-03-31', mono: 4000, color: 299 }).kind).toBe('lower');
  });

  it('asks to confirm a month with more than three times the monthly average, not a normal one', () => {
    expect(checkReading(history, { readOn: '2026-03-31', mono: 4100, color: 400 }).kind).toBe('ok');
    const jump = checkReading(history, { readOn: '2026-03-31', mono: 7000, color: 400 });
    expect(jump.kind).toBe('jump');
  });
});

describe('the usual month before the counter has a month of history', () => {
  // A package of 900 mono + 150 colour pages a month: implausible above 3 × 1 050 = 3 150 a month.
  const usual = { pages: 1050, since: '2026-01-01' };

  it("sets a device's first reading against a new counter at the contract's start", () => {
    // 30 days from the start, under a month, count as one: 3 150 pages is the most that passes, 3 151 asks.
    expect(checkReading([], { readOn: '2026-01-31', mono: 3000, color: 150 }, usual).kind).toBe('ok');
    expect(checkReading([], { readOn: '2026-01-31', mono: 3001, color: 150 }, usual)).toMatchObject({
      kind: 'jump',
      previous: undefined,
      monthlyAverage: 1050,
      basis: 'package',
    });
    expect(checkReading([], { readOn: '2026-01-15', mono: 99_999_999, color: 99_999_999 }, usual).kind).toBe('jump');
  });

  it('sets a reading against the allowance while the history is under 28 days, and counts a short gap as a month', () => {
    const start = [r('2026-01-01', 1000, 200)];
    // Two days after the starting counters, 3 000 + 150 pages: as if in a month, under 3 150.
    expect(checkReading(start, { readOn: '2026-01-03', mono: 4000, color: 350 }, usual).kind).toBe('ok');
    expect(checkReading(start, { readOn: '2026-01-03', mono: 4001, color: 350 }, usual).kind).toBe('jump');
    // Without an allowance (the calculator's own use), a young history asks nothing, as before.
    expect(checkReading(start, { readOn: '2026-01-03', mono: 99_999_999, color: 350 }).kind).toBe('ok');
  });

  it('takes the allowance when the counter did not move over its month of history', () => {
    const still = [r('2026-01-01', 1000, 200), r('2026-02-15', 1000, 200)];
    expect(checkReading(still, { readOn: '2026-03-15', mono: 99_999_999, color: 200 }, usual)).toMatchObject({
      kind: 'jump',
      basis: 'package',
    });
  });

  it("keeps the counter's own average once it has a month of history", () => {
    const history = [r('2026-01-01', 1000, 100), r('2026-02-01', 2000, 200), r('2026-03-01', 3000, 300)];
    // About 1 100 pages a month of its own: 4 000 more in a month asks, whatever the package.
    expect(checkReading(history, { readOn: '2026-03-31', mono: 7000, color: 300 }, usual)).toMatchObject({
      kind: 'jump',
      basis: 'history',
    });
  });
});
