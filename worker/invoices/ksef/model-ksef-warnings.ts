/** KSeF's `X-System-Warning`s (table ksef_warnings): kept by code and message, shown in the panel. */
import type { SystemWarning } from './api.ts';

export interface KeptWarning {
  code: string;
  message: string;
  path: string;
  first_seen: string;
  last_seen: string;
  seen: number;
}

/** Records a run's warnings (each with the request it came with and how often), in one batch. */
export async function recordWarnings(
  db: D1Database,
  warnings: readonly (SystemWarning & { path: string; times: number })[],
  at: string,
): Promise<void> {
  if (!warnings.length) return;
  await db.batch(
    warnings.map((w) =>
      db
        .prepare(
          `INSERT INTO ksef_warnings (code, message, path, first_seen, last_seen, seen) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (code, message) DO UPDATE SET path = excluded.path, last_seen = excluded.last_seen,
             seen = ksef_warnings.seen + excluded.seen`,
        )
        .bind(w.code, w.message.slice(0, 1000), w.path, at, at, w.times),
    ),
  );
}

/** The warnings seen since `since` (ISO), the latest first, at most 20. */
export async function recentWarnings(db: D1Database, since: string): Promise<KeptWarning[]> {
  const { results } = await db
    .prepare(
      `SELECT code, message, path, first_seen, last_seen, seen FROM ksef_warnings
       WHERE last_seen >= ? ORDER BY last_seen DESC LIMIT 20`,
    )
    .bind(since)
    .all<KeptWarning>();
  return results;
}
