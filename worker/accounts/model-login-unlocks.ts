/**
 * One-time unlock links of a team account (migration 0361): a stranger's wrong passwords
 * lock the account for every browser it never signed in with; the rightful person asks for
 * a link e-mailed to the account's own address, and opening it makes their browser known
 * (model-login-devices.ts), with a login budget a stranger cannot spend. Only the token's
 * SHA-256 is kept. Asking is one conditional insert (an enabled account with a password
 * and an e-mail, not the first owner, under the hourly limit), the same statements for any
 * address; spending is one conditional UPDATE, so a link works once.
 */
import { spendOneTimeLink } from './model-one-time-links.ts';

export interface NewUnlock {
  /** The account's e-mail, lower case. */
  login: string;
  tokenHash: string;
  ip: string;
  now: number;
  expiresAt: number;
  /** Links of the account since then (ms) count against `perHour`. */
  since: number;
  perHour: number;
}

/** The statement that writes the unlock link when the address is an account's that may have one. */
export function newUnlockStatement(db: D1Database, u: NewUnlock): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO login_unlocks (token_hash, login, ip, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE EXISTS (SELECT 1 FROM accounts WHERE email = ?2 AND disabled = 0 AND password_hash IS NOT NULL
                       AND email <> 'admin')
         AND (SELECT COUNT(*) FROM login_unlocks WHERE login = ?2 AND created_at >= ?6) < ?7`,
    )
    .bind(u.tokenHash, u.login, u.ip, u.now, u.expiresAt, u.since, u.perHour);
}

/** A batch's condition (`SELECT 1 …`, `?` placeholders): the unlock link of this token hash was written. */
export const unlockWritten = (tokenHash: string): { sql: string; values: unknown[] } => ({
  sql: 'SELECT 1 FROM login_unlocks WHERE token_hash = ?',
  values: [tokenHash],
});

/** Spends an unlock link: the account's login, or null when it is unknown, spent or expired. */
export const spendUnlock = (db: D1Database, tokenHash: string, now: number): Promise<string | null> =>
  spendOneTimeLink<string>(db, { table: 'login_unlocks', opens: 'login' }, tokenHash, now);

/** Forgets unlock links created before `before` (ms): the cron's tidy-up. */
export async function deleteOldUnlocks(db: D1Database, before: number): Promise<void> {
  await db.prepare('DELETE FROM login_unlocks WHERE created_at < ?').bind(before).run();
}
