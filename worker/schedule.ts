/**
 * The cron schedules of wrangler.toml's [triggers]: every minute the e-mail sweep and the
 * webhook dispatch hand over what a crashed worker left behind; every five minutes the
 * retention job runs as well.
 */
export const EVERY_MINUTE = '* * * * *';
export const EVERY_FIVE_MINUTES = '*/5 * * * *';

/**
 * What one cron run does. The every-minute run skips the minutes the five-minute run
 * also fires at (it does the same, and more); any other cron (a manual
 * `/__scheduled?cron=…`) does everything.
 */
export function jobsOf(cron: string, scheduledTime: number): { handOver: boolean; retention: boolean } {
  if (cron !== EVERY_MINUTE) return { handOver: true, retention: true };
  return { handOver: new Date(scheduledTime).getUTCMinutes() % 5 !== 0, retention: false };
}
