/**
 * Verification before the contract starts: an order signed by the code is verified by a
 * transfer from an account the register lists for its NIP (matched from a bank statement,
 * worker/payments) or by the owner's recorded check (a named document or a call to a number
 * from a register); only then may the installation start the contract, recorded by someone
 * other than the one who verified by hand.
 */
import { type Notification, notificationIfStatement } from '../outbox/index.ts';
import { funnelStatements } from '../funnel/index.ts';

import type { OrderVerification } from '../admin-shared/admin-api-payments.ts';
import type { OrderRow } from './model.ts';
/** An order's verification as the admin API answers it (DESIGN §9). */
export const verificationOf = (o: Pick<OrderRow, 'verified_at' | 'verified_method'>): OrderVerification =>
  o.verified_at && o.verified_method
    ? { state: 'verified', method: o.verified_method, at: o.verified_at }
    : { state: 'pending' };

/** Who verified an order by a statement's transfer (the `verified_by` the evidence shows). */
export const VERIFIED_BY_TRANSFER = 'przelew z wyciągu bankowego';

/**
 * The statement that verifies signed order `orderId` by the bank statement line `lineKey`,
 * for the import's batch (worker/payments/import.ts): applied only while the order is signed
 * and unverified and the line is stored as this order's verification.
 */
export function verifiedByTransferStatement(
  db: D1Database,
  orderId: string,
  at: Date,
  lineKey: string,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE orders SET verified_at = ?2, verified_method = 'transfer', verified_by = ?3, updated_at = ?2,
         verified_line = (SELECT b.id FROM bank_lines b WHERE b.line_key = ?4 AND b.order_id = ?1 AND b.match_kind = 'verification')
       WHERE id = ?1 AND status = 'signed' AND verified_at IS NULL
         AND EXISTS (SELECT 1 FROM bank_lines b WHERE b.line_key = ?4 AND b.order_id = ?1 AND b.match_kind = 'verification')`,
    )
    .bind(orderId, at.toISOString(), VERIFIED_BY_TRANSFER, lineKey);
}

/** The guard of what a verification at `at` causes: a `SELECT 1 …` finding the order verified by it. */
export const verifiedBy = (orderId: string, at: Date): { sql: string; values: unknown[] } => ({
  sql: 'SELECT 1 FROM orders WHERE id = ? AND verified_at = ?',
  values: [orderId, at.toISOString()],
});

/**
 * The owner's verification of signed order `orderId` by hand, with who did it (`by`, account
 * `accountId`), what was checked (`check`, JSON) and the note of what it confirmed, in one batch
 * with `mails` and `leadStatements` (the lead won) (each written only when the order was verified by it).
 * Answers whether it applied (not when the order is unsigned or verified already).
 */
export async function verifyOrderByHand(
  db: D1Database,
  order: OrderRow,
  who: { by: string; accountId: number },
  check: string,
  note: string,
  mails: Notification[],
  at = new Date(),
  leadStatements: D1PreparedStatement[] = [],
): Promise<{ verified: boolean; notificationIds: number[] }> {
  const results = await db.batch([
    db
      .prepare(
        `UPDATE orders SET verified_at = ?2, verified_method = 'manual', verified_by = ?3, verified_note = ?4,
           verified_check = ?5, verified_account_id = ?6, updated_at = ?2
         WHERE id = ?1 AND status = 'signed' AND verified_at IS NULL`,
      )
      .bind(order.id, at.toISOString(), who.by, note, check, who.accountId),
    ...mails.map((m) => notificationIfStatement(db, order.lead_id, m, verifiedBy(order.id, at))),
    ...leadStatements,
    ...funnelStatements(db, { order: order.id }),
  ]);
  return {
    verified: (results[0]?.meta.changes ?? 0) > 0,
    notificationIds: results
      .slice(1, 1 + mails.length)
      .map((r) => (r.results[0] as { id: number } | undefined)?.id)
      .filter((id): id is number => id !== undefined),
  };
}

/**
 * Whether the person `who` verified order `o` by hand: then its installation needs someone
 * else (the account, or the name for an order verified before the account was kept).
 */
export const verifiedByHandBy = (
  o: Pick<OrderRow, 'verified_method' | 'verified_by' | 'verified_account_id'>,
  who: { by: string; accountId: number },
): boolean =>
  o.verified_method === 'manual' &&
  (o.verified_account_id !== null ? o.verified_account_id === who.accountId : o.verified_by === who.by);

/** Signed orders not yet verified, with their quote's number: what a statement's transfer may verify. */
export async function ordersAwaitingVerification(db: D1Database): Promise<(OrderRow & { quote_number: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT o.*, q.number AS quote_number FROM orders o JOIN quotes q ON q.id = o.quote_id
       WHERE o.status = 'signed' AND o.verified_at IS NULL ORDER BY o.accepted_at`,
    )
    .all<OrderRow & { quote_number: string }>();
  return results;
}
