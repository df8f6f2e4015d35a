// The months the panel's forms open on follow the Warsaw calendar, not the browser's zone or UTC:
// just after midnight on the 1st in Warsaw the UTC date is still the last day of the month before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastMonth, thisMonth } from '../../site/admin/months.ts';

afterEach(() => vi.useRealTimers());

/** The defaults as a view reads them when it opens: from the clock, no instant passed. */
const at = (instant: string) => {
  vi.useFakeTimers({ now: new Date(instant), toFake: ['Date'] });
  return { thisMonth: thisMonth(), lastMonth: lastMonth() };
};

describe('the panel’s default months', () => {
  it('is December at 00:30 on 1 December in Warsaw (23:30 UTC on 30 November, winter time, UTC+1)', () => {
    expect(at('2026-11-30T23:30:00Z')).toEqual({ thisMonth: '2026-12', lastMonth: '2026-11' });
  });

  it('is still November at 23:30 on 30 November in Warsaw (22:30 UTC)', () => {
    expect(at('2026-11-30T22:30:00Z')).toEqual({ thisMonth: '2026-11', lastMonth: '2026-10' });
  });

  it('is April at 00:30 on 1 April in Warsaw (22:30 UTC on 31 March, summer time, UTC+2)', () => {
    expect(at('2026-03-31T22:30:00Z')).toEqual({ thisMonth: '2026-04', lastMonth: '2026-03' });
  });

  it('turns the year: January at 00:30 on New Year’s Day in Warsaw, last month the December before', () => {
    expect(at('2025-12-31T23:30:00Z')).toEqual({ thisMonth: '2026-01', lastMonth: '2025-12' });
  });
});
