/**
 * Customers' sessions of /konto (migration 0150), apart from the admin's: the cookie's
 * SHA-256 only. A new sign-in of the same address ends its older sessions.
 */
import { sessionIdHash } from '../http/auth.ts';

/** The sessions of a sign-in realm: the customer's page's, or the partner's page's (migration 0450). */
export type SessionTable = 'portal_sessions' | 'partner_sessions';

/** The table named, only ever one of the two (anything else is the customer's page's): no name reaches SQL unchecked. */
const tableOf = (table: unknown): SessionTable =>
  table === 'partner_sessions' ? 'partner_sessions' : 'portal_sessions';

export interface PortalSession {
  email: string;
  createdAt: number;
  expiresAt: number;
}

/** Opens a session for `email` and ends its others, in one batch. */
export async function openPortalSession(
  db: D1Database,
  s: { id: string; email: string; ip: string; userAgent: string | undefined; now: number; expiresAt: number },
  table: SessionTable = 'portal_sessions',
): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM ${tableOf(table)} WHERE email = ?1 OR expires_at <= ?2`).bind(s.email, s.now),
    db
      .prepare(
        `INSERT INTO ${tableOf(table)} (id_hash, email, ip, user_agent, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(await sessionIdHash(s.id), s.email, s.ip, s.userAgent?.slice(0, 300) ?? null, s.now, s.expiresAt),
  ]);
}

/** The live session of a cookie value, or undefined. */
export async function findPortalSession(
  db: D1Database,
  id: string,
  now: number,
  table: SessionTable = 'portal_sessions',
): Promise<PortalSession | undefined> {
  const row = await db
    .prepare(`SELECT email, created_at, expires_at FROM ${tableOf(table)} WHERE id_hash = ?1 AND expires_at > ?2`)
    .bind(await sessionIdHash(id), now)
    .first<{ email: string; created_at: number; expires_at: number }>();
  return row ? { email: row.email, createdAt: row.created_at, expiresAt: row.expires_at } : undefined;
}

export async function endPortalSession(
  db: D1Database,
  id: string,
  table: SessionTable = 'portal_sessions',
): Promise<void> {
  await db
    .prepare(`DELETE FROM ${tableOf(table)} WHERE id_hash = ?`)
    .bind(await sessionIdHash(id))
    .run();
}

/** Forgets sessions that have ended (the cron). */
export async function deleteEndedPortalSessions(
  db: D1Database,
  now: number,
  table: SessionTable = 'portal_sessions',
): Promise<void> {
  await db
    .prepare(`DELETE FROM ${tableOf(table)} WHERE expires_at <= ?`)
    .bind(now)
    .run();
}

/*
 * A person's data (worker/privacy): an address's sessions for their export (without the
 * cookie's hash) and their erasure (which signs them out), and those opened before the
 * retention period or already ended (the cron).
 */

export interface PortalSessionExport {
  email: string;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  expires_at: number;
}

export async function portalSessionsOfEmail(db: D1Database, email: string): Promise<PortalSessionExport[]> {
  const { results } = await db
    .prepare(
      'SELECT email, ip, user_agent, created_at, expires_at FROM portal_sessions WHERE email = ?1 ORDER BY created_at',
    )
    .bind(email)
    .all<PortalSessionExport>();
  return results;
}

export const deletePortalSessionsOfEmailStatement = (db: D1Database, email: string): D1PreparedStatement =>
  db.prepare('DELETE FROM portal_sessions WHERE email = ?1').bind(email);

/** The statement that deletes sessions opened before `before` (ms); its `changes` is how many. */
export const deletePortalSessionsBeforeStatement = (db: D1Database, before: number): D1PreparedStatement =>
  db.prepare('DELETE FROM portal_sessions WHERE created_at < ?1').bind(before);
