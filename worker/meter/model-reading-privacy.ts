/**
 * Retention and a person's data of the readings (migration 0100): a customer's reading (sent
 * through the form, `submission_id` set) names them in `sent_by` ('Name <e-mail>') and may
 * carry their note. The counter values stay: they bill the device, under the company's
 * contract. The readings themselves are model.ts.
 */
import type { ReadingRow } from './model.ts';

/** Customers' readings created before `cutoff` (ISO) still naming them, oldest first, at most `limit`. */
export async function readingIdsToAnonymise(db: D1Database, cutoff: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      'SELECT id FROM meter_readings WHERE submission_id IS NOT NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2',
    )
    .bind(cutoff, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/**
 * SQL: the address a customer's reading was sent from (lower-case): the text after the
 * last '<' of `sent_by` ('Name <e-mail>'), without its '>'. The address rule allows no '<'
 * or '>', so the name part cannot end the text, while a name may contain another person's
 * '<address>' (that reading is not theirs). The very expression of the index
 * `meter_readings_by_sender_address` (migration 0170): change both together.
 */
const SENDER_ADDRESS = "lower(rtrim(substr(sent_by, length(rtrim(sent_by, replace(sent_by, '<', ''))) + 1), '>'))";

/** The readings one address (lower-case) sent, with their device's serial, oldest first. */
export async function readingsOfEmail(db: D1Database, email: string): Promise<(ReadingRow & { serial: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT r.*, d.serial FROM meter_readings r JOIN devices d ON d.id = r.device_row
       WHERE r.submission_id IS NOT NULL AND ${SENDER_ADDRESS} = ?1 ORDER BY r.created_at, r.id`,
    )
    .bind(email)
    .all<ReadingRow & { serial: string }>();
  return results;
}

/** The statement that anonymises readings (JSON array of ids): who sent it, the note and the idempotency data go. */
export function anonymiseReadingsStatement(db: D1Database, idsJson: string, erasedName: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE meter_readings SET sent_by = ?2, note = NULL, submission_id = NULL, body_hash = NULL
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(idsJson, erasedName);
}
