/** The KSeF requests of the last hour (table ksef_requests): the limits' sliding windows across runs (./pacer.ts). */

/** The requests of the last hour for `context` (older ones deleted): the limits' windows. */
export async function lastHourRequests(
  db: D1Database,
  context: string,
  now: number,
): Promise<{ grp: string; at_ms: number }[]> {
  const since = now - 3_600_000;
  await db.prepare('DELETE FROM ksef_requests WHERE at_ms <= ?').bind(since).run();
  const { results } = await db
    .prepare('SELECT grp, at_ms FROM ksef_requests WHERE context = ? AND at_ms > ? ORDER BY at_ms')
    .bind(context, since)
    .all<{ grp: string; at_ms: number }>();
  return results;
}

export async function recordRequest(db: D1Database, context: string, group: string, at: number): Promise<void> {
  await db.prepare('INSERT INTO ksef_requests (context, grp, at_ms) VALUES (?, ?, ?)').bind(context, group, at).run();
}
