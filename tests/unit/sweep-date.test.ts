// `npm run sweep -- --at YYYY-MM-DD` runs the cron as on 08:00 of that day in Warsaw, whatever the season.
import { describe, expect, it } from 'vitest';
import { morningInWarsaw } from '../../scripts/sweep.mjs';

describe('morningInWarsaw', () => {
  it('is 07:00 UTC in winter (UTC+1) and 06:00 UTC in summer (UTC+2)', () => {
    expect(new Date(morningInWarsaw('2026-12-05') ?? 0).toISOString()).toBe('2026-12-05T07:00:00.000Z');
    expect(new Date(morningInWarsaw('2027-07-15') ?? 0).toISOString()).toBe('2027-07-15T06:00:00.000Z');
  });
  it('refuses what is not a day of the calendar', () => {
    for (const day of ['2026-13-05', '2026-02-30', '05.12.2026', '', undefined])
      expect(morningInWarsaw(day)).toBeUndefined();
  });
});
