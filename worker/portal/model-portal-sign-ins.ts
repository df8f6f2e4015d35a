/**
 * Requested sign-ins to the customer's page (migration 0150): a link token and a 6-digit
 * code per request, stored only as SHA-256. Spending is one conditional UPDATE, so of any
 * number of simultaneous clicks exactly one signs in.
 */

export interface SignInRow {
  id: number;
  email: string;
  token_hash: string;
  code_hash: string;
  code_attempts: number;
  ip: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** How many sign-ins `email` requested since `since` (ms): the per-address limit. */
export async function signInsSince(db: D1Database, email: string, since: number): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM portal_sign_ins WHERE email = ?1 AND created_at >= ?2')
    .bind(email, since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * The statements that record a new sign-in for `email` and retire its older unspent ones
 * (only the newest e-mail works), for a batch with the e-mail that carries it.
 */
export function newSignInStatements(
  db: D1Database,
  s: { email: string; tokenHash: string; codeHash: string; ip: string; now: number; expiresAt: number },
): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE portal_sign_ins SET used_at = ?2 WHERE email = ?1 AND used_at IS NULL').bind(s.email, s.now),
    db
      .prepare(
        `INSERT INTO portal_sign_ins (email, token_hash, code_hash, ip, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(s.email, s.tokenHash, s.codeHash, s.ip, s.now, s.expiresAt),
  ];
}

/** The live (unspent, unexpired) sign-in of a link token's hash, without spending it. */
export async function liveSignInByToken(db: D1Database, tokenHash: string, now: number): Promise<SignInRow | null> {
  return db
    .prepare('SELECT * FROM portal_sign_ins WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2')
    .bind(tokenHash, now)
    .first<SignInRow>();
}

/** Spends a link token: the e-mail it signs in, or null when it is unknown, spent or expired. */
export async function spendToken(db: D1Database, tokenHash: string, now: number): Promise<string | null> {
  const row = await db
    .prepare(
      `UPDATE portal_sign_ins SET used_at = ?2
       WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING email`,
    )
    .bind(tokenHash, now)
    .first<{ email: string }>();
  return row?.email ?? null;
}

/**
 * Counts one code attempt on the newest live sign-in of `email` and returns it, or null
 * when there is none or its attempts are used up (the code is then dead).
 */
export async function takeCodeAttempt(
  db: D1Database,
  email: string,
  now: number,
  maxAttempts: number,
): Promise<SignInRow | null> {
  return db
    .prepare(
      `UPDATE portal_sign_ins SET code_attempts = code_attempts + 1
       WHERE id = (SELECT id FROM portal_sign_ins WHERE email = ?1 AND used_at IS NULL AND expires_at > ?2
                   ORDER BY created_at DESC, id DESC LIMIT 1)
         AND code_attempts < ?3
       RETURNING *`,
    )
    .bind(email, now, maxAttempts)
    .first<SignInRow>();
}

/** Spends a sign-in by its id (the right code): true for the one caller that spent it. */
export async function spendSignIn(db: D1Database, id: number, now: number): Promise<boolean> {
  const result = await db
    .prepare('UPDATE portal_sign_ins SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND expires_at > ?2')
    .bind(id, now)
    .run();
  return result.meta.changes > 0;
}

/** Forgets sign-ins older than `before` (ms): they hold an address and nothing else of use. */
export async function deleteOldSignIns(db: D1Database, before: number): Promise<void> {
  await db.prepare('DELETE FROM portal_sign_ins WHERE created_at < ?').bind(before).run();
}

/*
 * A person's data (worker/privacy): the sign-ins an address requested, for their export
 * (the hashes stay out: they are keys, not data about the person) and their erasure, and
 * those older than the retention period (the cron).
 */

export type SignInExport = Omit<SignInRow, 'token_hash' | 'code_hash'>;

export async function signInsOfEmail(db: D1Database, email: string): Promise<SignInExport[]> {
  const { results } = await db
    .prepare(
      `SELECT id, email, code_attempts, ip, created_at, expires_at, used_at FROM portal_sign_ins
       WHERE email = ?1 ORDER BY created_at, id`,
    )
    .bind(email)
    .all<SignInExport>();
  return results;
}

export const deleteSignInsOfEmailStatement = (db: D1Database, email: string): D1PreparedStatement =>
  db.prepare('DELETE FROM portal_sign_ins WHERE email = ?1').bind(email);

/** The statement that deletes sign-ins requested before `before` (ms); its `changes` is how many. */
export const deleteSignInsBeforeStatement = (db: D1Database, before: number): D1PreparedStatement =>
  db.prepare('DELETE FROM portal_sign_ins WHERE created_at < ?1').bind(before);
