/** The KSeF sessions the sender opened (table ksef_sessions): for the log, and to close one a dead run left open. */

const iso = (ms: number): string => new Date(ms).toISOString();

export async function recordSession(
  db: D1Database,
  session: { ref: string; kind: 'online' | 'batch'; nip: string; count: number },
  now: number,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO ksef_sessions (reference_number, kind, context_nip, invoice_count, opened_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (reference_number) DO NOTHING`,
    )
    .bind(session.ref, session.kind, session.nip, session.count, iso(now))
    .run();
}

export async function sessionClosed(db: D1Database, ref: string, now: number, statusCode?: number): Promise<void> {
  await db
    .prepare(
      'UPDATE ksef_sessions SET closed_at = COALESCE(closed_at, ?2), status_code = COALESCE(?3, status_code) WHERE reference_number = ?1',
    )
    .bind(ref, iso(now), statusCode ?? null)
    .run();
}

/** Sessions a dead run left open (opened more than `olderThanMs` ago), to close them. */
export async function openSessions(
  db: D1Database,
  nip: string,
  before: number,
): Promise<{ reference_number: string; kind: 'online' | 'batch' }[]> {
  const { results } = await db
    .prepare(
      'SELECT reference_number, kind FROM ksef_sessions WHERE context_nip = ? AND closed_at IS NULL AND opened_at <= ? LIMIT 20',
    )
    .bind(nip, iso(before))
    .all<{ reference_number: string; kind: 'online' | 'batch' }>();
  return results;
}
