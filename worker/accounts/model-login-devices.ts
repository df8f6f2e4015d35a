/**
 * Browsers an account has signed in with (migration 0160), the device cookies of the
 * login throttle: a successful login (or a set-password link used) gives the browser a
 * random token; its SHA-256 is stored with the login. A login attempt carrying a token of
 * that same login is counted against the token, not against the account and the IP, so a
 * stranger's guesses cannot lock the rightful user's own browser out, while strangers
 * (who cannot get a token without the password) keep today's budget.
 */
import { newSessionId, sessionIdHash } from '../http/auth.ts';

/** How long a browser stays known after its last sign-in. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * The throttle key of `token` when it is a live device of `login` (the hash of the token,
 * shortened), or undefined: no token, an unknown or expired one, or another login's.
 */
export async function deviceKey(
  db: D1Database,
  token: string | undefined,
  login: string,
  now = Date.now(),
): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = await sessionIdHash(token);
  const row = await db
    .prepare('SELECT login FROM login_devices WHERE token_hash = ? AND last_used_at > ?')
    .bind(hash, now - DEVICE_TTL_MS)
    .first<{ login: string }>();
  return row?.login === login ? `device:${hash.slice(0, 32)}` : undefined;
}

/**
 * Remembers the browser for `login` after a successful sign-in: the same token again when
 * it already is this login's (its time renewed), a new one otherwise. Answers the token.
 */
export async function rememberDevice(
  db: D1Database,
  token: string | undefined,
  login: string,
  now = Date.now(),
): Promise<string> {
  if (token && token.length <= 100) {
    const renewed = await db
      .prepare('UPDATE login_devices SET last_used_at = ?3 WHERE token_hash = ?1 AND login = ?2 RETURNING token_hash')
      .bind(await sessionIdHash(token), login, now)
      .first();
    if (renewed) return token;
  }
  const fresh = newSessionId();
  await db.batch([
    db
      .prepare('INSERT INTO login_devices (token_hash, login, created_at, last_used_at) VALUES (?, ?, ?, ?)')
      .bind(await sessionIdHash(fresh), login, now, now),
    // Devices not seen for the whole period are forgotten as new ones come.
    db.prepare('DELETE FROM login_devices WHERE last_used_at <= ?').bind(now - DEVICE_TTL_MS),
  ]);
  return fresh;
}

/** A team member's known browsers for the export of their data (without the token's hash). */
export async function loginDevicesOf(
  db: D1Database,
  login: string,
): Promise<{ login: string; created_at: number; last_used_at: number }[]> {
  const { results } = await db
    .prepare('SELECT login, created_at, last_used_at FROM login_devices WHERE login = ?1 ORDER BY created_at')
    .bind(login)
    .all<{ login: string; created_at: number; last_used_at: number }>();
  return results;
}

/** The statement that forgets every browser of `login` (the erasure of their data). */
export const deleteLoginDevicesOfStatement = (db: D1Database, login: string): D1PreparedStatement =>
  db.prepare('DELETE FROM login_devices WHERE login = ?1').bind(login);
