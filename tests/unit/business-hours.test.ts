import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import {
  addBusinessHours,
  businessHoursBetween,
  easterSunday,
  isWorkingDay,
  polishHolidays,
  warsawInstant,
} from '../../worker/admin-shared/business-hours.ts';

const at = (iso: string) => new Date(iso);

describe('Polish public holidays', () => {
  it('computes Easter Sunday for known years', () => {
    expect(easterSunday(2024)).toEqual({ year: 2024, month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ year: 2025, month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ year: 2026, month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ year: 2027, month: 3, day: 28 });
  });

  it('lists the fixed and the Easter-based holidays, Christmas Eve from 2025', () => {
    const h2026 = polishHolidays(2026);
    for (const day of ['2026-01-01', '2026-01-06', '2026-04-05', '2026-04-06', '2026-05-01', '2026-05-03']) {
      expect(h2026.has(day), day).toBe(true);
    }
    // Pentecost (Easter + 49) and Corpus Christi (Easter + 60).
    expect(h2026.has('2026-05-24')).toBe(true);
    expect(h2026.has('2026-06-04')).toBe(true);
    for (const day of ['2026-08-15', '2026-11-01', '2026-11-11', '2026-12-24', '2026-12-25', '2026-12-26']) {
      expect(h2026.has(day), day).toBe(true);
    }
    expect(polishHolidays(2024).has('2024-12-24')).toBe(false);
    expect(h2026.size).toBe(14);
  });

  it('knows working days: weekdays that are not holidays', () => {
    expect(isWorkingDay({ year: 2026, month: 11, day: 24 })).toBe(true);
    expect(isWorkingDay({ year: 2026, month: 11, day: 28 })).toBe(false);
    expect(isWorkingDay({ year: 2026, month: 11, day: 11 })).toBe(false);
    expect(isWorkingDay({ year: 2026, month: 4, day: 6 })).toBe(false);
  });
});

describe('business-hours deadlines (Mon–Fri 08:00–16:00 Europe/Warsaw)', () => {
  it('reads Warsaw wall-clock time in winter and summer', () => {
    expect(warsawInstant({ year: 2026, month: 1, day: 15 }, 8 * 60).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(warsawInstant({ year: 2026, month: 7, day: 15 }, 8 * 60).toISOString()).toBe('2026-07-15T06:00:00.000Z');
  });

  it('adds hours inside one working day', () => {
    expect(addBusinessHours(at('2026-11-24T08:00:00Z'), 4).toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('carries over a weekend: Friday 15:00 + 4 h is Monday 11:00', () => {
    expect(addBusinessHours(at('2026-11-20T14:00:00Z'), 4).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('starts counting at the next opening when reported after 16:00', () => {
    expect(addBusinessHours(at('2026-11-23T15:30:00Z'), 4).toISOString()).toBe('2026-11-24T11:00:00.000Z');
    // Reported at night: the clock starts at 08:00.
    expect(addBusinessHours(at('2026-11-24T02:00:00Z'), 4).toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });

  it('ends exactly at closing time when the hours fill the day', () => {
    expect(addBusinessHours(at('2026-11-24T12:00:00Z'), 3).toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('skips Easter Monday', () => {
    // Friday 3 April 2026 14:00 CEST + 4 h: 2 h on Friday, then Tuesday 7 April 10:00 CEST.
    expect(addBusinessHours(at('2026-04-03T12:00:00Z'), 4).toISOString()).toBe('2026-04-07T08:00:00.000Z');
  });

  it('skips 3 May and the weekend before it', () => {
    // Friday 30 April 2027 12:00 CEST + 24 h: 4 + 8 (4 May) + 8 (5 May) + 4 → Thursday 6 May 12:00 CEST.
    expect(addBusinessHours(at('2027-04-30T10:00:00Z'), 24).toISOString()).toBe('2027-05-06T10:00:00.000Z');
  });

  it('skips 11 November', () => {
    // Tuesday 10 November 2026 15:00 CET + 4 h → Thursday 12 November 11:00 CET.
    expect(addBusinessHours(at('2026-11-10T14:00:00Z'), 4).toISOString()).toBe('2026-11-12T10:00:00.000Z');
  });

  it('stays right across the change to summer time', () => {
    // Friday 27 March 2026 15:00 CET + 2 h → Monday 30 March 09:00 CEST.
    expect(addBusinessHours(at('2026-03-27T14:00:00Z'), 2).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('measures business time between two instants', () => {
    expect(businessHoursBetween(at('2026-11-20T14:00:00Z'), at('2026-11-23T08:00:00Z'))).toBe(2);
    expect(businessHoursBetween(at('2026-11-10T14:00:00Z'), at('2026-11-12T10:00:00Z'))).toBe(4);
    expect(businessHoursBetween(at('2026-11-24T10:00:00Z'), at('2026-11-24T09:00:00Z'))).toBe(0);
    expect(businessHoursBetween(at('2026-11-28T10:00:00Z'), at('2026-11-29T10:00:00Z'))).toBe(0);
  });

  it('counts whole years of business time: 2026 has 253 working days of 8 hours (261 weekdays, 8 of them holidays)', () => {
    expect(businessHoursBetween(at('2025-12-31T23:00:00Z'), at('2026-12-31T23:00:00Z'))).toBe(253 * 8);
  });

  it('agrees with a walk through every calendar day, across years, holidays and DST', () => {
    // The clock the panel reads for long spans (an overdue ticket, an old lead), checked
    // against the plain definition: each working day's window cut to the span, summed.
    const walk = (start: Date, end: Date): number => {
      let total = 0;
      for (
        let t = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() - 1);
        t < end.getTime();
        t += 86_400_000
      ) {
        const d = new Date(t + 12 * 3_600_000);
        const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
        if (!isWorkingDay(date)) continue;
        const open = warsawInstant(date, 8 * 60).getTime();
        const close = warsawInstant(date, 16 * 60).getTime();
        total += Math.max(0, Math.min(close, end.getTime()) - Math.max(open, start.getTime()));
      }
      return total / 3_600_000;
    };
    const instant = fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 900 * 86_400_000 }), (from, span) => {
        const start = new Date(from);
        const end = new Date(from + span);
        expect(businessHoursBetween(start, end)).toBeCloseTo(walk(start, end), 9);
      }),
      { numRuns: 300 },
    );
  });
});

describe('warsawDateTime: the one formatter of the times the team reads', () => {
  it('writes Warsaw wall-clock time across both DST changes of 2026', () => {
    expect(warsawDateTime('2026-03-29T00:59:00.000Z')).toBe('2026-03-29 01:59');
    expect(warsawDateTime('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 03:00');
    expect(warsawDateTime('2026-10-25T00:30:00.000Z')).toBe('2026-10-25 02:30');
    expect(warsawDateTime('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 02:30');
    expect(warsawDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30');
  });

  it('gives nothing for nothing and leaves a text that is no time as it is', () => {
    expect(warsawDateTime(null)).toBe('');
    expect(warsawDateTime('')).toBe('');
    expect(warsawDateTime('wczoraj')).toBe('wczoraj');
  });
});
