/**
 * Orders waiting for the register (`order_requests`): the form as sent, while the White
 * List could not be asked about the NIP. The cron asks again and makes the order then.
 */
import { type Notification, notificationStatement } from '../outbox/index.ts';

export interface OrderRequestRow {
  quote_id: string;
  lead_id: string;
  submission_id: string;
  body_hash: string;
  nip: string;
  signer_email: string;
  body: string;
  origin: string;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
}

/** Stores (or replaces) the waiting order of a quote. */
export async function saveOrderRequest(
  db: D1Database,
  r: {
    quoteId: string;
    leadId: string;
    submissionId: string;
    bodyHash: string;
    input: { nip: string; signerEmail: string };
    origin: string;
    nextAttemptAt: Date;
  },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO order_requests (quote_id, lead_id, submission_id, body_hash, nip, signer_email, body, origin, next_attempt_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (quote_id) DO UPDATE SET submission_id = excluded.submission_id, body_hash = excluded.body_hash,
         nip = excluded.nip, signer_email = excluded.signer_email, body = excluded.body, origin = excluded.origin,
         next_attempt_at = excluded.next_attempt_at`,
    )
    .bind(
      r.quoteId,
      r.leadId,
      r.submissionId,
      r.bodyHash,
      r.input.nip,
      r.input.signerEmail.toLowerCase(),
      JSON.stringify(r.input),
      r.origin,
      r.nextAttemptAt.toISOString(),
    )
    .run();
}

export async function orderRequestOfQuote(db: D1Database, quoteId: string): Promise<OrderRequestRow | null> {
  return db.prepare('SELECT * FROM order_requests WHERE quote_id = ?1').bind(quoteId).first<OrderRequestRow>();
}

/** Waiting orders whose next attempt is due, oldest first. */
export async function dueOrderRequests(db: D1Database, now: Date, limit: number): Promise<OrderRequestRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM order_requests WHERE next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2')
    .bind(now.toISOString(), limit)
    .all<OrderRequestRow>();
  return results;
}

export async function postponeOrderRequest(db: D1Database, quoteId: string, next: Date): Promise<void> {
  await db
    .prepare('UPDATE order_requests SET attempts = attempts + 1, next_attempt_at = ?2 WHERE quote_id = ?1')
    .bind(quoteId, next.toISOString())
    .run();
}

export async function deleteOrderRequest(db: D1Database, quoteId: string): Promise<void> {
  await db.prepare('DELETE FROM order_requests WHERE quote_id = ?1').bind(quoteId).run();
}

/** A person's erasure: the waiting orders they sent (no contract, nothing to keep). */
export const deleteOrderRequestsOfEmailStatement = (db: D1Database, email: string): D1PreparedStatement =>
  db.prepare('DELETE FROM order_requests WHERE signer_email = ?1').bind(email);

/** Queues an e-mail of lead `leadId` (a waiting order's outcome to its signer); answers its outbox id. */
export async function mailAboutLead(db: D1Database, leadId: string, mail: Notification): Promise<number | undefined> {
  const row = await notificationStatement(db, leadId, mail).first<{ id: number }>();
  return row?.id;
}
