/**
 * A lead's attribution changed by the team (a partner confirmed, moved or assigned),
 * with the counters that read it ('Liczby' per partner, the response statistics per source)
 * taken back and counted again in the same batch, so they stay true.
 */
import { countLeadStatement, uncountLeadStatement } from './model-lead-counts.ts';
import { countResponseStatements, uncountResponseStatement } from './model-lead-response-days.ts';

/** Replaces the attribution (JSON) of lead `id`; false when there is no such lead. */
export async function setLeadAttribution(db: D1Database, id: string, attribution: string): Promise<boolean> {
  const results = await db.batch([
    uncountLeadStatement(db, id),
    uncountResponseStatement(db, id),
    db
      .prepare(`UPDATE leads SET attribution = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1`)
      .bind(id, attribution),
    countLeadStatement(db, id),
    ...countResponseStatements(db, id),
  ]);
  return (results[2]?.meta.changes ?? 0) > 0;
}
