// The counter's rules (widgets/core/meter.ts judgeReading) as properties: whatever order
// readings arrive in, back-dated or not, what is accepted is monotonic in date and counter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Reading,
  type ReadingContext,
  contractEndOf,
  judgeReading,
  judgeReset,
} from '../../widgets/core/meter.ts';

const context: ReadingContext = {
  deviceType: 'color',
  contractStart: '2026-01-01',
  contractEnd: contractEndOf('2026-01-01', 24),
  today: '2026-11-25',
};

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const candidate = fc.record({
  readOn: fc.integer({ min: -20, max: 360 }).map(day),
  mono: fc.integer({ min: 0, max: 50_000 }),
  color: fc.integer({ min: 0, max: 10_000 }),
});

/** Sends every candidate in turn; a jump counts as confirmed. Answers what was accepted, by date. */
function accept(candidates: { readOn: string; mono: number; color: number | null }[], ctx = context): Reading[] {
  const accepted: Reading[] = [];
  for (const c of candidates) {
    const verdict = judgeReading(accepted, c, ctx);
    if (verdict.kind !== 'refused') accepted.push({ ...c, reset: false });
  }
  return [...accepted].sort((a, b) => a.readOn.localeCompare(b.readOn));
}

describe('judgeReading', () => {
  it('keeps the accepted series monotonic in date and counter, whatever the order of arrival', () => {
    fc.assert(
      fc.property(fc.array(candidate, { minLength: 1, maxLength: 60 }), (candidates) => {
        const series = accept(candidates);
        for (let i = 1; i < series.length; i++) {
          const [a, b] = [series[i - 1] as Reading, series[i] as Reading];
          expect(a.readOn <= b.readOn).toBe(true);
          expect(a.mono).toBeLessThanOrEqual(b.mono);
          expect(a.color ?? 0).toBeLessThanOrEqual(b.color ?? 0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('accepts a reading that fits between its neighbours, and only within the contract and not in the future', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 40 }), candidate, (history, next) => {
        const series = accept(history);
        const verdict = judgeReading(series, next, context);
        const before = series.filter((r) => r.readOn <= next.readOn).at(-1);
        const after = series.find((r) => r.readOn > next.readOn);
        const fits =
          next.readOn >= context.contractStart &&
          next.readOn <= context.today &&
          (!before || (before.mono <= next.mono && (before.color ?? 0) <= next.color)) &&
          (!after || (next.mono <= after.mono && next.color <= (after.color ?? 0)));
        expect(verdict.kind !== 'refused').toBe(fits);
      }),
      { numRuns: 500 },
    );
  });

  it('never takes a colour counter on a mono device, nor a colour device without one', () => {
    fc.assert(
      fc.property(candidate, (c) => {
        const mono = { ...context, deviceType: 'mono' as const };
        expect(judgeReading([], c, mono)).toMatchObject({ kind: 'refused' });
        expect(judgeReading([], { ...c, color: null }, context)).toMatchObject({ kind: 'refused' });
      }),
    );
  });

  it('names the reason in the order a person would fix it', () => {
    const series: Reading[] = [
      { readOn: '2026-08-31', mono: 1000, color: 100, reset: false },
      { readOn: '2026-09-30', mono: 2000, color: 200, reset: false },
      { readOn: '2026-10-31', mono: 3000, color: 300, reset: false },
      { readOn: '2026-11-20', mono: 4000, color: 400, reset: false },
    ];
    expect(judgeReading(series, { readOn: '2026-10-15', mono: 9000, color: 900 }, context)).toMatchObject({
      kind: 'refused',
      reason: 'higher',
      neighbour: { readOn: '2026-10-31' },
    });
    expect(judgeReading(series, { readOn: '2026-10-15', mono: 1500, color: 250 }, context)).toMatchObject({
      kind: 'refused',
      reason: 'lower',
      neighbour: { readOn: '2026-09-30' },
    });
    expect(judgeReading(series, { readOn: '2026-10-15', mono: 2500, color: 250 }, context)).toEqual({ kind: 'ok' });
    expect(judgeReading(series, { readOn: '2026-11-26', mono: 4100, color: 410 }, context)).toMatchObject({
      reason: 'future',
    });
    // A reset after the date starts a new counter: it bounds nothing.
    const replaced = [...series, { readOn: '2026-11-22', mono: 10, color: 1, reset: true }];
    expect(judgeReading(replaced, { readOn: '2026-11-21', mono: 4300, color: 420 }, context)).toEqual({ kind: 'ok' });
  });

  it('takes a reading equal to either neighbour, counter by counter, and nothing above the later one', () => {
    const series: Reading[] = [
      { readOn: '2026-09-30', mono: 2000, color: 200, reset: false },
      { readOn: '2026-10-31', mono: 3000, color: 300, reset: false },
    ];
    const on15th = (mono: number, color: number) =>
      judgeReading(series, { readOn: '2026-10-15', mono, color }, context);
    expect(on15th(3000, 300)).toEqual({ kind: 'ok' });
    expect(on15th(3000, 250)).toEqual({ kind: 'ok' });
    expect(on15th(2500, 300)).toEqual({ kind: 'ok' });
    expect(on15th(2000, 200)).toEqual({ kind: 'ok' });
    expect(on15th(3001, 300)).toMatchObject({ kind: 'refused', reason: 'higher', neighbour: { readOn: '2026-10-31' } });
    expect(on15th(3000, 301)).toMatchObject({ kind: 'refused', reason: 'higher', neighbour: { readOn: '2026-10-31' } });
    expect(on15th(1999, 200)).toMatchObject({ kind: 'refused', reason: 'lower', neighbour: { readOn: '2026-09-30' } });
    expect(on15th(2000, 199)).toMatchObject({ kind: 'refused', reason: 'lower', neighbour: { readOn: '2026-09-30' } });
  });

  it('refuses a reading after the contract’s last day, and takes the last day itself', () => {
    // 12 months from 1 March 2025: the last day is 28 February 2026; today is later.
    const ended: ReadingContext = {
      deviceType: 'color',
      contractStart: '2025-03-01',
      contractEnd: '2026-02-28',
      today: '2026-11-25',
    };
    expect(judgeReading([], { readOn: '2026-03-01', mono: 100, color: 10 }, ended)).toEqual({
      kind: 'refused',
      reason: 'after-contract',
    });
    expect(judgeReading([], { readOn: '2026-11-25', mono: 100, color: 10 }, ended)).toEqual({
      kind: 'refused',
      reason: 'after-contract',
    });
    expect(judgeReading([], { readOn: '2026-02-28', mono: 100, color: 10 }, ended)).toEqual({ kind: 'ok' });
  });

  it('ends a contract the day before the same date `term` months later', () => {
    expect(contractEndOf('2026-01-01', 24)).toBe('2027-12-31');
    expect(contractEndOf('2026-01-31', 1)).toBe('2026-02-28');
    expect(contractEndOf('2026-03-15', 12)).toBe('2027-03-14');
  });
});

describe('a counter reset by the team', () => {
  it('starts a new counter at any value, within the contract, with the colour counter the device has', () => {
    const mono = { deviceType: 'mono', contractStart: '2026-01-01' } as const;
    const color = { deviceType: 'color', contractStart: '2026-01-01' } as const;
    expect(judgeReset({ readOn: '2026-03-01', color: null }, mono)).toBeUndefined();
    expect(judgeReset({ readOn: '2026-03-01', color: 0 }, color)).toBeUndefined();
    expect(judgeReset({ readOn: '2026-03-01', color: 10 }, mono)).toBe('color-on-mono');
    expect(judgeReset({ readOn: '2026-03-01', color: null }, color)).toBe('color-missing');
    expect(judgeReset({ readOn: '2025-12-31', color: 0 }, color)).toBe('before-contract');
  });
});
