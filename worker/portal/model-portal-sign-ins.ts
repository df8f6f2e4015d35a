/**
 * Requested sign-ins to the customer's page (migration 0150): a link token and a 6-digit
 * code per request, stored only as SHA-256. Spending is one conditional UPDATE, so of any
 * number of simultaneous clicks exactly one signs in (`spendOneTimeLink` of the accounts, as
 * the team's links).
 */
import { spendOneTimeLink } from '../accounts/index.ts';

/**
 * The table of a sign-in realm: the customer's page's, or the partner's page's (migration 0450),
 * the same columns and rules, so a link of one never opens the other.
 */
export type SignInTable = 'portal_sign_ins' | 'partner_sign_ins';

/** The table named, only ever one of the two (anything else is the customer's page's): no name reaches SQL unchecked. */
const tableOf = (table: unknown): SignInTable =>
  table === 'partner_sign_ins' ? 'partner_sign_ins' : 'portal_sign_ins';

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

/** What one request for a sign-in e-mail writes, if the address and the limits allow it. */
export interface NewSignIn {
  email: string;
  tokenHash: string;
  codeHash: string;
  /** Who asked: the requester's IP. */
  ip: string;
  now: number;
  expiresAt: number;
  /** The hour the limits count (ms): sign-ins created since then. */
  since: number;
  /** At most this many sign-ins of the address since `since`, whoever asked. */
  perAddress: number;
  /** At most this many of the address asked by this requester since `since`. */
  perRequester: number;
  /** SQL: whether the address (parameter `?1`) may sign in (it is a customer's). */
  allowed: string;
}

/**
 * The statements of a request for a sign-in, for a batch with the e-mail that carries it:
 * ONE conditional insert counts the request when neither the address's hourly count nor
 * this requester's count for it is spent, so no parallel request can slip past a count it
 * read. Every address is counted alike, a customer's or not, so being held by the limits
 * (`signInCounted` finds no row) says nothing about the address: a customer's row is a live
 * sign-in, anyone else's is born spent and expired (it only counts, and is forgotten with
 * the others after a day). Then the address's older unspent sign-ins are retired, only when
 * a live one was written (only the newest e-mail works). The same statements run for every
 * address: the answer's timing tells nothing.
 */
export function newSignInStatements(db: D1Database, s: NewSignIn, table: SignInTable): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO ${tableOf(table)} (email, token_hash, code_hash, ip, created_at, expires_at, used_at)
         SELECT ?1, ?2, ?3, ?4, ?5, CASE WHEN a.ok THEN ?6 ELSE ?5 END, CASE WHEN a.ok THEN NULL ELSE ?5 END
         FROM (SELECT ${s.allowed} AS ok) AS a
         WHERE (SELECT COUNT(*) FROM ${tableOf(table)} WHERE email = ?1 AND created_at >= ?7) < ?8
           AND (SELECT COUNT(*) FROM ${tableOf(table)} WHERE email = ?1 AND created_at >= ?7 AND ip = ?4) < ?9`,
      )
      .bind(s.email, s.tokenHash, s.codeHash, s.ip, s.now, s.expiresAt, s.since, s.perAddress, s.perRequester),
    db
      .prepare(
        `UPDATE ${tableOf(table)} SET used_at = ?2
         WHERE email = ?1 AND used_at IS NULL AND token_hash <> ?3
           AND EXISTS (SELECT 1 FROM ${tableOf(table)} WHERE token_hash = ?3 AND used_at IS NULL)`,
      )
      .bind(s.email, s.now, s.tokenHash),
  ];
}

/** A batch's condition (`SELECT 1 …`, `?` placeholders): a live sign-in of this token hash was written (a customer's or a partner's). */
export const signInWritten = (tokenHash: string, table: SignInTable): { sql: string; values: unknown[] } => ({
  sql: `SELECT 1 FROM ${tableOf(table)} WHERE token_hash = ? AND used_at IS NULL`,
  values: [tokenHash],
});

/**
 * The batch's last word on the request: `counted` is 1 when the limits let it through (whether
 * or not the address is a customer's), 0 when they held it back.
 */
export const signInCounted = (db: D1Database, tokenHash: string, table: SignInTable): D1PreparedStatement =>
  db.prepare(`SELECT EXISTS (SELECT 1 FROM ${tableOf(table)} WHERE token_hash = ?1) AS counted`).bind(tokenHash);

/** The live (unspent, unexpired) sign-in of a link token's hash, without spending it. */
export async function liveSignInByToken(
  db: D1Database,
  tokenHash: string,
  now: number,
  table: SignInTable,
): Promise<SignInRow | null> {
  return db
    .prepare(`SELECT * FROM ${tableOf(table)} WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2`)
    .bind(tokenHash, now)
    .first<SignInRow>();
}

/** Spends a link token: the e-mail it signs in, or null when it is unknown, spent or expired. */
export const spendToken = (
  db: D1Database,
  tokenHash: string,
  now: number,
  table: SignInTable,
): Promise<string | null> => spendOneTimeLink<string>(db, { table: tableOf(table), opens: 'email' }, tokenHash, now);

/**
 * Counts one code attempt on the newest live sign-in of `email` and returns it, or null
 * when there is none or its attempts are used up (the code is then dead).
 */
export async function takeCodeAttempt(
  db: D1Database,
  email: string,
  now: number,
  maxAttempts: number,
  table: SignInTable,
): Promise<SignInRow | null> {
  return db
    .prepare(
      `UPDATE ${tableOf(table)} SET code_attempts = code_attempts + 1
       WHERE id = (SELECT id FROM ${tableOf(table)} WHERE email = ?1 AND used_at IS NULL AND expires_at > ?2
                   ORDER BY created_at DESC, id DESC LIMIT 1)
         AND code_attempts < ?3
       RETURNING *`,
    )
    .bind(email, now, maxAttempts)
    .first<SignInRow>();
}

/** Spends a sign-in by its id (the right code): true for the one caller that spent it. */
export async function spendSignIn(db: D1Database, id: number, now: number, table: SignInTable): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE ${tableOf(table)} SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND expires_at > ?2`)
    .bind(id, now)
    .run();
  return result.meta.changes > 0;
}

/** Forgets sign-ins older than `before` (ms): they hold an address and nothing else of use. */
export async function deleteOldSignIns(db: D1Database, before: number, table: SignInTable): Promise<void> {
  await db
    .prepare(`DELETE FROM ${tableOf(table)} WHERE created_at < ?`)
    .bind(before)
    .run();
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
