// The cron that hands stranded e-mails over runs every minute (wrangler.toml), and the
// retention job keeps its five-minute schedule.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DAILY_BACKUP, EVERY_FIVE_MINUTES, EVERY_MINUTE, jobsOf } from './schedule.ts';

describe('wrangler.toml [triggers]', () => {
  it('runs the sweep every minute, the retention job every five and the backup daily', () => {
    const crons = /^crons = (\[.*\])$/m.exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
    expect(JSON.parse(crons ?? '[]')).toEqual([EVERY_MINUTE, EVERY_FIVE_MINUTES, DAILY_BACKUP]);
  });
});

describe('jobsOf', () => {
  const at = (minute: number) => Date.UTC(2026, 10, 25, 12, minute);
  it('hands stranded work over every minute, and leaves the multiples of five to the five-minute run', () => {
    expect(jobsOf(EVERY_MINUTE, at(7))).toEqual({ handOver: true, retention: false });
    expect(jobsOf(EVERY_MINUTE, at(10))).toEqual({ handOver: false, retention: false });
    expect(jobsOf(EVERY_FIVE_MINUTES, at(10))).toEqual({ handOver: true, retention: true });
    // A manual run (npm run sweep) does everything.
    expect(jobsOf('*/5 * * * *', at(3))).toEqual({ handOver: true, retention: true });
  });
  it('runs the daily backup alone in its invocation (its reads count towards D1’s 1 000 queries)', () => {
    expect(jobsOf(DAILY_BACKUP, Date.UTC(2026, 10, 25, 1, 30))).toEqual({
      handOver: false,
      retention: false,
      backup: true,
    });
  });
});
