/**
 * The `leads` table (migration 0002): leads of both kinds, contact messages and quotes
 * (DESIGN §4). A lead is stored with its outgoing notification in one D1 batch, so either
 * both are there or neither; the same `submission_id` twice stores one lead (and one
 * notification). Also the admin inbox's reads of leads: filtered lists, numbers, erasure.
 */
import type { LeadKind, LeadStatus } from '../admin-shared/admin-validation.ts';
import { businessHoursBetween } from '../admin-shared/business-hours.ts';
import { type NextStepKind, type Stage, firstAnswerDeadline } from '../admin-shared/pipeline.ts';
import { type NoteAuthor, deleteNotesOfLeadsStatement, noteStatement } from './model-lead-notes.ts';
import {
  LATEST_EMAIL_STATE,
  type Notification,
  deleteNotificationsOfLeadStatement,
  guardedNotificationStatement,
  notificationStatement,
} from '../outbox/index.ts';
import { deleteQuoteOfLeadStatement } from '../quotes/index.ts';
import { countLeadStatement, uncountLeadStatement } from './model-lead-counts.ts';
import { countResponseStatements, uncountResponseStatement } from './model-lead-response-days.ts';
import {
  type WebhookEventType,
  claimedIds,
  deleteEventsOfLeadStatements,
  eventDataFrom,
  eventIfStatements,
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
 * SQL: the `lead.created` event's data from the lead row `l` (the shape the README documents);
 * a new lead has no owner yet, and says so as every lead payload does.
 */
const LEAD_EVENT_DATA = `json_object('id', l.id, 'kind', l.kind, 'status', l.status, 'stage', l.stage, 'name', l.name,
  'email', l.email, 'phone', l.phone, 'company', l.company, 'message', l.message,
  'attribution', CASE WHEN json_valid(l.attribution) THEN json(l.attribution) END, 'owner', json('null'),
  'createdAt', l.created_at)`;

/** A change of a lead's work, as resolved by the route: every field given is written. */
export interface LeadChange {
  status?: LeadStatus | undefined;
  stage?: Stage | undefined;
  /** With stage 'przegrany'; cleared (null) when the lead moves to another stage. */
  lostReason?: string | null | undefined;
  lostNote?: string | null | undefined;
  /** null clears the next step. */
  nextStep?: { kind: NextStepKind; dueAt: string } | null | undefined;
  /** The old single notes field (still accepted); its new text also goes into the history. */
  notes?: string | undefined;
  /** A note for the history. */
  note?: string | undefined;
}

/** A webhook event the change causes, written in the same batch (for the endpoints that want it). */
export interface ChangeEvent {
  type: WebhookEventType;
  data: unknown;
}

/** How a change is written: `exists` guards every statement (a `SELECT 1 …` of the same batch, `?` placeholders). */
export interface ChangeOptions {
  now?: Date | undefined;
  /** Written only when this finds a row in the batch (a change caused by another, such as an order signed). */
  exists?: { sql: string; values: unknown[] } | undefined;
  /** False for a change the customer made (signing an order): it is not the team's first answer. */
  answers?: boolean | undefined;
}

/**
 * Writes `change` to lead `lead` in one batch with its history note and its webhook events. The first change of stage, status, next step
 * or a note is the lead's first response: stamped once, here, where every such change passes.
 */
export async function changeLead(
  db: D1Database,
  lead: LeadRow,
  change: LeadChange,
  author: NoteAuthor,
  events: ChangeEvent[] = [],
  now = new Date(),
): Promise<void> {
  // The admin API puts the deliveries on the queue after answering (app.ts), as for every write.
  await db.batch(changeLeadStatements(db, lead, change, author, events, { now }));
}

/** The statements of `changeLead`, for a batch of the caller's (guarded by `options.exists` when given). */
export function changeLeadStatements(
  db: D1Database,
  lead: LeadRow,
  change: LeadChange,
  author: NoteAuthor,
  events: ChangeEvent[],
  options: ChangeOptions = {},
): D1PreparedStatement[] {
  const now = options.now ?? new Date();
  const exists = options.exists;
  const set = (key: keyof LeadChange) => change[key] !== undefined;
  const nextStep = change.nextStep;
  // Saving what is already there (the same status, the same notes) is no answer to the client.
  const answers =
    options.answers !== false &&
    (!!change.note?.trim() ||
      (change.status !== undefined && change.status !== lead.status) ||
      (change.stage !== undefined && change.stage !== lead.stage) ||
      (change.notes !== undefined && change.notes !== lead.notes) ||
      (nextStep !== undefined &&
        ((nextStep?.kind ?? null) !== lead.next_step_kind || (nextStep?.dueAt ?? null) !== lead.next_step_due_at)));
  // The guard's plain `?` placeholders come after ?13 (SQLite numbers them on from the largest).
  const update = db
    .prepare(
      `UPDATE leads SET
         status = COALESCE(?2, status), stage = COALESCE(?3, stage),
         lost_reason = CASE WHEN ?4 THEN ?5 ELSE lost_reason END,
         lost_note = CASE WHEN ?4 THEN ?6 ELSE lost_note END,
         next_step_kind = CASE WHEN ?7 THEN ?8 ELSE next_step_kind END,
         next_step_due_at = CASE WHEN ?7 THEN ?9 ELSE next_step_due_at END,
         notes = COALESCE(?10, notes),
         first_response_at = CASE WHEN ?13 AND first_response_at IS NULL AND anonymised_at IS NULL THEN ?11
           ELSE first_response_at END,
         response_hours = CASE WHEN ?13 AND first_response_at IS NULL AND anonymised_at IS NULL THEN ?12
           ELSE response_hours END,
         updated_at = ?11
       WHERE id = ?1${exists ? ` AND EXISTS (${exists.sql})` : ''}`,
    )
    .bind(
      lead.id,
      change.status ?? null,
      change.stage ?? null,
      set('lostReason') || set('lostNote') ? 1 : 0,
      change.lostReason ?? null,
      change.lostNote || null,
      set('nextStep') ? 1 : 0,
      nextStep?.kind ?? null,
      nextStep?.dueAt ?? null,
      change.notes ?? null,
      now.toISOString(),
      businessHoursBetween(new Date(lead.created_at), now),
      answers ? 1 : 0,
      ...(exists?.values ?? []),
    );
  const notes = [change.notes !== lead.notes ? change.notes : undefined, change.note].filter(
    (text): text is string => !!text?.trim(),
  );
  // The response-time counters follow the change: out before it, back in after (an answer,
  // a lead marked as spam or back); when a guard stops the update, out and in again is no change.
  return [
    uncountResponseStatement(db, lead.id),
    update,
    ...countResponseStatements(db, lead.id),
    ...notes.map((text) => noteStatement(db, lead.id, author, text, exists)),
    ...events.flatMap((e) =>
      exists ? eventIfStatements(db, e.type, e.data, exists) : webhookEventStatements(db, e.type, e.data),
    ),
  ];
}

/** Business hours from a lead's arrival to its first answer (stored, or counted for older rows); null while unanswered. */
export const firstAnswerHours = (
  row: Pick<LeadRow, 'created_at' | 'first_response_at' | 'response_hours'>,
): number | null =>
  row.first_response_at
    ? (row.response_hours ?? businessHoursBetween(new Date(row.created_at), new Date(row.first_response_at)))
    : null;

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
  /** The owner's account id, or 'none' for leads nobody has. */
  owner?: number | 'none' | undefined;
  stage?: Stage | undefined;
  /** Only open leads whose next step was due before this instant (ISO). */
  overdueAt?: string | undefined;
}

/*
 * The search index (migration 0201): the name, address and company of each lead as trigrams
 * in a contentless FTS5 table (rowids only), kept here in the batches that write those columns.
 */

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

/** The shortest search the index answers: a trigram. Shorter ones match by walking the leads. */
export const INDEXED_SEARCH = 3;

/** Matches found in the index up to which the page is made from them alone; above it the term is common. */
const FEW_MATCHES = 1000;

/** The FTS5 query of a search text: one phrase, any part of a name, address or company. */
const searchPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/**
 * Where the search of `filter.q` leads: the rowids it matches when they are few (the page is
 * made from those leads alone), or 'common' when there are more than FEW_MATCHES (the page
 * walks the inbox's order and keeps the matches, which come often). Either way the read is
 * bounded: a rare term reads its matches, a common one a page's worth of leads around them.
 */
async function searchMatches(db: D1Database, q: string): Promise<number[] | 'common'> {
  const { results } = await db
    .prepare('SELECT rowid FROM leads_search WHERE leads_search MATCH ?1 LIMIT ?2')
    .bind(searchPhrase(q), FEW_MATCHES + 1)
    .all<{ rowid: number }>();
  return results.length > FEW_MATCHES ? 'common' : results.map((r) => r.rowid);
}

/**
 * The WHERE clause of a filter over `leads l` and its bound values (plain `?`, in order):
 * only the conditions the filter has, each in a form an index of migration 0122 serves. A
 * search of three characters or more uses the search index through `matches`
 * (`searchMatches`); a shorter one, or none given, matches by `instr()` on the leads walked.
 */
export function leadFilterWhere(
  filter: LeadFilter,
  matches?: number[] | 'common',
): { sql: string; values: (string | number)[] } {
  const sql: string[] = [];
  const values: (string | number)[] = [];
  const add = (condition: string, ...bound: (string | number)[]) => {
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
  if (filter.q && matches !== undefined) {
    // A common term is checked lead by lead along the walk in the inbox's order (a seek in the
    // index per lead), never by listing all its matches first.
    if (matches === 'common')
      add(
        'EXISTS (SELECT 1 FROM leads_search WHERE leads_search MATCH ? AND leads_search.rowid = l.rowid)',
        searchPhrase(filter.q),
      );
    else add('l.rowid IN (SELECT value FROM json_each(?))', JSON.stringify(matches));
  } else if (filter.q) {
    const q = filter.q.toLowerCase();
    add(
      "(instr(lower(l.name), ?) > 0 OR instr(lower(l.email), ?) > 0 OR instr(lower(COALESCE(l.company, '')), ?) > 0)",
      q,
      q,
      q,
    );
  }
  if (filter.owner === 'none') add('l.assigned_to IS NULL');
  else if (filter.owner !== undefined) add('l.assigned_to = ?', filter.owner);
  if (filter.stage) add('l.stage = ?', filter.stage);
  if (filter.overdueAt) add("l.next_step_due_at < ? AND l.stage NOT IN ('wygrany', 'przegrany')", filter.overdueAt);
  return { sql: sql.length ? sql.join(' AND ') : 'true', values };
}

/** A lead row with its owner and the delivery state of its newest notification. */
export interface InboxRow extends OwnedLeadRow {
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
  const matches = filter.q && [...filter.q].length >= INDEXED_SEARCH ? await searchMatches(db, filter.q) : undefined;
  if (Array.isArray(matches) && matches.length === 0) return [];
  const w = leadFilterWhere(filter, matches);
  const page = after ? ' AND (l.created_at, l.id) < (?, ?)' : '';
  const { results } = await db
    .prepare(
      `SELECT l.*, a.name AS owner_name, a.email AS owner_email, ${LATEST_EMAIL_STATE} AS email_state
       FROM leads l LEFT JOIN accounts a ON a.id = l.assigned_to WHERE ${w.sql}${page}
       ORDER BY l.created_at DESC, l.id DESC LIMIT ?`,
    )
    .bind(...w.values, ...(after ?? []), limit + 1)
    .all<InboxRow>();
  return results;
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

/*
 * The sales team's clock (worker/leads/sales-clock.ts): the morning digest's next steps and the
 * first-answer alerts, each read through its own partial index (migration 0130).
 */

/** An open lead's next step with its owner, for the morning digest. */
export interface StepRow {
  id: string;
  name: string;
  company: string | null;
  stage: Stage;
  next_step_kind: NextStepKind;
  next_step_due_at: string;
  assigned_to: number;
}

/** Next steps of open, owned leads due before `before` (ISO), soonest first. */
export async function stepsDueBefore(db: D1Database, before: string): Promise<StepRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, company, stage, next_step_kind, next_step_due_at, assigned_to FROM leads
       WHERE next_step_due_at IS NOT NULL AND next_step_due_at < ?1 AND assigned_to IS NOT NULL
         AND stage NOT IN ('wygrany', 'przegrany') AND anonymised_at IS NULL
       ORDER BY next_step_due_at`,
    )
    .bind(before)
    .all<StepRow>();
  return results;
}

/** New leads past their first-answer deadline without a first response and not yet told to a manager. */
export async function firstAnswerBacklog(db: D1Database, now: string, limit = 200): Promise<LeadRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM leads
       WHERE first_response_at IS NULL AND first_answer_due_at IS NOT NULL AND first_answer_due_at <= ?1
         AND manager_alerted_at IS NULL AND stage NOT IN ('wygrany', 'przegrany') AND status != 'spam'
       ORDER BY first_answer_due_at LIMIT ?2`,
    )
    .bind(now, limit)
    .all<LeadRow>();
  return results;
}

/**
 * Stamps an alert of lead `leadId` as sent at `stamp` (once: only while unset) and queues its
 * e-mails in the same batch, each inserted only when this call's stamp holds; answers the
 * outbox ids (none when another run stamped it first).
 */
export async function recordAlert(
  db: D1Database,
  leadId: string,
  alert: 'owner' | 'manager',
  stamp: string,
  notifications: Notification[],
): Promise<number[]> {
  const column = alert === 'owner' ? 'owner_alerted_at' : 'manager_alerted_at';
  const claim = db.prepare(`UPDATE leads SET ${column} = ?2 WHERE id = ?1 AND ${column} IS NULL`).bind(leadId, stamp);
  const results = await db.batch<{ id: number }>([
    claim,
    ...notifications.map((n) => guardedNotificationStatement(db, leadId, n, `${column} = ?6`, stamp)),
  ]);
  return results.slice(1).flatMap((r) => r.results.map((row) => row.id));
}
