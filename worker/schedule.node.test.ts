// The cron that hands stranded e-mails over runs every minute (wrangler.toml), and the
// retention job keeps its five-minute schedule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DAILY_BACKUP, EVERY_FIVE_MINUTES, EVERY_MINUTE, jobsOf, runTime } from './schedule.ts';

describe('wrangler.toml [triggers]', () => {
  it('runs the sweep every minute, the retention job every five and the backup daily', () => {
    const crons = /^crons = (\[.*\])$/m.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
    expect(JSON.parse(crons ?? '[]')).toEqual([EVERY_MINUTE, EVERY_FIVE_MINUTES, DAILY_BACKUP]);
  });
});

describe('jobsOf', () => {
  const at = (minute: number) => Date.UTC(2026, 10, 25, 12, minute);
  it('hands stranded work over every minute, and leaves the multiples of five to the five-minute run', () => {
    expect(jobsOf(EVERY_MINUTE, at(7))).toEqual({ handOver: true, retention: false, invoices: true });
    expect(jobsOf(EVERY_MINUTE, at(10))).toEqual({ handOver: false, retention: false, invoices: false });
    // The five-minute run's jobs take about 780 of D1's 1 000 queries: invoices (about 420) are not among them.
    expect(jobsOf(EVERY_FIVE_MINUTES, at(10))).toEqual({ handOver: true, retention: true, invoices: false });
    expect(jobsOf(EVERY_FIVE_MINUTES, at(3))).toEqual({ handOver: true, retention: true, invoices: false });
    // Any other cron (a manual run) does everything but the backup.
    expect(jobsOf('0 * * * *', at(3))).toEqual({ handOver: true, retention: true, invoices: true });
  });
  it('runs the daily backup alone in its invocation (its reads count towards D1’s 1 000 queries)', () => {
    expect(jobsOf(DAILY_BACKUP, Date.UTC(2026, 10, 25, 1, 30))).toEqual({
      handOver: false,
      retention: false,
      invoices: false,
      backup: true,
    });
  });
});

describe('runTime', () => {
  const scheduled = Date.UTC(2026, 11, 2, 3, 7);
  it('works for the real scheduled time on every deployed cron', () => {
    for (const cron of [EVERY_MINUTE, EVERY_FIVE_MINUTES, DAILY_BACKUP, 'sweep'])
      expect(runTime(cron, scheduled).toISOString()).toBe('2026-12-02T03:07:00.000Z');
  });
  it('works for 08:00 Warsaw time on the day a local sweep names: 07:00 UTC in winter, 06:00 UTC in summer', () => {
    expect(runTime('sweep at 2026-12-05', scheduled).toISOString()).toBe('2026-12-05T07:00:00.000Z');
    expect(runTime('sweep at 2027-07-15', scheduled).toISOString()).toBe('2027-07-15T06:00:00.000Z');
  });
  it('ignores a day it cannot read', () => {
    for (const cron of ['sweep at 2026-13-05', 'sweep at 2026-02-30', 'sweep at 05.12.2026'])
      expect(runTime(cron, scheduled).toISOString(), cron).toBe('2026-12-02T03:07:00.000Z');
  });
});
