/**
 * The `sales_digest_runs` table (migration 0130): one row per Warsaw day on which the
 * morning digest went out, so the cron (every 5 minutes) sends it once, whichever run
 * comes first after 08:00.
 */

/** Claims the digest of `day` (RRRR-MM-DD); true for the one caller that gets it. */
export async function claimDigestDay(db: D1Database, day: string): Promise<boolean> {
  const row = await db
    .prepare('INSERT INTO sales_digest_runs (day) VALUES (?1) ON CONFLICT (day) DO NOTHING RETURNING day')
    .bind(day)
    .first<{ day: string }>();
  return !!row;
}
