/**
 * Webhook events (migrations 0032, 0120): written in the batch of the change they tell of, with
 * a delivery for every active endpoint that subscribes; a person's events for the export, the
 * erasure and the retention job. Endpoints are model-webhook-endpoints.ts, deliveries
 * model-webhook-deliveries.ts.
 */
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

/**
 * SQL: the Polish label of the status key in `column`, from a family's label table (an event's
 * `…Label` field, sent beside the key for one release; a value without a label as it is).
 * @example sqlLabel('status', { new: 'nowe' }) // CASE status WHEN 'new' THEN 'nowe' ELSE status END
 */
export function sqlLabel(column: string, labels: Readonly<Record<string, string>>): string {
  const text = (t: string) => `'${t.replaceAll("'", "''")}'`;
  const whens = Object.entries(labels).map(([key, label]) => `WHEN ${text(key)} THEN ${text(label)}`);
  return `CASE ${column} ${whens.join(' ')} ELSE ${column} END`;
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
