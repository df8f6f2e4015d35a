/**
 * The retention period (docs/privacy.md): each run of the
 * cron anonymises the leads (with their quotes), the service tickets, the customers' meter
 * readings and the toner orders created more than `RETENTION_MONTHS` months ago, deletes
 * their e-mails from the outbox, the e-mails about no lead or ticket (sign-in links,
 * confirmations), the customer page's sign-ins and sessions, the online orders never
 * signed, and every webhook event older than the period (or about such a lead), and logs
 * how many rows went. A signed order stays: it is the contract's evidence
 * (`SIGNED_ORDER_KEPT`, widgets/core/privacy.ts). Invoices keep their own period (5 years
 * from the end of their issue year, worker/invoices/retention.ts) and go only after it. No
 * SQL here: the models own their tables.
 *
 * Bounded batches, continued until done: a batch takes at most `RETENTION_BATCH` rows of
 * each kind and `RETENTION_EVENT_BATCH` webhook events in a fixed number of D1 statements
 * (about a dozen, whatever the backlog), and a run takes batch after batch until one comes
 * back short (nothing left), within `RETENTION_RUN_BATCHES` batches and `RETENTION_RUN_MS`
 * of wall time (inside a Worker's D1-queries and time limits, before the next run starts);
 * only a backlog larger than that goes on in the next run, and the log line says so.
 */
import { RETENTION_MONTHS } from '../../widgets/core/privacy.ts';
import { ERASED_NAME } from '../admin-shared/privacy-validation.ts';
import { anonymiseLeadsStatements, leadIdsToAnonymise } from '../leads/index.ts';
import { deleteNotesOfLeadsStatement } from '../leads/index.ts';
import { deleteNotificationsAboutStatement, deleteStandaloneBeforeStatement } from '../outbox/index.ts';
import { abandonedOrderIds, eraseOrdersStatements } from '../orders/index.ts';
import { deletePortalSessionsBeforeStatement } from '../portal/index.ts';
import { deleteSignInsBeforeStatement } from '../portal/index.ts';
import { anonymiseTonerOrdersStatement, tonerOrderIdsToAnonymise } from '../portal/index.ts';
import { anonymiseQuotesOfLeadsStatement } from '../quotes/index.ts';
import { anonymiseReadingsStatement, readingIdsToAnonymise } from '../meter/index.ts';
import { anonymiseTicketsStatements, ticketIdsToAnonymise } from '../service/index.ts';
import { deleteEventsStatements, deleteOldEventsStatements, eventIdsOfLeads } from '../webhooks/index.ts';
import { deleteExpiredInvoices } from '../invoices/retention.ts';

/** The period when `RETENTION_MONTHS` is unset or invalid: the one the privacy policy states. */
export const DEFAULT_RETENTION_MONTHS = RETENTION_MONTHS;
/** The longest period accepted (10 years); anything longer is taken for a typo. */
export const MAX_RETENTION_MONTHS = 120;
/** Leads, tickets, readings, toner order lines and unsigned orders (each) taken per batch at most. */
export const RETENTION_BATCH = 100;
/** Webhook events, and e-mails about no lead or ticket, deleted per batch at most. */
export const RETENTION_EVENT_BATCH = 500;
/**
 * Batches per run at most. A batch sends about 18 D1 statements (its reads and its write batch),
 * and the five-minute run shares D1's 1 000 queries per invocation with the sweep, the dispatch,
 * the reminders, the sales clock and the tidy-ups: 20 batches (about 360 statements, 2 000 leads,
 * some 2 s of CPU at the scale bench's sizes: bench/results.md) leave them room; a backlog goes on
 * five minutes later.
 */
export const RETENTION_RUN_BATCHES = 20;
/** Wall time a run starts new batches in (the cron runs every 5 minutes). */
export const RETENTION_RUN_MS = 3 * 60_000;

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
  /** Toner order lines anonymised, unsigned orders deleted, sign-ins and sessions of the customer's page deleted. */
  tonerOrders: number;
  orders: number;
  signIns: number;
  portalSessions: number;
  /** Invoices (with their KSeF rows and UPOs) deleted past their own period: 5 years from the end of their issue year. */
  invoices: number;
  /** Batches this run took, and whether a backlog is left for the next run. */
  batches: number;
  more: boolean;
}

const COUNTED = [
  'leads',
  'tickets',
  'readings',
  'emails',
  'webhookEvents',
  'tonerOrders',
  'orders',
  'signIns',
  'portalSessions',
] as const;
type Counts = Pick<RetentionReport, (typeof COUNTED)[number]> & { full: boolean };

/** One run of the retention job (the cron): batch after batch until done or out of budget; answers and logs what went. */
export async function applyRetention(
  env: { DB: D1Database; RETENTION_MONTHS?: string | undefined },
  now = new Date(),
): Promise<RetentionReport> {
  const months = retentionMonths(env);
  const cutoff = cutoffOf(now, months);
  const started = Date.now();
  const report: RetentionReport = {
    months,
    cutoff: cutoff.toISOString(),
    leads: 0,
    tickets: 0,
    readings: 0,
    emails: 0,
    webhookEvents: 0,
    tonerOrders: 0,
    orders: 0,
    signIns: 0,
    portalSessions: 0,
    invoices: 0,
    batches: 0,
    more: false,
  };
  for (;;) {
    const batch = await retentionBatch(env.DB, cutoff);
    report.batches++;
    for (const key of COUNTED) report[key] += batch[key];
    if (!batch.full) break;
    if (report.batches >= RETENTION_RUN_BATCHES || Date.now() - started > RETENTION_RUN_MS) {
      report.more = true;
      break;
    }
  }
  // Invoices keep their own period, whatever RETENTION_MONTHS says.
  report.invoices = await deleteExpiredInvoices(env.DB, now);
  console.log(
    `retention: period ${months} month(s), cutoff ${report.cutoff}: anonymised ${report.leads} leads with their quotes, ${report.tickets} service tickets, ${report.readings} meter readings, ${report.tonerOrders} toner order lines; deleted ${report.emails} e-mails, ${report.webhookEvents} webhook events, ${report.orders} unsigned orders, ${report.signIns} sign-ins and ${report.portalSessions} sessions of the customer's page, ${report.invoices} invoices past 5 years in ${report.batches} batch(es)${report.more ? '; more left for the next run' : ''}`,
  );
  return report;
}

/** One bounded batch; `full` when some kind filled its batch (there may be more). */
async function retentionBatch(db: D1Database, cutoff: Date): Promise<Counts> {
  const iso = cutoff.toISOString();
  const [leadIds, ticketIds, readingIds, tonerLines, orderIds] = await Promise.all([
    leadIdsToAnonymise(db, iso, RETENTION_BATCH),
    ticketIdsToAnonymise(db, iso, RETENTION_BATCH),
    readingIdsToAnonymise(db, iso, RETENTION_BATCH),
    tonerOrderIdsToAnonymise(db, iso, ERASED_NAME, RETENTION_BATCH),
    abandonedOrderIds(db, iso, RETENTION_BATCH),
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
      ...anonymiseLeadsStatements(db, leads, ERASED_NAME),
      deleteNotesOfLeadsStatement(db, leads),
    );
  if (ticketIds.length) statements.push(...anonymiseTicketsStatements(db, tickets, ERASED_NAME));
  if (readingIds.length) statements.push(anonymiseReadingsStatement(db, JSON.stringify(readingIds), ERASED_NAME));
  if (tonerLines.length) statements.push(anonymiseTonerOrdersStatement(db, JSON.stringify(tonerLines), ERASED_NAME));
  if (orderIds.length) statements.push(...eraseOrdersStatements(db, JSON.stringify(orderIds)));
  if (leadEvents.length) statements.push(...deleteEventsStatements(db, JSON.stringify(leadEvents)));
  const before = cutoff.getTime();
  // Fixed places at the end: sign-ins, sessions, e-mails about no lead or ticket, old events (last).
  const tail = [
    deleteSignInsBeforeStatement(db, before),
    deletePortalSessionsBeforeStatement(db, before),
    deleteStandaloneBeforeStatement(db, iso, RETENTION_EVENT_BATCH),
    ...deleteOldEventsStatements(db, Math.floor(before / 1000), RETENTION_EVENT_BATCH),
  ];
  const results = await db.batch([...statements, ...tail]);
  const at = (i: number) => results[statements.length + i];
  const oldEvents = results.at(-1)?.results.length ?? 0;
  const standalone = at(2)?.results.length ?? 0;
  return {
    leads: leadIds.length,
    tickets: ticketIds.length,
    readings: readingIds.length,
    emails: (anyRecords ? (results[0]?.meta.changes ?? 0) : 0) + standalone,
    webhookEvents: leadEvents.length + oldEvents,
    tonerOrders: tonerLines.length,
    orders: orderIds.length,
    signIns: at(0)?.meta.changes ?? 0,
    portalSessions: at(1)?.meta.changes ?? 0,
    full:
      leadIds.length === RETENTION_BATCH ||
      ticketIds.length === RETENTION_BATCH ||
      readingIds.length === RETENTION_BATCH ||
      tonerLines.length === RETENTION_BATCH ||
      orderIds.length === RETENTION_BATCH ||
      standalone === RETENTION_EVENT_BATCH ||
      oldEvents === RETENTION_EVENT_BATCH,
  };
}
