/**
 * The `leads` table (migration 0002): leads of both kinds, contact messages and quotes
 * (DESIGN §4). A lead is stored with its outgoing notification in one D1 batch, so either
 * both are there or neither; the same `submission_id` twice stores one lead (and one
 * notification). Also the admin inbox's reads of leads: filtered lists, numbers, erasure.
 */
import type { LeadKind, LeadStatus } from '../../widgets/core/admin-validation.ts';
import {
  LATEST_EMAIL_STATE,
  type Notification,
  deleteNotificationsOfLeadStatement,
  notificationStatement,
} from './outbox.ts';
import { deleteQuoteOfLeadStatement } from './quotes.ts';
import { countLeadStatement, uncountLeadStatement } from './lead-counts.ts';
import { businessHoursBetween } from '../../widgets/core/business-hours.ts';
import {
  claimedIds,
  deleteEventsOfLeadStatements,
  eventDataFrom,
  takeUnqueuedStatement,
  webhookEventStatements,
} from './webhooks.ts';

export type { LeadKind, LeadStatus };

export interface NewLead {
  /** The new lead's id; a random UUID when not given (a lead kept on the queue brings the id it was answered with). */
  id?: string | undefined;
  kind: LeadKind;
  submissionId: string;
  name: string;
  email: string;
  phone?: string | null | undefined;
  company?: string | null | undefined;
  message?: string | null | undefined;
  /** DESIGN §4 `attribution`, stored as JSON. */
  attribution?: Record<string, unknown> | undefined;
  /** The request's `Origin` header. */
  origin?: string | null | undefined;
  /** The optional marketing consent sent with the form (migration 0045); not given when absent. */
  marketingConsent?: boolean | undefined;
  /** `bodyHash()` of what was submitted: a replay is answered only when it matches (the routes always give it). */
  bodyHash?: string | undefined;
  /** When the visitor sent it (ISO); now when not given. A lead kept on the queue while D1 was away keeps its time. */
  createdAt?: string | undefined;
}

export interface LeadRow {
  id: string;
  kind: LeadKind;
  submission_id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  attribution: string;
  origin: string | null;
  body_hash: string | null;
  /** 1 when the marketing consent was given (migration 0045). */
  marketing_consent: number;
  status: LeadStatus;
  notes: string;
  created_at: string;
  updated_at: string;
  /** The first change of status or notes (not an anonymisation): the lead's first response. */
  first_response_at?: string | null;
  /** Business hours from `created_at` to `first_response_at`, computed once when it happens. */
  response_hours?: number | null;
}

/** Thrown by `storeLead` when the submission id was used before with another body. */
export class SubmissionConflict extends Error {
  constructor() {
    super('storeLead: submission id used before with another body');
  }
}

export interface StoredLead {
  /** The lead's id: the new one, or the first one's on a replay. */
  id: string;
  /** False when this submission was stored before (a retry). */
  created: boolean;
  /** The outbox row to deliver, when the lead is new. */
  notificationId: number | undefined;
  /** Webhook deliveries claimed in the batch: the caller puts them on the queue. */
  webhookIds: number[];
  /** The rows of `readBack` (run last in the same batch), when one was given. */
  readBack?: unknown[];
}

/**
 * Stores `lead` and its `notification` in one batch. `extra` adds statements of the same
 * batch (e.g. a quote row, issue 5) for the new lead's id; write them so they insert
 * nothing on a replay (`… WHERE EXISTS (SELECT 1 FROM leads WHERE id = ?)`), as the
 * notification does. Throws when D1 fails (then nothing of it is stored), and
 * `SubmissionConflict` when the submission id was stored before with another body.
 * @example const stored = await storeLead(env.DB, lead, (id) => contactNotification(id, lead, to))
 */
export async function storeLead(
  db: D1Database,
  lead: NewLead,
  notification: (leadId: string) => Notification,
  extra: (leadId: string) => D1PreparedStatement[] = () => [],
  readBack?: D1PreparedStatement,
): Promise<StoredLead> {
  const id = lead.id ?? crypto.randomUUID();
  const insert = db
    .prepare(
      `INSERT INTO leads (id, kind, submission_id, name, email, phone, company, message, attribution, origin, body_hash,
         marketing_consent, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
         COALESCE(?13, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), COALESCE(?13, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
       ON CONFLICT (submission_id) DO NOTHING`,
    )
    .bind(
      id,
      lead.kind,
      lead.submissionId,
      lead.name,
      lead.email,
      lead.phone ?? null,
      lead.company ?? null,
      lead.message ?? null,
      JSON.stringify(lead.attribution ?? {}),
      lead.origin ?? null,
      lead.bodyHash ?? null,
      lead.marketingConsent ? 1 : 0,
      lead.createdAt ?? null,
    );
  const read = db.prepare('SELECT id, body_hash FROM leads WHERE submission_id = ?').bind(lead.submissionId);
  // One round trip: the lead, its e-mail, its `lead.created` event (only for subscribed
  // endpoints, only when the lead is new), its extras, its per-day counters (after the
  // extras: a quote's device and package count too), the read-backs, and the webhook
  // deliveries written, claimed for the queue (webhooks/delivery.ts).
  const statements = [
    insert,
    notificationStatement(db, id, notification(id)),
    ...webhookEventStatements(
      db,
      'lead.created',
      eventDataFrom(`SELECT ${LEAD_EVENT_DATA} AS data FROM leads l WHERE l.id = ?`, id),
    ),
    ...extra(id),
    countLeadStatement(db, id),
    read,
  ];
  const readAt = statements.length - 1;
  if (readBack) statements.push(readBack);
  statements.push(takeUnqueuedStatement(db));
  const results = await db.batch(statements);
  const stored = results[readAt]?.results[0] as { id: string; body_hash: string | null } | undefined;
  if (!stored) throw new Error('storeLead: the lead is not in D1 after its batch');
  const storedId = stored.id;
  const created = storedId === id;
  if (!created && stored.body_hash !== (lead.bodyHash ?? null)) throw new SubmissionConflict();
  const notificationId = created ? (results[1]?.results[0] as { id: number } | undefined)?.id : undefined;
  return {
    id: storedId,
    created,
    notificationId,
    webhookIds: claimedIds(results.at(-1)?.results),
    ...(readBack ? { readBack: results[readAt + 1]?.results ?? [] } : {}),
  };
}

export async function leadById(db: D1Database, id: string): Promise<LeadRow | null> {
  return db.prepare('SELECT * FROM leads WHERE id = ?').bind(id).first<LeadRow>();
}

/** SQL: the `lead.created` event's data from the lead row `l` (the shape the README documents). */
const LEAD_EVENT_DATA = `json_object('id', l.id, 'kind', l.kind, 'status', l.status, 'name', l.name, 'email', l.email,
  'phone', l.phone, 'company', l.company, 'message', l.message,
  'attribution', CASE WHEN json_valid(l.attribution) THEN json(l.attribution) END, 'createdAt', l.created_at)`;

/**
 * Sets the status and/or the internal notes of a lead; false when there is no such lead.
 * In the same batch: the `lead.status_changed` event when the status really changes, and
 * the first response when this is the first change of status or notes (of a lead not
 * anonymised): its time and the business hours since the lead came, computed here once
 * so the statistics read a number instead of walking the calendar per view.
 */
export async function updateLead(
  db: D1Database,
  id: string,
  { status, notes }: { status?: LeadStatus | undefined; notes?: string | undefined },
  now = new Date(),
): Promise<boolean> {
  const before = await db
    .prepare('SELECT status, notes, created_at, first_response_at, anonymised_at FROM leads WHERE id = ?')
    .bind(id)
    .first<{
      status: string;
      notes: string;
      created_at: string;
      first_response_at: string | null;
      anonymised_at: string | null;
    }>();
  if (!before) return false;
  const statusChanges = status !== undefined && status !== before.status;
  const changes = statusChanges || (notes !== undefined && notes !== before.notes);
  const firstResponse = changes && before.first_response_at === null && before.anonymised_at === null;
  const at = now.toISOString();
  const statements: D1PreparedStatement[] = [];
  if (statusChanges)
    statements.push(
      ...webhookEventStatements(
        db,
        'lead.status_changed',
        // Read before the UPDATE, and only while the status is still the one seen above.
        eventDataFrom(
          `SELECT json_object('id', l.id, 'kind', l.kind, 'status', ?, 'previousStatus', l.status, 'name', l.name,
             'email', l.email, 'changedAt', ?) AS data FROM leads l WHERE l.id = ? AND l.status = ?`,
          status,
          at,
          id,
          before.status,
        ),
      ),
    );
  statements.push(
    db
      .prepare(
        `UPDATE leads SET status = COALESCE(?2, status), notes = COALESCE(?3, notes), updated_at = ?4,
           first_response_at = CASE WHEN ?5 IS NOT NULL AND first_response_at IS NULL AND anonymised_at IS NULL
             THEN ?4 ELSE first_response_at END,
           response_hours = CASE WHEN ?5 IS NOT NULL AND first_response_at IS NULL AND anonymised_at IS NULL
             THEN ?5 ELSE response_hours END
         WHERE id = ?1`,
      )
      .bind(
        id,
        status ?? null,
        notes ?? null,
        at,
        firstResponse ? businessHoursBetween(new Date(before.created_at), now) : null,
      ),
  );
  const results = await db.batch(statements);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/**
 * The statement that marks a lead won when `exists` (a `SELECT 1 …` with its values)
 * finds a row: an online order signed in the same batch closes its lead.
 */
export function leadWonIfStatement(
  db: D1Database,
  leadId: string,
  exists: { sql: string; values: unknown[] },
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE leads SET status = 'wygrany', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND status != 'wygrany' AND EXISTS (${exists.sql})`,
    )
    .bind(leadId, ...exists.values);
}

/**
 * Deletes a lead and everything stored with it (GDPR erasure) in one batch: its quote,
 * its notifications, its webhook events (and their deliveries), then the lead. True when it existed.
 */
export async function eraseLead(db: D1Database, id: string): Promise<boolean> {
  const results = await db.batch([
    uncountLeadStatement(db, id),
    deleteQuoteOfLeadStatement(db, id),
    deleteNotificationsOfLeadStatement(db, id),
    ...deleteEventsOfLeadStatements(db, id),
    db.prepare('DELETE FROM leads WHERE id = ?').bind(id),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/** The admin inbox's filter (`GET /api/admin/leads`, the CSV and the numbers). */
export interface LeadFilter {
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string | undefined;
  /** `YYYY-MM-DD`, inclusive. */
  to?: string | undefined;
  utmSource?: string | undefined;
  utmCampaign?: string | undefined;
  partner?: string | undefined;
  /**
   * Part of the name, email or company, of any length up to the longest of them: a plain
   * substring match with `instr()` (a `LIKE` pattern over 50 bytes is "too complex" for D1).
   */
  q?: string | undefined;
}

/**
 * The WHERE clause of a filter over `leads l` and its bound values (plain `?`, in order):
 * only the conditions the filter has, each in a form an index of migration 0122 serves.
 */
export function leadFilterWhere(filter: LeadFilter): { sql: string; values: string[] } {
  const sql: string[] = [];
  const values: string[] = [];
  const add = (condition: string, ...bound: string[]) => {
    sql.push(condition);
    values.push(...bound);
  };
  if (filter.kind) add('l.kind = ?', filter.kind);
  if (filter.status) add('l.status = ?', filter.status);
  if (filter.from) add('l.created_at >= ?', filter.from);
  if (filter.to) add("l.created_at < date(?, '+1 day')", filter.to);
  if (filter.utmSource) add("json_extract(l.attribution, '$.utm_source') = ?", filter.utmSource);
  if (filter.utmCampaign) add("json_extract(l.attribution, '$.utm_campaign') = ?", filter.utmCampaign);
  if (filter.partner) add("json_extract(l.attribution, '$.partner') = ?", filter.partner);
  if (filter.q) {
    const q = filter.q.toLowerCase();
    add(
      "(instr(lower(l.name), ?) > 0 OR instr(lower(l.email), ?) > 0 OR instr(lower(COALESCE(l.company, '')), ?) > 0)",
      q,
      q,
      q,
    );
  }
  return { sql: sql.length ? sql.join(' AND ') : 'true', values };
}

/** A lead row with the delivery state of its newest notification. */
export interface InboxRow extends LeadRow {
  email_state: string | null;
}

/** Where a page of the inbox starts: after the lead with this time and id (newest first). */
export type LeadKey = [createdAt: string, id: string];

export const leadKey = (row: LeadRow): LeadKey => [row.created_at, row.id];

/**
 * Leads matching `filter`, newest first, `limit + 1` of them after `after` (so the caller
 * knows whether there is more), each with its newest email's state (outbox). A keyset
 * page: the same cost on the first page and on the thousandth.
 */
export async function findLeads(
  db: D1Database,
  filter: LeadFilter,
  { limit = 100, after }: { limit?: number; after?: LeadKey | undefined } = {},
): Promise<InboxRow[]> {
  const w = leadFilterWhere(filter);
  const page = after ? ' AND (l.created_at, l.id) < (?, ?)' : '';
  const { results } = await db
    .prepare(
      `SELECT l.*, ${LATEST_EMAIL_STATE} AS email_state FROM leads l WHERE ${w.sql}${page}
       ORDER BY l.created_at DESC, l.id DESC LIMIT ?`,
    )
    .bind(...w.values, ...(after ?? []), limit + 1)
    .all<InboxRow>();
  return results;
}

/*
 * Retention and a person's data (issue 13, migration 0046). Ids travel as one JSON array
 * bound to `?1` (`json_each`), so a statement stays one statement whatever the batch size.
 */

/** Leads created before `cutoff` (ISO) that still hold a person's data, oldest first, at most `limit`. */
export async function leadIdsToAnonymise(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT id FROM leads WHERE anonymised_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2')
    .bind(cutoff, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The leads of one address (lower-case), not anonymised, oldest first. */
export async function leadsOfEmail(db: D1Database, email: string): Promise<LeadRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM leads WHERE lower(email) = ?1 AND anonymised_at IS NULL ORDER BY created_at, id')
    .bind(email)
    .all<LeadRow>();
  return results;
}

/**
 * The statement that anonymises leads (JSON array of ids): the person's name, address,
 * phone, company, message, internal notes, origin, the page, the referrer and the idempotency hash
 * go; kind, status, dates, owner and the attribution's source, medium, campaign and partner stay for
 * the numbers. The submission id becomes `usunięto:<id>` (it must stay unique).
 */
export function anonymiseLeadsStatement(db: D1Database, idsJson: string, erasedName: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE leads SET name = ?2, email = '', phone = NULL, company = NULL, message = NULL, notes = '', origin = NULL,
         body_hash = NULL, submission_id = 'usunięto:' || id,
         attribution = CASE WHEN json_valid(attribution) THEN json_object(
           'utm_source', json_extract(attribution, '$.utm_source'),
           'utm_medium', json_extract(attribution, '$.utm_medium'),
           'utm_campaign', json_extract(attribution, '$.utm_campaign'),
           'partner', json_extract(attribution, '$.partner')) ELSE '{}' END,
         anonymised_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id IN (SELECT value FROM json_each(?1)) AND anonymised_at IS NULL`,
    )
    .bind(idsJson, erasedName);
}
