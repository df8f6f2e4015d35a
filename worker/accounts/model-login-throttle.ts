/**
 * Login throttling, migration 0030. Each key ('ip:…',
 * 'account:…', 'password-change:<account id>' for the current password of a password
 * change) may make a few password checks per window; the attempt is
 * counted by ONE conditional upsert before any hash work, so 50 parallel guesses get at
 * most five checks: the rest find the count spent and are refused at once. The attempt
 * that fails fifth locks the key for LOCKOUT_MS; a successful login clears the keys.
 */

/** Password checks allowed per IP (and per other key but the account's) before it is locked. */
export const MAX_LOGIN_ATTEMPTS = 5;
/**
 * Per account the limit is higher: guesses spread over many IPs are stopped, while one
 * person mistyping from one IP is stopped by the IP limit first, and a stranger cannot
 * lock an owner out as cheaply.
 */
export const MAX_ACCOUNT_ATTEMPTS = 10;

const limitOf = (key: string) => (key.startsWith('account:') ? MAX_ACCOUNT_ATTEMPTS : MAX_LOGIN_ATTEMPTS);
/** How long a lock lasts, and the window in which attempts count. */
export const LOCKOUT_MS = 15 * 60 * 1000;

export interface Reservation {
  /** Whether this attempt may check a password. */
  allowed: boolean;
  /** The attempt's number in the window (1 … n). */
  attempt: number;
  /** When the key frees up again (ms), for Retry-After. */
  retryAt: number;
}

interface Row {
  attempts: number;
  window_start: number;
  locked_until: number | null;
}

/** The upsert that takes one attempt of `key` and answers the count: atomic in SQLite. */
const reserveStatement = (db: D1Database, key: string, now: number) =>
  db
    .prepare(
      `INSERT INTO login_throttle (key, attempts, window_start, locked_until) VALUES (?1, 1, ?2, NULL)
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN (locked_until IS NULL AND window_start <= ?2 - ?3) OR locked_until <= ?2
                         THEN 1 ELSE attempts + 1 END,
         locked_until = CASE WHEN locked_until <= ?2 THEN NULL ELSE locked_until END,
         window_start = CASE WHEN (locked_until IS NULL AND window_start <= ?2 - ?3) OR locked_until <= ?2
                             THEN ?2 ELSE window_start END
       RETURNING attempts, window_start, locked_until`,
    )
    .bind(key, now, LOCKOUT_MS);

/**
 * Takes one attempt for each key in turn (IP first): a key already spent stops there, so
 * a locked IP's guesses do not count against the account it targets.
 */
export async function reserveLoginAttempt(db: D1Database, keys: string[], now = Date.now()): Promise<Reservation> {
  let attempt = 0;
  for (const key of keys) {
    const row = await reserveStatement(db, key, now).first<Row>();
    if (!row) continue;
    attempt = Math.max(attempt, row.attempts);
    const locked = row.locked_until !== null && row.locked_until > now;
    if (locked || row.attempts > limitOf(key))
      return {
        allowed: false,
        attempt,
        retryAt: locked ? (row.locked_until as number) : row.window_start + LOCKOUT_MS,
      };
  }
  return { allowed: true, attempt, retryAt: now };
}

/** A failed check: the keys whose count is spent are locked for LOCKOUT_MS from now. */
export async function recordLoginFailure(
  db: D1Database,
  keys: string[],
  now = Date.now(),
): Promise<{ locked: boolean }> {
  const results = await db.batch<{ key: string }>(
    keys.map((key) =>
      db
        .prepare(
          `UPDATE login_throttle SET locked_until = ?2 + ?3
           WHERE key = ?1 AND attempts >= ?4 AND (locked_until IS NULL OR locked_until <= ?2) RETURNING key`,
        )
        .bind(key, now, LOCKOUT_MS, limitOf(key)),
    ),
  );
  return { locked: results.some((r) => r.results.length > 0) };
}

/** A successful login starts the count again for its keys. */
export async function clearLoginAttempts(db: D1Database, keys: string[]): Promise<void> {
  await db.batch(keys.map((key) => db.prepare('DELETE FROM login_throttle WHERE key = ?').bind(key)));
}
