/** Admin sessions (migrations 0004, 0030): each belongs to an account. */
import type { Role } from '../admin-shared/roles.ts';
import { SESSION_TTL_MS, newSessionId, sessionIdHash } from '../http/auth.ts';
import type { Session } from '../middleware/admin-guard/index.ts';

export type { Session };

interface SessionRow {
  user_name: string;
  account_id: number;
  email: string;
  role: Role;
  created_at: number;
  expires_at: number;
  credential: string;
  password_hash: string | null;
}

/** Starts a session; returns the cookie value (only its hash is stored). */
export async function createSession(
  db: D1Database,
  opening: {
    accountId: number;
    user: string;
    email: string;
    role: Role;
    credential: string;
    passwordHash: string | null;
  },
  ip: string,
  userAgent: string | undefined,
  now = Date.now(),
): Promise<{ id: string; session: Session }> {
  const id = newSessionId();
  const expiresAt = now + SESSION_TTL_MS;
  await db.batch([
    db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?').bind(now),
    db
      .prepare(
        `INSERT INTO admin_sessions (id_hash, user_name, ip, created_at, expires_at, account_id, credential, user_agent)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        await sessionIdHash(id),
        opening.user,
        ip,
        now,
        expiresAt,
        opening.accountId,
        opening.credential,
        userAgent?.slice(0, 300) ?? null,
      ),
  ]);
  return { id, session: { ...opening, createdAt: now, expiresAt } };
}

/**
 * The live session for a cookie value, or undefined: expired sessions and those of a
 * disabled account are never found, so disabling ends them at the next request.
 */
export async function findSession(db: D1Database, id: string, now = Date.now()): Promise<Session | undefined> {
  const row = await db
    .prepare(
      `SELECT s.user_name, s.account_id, s.created_at, s.expires_at, s.credential, a.email, a.role, a.password_hash
       FROM admin_sessions s JOIN accounts a ON a.id = s.account_id
       WHERE s.id_hash = ? AND s.expires_at > ? AND a.disabled = 0`,
    )
    .bind(await sessionIdHash(id), now)
    .first<SessionRow>();
  if (!row) return undefined;
  return {
    user: row.user_name,
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    credential: row.credential,
    passwordHash: row.password_hash,
  };
}

export async function endSession(db: D1Database, id: string): Promise<void> {
  await db
    .prepare('DELETE FROM admin_sessions WHERE id_hash = ?')
    .bind(await sessionIdHash(id))
    .run();
}

export interface SessionListing {
  key: string;
  createdAt: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Live sessions of one account. `key` is a short prefix of the stored hash: enough to
 * name a session for revoking, useless as a cookie.
 */
export async function sessionsOfAccount(
  db: D1Database,
  accountId: number,
  now = Date.now(),
): Promise<SessionListing[]> {
  const { results } = await db
    .prepare(
      `SELECT substr(id_hash, 1, 16) AS key, created_at, expires_at, ip, user_agent FROM admin_sessions
       WHERE account_id = ? AND expires_at > ? ORDER BY created_at DESC`,
    )
    .bind(accountId, now)
    .all<{ key: string; created_at: number; expires_at: number; ip: string | null; user_agent: string | null }>();
  return results.map((r) => ({
    key: r.key,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    ip: r.ip,
    userAgent: r.user_agent,
  }));
}

/** Ends one session of an account by its listing key; true when there was one. */
export async function revokeSession(db: D1Database, accountId: number, key: string): Promise<boolean> {
  if (!/^[\da-f]{16}$/.test(key)) return false;
  const result = await db
    .prepare('DELETE FROM admin_sessions WHERE account_id = ? AND substr(id_hash, 1, 16) = ?')
    .bind(accountId, key)
    .run();
  return result.meta.changes > 0;
}

/** Ends every session of an account (password changed, account disabled), but `keepId`'s. */
export async function endSessionsOfAccount(db: D1Database, accountId: number, keepId?: string): Promise<number> {
  const keep = keepId ? await sessionIdHash(keepId) : '';
  const result = await db
    .prepare('DELETE FROM admin_sessions WHERE account_id = ? AND id_hash != ?')
    .bind(accountId, keep)
    .run();
  return result.meta.changes;
}

/** Moves one session to a new password fingerprint (the person who changed it stays logged in). */
export async function setSessionCredential(db: D1Database, id: string, credential: string): Promise<void> {
  await db
    .prepare('UPDATE admin_sessions SET credential = ? WHERE id_hash = ?')
    .bind(credential, await sessionIdHash(id))
    .run();
}

/** The listing key of a cookie value's session. */
export const sessionKey = async (id: string): Promise<string> => (await sessionIdHash(id)).slice(0, 16);
