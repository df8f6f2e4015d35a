/** Team accounts and their one-time set-password links (migration 0030). */
import { SET_PASSWORD_LINK_HOURS } from '../admin-shared/account-validation.ts';
import type { Role } from '../admin-shared/roles.ts';
import { newSessionId, sessionIdHash } from '../http/auth.ts';
import { spendOneTimeLink } from './model-one-time-links.ts';

/** The first owner: logs in with the ADMIN_PASSWORD_HASH secret, never disabled or demoted. */
export const FIRST_OWNER_ID = 1;
export const FIRST_OWNER_LOGIN = 'admin';
/** How long a set-password link works. */
export const TOKEN_TTL_MS = SET_PASSWORD_LINK_HOURS * 60 * 60 * 1000;

export interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  disabled: number;
  created_at: string;
  updated_at: string;
}

export async function accountByEmail(db: D1Database, email: string): Promise<AccountRow | null> {
  return db.prepare('SELECT * FROM accounts WHERE email = ?').bind(email.trim()).first<AccountRow>();
}

export async function accountById(db: D1Database, id: number): Promise<AccountRow | null> {
  return db.prepare('SELECT * FROM accounts WHERE id = ?').bind(id).first<AccountRow>();
}

export interface AccountListing extends AccountRow {
  sessions: number;
}

/** Every account, owners first, with its number of live sessions. */
export async function listAccounts(db: D1Database, now = Date.now()): Promise<AccountListing[]> {
  const { results } = await db
    .prepare(
      `SELECT a.*, (SELECT COUNT(*) FROM admin_sessions s WHERE s.account_id = a.id AND s.expires_at > ?) AS sessions
       FROM accounts a ORDER BY a.id`,
    )
    .bind(now)
    .all<AccountListing>();
  return results;
}

/** Adds a person; null when the e-mail is taken. */
export async function createAccount(
  db: D1Database,
  account: { email: string; name: string; role: Role },
): Promise<AccountRow | null> {
  return db
    .prepare('INSERT INTO accounts (email, name, role) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING *')
    .bind(account.email, account.name, account.role)
    .first<AccountRow>();
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export async function updateAccount(
  db: D1Database,
  id: number,
  change: { role?: Role | undefined; disabled?: boolean | undefined; name?: string | undefined },
): Promise<AccountRow | null> {
  return db
    .prepare(
      `UPDATE accounts SET role = COALESCE(?2, role), disabled = COALESCE(?3, disabled), name = COALESCE(?4, name),
         updated_at = ${NOW} WHERE id = ?1 RETURNING *`,
    )
    .bind(id, change.role ?? null, change.disabled === undefined ? null : Number(change.disabled), change.name ?? null)
    .first<AccountRow>();
}

/** Stores a new password hash and ends every session of the account (in one batch). */
export async function setPasswordHash(db: D1Database, id: number, hash: string, keepSessionId?: string): Promise<void> {
  const keep = keepSessionId ? await sessionIdHash(keepSessionId) : '';
  await db.batch([
    db.prepare(`UPDATE accounts SET password_hash = ?2, updated_at = ${NOW} WHERE id = ?1`).bind(id, hash),
    db.prepare('DELETE FROM admin_sessions WHERE account_id = ? AND id_hash != ?').bind(id, keep),
  ]);
}

/** A new one-time link token for the account (older unused ones stop working). */
export async function issueToken(db: D1Database, accountId: number, now = Date.now()): Promise<string> {
  const token = newSessionId();
  await db.batch([
    db.prepare('DELETE FROM account_tokens WHERE account_id = ?').bind(accountId),
    db
      .prepare('INSERT INTO account_tokens (token_hash, account_id, expires_at) VALUES (?, ?, ?)')
      .bind(await sessionIdHash(token), accountId, now + TOKEN_TTL_MS),
  ]);
  return token;
}

/** Spends a token: the account id when it was unused and unexpired, once only (atomic). */
export async function spendToken(db: D1Database, token: string, now = Date.now()): Promise<number | undefined> {
  const links = { table: 'account_tokens', opens: 'account_id' };
  return (await spendOneTimeLink<number>(db, links, await sessionIdHash(token), now)) ?? undefined;
}

/** The account a live token belongs to, without spending it. */
export async function accountByToken(db: D1Database, token: string, now = Date.now()): Promise<AccountRow | null> {
  return db
    .prepare(
      `SELECT a.* FROM account_tokens t JOIN accounts a ON a.id = t.account_id
       WHERE t.token_hash = ? AND t.used_at IS NULL AND t.expires_at > ?`,
    )
    .bind(await sessionIdHash(token), now)
    .first<AccountRow>();
}
