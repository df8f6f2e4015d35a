/**
 * The retention period (issue 13, README "Privacy: retention, export and erasure"): each
 * run of the cron anonymises the leads (with their quotes), the service tickets and the
 * customers' meter readings created more than `RETENTION_MONTHS` months ago, deletes their
 * e-mails from the outbox and every webhook event older than the period (or about such a
 * lead), and logs how many rows went. No SQL here: the models own their tables.
 *
 * Bounded work per run: at most `RETENTION_BATCH` rows of each kind and
 * `RETENTION_EVENT_BATCH` webhook events, in a fixed number of D1 statements (about a
 * dozen, whatever the backlog), so a large backlog is worked off over the next runs
 * (every 5 minutes: 100 leads a run, 28 800 a day) and a run stays far inside a
 * Worker's limits (D1 queries per invocation, CPU and wall time).
 */
import { RETENTION_MONTHS } from '../../widgets/core/privacy.ts';
import { ERASED_NAME } from '../../widgets/core/privacy-validation.ts';
import { anonymiseLeadsStatement, leadIdsToAnonymise } from '../models/leads.ts';
import { deleteNotesOfLeadsStatement } from '../models/lead-notes.ts';
import { deleteNotificationsAboutStatement } from '../models/outbox.ts';
import { anonymiseQuotesOfLeadsStatement } from '../models/quotes.ts';
import { anonymiseReadingsStatement, readingIdsToAnonymise } from '../models/readings.ts';
import { anonymiseTicketsStatements, ticketIdsToAnonymise } from '../models/tickets.ts';
import { deleteEventsStatements, deleteOldEventsStatements, eventIdsOfLeads } from '../models/webhooks.ts';

/** The period when `RETENTION_MONTHS` is unset or invalid: the one the privacy policy states. */
export const DEFAULT_RETENTION_MONTHS = RETENTION_MONTHS;
/** The longest period accepted (10 years); anything longer is taken for a typo. */
export const MAX_RETENTION_MONTHS = 120;
/** Leads, tickets and readings (each) anonymised per run at most. */
export const RETENTION_BATCH = 100;
/** Webhook events deleted per run at most. */
export const RETENTION_EVENT_BATCH = 500;

/**
 * The period in whole months from `RETENTION_MONTHS`: unset or blank → the default; anything
 * but a whole number from 1 to `MAX_RETENTION_MONTHS` → the default and a log line saying so.
 */
export function retentionMonths(env: { RETENTION_MONTHS?: string | undefined }): number {
  const raw = env.RETENTION_MONTHS?.trim();
  if (!raw) return DEFAULT_RETENTION_MONTHS;
  const months = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (months >= 1 && months <= MAX_RETENTION_MONTHS) return months;
  console.warn(
    `retention: RETENTION_MONTHS=${JSON.stringify(raw)} is not a whole number of months from 1 to ${MAX_RETENTION_MONTHS}; using ${DEFAULT_RETENTION_MONTHS}`,
  );
  return DEFAULT_RETENTION_MONTHS;
}

/** `now` minus `months` calendar months (UTC), the day clamped to the month's last (31 March − 1 → 28/29 February). */
export function cutoffOf(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return cutoff;
}

export interface RetentionReport {
  months: number;
  cutoff: string;
  leads: number;
  tickets: number;
  readings: number;
  emails: number;
  webhookEvents: number;
}

/** One run of the retention job (the cron); answers and logs what went. */
export async function applyRetention(
  env: { DB: D1Database; RETENTION_MONTHS?: string | undefined },
  now = new Date(),
): Promise<RetentionReport> {
  const db = env.DB;
  const months = retentionMonths(env);
  const cutoff = cutoffOf(now, months);
  const iso = cutoff.toISOString();
  const [leadIds, ticketIds, readingIds] = await Promise.all([
    leadIdsToAnonymise(db, iso, RETENTION_BATCH),
    ticketIdsToAnonymise(db, iso, RETENTION_BATCH),
    readingIdsToAnonymise(db, iso, RETENTION_BATCH),
  ]);
  const leads = JSON.stringify(leadIds);
  const tickets = JSON.stringify(ticketIds);
  // Events younger than the period that still copy an old lead's data (a later status change).
  const leadEvents = leadIds.length ? await eventIdsOfLeads(db, leads) : [];
  const statements: D1PreparedStatement[] = [];
  const anyRecords = leadIds.length > 0 || ticketIds.length > 0;
  // First in the batch: its count is the e-mails'.
  if (anyRecords) statements.push(deleteNotificationsAboutStatement(db, leads, tickets));
  if (leadIds.length)
    statements.push(
      anonymiseQuotesOfLeadsStatement(db, leads),
      anonymiseLeadsStatement(db, leads, ERASED_NAME),
      deleteNotesOfLeadsStatement(db, leads),
    );
  if (ticketIds.length) statements.push(...anonymiseTicketsStatements(db, tickets, ERASED_NAME));
  if (readingIds.length) statements.push(anonymiseReadingsStatement(db, JSON.stringify(readingIds), ERASED_NAME));
  if (leadEvents.length) statements.push(...deleteEventsStatements(db, JSON.stringify(leadEvents)));
  const old = deleteOldEventsStatements(db, Math.floor(cutoff.getTime() / 1000), RETENTION_EVENT_BATCH);
  const results = await db.batch([...statements, ...old]);
  const report: RetentionReport = {
    months,
    cutoff: iso,
    leads: leadIds.length,
    tickets: ticketIds.length,
    readings: readingIds.length,
    emails: anyRecords ? (results[0]?.meta.changes ?? 0) : 0,
    webhookEvents: leadEvents.length + (results.at(-1)?.results.length ?? 0),
  };
  console.log(
    `retention: period ${months} month(s), cutoff ${iso}: anonymised ${report.leads} leads with their quotes, ${report.tickets} service tickets, ${report.readings} meter readings; deleted ${report.emails} e-mails and ${report.webhookEvents} webhook events`,
  );
  return report;
}
