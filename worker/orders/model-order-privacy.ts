/**
 * A person's data (worker/privacy): the online orders an address signed or began, found by
 * the signer's address. An order still awaiting acceptance is no contract: the person's
 * erasure and the retention period delete it. A signed order is the evidence of a concluded
 * contract (the document as accepted with its SHA-256, the terms' version and the
 * acceptance trail: when, from which IP, in which browser), kept for as long as claims
 * under the contract and the accounting rules require (docs/privacy.md, the privacy policy); of it
 * only the optional marketing consent and the spent code's traces go.
 */
import type { OrderRow } from './model.ts';
/** The orders signed or begun by `email` (lower-case), oldest first. */
export async function ordersOfEmail(db: D1Database, email: string): Promise<OrderRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM orders WHERE lower(signer_email) = ?1 ORDER BY created_at, id')
    .bind(email)
    .all<OrderRow>();
  return results;
}

/** Orders never signed and begun before `cutoff` (ISO), oldest first, at most `limit`. */
export async function abandonedOrderIds(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM orders WHERE status = 'awaiting_acceptance' AND created_at < ?1 ORDER BY created_at LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * The statements that erase orders (JSON array of ids): the unsigned ones are deleted, the
 * signed ones kept as the contract's evidence without the marketing consent and the code.
 * The first statement's `changes` is how many were deleted.
 */
export const eraseOrdersStatements = (db: D1Database, idsJson: string): D1PreparedStatement[] => [
  db
    .prepare(`DELETE FROM orders WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'awaiting_acceptance'`)
    .bind(idsJson),
  db
    .prepare(
      `UPDATE orders SET marketing_consent = 0, code_hash = NULL, code_expires_at = NULL,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(idsJson),
];
