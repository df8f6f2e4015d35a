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

/** SQL of the state of the newest notification of lead `l` (for reads of leads). */
export const LATEST_EMAIL_STATE = '(SELECT o.state FROM outbox o WHERE o.lead_id = l.id ORDER BY o.id DESC LIMIT 1)';

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
