/**
 * The admin panel's view of leads (issue 7): filtered lists, the CSV export, GDPR
 * deletion and the numbers. Reads the `leads` and `outbox` tables of migration 0002
 * (issue 3); `worker/models/leads.ts` stores them.
 */
import type { LeadKind, LeadRow, LeadStatus } from './leads.ts';

export interface LeadFilter {
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string | undefined;
  /** `YYYY-MM-DD`, inclusive. */
  to?: string | undefined;
  utmSource?: string | undefined;
  utmCampaign?: string | undefined;
  partner?: string | undefined;
  /** Part of the name, email or company. */
  q?: string | undefined;
}

/** A lead row with the delivery state of its newest notification. */
export interface InboxRow extends LeadRow {
  email_state: string | null;
}

/** `LIKE` pattern for a search text, with `%`, `_` and `\` taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The WHERE clause of a filter and its bound values (numbered from 1). */
function where(filter: LeadFilter): { sql: string; values: (string | null)[] } {
  const values = [
    filter.kind ?? null,
    filter.status ?? null,
    filter.from ?? null,
    filter.to ?? null,
    filter.utmSource ?? null,
    filter.utmCampaign ?? null,
    filter.partner ?? null,
    filter.q ? likePattern(filter.q.toLowerCase()) : null,
  ];
  const sql = `(?1 IS NULL OR l.kind = ?1)
    AND (?2 IS NULL OR l.status = ?2)
    AND (?3 IS NULL OR l.created_at >= ?3)
    AND (?4 IS NULL OR l.created_at < date(?4, '+1 day'))
    AND (?5 IS NULL OR json_extract(l.attribution, '$.utm_source') = ?5)
    AND (?6 IS NULL OR json_extract(l.attribution, '$.utm_campaign') = ?6)
    AND (?7 IS NULL OR json_extract(l.attribution, '$.partner') = ?7)
    AND (?8 IS NULL OR lower(l.name) LIKE ?8 ESCAPE '\\' OR lower(l.email) LIKE ?8 ESCAPE '\\' OR lower(COALESCE(l.company, '')) LIKE ?8 ESCAPE '\\')`;
  return { sql, values };
}

const EMAIL_STATE = '(SELECT o.state FROM outbox o WHERE o.lead_id = l.id ORDER BY o.id DESC LIMIT 1) AS email_state';

/** Leads matching `filter`, newest first, and how many match in all. */
export async function findLeads(
  db: D1Database,
  filter: LeadFilter,
  { limit = 100, offset = 0 } = {},
): Promise<{ leads: InboxRow[]; total: number }> {
  const w = where(filter);
  const [rows, count] = await db.batch<InboxRow | { n: number }>([
    db
      .prepare(
        `SELECT l.*, ${EMAIL_STATE} FROM leads l WHERE ${w.sql} ORDER BY l.created_at DESC, l.id LIMIT ?9 OFFSET ?10`,
      )
      .bind(...w.values, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM leads l WHERE ${w.sql}`).bind(...w.values),
  ]);
  return {
    leads: (rows?.results ?? []) as InboxRow[],
    total: (count?.results[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** Deletes a lead and everything stored with it (GDPR erasure); true when it existed. */
export async function deleteLead(db: D1Database, id: string): Promise<boolean> {
  const quotes = (await hasQuotes(db)) ? [db.prepare('DELETE FROM quotes WHERE lead_id = ?').bind(id)] : [];
  const results = await db.batch([
    ...quotes,
    db.prepare('DELETE FROM outbox WHERE lead_id = ?').bind(id),
    db.prepare('DELETE FROM leads WHERE id = ?').bind(id),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/** An outbox row as the panel lists it, with whose lead it is. */
export interface OutboxListRow {
  id: number;
  lead_id: string;
  lead_name: string | null;
  lead_kind: string | null;
  recipient: string;
  subject: string;
  state: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** Notifications newest first; `state` narrows to one state, `unsent` to all but 'sent'. */
export async function listOutbox(db: D1Database, state: string | undefined, limit = 200): Promise<OutboxListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.lead_id, l.name AS lead_name, l.kind AS lead_kind, o.recipient, o.subject, o.state, o.attempts,
              o.last_error, o.created_at, o.updated_at, o.sent_at
       FROM outbox o LEFT JOIN leads l ON l.id = o.lead_id
       WHERE (?1 IS NULL OR o.state = ?1 OR (?1 = 'unsent' AND o.state != 'sent'))
       ORDER BY o.id DESC LIMIT ?2`,
    )
    .bind(state ?? null, limit)
    .all<OutboxListRow>();
  return results;
}

export interface Count {
  key: string;
  count: number;
}

export interface LeadNumbers {
  /** Monday of each week (`YYYY-MM-DD`) with the leads of each kind. */
  perWeek: { week: string; contact: number; quote: number }[];
  bySource: Count[];
  byCampaign: Count[];
  byPartner: Count[];
}

const NONE = '(brak)';

/** Lead counts per week, source, campaign and partner for leads matching `filter`. */
export async function leadNumbers(db: D1Database, filter: LeadFilter): Promise<LeadNumbers> {
  const w = where(filter);
  const by = (expr: string) =>
    db
      .prepare(
        `SELECT COALESCE(NULLIF(${expr}, ''), '${NONE}') AS key, COUNT(*) AS count FROM leads l WHERE ${w.sql} GROUP BY 1 ORDER BY count DESC, key`,
      )
      .bind(...w.values);
  const [weeks, sources, campaigns, partners] = await db.batch([
    db
      .prepare(
        `SELECT date(l.created_at, 'weekday 0', '-6 days') AS week,
                SUM(l.kind = 'contact') AS contact, SUM(l.kind = 'quote') AS quote
         FROM leads l WHERE ${w.sql} GROUP BY 1 ORDER BY 1 DESC`,
      )
      .bind(...w.values),
    by("json_extract(l.attribution, '$.utm_source')"),
    by("json_extract(l.attribution, '$.utm_campaign')"),
    by("json_extract(l.attribution, '$.partner')"),
  ]);
  return {
    perWeek: (weeks?.results ?? []) as LeadNumbers['perWeek'],
    bySource: (sources?.results ?? []) as Count[],
    byCampaign: (campaigns?.results ?? []) as Count[],
    byPartner: (partners?.results ?? []) as Count[],
  };
}

/**
 * Quotes (issue 5, migration 0003) are read only where the `quotes` table exists, so the
 * panel works the same before and after that migration.
 */
export async function hasQuotes(db: D1Database): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS yes FROM sqlite_master WHERE type = 'table' AND name = 'quotes'")
    .first<{ yes: number }>();
  return !!row;
}

export interface QuoteRow {
  token: string;
  number: string;
  device_id: string;
  device_name: string;
  level: string;
  term: string;
  paper: number;
  volume_mono: number;
  volume_color: number | null;
  monthly_limit: number;
  color_limit: number | null;
  overage_mono: number;
  overage_color: number | null;
  monthly_net: number;
  monthly_gross: number;
  estimated_net: number;
  estimated_gross: number;
  catalogue_version: number;
  nip: string | null;
  city: string | null;
  marketing_consent: number;
  created_at: string;
  expires_at: string;
  /** Issue 16 (migration 0060): JSON {inputs, result}, or null. */
  estimate: string | null;
  comparison: string | null;
}

/** The quote stored with a lead of kind 'quote', or null. */
export async function quoteOfLead(db: D1Database, leadId: string): Promise<QuoteRow | null> {
  if (!(await hasQuotes(db))) return null;
  return db.prepare('SELECT *, id AS token FROM quotes WHERE lead_id = ?').bind(leadId).first<QuoteRow>();
}

/** Quote summaries per lead id, for the list and the CSV. */
export async function quoteSummaries(
  db: D1Database,
  leadIds: string[],
): Promise<Map<string, Pick<QuoteRow, 'number' | 'device_name' | 'level' | 'monthly_net'>>> {
  const map = new Map<string, Pick<QuoteRow, 'number' | 'device_name' | 'level' | 'monthly_net'>>();
  if (!leadIds.length || !(await hasQuotes(db))) return map;
  for (let i = 0; i < leadIds.length; i += 90) {
    const ids = leadIds.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `SELECT lead_id, number, device_name, level, monthly_net FROM quotes WHERE lead_id IN (${ids.map(() => '?').join(',')})`,
      )
      .bind(...ids)
      .all<{ lead_id: string; number: string; device_name: string; level: string; monthly_net: number }>();
    for (const r of results) map.set(r.lead_id, r);
  }
  return map;
}

/** Quotes of the leads matching `filter`, by device and by package level. */
export async function quoteNumbers(
  db: D1Database,
  filter: LeadFilter,
): Promise<{ quotesByDevice: Count[]; quotesByPackage: Count[] } | undefined> {
  if (!(await hasQuotes(db))) return undefined;
  const w = where(filter);
  const by = (expr: string) =>
    db
      .prepare(
        `SELECT ${expr} AS key, COUNT(*) AS count FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE ${w.sql} GROUP BY 1 ORDER BY count DESC, key`,
      )
      .bind(...w.values);
  const [devices, levels] = await db.batch([by('q.device_name'), by('q.level')]);
  return { quotesByDevice: (devices?.results ?? []) as Count[], quotesByPackage: (levels?.results ?? []) as Count[] };
}
