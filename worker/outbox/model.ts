/**
 * The outbox: every notification a lead causes, kept in D1 until it is sent (DESIGN §4).
 * States: 'pending' (written with the lead) → 'sending' (claimed by one delivery attempt)
 * → 'sent'; a failed attempt leaves 'failed' (retried by the queue, then by the sweep);
 * 'dead' when the retries are used up (the row keeps the whole message; the admin resends).
 */

export type NotificationState = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';

/** What a notification says; `subject` is ours alone, never user text (user text is only in `body`). */
export interface Notification {
  recipient: string;
  /** The visitor's validated address, for the sales team's "reply". */
  replyTo?: string | undefined;
  subject: string;
  body: string;
}

export interface NotificationRow {
  id: number;
  lead_id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  state: NotificationState;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
/** A claim ('sending') older than this is taken to have died with its worker: a send takes seconds. */
export const STALE_MINUTES = 5;
/**
 * A 'pending' e-mail older than this was not taken by the queue: the worker died before
 * handing it over, or (locally) the queue died with the process. The queue normally takes
 * one within seconds, and a claim is atomic, so the sweep taking it is never a second send.
 */
export const HANDOVER_MINUTES = 1;
/** A 'failed' e-mail belongs to the queue's backoff (30 s … 8 min) for this long after its last attempt. */
export const RETRY_MINUTES = 10;

/**
 * The statement that queues `notification` for lead `leadId`, for the lead's own batch.
 * It inserts nothing when that lead was not inserted (a replayed submission), so a
 * replay never sends a second email.
 */
export function notificationStatement(db: D1Database, leadId: string, notification: Notification): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (lead_id, recipient, reply_to, subject, body)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM leads WHERE id = ?1)
       RETURNING id`,
    )
    .bind(leadId, notification.recipient, notification.replyTo ?? null, notification.subject, notification.body);
}

/**
 * The statement that queues `notification` for lead `leadId` only when `exists` (a
 * `SELECT 1 …` with its values, `?` placeholders) finds a row: the e-mail of a guarded
 * change (an order's acceptance), written in the change's batch and only when it applied.
 */
export function notificationIfStatement(
  db: D1Database,
  leadId: string,
  notification: Notification,
  exists: { sql: string; values: unknown[] },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (lead_id, recipient, reply_to, subject, body)
       SELECT ?, ?, ?, ?, ? WHERE EXISTS (${exists.sql})
       RETURNING id`,
    )
    .bind(
      leadId,
      notification.recipient,
      notification.replyTo ?? null,
      notification.subject,
      notification.body,
      ...exists.values,
    );
}

/** The statement that queues `notification` for a person of the team (the morning digest: no single lead). */
export function accountNotificationStatement(
  db: D1Database,
  accountId: number,
  notification: Notification,
): D1PreparedStatement {
  return db
    .prepare('INSERT INTO outbox (account_id, recipient, subject, body) VALUES (?1, ?2, ?3, ?4) RETURNING id')
    .bind(accountId, notification.recipient, notification.subject, notification.body);
}

/**
 * Like `notificationStatement`, inserted only while lead `leadId` meets `leadCondition` (SQL
 * over the lead's columns, its value bound as ?6): an alert claimed earlier in the same batch.
 */
export function guardedNotificationStatement(
  db: D1Database,
  leadId: string,
  notification: Notification,
  leadCondition: string,
  value: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (lead_id, recipient, reply_to, subject, body)
       SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM leads WHERE id = ?1 AND ${leadCondition})
       RETURNING id`,
    )
    .bind(leadId, notification.recipient, notification.replyTo ?? null, notification.subject, notification.body, value);
}

/**
 * The statement that queues an e-mail about no lead and no ticket (a sign-in link, a
 * reading's or a toner order's confirmation), for the batch of what it is about; `about`
 * names that ('portal', 'reading:12', 'toner:3'). Returns the row's id. With `exists` (a
 * `SELECT 1 …` with `?` placeholders) it is written only when that finds a row in the batch.
 */
export function standaloneNotificationStatement(
  db: D1Database,
  about: string,
  notification: Notification,
  exists?: { sql: string; values: unknown[] },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (about, recipient, reply_to, subject, body)
       SELECT ?, ?, ?, ?, ?${exists ? ` WHERE EXISTS (${exists.sql})` : ''} RETURNING id`,
    )
    .bind(
      about,
      notification.recipient,
      notification.replyTo ?? null,
      notification.subject,
      notification.body,
      ...(exists?.values ?? []),
    );
}

/** E-mails about one thing of `standaloneNotificationStatement`, oldest first. */
export async function notificationsOfAbout(db: D1Database, about: string): Promise<NotificationRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM outbox WHERE about = ? ORDER BY id')
    .bind(about)
    .all<NotificationRow>();
  return results;
}

export async function notificationById(db: D1Database, id: number): Promise<NotificationRow | null> {
  return db.prepare('SELECT * FROM outbox WHERE id = ?').bind(id).first<NotificationRow>();
}

/** The notifications of one lead, oldest first (for the admin panel). */
export async function notificationsOfLead(db: D1Database, leadId: string): Promise<NotificationRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id')
    .bind(leadId)
    .all<NotificationRow>();
  return results;
}

/**
 * Takes a notification for one delivery attempt (counting it), or null when it is sent,
 * dead, or being sent by someone else right now. One claim at a time, so the queue and
 * the sweep never send the same email twice.
 */
export async function claimNotification(db: D1Database, id: number): Promise<NotificationRow | null> {
  return db
    .prepare(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ${NOW}
       WHERE id = ?1 AND (state IN ('pending', 'failed')
         OR (state = 'sending' AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${STALE_MINUTES} minutes')))
       RETURNING *`,
    )
    .bind(id)
    .first<NotificationRow>();
}

export async function markSent(db: D1Database, id: number): Promise<void> {
  await db
    .prepare(`UPDATE outbox SET state = 'sent', last_error = NULL, sent_at = ${NOW}, updated_at = ${NOW} WHERE id = ?`)
    .bind(id)
    .run();
}

export async function markFailed(db: D1Database, id: number, error: string): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET state = 'failed', last_error = ?2, updated_at = ${NOW} WHERE id = ?1 AND state != 'sent'`,
    )
    .bind(id, error.slice(0, 1000))
    .run();
}

/** Retries used up: the message stays here, whole, for the admin to resend. Keeps the last error unless given one. */
export async function markDead(db: D1Database, id: number, error?: string): Promise<void> {
  await db
    .prepare(
      `UPDATE outbox SET state = 'dead', last_error = COALESCE(?2, last_error), updated_at = ${NOW} WHERE id = ?1 AND state != 'sent'`,
    )
    .bind(id, error?.slice(0, 1000) ?? null)
    .run();
}

/** Puts a notification back in line (the admin's "resend"); true when it was not sent yet. */
export async function requeueNotification(db: D1Database, id: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE outbox SET state = 'pending', updated_at = ${NOW} WHERE id = ? AND state IN ('failed', 'dead', 'pending')`,
    )
    .bind(id)
    .run();
  return result.meta.changes > 0;
}

const olderThan = (minutes: number) => `-${Math.max(0, Math.floor(minutes))} minutes`;

/**
 * The sweep's claim: takes up to `limit` notifications left unsent, with fewer than
 * `maxAttempts` attempts, oldest first, for one delivery attempt each (as
 * `claimNotification` does for one), in a single statement. Left unsent: 'pending'
 * `HANDOVER_MINUTES` after it was written or put back (never handed to the queue),
 * 'sending' `STALE_MINUTES` after its claim (died with its worker), 'failed'
 * `RETRY_MINUTES` after its last attempt (the queue's retries are over).
 */
export async function claimUnsent(
  db: D1Database,
  { limit = 50, maxAttempts }: { limit?: number; maxAttempts: number },
): Promise<NotificationRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ${NOW}
       WHERE id IN (SELECT id FROM outbox
         WHERE attempts < ?2 AND (
              (state = 'pending' AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?3))
           OR (state = 'sending' AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?4))
           OR (state = 'failed' AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?5)))
         ORDER BY created_at LIMIT ?1)
       RETURNING *`,
    )
    .bind(limit, maxAttempts, olderThan(HANDOVER_MINUTES), olderThan(STALE_MINUTES), olderThan(RETRY_MINUTES))
    .all<NotificationRow>();
  return results;
}

/** Marks many notifications sent in one statement. */
export async function markSentMany(db: D1Database, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .prepare(
      `UPDATE outbox SET state = 'sent', last_error = NULL, sent_at = ${NOW}, updated_at = ${NOW}
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .run();
}

/**
 * Gives up notifications unsent `olderThanMinutes` after their last activity that have
 * used `maxAttempts`: marks them 'dead' and returns them (id, lead) for the log.
 */
export async function markExhaustedDead(
  db: D1Database,
  { olderThanMinutes = RETRY_MINUTES, maxAttempts }: { olderThanMinutes?: number; maxAttempts: number },
): Promise<{ id: number; lead_id: string; last_error: string | null }[]> {
  const { results } = await db
    .prepare(
      `UPDATE outbox SET state = 'dead', updated_at = ${NOW}
       WHERE state IN ('pending', 'failed', 'sending') AND attempts >= ?2
         AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1)
       RETURNING id, lead_id, last_error`,
    )
    .bind(olderThan(olderThanMinutes), maxAttempts)
    .all<{ id: number; lead_id: string; last_error: string | null }>();
  return results;
}

/** How many notifications are dead (the admin header's alert). */
export async function countDead(db: D1Database): Promise<number> {
  return (await db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state = 'dead'").first<{ n: number }>())?.n ?? 0;
}

/** SQL of the state of the newest notification of lead `l` (for reads of leads). */
export const LATEST_EMAIL_STATE = '(SELECT o.state FROM outbox o WHERE o.lead_id = l.id ORDER BY o.id DESC LIMIT 1)';

/** The statement that deletes every notification of a lead (for the lead's erasure batch). */
export function deleteNotificationsOfLeadStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db.prepare('DELETE FROM outbox WHERE lead_id = ?').bind(leadId);
}

/** An outbox row as the panel lists it, with whose lead it is. */
export interface OutboxListRow {
  id: number;
  lead_id: string;
  lead_name: string | null;
  lead_kind: string | null;
  recipient: string;
  subject: string;
  state: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/**
 * The condition of a state filter, each read along the index (state, id) (migration 0211):
 * one state, or the unsent ones as the list of the states that are not 'sent' (few rows,
 * so their page is sorted from them, never found by walking past every sent e-mail).
 */
const OUTBOX_STATE_WHERE = (state: string | undefined): string =>
  state === undefined
    ? '?1 IS NULL'
    : state === 'unsent'
      ? "?1 = 'unsent' AND o.state IN ('pending', 'sending', 'failed', 'dead')"
      : 'o.state = ?1';

/** Where a page of the outbox starts: after the notification with this id (newest first). */
export type OutboxKey = [id: number];

export const outboxKey = (row: { id: number }): OutboxKey => [row.id];

/**
 * Notifications newest first, with the name and kind of their lead (or service ticket); `state` narrows to
 * one state, `unsent` to all but 'sent'. A keyset page: `limit + 1` rows with an id below `after`'s.
 */
export async function listOutbox(
  db: D1Database,
  state: string | undefined,
  { limit = 100, after }: { limit?: number; after?: OutboxKey | undefined } = {},
): Promise<OutboxListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.lead_id, COALESCE(l.name, t.name, a.name) AS lead_name,
              COALESCE(l.kind, CASE WHEN o.ticket_id IS NOT NULL THEN 'service' WHEN o.account_id IS NOT NULL THEN 'team' END,
                CASE WHEN o.about IS NOT NULL THEN 'customer' END) AS lead_kind, o.recipient,
              o.subject, o.state, o.attempts, o.last_error, o.created_at, o.updated_at, o.sent_at
       FROM outbox o LEFT JOIN leads l ON l.id = o.lead_id LEFT JOIN service_tickets t ON t.id = o.ticket_id
         LEFT JOIN accounts a ON a.id = o.account_id
       WHERE ${OUTBOX_STATE_WHERE(state)}${after ? ' AND o.id < ?3' : ''}
       ORDER BY o.id DESC LIMIT ?2`,
    )
    .bind(state ?? null, limit + 1, ...(after ?? []))
    .all<OutboxListRow>();
  return results;
}

/**
 * Every e-mail to or about one person (`email`, lower-case): those of their leads and
 * tickets (JSON arrays of ids), those sent to them or answering to them (a sign-in link,
 * a confirmation, an order's code), and those about their other records by `about`
 * (JSON array: 'reading:12', 'toner:TON-2026-000003'). Oldest first.
 */
export async function notificationsOfPerson(
  db: D1Database,
  email: string,
  leadIdsJson: string,
  ticketIdsJson: string,
  aboutJson: string,
): Promise<(NotificationRow & { ticket_id: string | null })[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM outbox WHERE lead_id IN (SELECT value FROM json_each(?1))
         OR ticket_id IN (SELECT value FROM json_each(?2))
         OR lower(recipient) = ?3 OR lower(reply_to) = ?3
         OR about IN (SELECT value FROM json_each(?4)) ORDER BY id`,
    )
    .bind(leadIdsJson, ticketIdsJson, email, aboutJson)
    .all<NotificationRow & { ticket_id: string | null }>();
  return results;
}

/** The statement that deletes the given e-mails (JSON array of ids). */
export const deleteNotificationsStatement = (db: D1Database, idsJson: string): D1PreparedStatement =>
  db.prepare('DELETE FROM outbox WHERE id IN (SELECT value FROM json_each(?1))').bind(idsJson);

/**
 * The statement that deletes, oldest first, at most `limit` e-mails about no lead and no
 * ticket (sign-in links, confirmations of readings and toner orders) written before
 * `cutoff` (ISO): the retention period. Returns their ids.
 */
export const deleteStandaloneBeforeStatement = (db: D1Database, cutoff: string, limit: number): D1PreparedStatement =>
  db
    .prepare(
      `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE about IS NOT NULL AND created_at < ?1
         ORDER BY created_at LIMIT ?2) RETURNING id`,
    )
    .bind(cutoff, limit);

/** The statement that deletes every e-mail about the given leads or service tickets (JSON arrays of ids). */
export function deleteNotificationsAboutStatement(
  db: D1Database,
  leadIdsJson: string,
  ticketIdsJson: string,
): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM outbox WHERE lead_id IN (SELECT value FROM json_each(?1))
         OR ticket_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(leadIdsJson, ticketIdsJson);
}
