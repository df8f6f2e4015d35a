const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed' | 'dead';

export interface EndpointRow {
  id: number;
  url: string;
  secret: string;
  events: string;
  active: number;
  created_at: string;
  updated_at: string;
}

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

/** A secret for signing: `whsec_` and 32 random bytes, hex. */
export const newWebhookSecret = (): string =>
  `whsec_${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

export async function listEndpoints(db: D1Database): Promise<EndpointRow[]> {
  const { results } = await db.prepare('SELECT * FROM webhook_endpoints ORDER BY id').all<EndpointRow>();
  return results;
}

export async function endpointById(db: D1Database, id: number): Promise<EndpointRow | null> {
  return db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?').bind(id).first<EndpointRow>();
}

export async function createEndpoint(
  db: D1Database,
  endpoint: { url: string; events: string[]; active: boolean },
): Promise<EndpointRow> {
  const row = await db
    .prepare('INSERT INTO webhook_endpoints (url, secret, events, active) VALUES (?, ?, ?, ?) RETURNING *')
    .bind(endpoint.url, newWebhookSecret(), JSON.stringify(endpoint.events), Number(endpoint.active))
    .first<EndpointRow>();
  if (!row) throw new Error('webhook endpoint not stored');
  return row;
}

export async function updateEndpoint(
  db: D1Database,
  id: number,
  change: { events?: string[] | undefined; active?: boolean | undefined; rotateSecret?: boolean | undefined },
): Promise<EndpointRow | null> {
  return db
    .prepare(
      `UPDATE webhook_endpoints SET events = COALESCE(?2, events), active = COALESCE(?3, active),
         secret = COALESCE(?4, secret), updated_at = ${NOW} WHERE id = ?1 RETURNING *`,
    )
    .bind(
      id,
      change.events ? JSON.stringify(change.events) : null,
      change.active === undefined ? null : Number(change.active),
      change.rotateSecret ? newWebhookSecret() : null,
    )
    .first<EndpointRow>();
}

export async function deleteEndpoint(db: D1Database, id: number): Promise<boolean> {
  const result = await db.prepare('DELETE FROM webhook_endpoints WHERE id = ?').bind(id).run();
  return result.meta.changes > 0;
}

/** The event types the code writes (DESIGN §7, §8); `webhook.test` is the panel's test button. */
export type WebhookEventType =
  | 'lead.created'
  | 'lead.status_changed'
  | 'lead.assigned'
  | 'lead.stage_changed'
  | 'quote.created'
  | 'ticket.created'
  | 'ticket.status_changed'
  | 'meter.created'
  | (string & {});

/**
 * An event's `data` read by SQL inside the writing batch: a SELECT answering one column
 * `data` (JSON text) in at most one row; no row, no event. Use plain `?` placeholders
 * (not `?1`): they are numbered after the event's own.
 * @example eventDataFrom("SELECT json_object('id', id) AS data FROM leads WHERE id = ?", leadId)
 */
export interface EventDataQuery {
  sql: string;
  values: unknown[];
}

export const eventDataFrom = (sql: string, ...values: unknown[]): EventDataQuery => ({ sql, values });

/** Pairs of one `json_object` call: D1 refuses an SQL function call with more than 32 arguments. */
const PAIRS_PER_OBJECT = 16;
/** Pairs of one `json_insert` call after its first argument (1 + 2 × 15 = 31 arguments). */
const PAIRS_PER_INSERT = 15;

/**
 * SQL: the JSON object of `pairs` (key, SQL expression), keys in the order given. Deployed D1
 * refuses a function call of more than 32 arguments (local workerd does not), so an object of
 * more than 16 members is one `json_object` of the first 16 wrapped in `json_insert` calls that
 * append the rest (json_insert adds a new member at the end, a null as null, a json() value as JSON).
 * @example sqlJsonObject([['id', 'l.id'], ['name', 'l.name']]) // json_object('id', l.id, 'name', l.name)
 */
export function sqlJsonObject(pairs: readonly (readonly [key: string, sql: string])[]): string {
  const key = (k: string) => `'${k.replaceAll("'", "''")}'`;
  const path = (k: string) => key(`$."${k}"`);
  let sql = `json_object(${pairs
    .slice(0, PAIRS_PER_OBJECT)
    .map(([k, v]) => `${key(k)}, ${v}`)
    .join(', ')})`;
  for (let at = PAIRS_PER_OBJECT; at < pairs.length; at += PAIRS_PER_INSERT) {
    const rest = pairs.slice(at, at + PAIRS_PER_INSERT).map(([k, v]) => `${path(k)}, ${v}`);
    sql = `json_insert(${sql}, ${rest.join(', ')})`;
  }
  return sql;
}

const newEventId = () =>
  `evt_${[...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/** SQL: an active endpoint subscribed to the event type bound as ?2. */
const SUBSCRIBED = `SELECT 1 FROM webhook_endpoints e
  WHERE e.active = 1 AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ?2)`;

/**
 * The one place a webhook event is written: the statements that record a `type` event
 * and one delivery per active endpoint subscribed to it, to run in the same D1 batch as
 * the change they report (so an event exists exactly when its change does). When no
 * endpoint wants the type, they write nothing: no row holds a person's data for nobody.
 * `data` is the event's JSON as a value, or an `eventDataFrom` query read inside the
 * batch (put the statements before an UPDATE to read the row as it was, after an INSERT
 * to read what it stored; a query that answers no row writes no event).
 * The caller puts the deliveries on the queue: `takeUnqueuedStatement` in the same batch,
 * or `dispatchLater` after answering (worker/app.ts does it for every API write).
 * @example db.batch([...webhookEventStatements(db, 'lead.assigned', { id, assignedTo }), update])
 */
export function webhookEventStatements(db: D1Database, type: WebhookEventType, data: unknown): D1PreparedStatement[] {
  const id = newEventId();
  const created = Math.floor(Date.now() / 1000);
  const source: EventDataQuery =
    data && typeof data === 'object' && 'sql' in data && 'values' in data
      ? (data as EventDataQuery)
      : eventDataFrom('SELECT ? AS data', JSON.stringify(data));
  return [
    db
      .prepare(
        `INSERT INTO webhook_events (id, type, created, data)
         SELECT ?1, ?2, ?3, src.data FROM (${source.sql}) src WHERE EXISTS (${SUBSCRIBED})`,
      )
      .bind(id, type, created, ...source.values),
    db
      .prepare(
        `INSERT OR IGNORE INTO webhook_deliveries (event_id, endpoint_id)
         SELECT ?1, e.id FROM webhook_endpoints e
         WHERE e.active = 1 AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ?2)
           AND EXISTS (SELECT 1 FROM webhook_events WHERE id = ?1)`,
      )
      .bind(id, type),
  ];
}

/**
 * The event of a guarded change (an order signed or installed): written, with its
 * deliveries, only when `exists` (a `SELECT 1 …` with its values, `?` placeholders) finds
 * a row in the change's batch, so a refused change reports nothing.
 */
export function eventIfStatements(
  db: D1Database,
  type: WebhookEventType,
  data: unknown,
  exists: { sql: string; values: unknown[] },
): D1PreparedStatement[] {
  return webhookEventStatements(
    db,
    type,
    eventDataFrom(`SELECT ? AS data WHERE EXISTS (${exists.sql})`, JSON.stringify(data), ...exists.values),
  );
}

/** A test event for one endpoint only: its own delivery, whatever the endpoint subscribes to. */
export async function createTestDelivery(db: D1Database, endpointId: number): Promise<number> {
  const id = newEventId();
  const data = { test: true, message: 'Zdarzenie testowe z panelu Kserowo.' };
  const [, delivery] = await db.batch<{ id: number }>([
    db
      .prepare('INSERT INTO webhook_events (id, type, created, data) VALUES (?, ?, ?, ?)')
      .bind(id, 'webhook.test', Math.floor(Date.now() / 1000), JSON.stringify(data)),
    db
      .prepare('INSERT INTO webhook_deliveries (event_id, endpoint_id) VALUES (?, ?) RETURNING id')
      .bind(id, endpointId),
  ]);
  const deliveryId = delivery?.results[0]?.id;
  if (!deliveryId) throw new Error('test delivery not stored');
  return deliveryId;
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

/*
 * Retention and a person's data: an event's `data` copies the lead's or the ticket's
 * fields, so events go with the period, and with a person's erasure.
 */

/** An event as stored. */
export interface EventRow {
  id: string;
  type: string;
  created: number;
  data: string;
}

/**
 * The statements that delete the events created before `cutoffSeconds` (unix), at most
 * `limit` of them, oldest first, with their deliveries and attempts (explicitly, not
 * leaning on foreign keys). The last one answers the deleted events' ids.
 */
export function deleteOldEventsStatements(db: D1Database, cutoffSeconds: number, limit: number): D1PreparedStatement[] {
  const chosen = 'SELECT id FROM webhook_events WHERE created < ?1 ORDER BY created LIMIT ?2';
  return [
    db
      .prepare(
        `DELETE FROM webhook_attempts WHERE delivery_id IN
           (SELECT id FROM webhook_deliveries WHERE event_id IN (${chosen}))`,
      )
      .bind(cutoffSeconds, limit),
    db.prepare(`DELETE FROM webhook_deliveries WHERE event_id IN (${chosen})`).bind(cutoffSeconds, limit),
    db.prepare(`DELETE FROM webhook_events WHERE id IN (${chosen}) RETURNING id`).bind(cutoffSeconds, limit),
  ];
}

/**
 * Events about a person: naming their address (lower-case) as `email`, sent by them (a
 * reading's 'Name <e-mail>', JSON array of their readings' `sent_by`), or about one of
 * their leads or online orders (JSON array of ids), tickets or toner orders (JSON arrays
 * of numbers). Each test is an index of migration 0123: the events that name them, not
 * every event's JSON.
 */
export async function eventsAbout(
  db: D1Database,
  email: string,
  leadIdsJson: string,
  ticketNumbersJson: string,
  sentByJson = '[]',
  tonerNumbersJson = '[]',
): Promise<EventRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM webhook_events WHERE
         lower(json_extract(data, '$.email')) = ?1
         OR json_extract(data, '$.sentBy') IN (SELECT value FROM json_each(?4))
         OR json_extract(data, '$.id') IN (SELECT value FROM json_each(?2))
         OR json_extract(data, '$.leadId') IN (SELECT value FROM json_each(?2))
         OR (json_extract(data, '$.number') IN (SELECT value FROM json_each(?3)) AND type LIKE 'ticket.%')
         OR (json_extract(data, '$.number') IN (SELECT value FROM json_each(?5)) AND type = 'toner.ordered')
       ORDER BY created, id`,
    )
    .bind(email, leadIdsJson, ticketNumbersJson, sentByJson, tonerNumbersJson)
    .all<EventRow>();
  return results;
}

/** The statements that delete the events `events` selects (a subquery on ?1), with their deliveries and attempts. */
function deleteEventsWhere(db: D1Database, events: string, binding: string): D1PreparedStatement[] {
  return [
    `DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE event_id IN (${events}))`,
    `DELETE FROM webhook_deliveries WHERE event_id IN (${events})`,
    `DELETE FROM webhook_events WHERE id IN (${events})`,
  ].map((sql) => db.prepare(sql).bind(binding));
}

/** The statements that delete the given events (JSON array of ids) with their deliveries and attempts. */
export const deleteEventsStatements = (db: D1Database, idsJson: string): D1PreparedStatement[] =>
  deleteEventsWhere(db, 'SELECT value FROM json_each(?1)', idsJson);

/** SQL: the events about the leads of a JSON array of ids (bound as ?1), by their `id` or `leadId`. */
const EVENTS_OF_LEADS = `SELECT id FROM webhook_events WHERE
  json_extract(data, '$.id') IN (SELECT value FROM json_each(?1))
  OR json_extract(data, '$.leadId') IN (SELECT value FROM json_each(?1))`;

/** The statements that delete the events about one lead (erasing it), with their deliveries and attempts. */
export const deleteEventsOfLeadStatements = (db: D1Database, leadId: string): D1PreparedStatement[] =>
  deleteEventsWhere(db, EVENTS_OF_LEADS, JSON.stringify([leadId]));

/** The ids of events about the given leads (JSON array of ids), for the retention job. */
export async function eventIdsOfLeads(db: D1Database, leadIdsJson: string): Promise<string[]> {
  const { results } = await db.prepare(EVENTS_OF_LEADS).bind(leadIdsJson).all<{ id: string }>();
  return results.map((r) => r.id);
}
