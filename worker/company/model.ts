/**
 * The `company_lookups` table (migration 0140): White List answers cached per NIP for
 * `COMPANY_LOOKUP_TTL_MS` (24 h), found or not found; failures are never cached.
 */
import type { CompanyData } from './whitelist-client.ts';

export const COMPANY_LOOKUP_TTL_MS = 24 * 3_600_000;

export type CachedLookup = { found: true; company: CompanyData } | { found: false };

/** The cached answer for a NIP, when one younger than the TTL is there. */
export async function cachedLookup(db: D1Database, nip: string, now = new Date()): Promise<CachedLookup | undefined> {
  const row = await db
    .prepare('SELECT found, data FROM company_lookups WHERE nip = ?1 AND fetched_at > ?2')
    .bind(nip, new Date(now.getTime() - COMPANY_LOOKUP_TTL_MS).toISOString())
    .first<{ found: number; data: string | null }>();
  if (!row) return undefined;
  if (row.found !== 1 || !row.data) return { found: false };
  try {
    // An answer cached before the register's accounts and request id were kept: none of them.
    const empty = { accountNumbers: [], requestId: null, requestDateTime: null };
    return { found: true, company: { ...empty, ...(JSON.parse(row.data) as Partial<CompanyData>) } as CompanyData };
  } catch {
    return undefined;
  }
}

export async function storeLookup(db: D1Database, nip: string, answer: CachedLookup, now = new Date()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO company_lookups (nip, found, data, fetched_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (nip) DO UPDATE SET found = excluded.found, data = excluded.data, fetched_at = excluded.fetched_at`,
    )
    .bind(nip, answer.found ? 1 : 0, answer.found ? JSON.stringify(answer.company) : null, now.toISOString())
    .run();
}

/** Forgets the cached answers older than the TTL (the cron's): a NIP looked up once is not kept for ever. */
export async function forgetStaleLookups(db: D1Database, now = new Date()): Promise<number> {
  const result = await db
    .prepare('DELETE FROM company_lookups WHERE fetched_at <= ?1')
    .bind(new Date(now.getTime() - COMPANY_LOOKUP_TTL_MS).toISOString())
    .run();
  return result.meta.changes;
}
