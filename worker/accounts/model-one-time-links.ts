/**
 * A one-time link's spend, for every table of such links: the team's set-password links
 * (`account_tokens`), the login unlock links (`login_unlocks`) and the customers' sign-in links
 * (the portal's `portal_sign_ins`). Each keeps only the token's SHA-256 (`token_hash`), when it
 * expires and when it was spent (`expires_at`, `used_at`, ms), and what the link opens.
 * Spending is one conditional UPDATE, so of any number of simultaneous clicks exactly one
 * gets what the link opens, and a link works once.
 */

/** A table of one-time links and the column of what a link opens (an e-mail, a login, an account id). */
export interface OneTimeLinks {
  table: string;
  opens: string;
}

const IDENTIFIER = /^[a-z_]+$/;

/** Spends the link of `tokenHash`: what it opens, or null when it is unknown, spent or expired. */
export async function spendOneTimeLink<T extends string | number>(
  db: D1Database,
  links: OneTimeLinks,
  tokenHash: string,
  now: number,
): Promise<T | null> {
  // Table and column are our own constants, never input: checked, as they go into the SQL's text.
  if (!IDENTIFIER.test(links.table) || !IDENTIFIER.test(links.opens))
    throw new Error(`not a table of one-time links: ${String(links.table)}.${String(links.opens)}`);
  const row = await db
    .prepare(
      `UPDATE ${links.table} SET used_at = ?2
       WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING ${links.opens} AS opens`,
    )
    .bind(tokenHash, now)
    .first<{ opens: T }>();
  return row?.opens ?? null;
}
