/**
 * The endpoints the team subscribes (migration 0032): their address, secret and events. The
 * secret is stored sealed under WEBHOOK_SECRETS_KEY (`v1.…`, worker/webhooks/secrets.ts); a row
 * from before migration 0470 holds `plain:<secret>` until it is sealed.
 */
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

/** A stored secret from before migration 0470, in clear until the worker seals it. */
export const LEGACY_PREFIX = 'plain:';

/** Stores an endpoint with its secret `sealedSecret` (already sealed). */
export async function createEndpoint(
  db: D1Database,
  endpoint: { url: string; events: string[]; active: boolean },
  sealedSecret: string,
): Promise<EndpointRow> {
  const row = await db
    .prepare('INSERT INTO webhook_endpoints (url, secret, events, active) VALUES (?, ?, ?, ?) RETURNING *')
    .bind(endpoint.url, sealedSecret, JSON.stringify(endpoint.events), Number(endpoint.active))
    .first<EndpointRow>();
  if (!row) throw new Error('webhook endpoint not stored');
  return row;
}

export async function updateEndpoint(
  db: D1Database,
  id: number,
  change: { events?: string[] | undefined; active?: boolean | undefined },
  /** A new secret, sealed; none keeps the secret. */
  sealedSecret?: string,
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
      sealedSecret ?? null,
    )
    .first<EndpointRow>();
}

export async function deleteEndpoint(db: D1Database, id: number): Promise<boolean> {
  const result = await db.prepare('DELETE FROM webhook_endpoints WHERE id = ?').bind(id).run();
  return result.meta.changes > 0;
}

/** The endpoints whose secret is still in clear (rows from before migration 0470). */
export async function legacySecrets(db: D1Database): Promise<{ id: number; secret: string }[]> {
  const { results } = await db
    .prepare('SELECT id, secret FROM webhook_endpoints WHERE substr(secret, 1, ?2) = ?1 ORDER BY id')
    .bind(LEGACY_PREFIX, LEGACY_PREFIX.length)
    .all<{ id: number; secret: string }>();
  return results;
}

/** Replaces endpoint `id`'s secret in clear `was` by `sealed` (nothing when it changed meanwhile). */
export function sealSecretStatement(db: D1Database, id: number, was: string, sealed: string): D1PreparedStatement {
  return db.prepare('UPDATE webhook_endpoints SET secret = ?3 WHERE id = ?1 AND secret = ?2').bind(id, was, sealed);
}
