/**
 * The `lead_notes` table (migration 0130): a lead's notes history, who wrote what and
 * when, oldest first. Notes are written in the batch of the change that carries them
 * (`changeLead` of leads/model-lead-changes.ts) and go with the lead when it is erased or anonymised.
 */

/** Who writes a note: the account (null for the first owner's secret login) and the name shown. */
export interface NoteAuthor {
  accountId: number | null;
  name: string;
}

export interface LeadNoteRow {
  id: number;
  lead_id: string;
  account_id: number | null;
  author: string;
  body: string;
  created_at: string;
}

/** The statement that adds a note to lead `leadId`; with `exists` (a `SELECT 1 …`, `?` placeholders) only when it finds a row in the batch. */
export function noteStatement(
  db: D1Database,
  leadId: string,
  author: NoteAuthor,
  body: string,
  exists?: { sql: string; values: unknown[] },
): D1PreparedStatement {
  if (exists)
    return db
      .prepare(
        `INSERT INTO lead_notes (lead_id, account_id, author, body) SELECT ?, ?, ?, ? WHERE EXISTS (${exists.sql})`,
      )
      .bind(leadId, author.accountId, author.name, body, ...exists.values);
  return db
    .prepare('INSERT INTO lead_notes (lead_id, account_id, author, body) VALUES (?1, ?2, ?3, ?4)')
    .bind(leadId, author.accountId, author.name, body);
}

/** The `SELECT 1 …` guard that finds no note of `body` on lead `leadId` yet (a note written once). */
export const noteIsNew = (leadId: string, body: string): { sql: string; values: unknown[] } => ({
  sql: 'SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM lead_notes WHERE lead_id = ? AND body = ?)',
  values: [leadId, body],
});

/** The notes of one lead, oldest first. */
export async function notesOfLead(db: D1Database, leadId: string): Promise<LeadNoteRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM lead_notes WHERE lead_id = ?1 ORDER BY id')
    .bind(leadId)
    .all<LeadNoteRow>();
  return results;
}

/** The notes of the given leads (JSON array of ids), oldest first: a person's data export. */
export async function notesOfLeads(db: D1Database, leadIdsJson: string): Promise<LeadNoteRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM lead_notes WHERE lead_id IN (SELECT value FROM json_each(?1)) ORDER BY lead_id, id')
    .bind(leadIdsJson)
    .all<LeadNoteRow>();
  return results;
}

/** The newest note of each of the given leads (JSON array of ids), for the CSV. */
export async function latestNotes(db: D1Database, leadIdsJson: string): Promise<Map<string, LeadNoteRow>> {
  const { results } = await db
    .prepare(
      `SELECT n.* FROM lead_notes n
       WHERE n.id = (SELECT MAX(m.id) FROM lead_notes m WHERE m.lead_id = n.lead_id)
         AND n.lead_id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(leadIdsJson)
    .all<LeadNoteRow>();
  return new Map(results.map((r) => [r.lead_id, r]));
}

/** The statement that deletes the notes of the given leads (JSON array of ids): erasure and anonymisation. */
export function deleteNotesOfLeadsStatement(db: D1Database, leadIdsJson: string): D1PreparedStatement {
  return db.prepare('DELETE FROM lead_notes WHERE lead_id IN (SELECT value FROM json_each(?1))').bind(leadIdsJson);
}
