/**
 * The `leads` table (migration 0002): leads of both kinds, contact messages and quotes
 * (DESIGN §4). A lead is stored with its outgoing notification in one D1 batch, so either
 * both are there or neither; the same `submission_id` twice stores one lead (and one
 * notification); a lead's erasure, its place in the search index and its anonymisation
 * (retention and a person's data) are here too. The team's changes are model-lead-changes.ts,
 * the inbox's reads model-lead-inbox.ts, the sales clock's model-sales-clock.ts.
 */
import type { LeadKind, LeadStatus } from '../admin-shared/admin-validation.ts';
import { LEAD_STATUS_LABELS, type NextStepKind, type Stage, firstAnswerDeadline } from '../admin-shared/pipeline.ts';
import { deleteNotesOfLeadsStatement } from './model-lead-notes.ts';
import { type Notification, deleteNotificationsOfLeadStatement, notificationStatement } from '../outbox/index.ts';
import { deleteQuoteOfLeadStatement } from '../quotes/index.ts';
import { countLeadStatement, uncountLeadStatement } from './model-lead-counts.ts';
import { countResponseStatements, uncountResponseStatement } from './model-lead-response-days.ts';
import { funnelStatements } from '../funnel/index.ts';
import {
  claimedIds,
  deleteEventsOfLeadStatements,
  eventDataFrom,
  sqlJsonObject,
  sqlLabel,
  takeUnqueuedStatement,
  webhookEventStatements,
} from '../webhooks/index.ts';

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
  /** The owner (migration 0031). */
  assigned_to: number | null;
  assigned_at: string | null;
  /** The first change of the lead's work (not an anonymisation): the lead's first response. */
  first_response_at: string | null;
  /** Business hours from `created_at` to `first_response_at`, computed once when it happens. */
  response_hours: number | null;
  /** The pipeline (migration 0130). */
  stage: Stage;
  lost_reason: string | null;
  lost_note: string | null;
  next_step_kind: NextStepKind | null;
  next_step_due_at: string | null;
  first_answer_due_at: string | null;
  owner_alerted_at: string | null;
  manager_alerted_at: string | null;
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
 * batch (e.g. a quote row) for the new lead's id; write them so they insert
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
         marketing_consent, created_at, updated_at, first_answer_due_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
         COALESCE(?13, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), COALESCE(?13, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ?14)
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
      // The first-answer promise runs from the lead's arrival on the business-hours clock.
      firstAnswerDeadline(lead.createdAt ? new Date(lead.createdAt) : new Date()).toISOString(),
    );
  const read = db.prepare('SELECT id, body_hash FROM leads WHERE submission_id = ?').bind(lead.submissionId);
  // One round trip: the lead, its e-mail, its `lead.created` event (only for subscribed
  // endpoints, only when the lead is new), its extras, its per-day counters (after the
  // extras: a quote's device and package count too) and response-time counters, the read-backs, and the webhook
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
    ...countResponseStatements(db, id),
    // "Od kliknięcia do przelewu": the lead (and its quote) on its day, partner, UTM values and page.
    ...funnelStatements(db, { lead: id }),
    indexLeadStatement(db, id),
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

/** A lead with its owner's name and address (null when nobody owns it). */
export interface OwnedLeadRow extends LeadRow {
  owner_name: string | null;
  owner_email: string | null;
}

export async function leadById(db: D1Database, id: string): Promise<OwnedLeadRow | null> {
  return db
    .prepare(
      `SELECT l.*, a.name AS owner_name, a.email AS owner_email FROM leads l
       LEFT JOIN accounts a ON a.id = l.assigned_to WHERE l.id = ?`,
    )
    .bind(id)
    .first<OwnedLeadRow>();
}

/**
 * SQL: the `lead.created` event's data from the lead row `l` (the shape docs/webhooks.md "The payload" documents);
 * a new lead has no owner yet, and says so as every lead payload does.
 */
const LEAD_EVENT_DATA = sqlJsonObject([
  ['id', 'l.id'],
  ['kind', 'l.kind'],
  ['status', 'l.status'],
  ['statusLabel', sqlLabel('l.status', LEAD_STATUS_LABELS)],
  ['stage', 'l.stage'],
  ['stageLabel', sqlLabel('l.stage', LEAD_STATUS_LABELS)],
  ['name', 'l.name'],
  ['email', 'l.email'],
  ['phone', 'l.phone'],
  ['company', 'l.company'],
  ['message', 'l.message'],
  ['attribution', 'CASE WHEN json_valid(l.attribution) THEN json(l.attribution) END'],
  ['owner', "json('null')"],
  ['createdAt', 'l.created_at'],
]);

/**
 * Deletes a lead and everything stored with it (GDPR erasure) in one batch: its quote,
 * its notifications, its webhook events (and their deliveries), then the lead. True when it existed.
 */
export async function eraseLead(db: D1Database, id: string): Promise<boolean> {
  const results = await db.batch([
    uncountLeadStatement(db, id),
    uncountResponseStatement(db, id),
    unindexLeadsStatement(db, JSON.stringify([id])),
    deleteQuoteOfLeadStatement(db, id),
    deleteNotificationsOfLeadStatement(db, id),
    deleteNotesOfLeadsStatement(db, JSON.stringify([id])),
    ...deleteEventsOfLeadStatements(db, id),
    db.prepare('DELETE FROM leads WHERE id = ?').bind(id),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/*
 * The search index (migration 0201): the name, address and company of each lead as trigrams
 * in a contentless FTS5 table (rowids only), kept here in the batches that write those columns.
 */

/** The statement that builds the whole search index from the leads (a restore runs it so; migration 0201 did too). */
export function fillLeadSearchStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(
    `INSERT INTO leads_search (rowid, name, email, company)
     SELECT rowid, name, email, COALESCE(company, '') FROM leads ORDER BY rowid`,
  );
}

/** The statement that adds lead `leadId` to the search index (nothing when it is not there). */
export function indexLeadStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO leads_search (rowid, name, email, company)
       SELECT rowid, name, email, COALESCE(company, '') FROM leads WHERE id = ?1`,
    )
    .bind(leadId);
}

/**
 * The statement that takes leads (a JSON array of ids) out of the search index, by rowid
 * (a lead that was never in it is no error): put it before the change of their text or
 * their deletion.
 */
export function unindexLeadsStatement(db: D1Database, idsJson: string): D1PreparedStatement {
  return db
    .prepare(
      'DELETE FROM leads_search WHERE rowid IN (SELECT rowid FROM leads WHERE id IN (SELECT value FROM json_each(?1)))',
    )
    .bind(idsJson);
}

/** The statement that puts leads (a JSON array of ids) back into the search index after a change of their text. */
export function reindexLeadsStatement(db: D1Database, idsJson: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO leads_search (rowid, name, email, company)
       SELECT rowid, name, email, COALESCE(company, '') FROM leads WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(idsJson);
}

/*
 * Retention and a person's data (migration 0046). Ids travel as one JSON array
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
 * The statements that anonymise leads (JSON array of ids): the person's name, address,
 * phone, company, message, internal notes, origin, the page, the referrer and the idempotency hash
 * go; kind, status, dates, owner and the attribution's source, medium, campaign and partner stay for
 * the numbers. The submission id becomes `usunięto:<id>` (it must stay unique).
 */
export function anonymiseLeadsStatements(db: D1Database, idsJson: string, erasedName: string): D1PreparedStatement[] {
  // The search index forgets the person's text and holds the erased name instead.
  const anonymise = db
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
  return [unindexLeadsStatement(db, idsJson), anonymise, reindexLeadsStatement(db, idsJson)];
}
