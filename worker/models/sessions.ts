/** Admin sessions and login throttling (migration 0004). */
import { SESSION_TTL_MS, newSessionId, sessionIdHash } from '../http/auth.ts';

/** Failed logins allowed from one IP before it is locked out. */
const MAX_FAILED_LOGINS = 5;
/** How long a lockout lasts, and the window in which failures count. */
export const LOCKOUT_MS = 15 * 60 * 1000;

export interface Session {
  user: string;
  createdAt: number;
  expiresAt: number;
}

interface SessionRow {
  user_name: string;
  created_at: number;
  expires_at: number;
}

/** Starts a session; returns the cookie value (only its hash is stored). */
export async function createSession(
  db: D1Database,
  user: string,
  ip: string,
  now = Date.now(),
): Promise<{ id: string; session: Session }> {
  const id = newSessionId();
  const expiresAt = now + SESSION_TTL_MS;
  await db.batch([
    db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?').bind(now),
    db
      .prepare('INSERT INTO admin_sessions (id_hash, user_name, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .bind(await sessionIdHash(id), user, ip, now, expiresAt),
  ]);
  return { id, session: { user, createdAt: now, expiresAt } };
}

/** The live session for a cookie value, or undefined. */
export async function findSession(db: D1Database, id: string, now = Date.now()): Promise<Session | undefined> {
  const row = await db
    .prepare('SELECT user_name, created_at, expires_at FROM admin_sessions WHERE id_hash = ? AND expires_at > ?')
    .bind(await sessionIdHash(id), now)
    .first<SessionRow>();
  return row ? { user: row.user_name, createdAt: row.created_at, expiresAt: row.expires_at } : undefined;
}

export async function endSession(db: D1Database, id: string): Promise<void> {
  await db
    .prepare('DELETE FROM admin_sessions WHERE id_hash = ?')
    .bind(await sessionIdHash(id))
    .run();
}

interface FailureRow {
  failures: number;
  first_failed_at: number;
  locked_until: number | null;
}

/** Until when logins from this IP are locked (ms), or undefined. */
export async function lockedUntil(db: D1Database, ip: string, now = Date.now()): Promise<number | undefined> {
  const row = await db
    .prepare('SELECT locked_until FROM admin_login_failures WHERE ip = ?')
    .bind(ip)
    .first<FailureRow>();
  return row?.locked_until && row.locked_until > now ? row.locked_until : undefined;
}

/** Counts a failed login; the fifth within the window locks the IP for LOCKOUT_MS. */
export async function recordFailedLogin(db: D1Database, ip: string, now = Date.now()): Promise<{ locked: boolean }> {
  const row = await db
    .prepare('SELECT failures, first_failed_at, locked_until FROM admin_login_failures WHERE ip = ?')
    .bind(ip)
    .first<FailureRow>();
  const fresh =
    !row || now - row.first_failed_at > LOCKOUT_MS || (row.locked_until !== null && row.locked_until <= now);
  const failures = fresh ? 1 : row.failures + 1;
  const firstFailedAt = fresh ? now : row.first_failed_at;
  const locked = failures >= MAX_FAILED_LOGINS ? now + LOCKOUT_MS : null;
  await db
    .prepare(
      `INSERT INTO admin_login_failures (ip, failures, first_failed_at, locked_until) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (ip) DO UPDATE SET failures = ?2, first_failed_at = ?3, locked_until = ?4`,
    )
    .bind(ip, failures, firstFailedAt, locked)
    .run();
  return { locked: locked !== null };
}

export async function clearFailedLogins(db: D1Database, ip: string): Promise<void> {
  await db.prepare('DELETE FROM admin_login_failures WHERE ip = ?').bind(ip).run();
}
