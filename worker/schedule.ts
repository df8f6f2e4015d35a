/**
 * The cron schedules of wrangler.toml's [triggers]: every minute the e-mail sweep and the
 * webhook dispatch hand over what a crashed worker left behind; every five minutes the
 * retention job runs as well; once a day (01:30 UTC) the backup of every table to R2, alone in
 * its invocation (its reads count towards D1's 1 000 queries per invocation).
 */
export const EVERY_MINUTE = '* * * * *';
export const EVERY_FIVE_MINUTES = '*/5 * * * *';
export const DAILY_BACKUP = '30 1 * * *';

/**
 * What one cron run does. The every-minute run skips the minutes the five-minute run
 * also fires at (it does the same, and more); the daily backup run only backs up; any other
 * cron (a manual `/__scheduled?cron=…`) does everything but the backup.
 */
export function jobsOf(cron: string, scheduledTime: number): { handOver: boolean; retention: boolean; backup?: true } {
  if (cron === DAILY_BACKUP) return { handOver: false, retention: false, backup: true };
  if (cron !== EVERY_MINUTE) return { handOver: true, retention: true };
  return { handOver: new Date(scheduledTime).getUTCMinutes() % 5 !== 0, retention: false };
}
