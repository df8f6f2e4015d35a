/**
 * Partners as data (migration 0450): the ids of the widgets' `partner="…"` attribute, each a
 * row the owner adds, edits and pauses in the panel ('Partnerzy'), read at every lead, so a
 * partner added is attributed at once with no redeploy. Also the month statements the owner
 * marked settled.
 */

export type CommissionKind = 'share' | 'fixed';

export interface PartnerRow {
  id: string;
  name: string;
  nip: string | null;
  company_name: string | null;
  company_address: string | null;
  contact_email: string | null;
  domains: string;
  commission_kind: CommissionKind;
  share_bp: number;
  share_months: number;
  fixed_gr: number;
  window_days: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface PartnerInput {
  id: string;
  name: string;
  nip: string | null;
  companyName: string | null;
  companyAddress: string | null;
  contactEmail: string | null;
  domains: string[];
  commissionKind: CommissionKind;
  shareBp: number;
  shareMonths: number;
  fixedGr: number;
  windowDays: number;
  active: boolean;
}

export async function listPartners(db: D1Database): Promise<PartnerRow[]> {
  const { results } = await db.prepare('SELECT * FROM partners ORDER BY name, id').all<PartnerRow>();
  return results;
}

export const partnerById = (db: D1Database, id: string): Promise<PartnerRow | null> =>
  db.prepare('SELECT * FROM partners WHERE id = ?1').bind(id).first<PartnerRow>();

export const partnerByEmail = (db: D1Database, email: string): Promise<PartnerRow | null> =>
  db.prepare('SELECT * FROM partners WHERE contact_email = ?1').bind(email).first<PartnerRow>();

/** SQL for the sign-in's batch: whether address `?1` is a partner's contact (paused ones too: their page says so). */
export const isPartnerEmailSql = (param: string): string =>
  `EXISTS (SELECT 1 FROM partners WHERE contact_email = ${param})`;

export class PartnerExists extends Error {}

/** Adds a partner; `PartnerExists` when the id or the contact e-mail is taken. */
export async function createPartner(db: D1Database, p: PartnerInput): Promise<void> {
  try {
    await db
      .prepare(
        `INSERT INTO partners (id, name, nip, company_name, company_address, contact_email, domains,
           commission_kind, share_bp, share_months, fixed_gr, window_days, active)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
      )
      .bind(...values(p))
      .run();
  } catch (error) {
    if (/UNIQUE|PRIMARY KEY/i.test(String(error))) throw new PartnerExists();
    throw error;
  }
}

const values = (p: PartnerInput) => [
  p.id,
  p.name,
  p.nip,
  p.companyName,
  p.companyAddress,
  p.contactEmail,
  JSON.stringify(p.domains),
  p.commissionKind,
  p.shareBp,
  p.shareMonths,
  p.fixedGr,
  p.windowDays,
  p.active ? 1 : 0,
];

/** Replaces a partner's terms (its id stays); false when there is no such partner. */
export async function updatePartner(db: D1Database, p: PartnerInput): Promise<boolean> {
  try {
    const result = await db
      .prepare(
        `UPDATE partners SET name = ?2, nip = ?3, company_name = ?4, company_address = ?5, contact_email = ?6,
           domains = ?7, commission_kind = ?8, share_bp = ?9, share_months = ?10, fixed_gr = ?11,
           window_days = ?12, active = ?13, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1`,
      )
      .bind(...values(p))
      .run();
    return result.meta.changes > 0;
  } catch (error) {
    if (/UNIQUE/i.test(String(error))) throw new PartnerExists();
    throw error;
  }
}

/**
 * The partner that first brought company `nip` within its attribution window before `before`
 * (an ISO instant): the earliest lead with a confirmed partner whose quote or order names the
 * NIP, still inside that partner's window. Null when none.
 */
export async function firstPartnerOfNip(db: D1Database, nip: string, before: string): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT p.id FROM leads l
         JOIN partners p ON p.id = json_extract(l.attribution, '$.partner')
         LEFT JOIN quotes q ON q.lead_id = l.id
         LEFT JOIN orders o ON o.lead_id = l.id
       WHERE (q.nip = ?1 OR o.company_nip = ?1) AND json_valid(l.attribution)
         AND l.created_at < ?2
         AND l.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '-' || p.window_days || ' days')
       ORDER BY l.created_at, l.id LIMIT 1`,
    )
    .bind(nip, before)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/* ---- Statements the owner settled ---- */

export interface SettledStatement {
  month: string;
  commission_gr: number;
  settled_by: string;
  settled_at: string;
}

export async function settledStatements(db: D1Database, partnerId: string): Promise<SettledStatement[]> {
  const { results } = await db
    .prepare(
      'SELECT month, commission_gr, settled_by, settled_at FROM partner_statements WHERE partner_id = ?1 ORDER BY month',
    )
    .bind(partnerId)
    .all<SettledStatement>();
  return results;
}

/** Marks a month settled with its commission; false when it already was. */
export async function settleStatement(
  db: D1Database,
  s: { partnerId: string; month: string; commissionGr: number; by: string },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO partner_statements (partner_id, month, commission_gr, settled_by) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (partner_id, month) DO NOTHING`,
    )
    .bind(s.partnerId, s.month, s.commissionGr, s.by)
    .run();
  return result.meta.changes > 0;
}

/* ---- The partner's page's sign-ins and sessions (worker/portal/sign-in.ts, the partner's realm) ---- */

/** The cron's tidy-up: sign-ins a day old and ended sessions, as the customer's page's. */
export async function forgetOldPartnerSignIns(db: D1Database, now: number): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM partner_sign_ins WHERE created_at < ?1').bind(now - 24 * 60 * 60 * 1000),
    db.prepare('DELETE FROM partner_sessions WHERE expires_at <= ?1').bind(now),
  ]);
}
