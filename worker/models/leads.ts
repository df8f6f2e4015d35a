/**
 * Leads of both kinds, contact messages and quotes (DESIGN §4). A lead is stored with its
 * outgoing notification in one D1 batch, so either both are there or neither; the same
 * `submission_id` twice stores one lead (and one notification).
 */
import { type Notification, notificationStatement } from './outbox.ts';

export type LeadKind = 'contact' | 'quote';
export type LeadStatus = 'nowy' | 'w kontakcie' | 'wygrany' | 'przegrany' | 'spam';
export const LEAD_STATUSES: readonly LeadStatus[] = ['nowy', 'w kontakcie', 'wygrany', 'przegrany', 'spam'];

export interface NewLead {
  kind: LeadKind;
  submissionId: string;
  name: string;
  email: string;
  phone?: string | null | undefined;
  company?: string | null | undefined;
  message?: string | null | undefined;
  /** DESIGN §4 `attribution`, stored as JSON. */
  attribution?: Record<string, unknown> | undefined;
  /** The request's `Origin` header. */
  origin?: string | null | undefined;
}

export interface LeadRow {
  id: string;
  kind: LeadKind;
  submission_id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  attribution: string;
  origin: string | null;
  status: LeadStatus;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface StoredLead {
  /** The lead's id: the new one, or the first one's on a replay. */
  id: string;
  /** False when this submission was stored before (a retry). */
  created: boolean;
  /** The outbox row to deliver, when the lead is new. */
  notificationId: number | undefined;
}

/**
 * Stores `lead` and its `notification` in one batch. `extra` adds statements of the same
 * batch (e.g. a quote row, issue 5) for the new lead's id; write them so they insert
 * nothing on a replay (`… WHERE EXISTS (SELECT 1 FROM leads WHERE id = ?)`), as the
 * notification does. Throws when D1 fails; then nothing of it is stored.
 * @example const stored = await storeLead(env.DB, lead, (id) => contactNotification(id, lead, to))
 */
export async function storeLead(
  db: D1Database,
  lead: NewLead,
  notification: (leadId: string) => Notification,
  extra: (leadId: string) => D1PreparedStatement[] = () => [],
): Promise<StoredLead> {
  const id = crypto.randomUUID();
  const insert = db
    .prepare(
      `INSERT INTO leads (id, kind, submission_id, name, email, phone, company, message, attribution, origin)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (submission_id) DO NOTHING`,
    )
    .bind(
      id,
      lead.kind,
      lead.submissionId,
      lead.name,
      lead.email,
      lead.phone ?? null,
      lead.company ?? null,
      lead.message ?? null,
      JSON.stringify(lead.attribution ?? {}),
      lead.origin ?? null,
    );
  const results = await db.batch([
    insert,
    notificationStatement(db, id, notification(id)),
    ...extra(id),
    db.prepare('SELECT id FROM leads WHERE submission_id = ?').bind(lead.submissionId),
  ]);
  const storedId = (results.at(-1)?.results[0] as { id: string } | undefined)?.id;
  if (!storedId) throw new Error('storeLead: the lead is not in D1 after its batch');
  const created = storedId === id;
  const notificationId = created ? (results[1]?.results[0] as { id: number } | undefined)?.id : undefined;
  return { id: storedId, created, notificationId };
}

export async function leadById(db: D1Database, id: string): Promise<LeadRow | null> {
  return db.prepare('SELECT * FROM leads WHERE id = ?').bind(id).first<LeadRow>();
}

export async function leadBySubmission(db: D1Database, submissionId: string): Promise<LeadRow | null> {
  return db.prepare('SELECT * FROM leads WHERE submission_id = ?').bind(submissionId).first<LeadRow>();
}

/** Newest first, optionally of one kind or status (the admin panel's list). */
export async function recentLeads(
  db: D1Database,
  {
    kind,
    status,
    limit = 50,
    offset = 0,
  }: { kind?: LeadKind; status?: LeadStatus; limit?: number; offset?: number } = {},
): Promise<LeadRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM leads WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR status = ?2)
       ORDER BY created_at DESC, id LIMIT ?3 OFFSET ?4`,
    )
    .bind(kind ?? null, status ?? null, limit, offset)
    .all<LeadRow>();
  return results;
}

export async function countLeads(db: D1Database, kind?: LeadKind): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM leads WHERE (?1 IS NULL OR kind = ?1)')
    .bind(kind ?? null)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function setLeadStatus(db: D1Database, id: string, status: LeadStatus): Promise<boolean> {
  const result = await db
    .prepare("UPDATE leads SET status = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1")
    .bind(id, status)
    .run();
  return result.meta.changes > 0;
}

export async function setLeadNotes(db: D1Database, id: string, notes: string): Promise<boolean> {
  const result = await db
    .prepare("UPDATE leads SET notes = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1")
    .bind(id, notes)
    .run();
  return result.meta.changes > 0;
}
