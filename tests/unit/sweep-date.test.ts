// `npm run sweep -- --at YYYY-MM-DD` takes a day of the calendar and nothing else (the worker works for
// 08:00 Warsaw time that day: worker/schedule.node.test.ts).
import { describe, expect, it } from 'vitest';
import { isDay } from '../../scripts/sweep.mjs';

describe('npm run sweep -- --at', () => {
  it('takes a day of the calendar written YYYY-MM-DD', () => {
    for (const day of ['2026-12-05', '2027-07-15', '2028-02-29']) expect(isDay(day), day).toBe(true);
  });
  it('refuses what is not one', () => {
    for (const day of ['2026-13-05', '2026-02-30', '2027-02-29', '05.12.2026', '', undefined])
      expect(isDay(day)).toBe(false);
  });
});
