/**
 * `bank_statement_parts` (migration 0461): the keyed credit lines of a statement imported in
 * the background, a part of at most 500 per row, deleted as each is imported (background.ts),
 * and the progress columns of `bank_statements` it moves.
 */

/** Stages part `part` of a statement: its keyed lines as JSON and the site's origin for the e-mails. */
export const stagePartStatement = (
  db: D1Database,
  statementId: string,
  part: number,
  linesJson: string,
  origin: string,
): D1PreparedStatement =>
  db
    .prepare('INSERT INTO bank_statement_parts (statement_id, part, lines, origin) VALUES (?1, ?2, ?3, ?4)')
    .bind(statementId, part, linesJson, origin);

/** A staged part, or null when it was imported (or never staged). */
export const stagedPart = (db: D1Database, statementId: string, part: number) =>
  db
    .prepare('SELECT lines, origin FROM bank_statement_parts WHERE statement_id = ?1 AND part = ?2')
    .bind(statementId, part)
    .first<{ lines: string; origin: string }>();

/** Adds a part's counts to its statement, done with the last part; only while the part is staged. */
export const partDoneStatement = (
  db: D1Database,
  statementId: string,
  part: number,
  counts: { matched: number; unmatched: number; duplicates: number },
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE bank_statements SET matched = matched + ?3, unmatched = unmatched + ?4, duplicates = duplicates + ?5,
         parts_done = parts_done + 1, state = CASE WHEN parts_done + 1 >= parts AND state = 'importing' THEN 'done' ELSE state END
       WHERE id = ?1 AND EXISTS (SELECT 1 FROM bank_statement_parts WHERE statement_id = ?1 AND part = ?2)`,
    )
    .bind(statementId, part, counts.matched, counts.unmatched, counts.duplicates);

export const deletePartStatement = (db: D1Database, statementId: string, part: number): D1PreparedStatement =>
  db.prepare('DELETE FROM bank_statement_parts WHERE statement_id = ?1 AND part = ?2').bind(statementId, part);

/** Marks a statement failed with the reason (which part); answers how many parts it has. */
export async function failStatement(
  db: D1Database,
  statementId: string,
  error: (parts: number | null) => string,
): Promise<void> {
  const row = await db
    .prepare('SELECT parts FROM bank_statements WHERE id = ?1')
    .bind(statementId)
    .first<{ parts: number }>();
  await db
    .prepare("UPDATE bank_statements SET state = 'failed', error = ?2 WHERE id = ?1")
    .bind(statementId, error(row?.parts ?? null))
    .run();
}

/**
 * A failed statement imported again: back to 'importing' (its error cleared) and the parts still
 * staged, to queue once more; none when it had not failed (or nothing is left to import).
 */
export async function retryFailedStatement(db: D1Database, statementId: string): Promise<number[]> {
  const [reopened, staged] = await db.batch([
    db
      .prepare(
        `UPDATE bank_statements SET state = 'importing', error = NULL WHERE id = ?1 AND state = 'failed'
           AND EXISTS (SELECT 1 FROM bank_statement_parts WHERE statement_id = ?1)`,
      )
      .bind(statementId),
    db.prepare('SELECT part FROM bank_statement_parts WHERE statement_id = ?1 ORDER BY part').bind(statementId),
  ]);
  if (!reopened?.meta.changes) return [];
  return ((staged?.results ?? []) as { part: number }[]).map((r) => r.part);
}
