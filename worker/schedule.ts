/**
 * The cron schedules of wrangler.toml's [triggers]: every minute the e-mail sweep and the
 * webhook dispatch hand over what a crashed worker left behind; every five minutes the
 * retention job runs as well; once a day (01:30 UTC) the backup of every table to R2, alone in
 * its invocation (its reads count towards D1's 1 000 queries per invocation).
 */
import { warsawParts } from '../widgets/core/warsaw-time.ts';

export const EVERY_MINUTE = '* * * * *';
export const EVERY_FIVE_MINUTES = '*/5 * * * *';
export const DAILY_BACKUP = '30 1 * * *';

/**
 * What one cron run does. The every-minute run skips the minutes the five-minute run
 * also fires at (it does the same, and more); the daily backup run only backs up; any other
 * cron (a manual `/__scheduled?cron=…`) does everything but the backup. A month's invoices
 * (about 420 of D1's 1 000 queries per 200 contracts) are issued by the every-minute run only:
 * the five-minute run's other jobs take about 780 of them at 200 000 leads (bench/results.md).
 */
export function jobsOf(
  cron: string,
  scheduledTime: number,
): { handOver: boolean; retention: boolean; invoices: boolean; backup?: true } {
  if (cron === DAILY_BACKUP) return { handOver: false, retention: false, invoices: false, backup: true };
  if (cron === EVERY_FIVE_MINUTES) return { handOver: true, retention: true, invoices: false };
  if (cron !== EVERY_MINUTE) return { handOver: true, retention: true, invoices: true };
  const own = new Date(scheduledTime).getUTCMinutes() % 5 !== 0;
  return { handOver: own, retention: false, invoices: own };
}

/**
 * The moment a cron run works for: its scheduled time, or, for a local run of `npm run sweep -- --at
 * YYYY-MM-DD` (wrangler dev's `/__scheduled?cron=sweep at YYYY-MM-DD`, which passes no time of its
 * own), 08:00 Warsaw time on the day named in its cron. A deployed Worker's crons are the three of
 * wrangler.toml and it has no `/__scheduled`, so production always works for the real time.
 */
export function runTime(cron: string, scheduledTime: number): Date {
  const named = /^sweep at (\d{4})-(\d{2})-(\d{2})$/.exec(cron);
  if (!named) return new Date(scheduledTime);
  const [year, month, day] = [Number(named[1]), Number(named[2]), Number(named[3])];
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  if (noon.getUTCDate() !== day || noon.getUTCMonth() !== month - 1) return new Date(scheduledTime);
  // Warsaw's offset that day (+1 in winter, +2 in summer), read from its clock at UTC noon.
  const offset = warsawParts(noon).hour - 12;
  return new Date(Date.UTC(year, month - 1, day, 8 - offset));
}
