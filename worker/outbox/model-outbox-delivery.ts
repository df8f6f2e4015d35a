/**
 * The outbox's delivery on `outbox`: a notification claimed for one attempt ('sending'), marked
 * sent, failed or dead, put back in line by the team, and the sweep's claims of what the queue
 * left (the states: model.ts).
 */
import type { NotificationRow } from './model.ts';

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
