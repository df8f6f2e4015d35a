/**
 * The KSeF sender's lease (table ksef_lease, one row): one run at a time; a run that died
 * keeps it until its time is up, then another takes it over.
 */

/** Takes the lease for `holder` until `now + ttlMs` when it is free or its holder's time is up. */
export async function takeLease(db: D1Database, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const result = await db
    .prepare(
      'UPDATE ksef_lease SET holder = ?1, expires_at_ms = ?2 WHERE id = 1 AND (holder IS NULL OR holder = ?1 OR expires_at_ms <= ?3)',
    )
    .bind(holder, now + ttlMs, now)
    .run();
  return result.meta.changes === 1;
}

/** Extends `holder`'s lease; `false` when it is no longer `holder`'s (another run took it over). */
export async function renewLease(db: D1Database, holder: string, now: number, ttlMs: number): Promise<boolean> {
  const result = await db
    .prepare('UPDATE ksef_lease SET expires_at_ms = ?2 WHERE id = 1 AND holder = ?1')
    .bind(holder, now + ttlMs)
    .run();
  return result.meta.changes === 1;
}

export async function releaseLease(db: D1Database, holder: string): Promise<void> {
  await db
    .prepare('UPDATE ksef_lease SET holder = NULL, expires_at_ms = 0 WHERE id = 1 AND holder = ?')
    .bind(holder)
    .run();
}
