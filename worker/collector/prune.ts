/**
 * The collector's reports that made no reading go after `REPORT_DAYS` days (migration 0513): the day's
 * later polls of a device (one reading a day is kept, each with its report's raw counters), unknown
 * serials, refusals. What reads reports looks back 7 days at most (the jams) or at the last one per
 * device (collector_devices), and the unknown serials still reporting stay listed. At most
 * `PER_RUN` a run of the five-minute cron, oldest first: 1,4 million a day against the 60 000
 * reports of 10 000 devices polled 6 times.
 */
import { deleteReportsWithoutReading } from './model-reports.ts';

export const REPORT_DAYS = 35;
const PER_RUN = 5_000;

export async function pruneReports(env: Env, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPORT_DAYS * 86_400_000).toISOString();
  return deleteReportsWithoutReading(env.DB, before, PER_RUN);
}
