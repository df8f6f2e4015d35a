/** The endpoints the team subscribes (migration 0032): their address, secret and events. */
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface EndpointRow {
  id: number;
  url: string;
  secret: string;
  events: string;
  active: number;
  created_at: string;
  updated_at: string;
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
