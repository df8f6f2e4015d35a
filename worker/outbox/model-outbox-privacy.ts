/**
 * A person's e-mails in `outbox`: found for their export, deleted with their leads and
 * tickets or by the retention job.
 */
import type { NotificationRow } from './model.ts';
/** The statement that deletes every notification of a lead (for the lead's erasure batch). */
export function deleteNotificationsOfLeadStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db.prepare('DELETE FROM outbox WHERE lead_id = ?').bind(leadId);
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
