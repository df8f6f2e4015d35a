// The delivery calendar of online orders (worker/admin-shared/delivery.ts): for any day of
// ordering and any bookings, it offers only business days (no weekend, no Polish public
// holiday), never a full day, never before the city's lead time, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { polishHolidays } from '../../worker/admin-shared/business-hours.ts';
import { DELIVERY, DELIVERY_CITIES, deliveryDayText, deliveryDays } from '../../worker/admin-shared/delivery.ts';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
const isHoliday = (d: string) => polishHolidays(Number(d.slice(0, 4))).has(d);
const isBusiness = (d: string) => weekday(d) !== 0 && weekday(d) !== 6 && !isHoliday(d);

describe('deliveryDays', () => {
  it('offers only free business days after the lead time, for any order day and bookings', () => {
    const start = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 * 365 }),
        fc.constantFrom(...DELIVERY_CITIES),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 5 })), { maxLength: 30 }),
        (offset, city, bookings) => {
          const today = iso(start + offset * DAY);
          const booked: Record<string, number> = {};
          for (const [d, n] of bookings) booked[iso(start + (offset + d) * DAY)] = n;
          const days = deliveryDays(city, today, booked);
          expect(days).toHaveLength(DELIVERY.daysOffered);
          expect([...days].sort()).toEqual(days);
          for (const d of days) {
            expect(isBusiness(d), d).toBe(true);
            expect(booked[d] ?? 0).toBeLessThan(DELIVERY.installationsPerDay);
          }
          // The lead time: as many business days strictly between today and the first offered day, at least.
          let between = 0;
          for (let t = Date.parse(`${today}T00:00:00Z`) + DAY; iso(t) <= (days[0] ?? today); t += DAY)
            if (isBusiness(iso(t))) between++;
          expect(between).toBeGreaterThanOrEqual(DELIVERY.leadBusinessDays[city] ?? 0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips Christmas Eve, Christmas, New Year and Epiphany around the year end', () => {
    const days = deliveryDays('Słupsk', '2026-12-22', {});
    for (const holiday of ['2026-12-24', '2026-12-25', '2026-12-26', '2027-01-01', '2027-01-06'])
      expect(days).not.toContain(holiday);
    expect(days[0]).toBe('2026-12-28');
  });

  it('writes a day as the form and the contract say it', () => {
    expect(deliveryDayText('2026-11-27')).toBe('piątek, 27.11.2026');
  });
});
