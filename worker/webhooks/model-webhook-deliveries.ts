/**
 * The deliveries of webhook events to endpoints and their attempts (migrations 0032, 0161): claimed
 * for the queue, sent, retried with backoff, rested after a receiver that hung, dead after the
 * retries; listed for the panel. The events themselves are model.ts.
 */
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed' | 'dead';

export interface DeliveryRow {
  id: number;
  event_id: string;
  endpoint_id: number;
  state: DeliveryState;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  /** When the queue is due to bring the delivery (its latest message, or a retry's delay): the cron re-queues only long after it. */
  queued_at: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  /** The attempts the delivery had when its current retry chain began (migration 0161). */
  chain_base: number;
}

/** A delivery with what sending it needs. */
export interface DeliveryJob extends DeliveryRow {
  url: string;
  secret: string;
  type: string;
  created: number;
  data: string;
}

/**
 * Takes deliveries not yet put on the queue (or whose queue message was due `staleMinutes`
 * ago and never came: lost): marks them queued and answers their ids, so each is queued by one caller. A
 * statement, so a lead's storing batch can claim the deliveries it wrote.
 */
export function takeUnqueuedStatement(db: D1Database, staleMinutes = 10, limit = 100): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE webhook_deliveries SET queued_at = ${NOW}
       WHERE id IN (SELECT id FROM webhook_deliveries
         WHERE (state = 'pending' AND queued_at IS NULL)
            OR (state IN ('pending', 'failed', 'sending') AND queued_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?1))
         ORDER BY id LIMIT ?2)
       RETURNING id`,
    )
    .bind(`-${staleMinutes} minutes`, limit);
}

/** The ids of `takeUnqueuedStatement`'s rows. */
export const claimedIds = (rows: unknown[] | undefined): number[] => (rows ?? []).map((r) => (r as { id: number }).id);

export async function takeUnqueued(db: D1Database, staleMinutes = 10, limit = 100): Promise<number[]> {
  const { results } = await takeUnqueuedStatement(db, staleMinutes, limit).all<{ id: number }>();
  return claimedIds(results);
}

/** Puts ids back to "not queued" (the queue refused them): the next dispatch tries again. */
export async function unqueue(db: D1Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare(`UPDATE webhook_deliveries SET queued_at = NULL WHERE id IN (${ids.map(() => '?').join(',')})`)
    .bind(...ids)
    .run();
}

/**
 * Until when (ms) the endpoint of delivery `id` rests after a receiver that hung, or
 * undefined when it does not rest at `now`.
 */
export async function endpointRestingUntil(db: D1Database, id: number, now = Date.now()): Promise<number | undefined> {
  const row = await db
    .prepare(
      `SELECT e.resting_until FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.id = ? AND e.resting_until > ?`,
    )
    .bind(id, now)
    .first<{ resting_until: number }>();
  return row?.resting_until ?? undefined;
}

/** A delivery put back on the queue for `seconds` (its endpoint rests): not an attempt; the queue is due then. */
export async function deferDelivery(db: D1Database, id: number, seconds: number): Promise<void> {
  await db
    .prepare(`UPDATE webhook_deliveries SET queued_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2) WHERE id = ?1`)
    .bind(id, `+${Math.ceil(seconds)} seconds`)
    .run();
}

/** Claims a delivery for one attempt (counted), or null when it is delivered, dead or in flight. */
export async function claimDelivery(db: D1Database, id: number): Promise<DeliveryJob | null> {
  const claimed = await db
    .prepare(
      `UPDATE webhook_deliveries SET state = 'sending', attempts = attempts + 1, updated_at = ${NOW}
       WHERE id = ?1 AND (state IN ('pending', 'failed')
         OR (state = 'sending' AND updated_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-5 minutes')))
       RETURNING id`,
    )
    .bind(id)
    .first<{ id: number }>();
  if (!claimed) return null;
  return db
    .prepare(
      `SELECT d.*, e.url, e.secret, ev.type, ev.created, ev.data FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN webhook_events ev ON ev.id = d.event_id
       WHERE d.id = ?`,
    )
    .bind(id)
    .first<DeliveryJob>();
}

/** SQL: the endpoint of the delivery bound as ?1. */
const ENDPOINT_OF = '(SELECT endpoint_id FROM webhook_deliveries WHERE id = ?1)';

/**
 * Records one attempt and the delivery's new state, in one batch: with `retryInSeconds`
 * the queue is due to bring it again then (so the cron leaves that chain alone); with
 * `restUntil` (ms) its endpoint rests until then; a delivery ends its endpoint's rest.
 */
export async function recordAttempt(
  db: D1Database,
  id: number,
  outcome: {
    state: DeliveryState;
    status: number | null;
    error: string | null;
    durationMs: number;
    retryInSeconds?: number | undefined;
    restUntil?: number | undefined;
  },
): Promise<void> {
  const error = outcome.error?.slice(0, 500) ?? null;
  await db.batch([
    db
      .prepare('INSERT INTO webhook_attempts (delivery_id, status, error, duration_ms) VALUES (?, ?, ?, ?)')
      .bind(id, outcome.status, error, outcome.durationMs),
    db
      .prepare(
        `UPDATE webhook_deliveries SET state = ?2, last_status = ?3, last_error = ?4, updated_at = ${NOW},
           delivered_at = CASE WHEN ?2 = 'delivered' THEN ${NOW} ELSE delivered_at END,
           queued_at = CASE WHEN ?5 IS NULL THEN queued_at
                            ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ?5 || ' seconds') END
         WHERE id = ?1 AND state != 'delivered'`,
      )
      .bind(id, outcome.state, outcome.status, error, outcome.retryInSeconds ?? null),
    outcome.state === 'delivered'
      ? db
          .prepare(
            `UPDATE webhook_endpoints SET resting_until = NULL WHERE id = ${ENDPOINT_OF} AND resting_until IS NOT NULL`,
          )
          .bind(id)
      : db
          .prepare(
            `UPDATE webhook_endpoints SET resting_until = MAX(COALESCE(resting_until, 0), ?2)
             WHERE id = ${ENDPOINT_OF} AND ?2 IS NOT NULL`,
          )
          .bind(id, outcome.restUntil ?? null),
  ]);
}

export async function markDeliveryDead(db: D1Database, id: number): Promise<void> {
  await db
    .prepare(`UPDATE webhook_deliveries SET state = 'dead', updated_at = ${NOW} WHERE id = ? AND state != 'delivered'`)
    .bind(id)
    .run();
}

/** How many deliveries are dead (the admin header's alert). */
export async function countDeadDeliveries(db: D1Database): Promise<number> {
  return (
    (await db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'dead'").first<{ n: number }>())?.n ??
    0
  );
}

/** 'Wyślij ponownie': a failed or dead delivery goes back in line with a new retry chain; true when it did. */
export async function requeueDelivery(db: D1Database, id: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE webhook_deliveries SET state = 'pending', queued_at = ${NOW}, updated_at = ${NOW}, chain_base = attempts
       WHERE id = ? AND state IN ('failed', 'dead')`,
    )
    .bind(id)
    .run();
  return result.meta.changes > 0;
}

export interface DeliveryListing extends DeliveryRow {
  type: string;
  url: string;
}

/** Where a page of deliveries starts: after the delivery with this id (newest first). */
export type DeliveryKey = [id: number];

export const deliveryKey = (row: { id: number }): DeliveryKey => [row.id];

/** Deliveries newest first, filtered; a keyset page: `limit + 1` rows with an id below `after`'s. */
export async function listDeliveries(
  db: D1Database,
  filter: { state?: string | undefined; endpointId?: number | undefined },
  { limit = 100, after }: { limit?: number; after?: DeliveryKey | undefined } = {},
): Promise<DeliveryListing[]> {
  const { results } = await db
    .prepare(
      `SELECT d.*, ev.type, e.url FROM webhook_deliveries d
       JOIN webhook_events ev ON ev.id = d.event_id JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE ${filter.state ? 'd.state = ?1' : '?1 IS NULL'} AND ${filter.endpointId ? 'd.endpoint_id = ?2' : '?2 IS NULL'}${after ? ' AND d.id < ?4' : ''}
       ORDER BY d.id DESC LIMIT ?3`,
    )
    .bind(filter.state ?? null, filter.endpointId ?? null, limit + 1, ...(after ?? []))
    .all<DeliveryListing>();
  return results;
}

export interface AttemptRow {
  id: number;
  at: string;
  status: number | null;
  error: string | null;
  duration_ms: number | null;
}

export async function attemptsOf(db: D1Database, deliveryId: number): Promise<AttemptRow[]> {
  const { results } = await db
    .prepare('SELECT id, at, status, error, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY id')
    .bind(deliveryId)
    .all<AttemptRow>();
  return results;
}

export async function deliveryById(db: D1Database, id: number): Promise<DeliveryListing | null> {
  return db
    .prepare(
      `SELECT d.*, ev.type, e.url FROM webhook_deliveries d
       JOIN webhook_events ev ON ev.id = d.event_id JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = ?`,
    )
    .bind(id)
    .first<DeliveryListing>();
}
