/**
 * The admin inbox's reads of `leads`: the filter (`GET /api/admin/leads`, the CSV and the
 * numbers), the search through the trigram index `leads_search` (migration 0201), and keyset
 * pages of leads with their owner and newest e-mail's state.
 */
import type { LeadKind, LeadStatus } from '../admin-shared/admin-validation.ts';
import type { Stage } from '../admin-shared/pipeline.ts';
import type { LeadRow, OwnedLeadRow } from './model.ts';
import { LATEST_EMAIL_STATE } from '../outbox/index.ts';

/** The admin inbox's filter (`GET /api/admin/leads`, the CSV and the numbers). */
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
  /**
   * Part of the name, email or company, of any length up to the longest of them: a plain
   * substring match with `instr()` (a `LIKE` pattern over 50 bytes is "too complex" for D1).
   */
  q?: string | undefined;
  /** The owner's account id, or 'none' for leads nobody has. */
  owner?: number | 'none' | undefined;
  stage?: Stage | undefined;
  /** Only open leads whose next step was due before this instant (ISO). */
  overdueAt?: string | undefined;
}

/** The shortest search the index answers: a trigram. Shorter ones match by walking the leads. */
export const INDEXED_SEARCH = 3;

/** Matches found in the index up to which the page is made from them alone; above it the term is common. */
const FEW_MATCHES = 1000;

/** The FTS5 query of a search text: one phrase, any part of a name, address or company. */
const searchPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/**
 * Where the search of `filter.q` leads: the rowids it matches when they are few (the page is
 * made from those leads alone), or 'common' when there are more than FEW_MATCHES (the page
 * walks the inbox's order and keeps the matches, which come often). Either way the read is
 * bounded: a rare term reads its matches, a common one a page's worth of leads around them.
 */
async function searchMatches(db: D1Database, q: string): Promise<number[] | 'common'> {
  const { results } = await db
    .prepare('SELECT rowid FROM leads_search WHERE leads_search MATCH ?1 LIMIT ?2')
    .bind(searchPhrase(q), FEW_MATCHES + 1)
    .all<{ rowid: number }>();
  return results.length > FEW_MATCHES ? 'common' : results.map((r) => r.rowid);
}

/**
 * The WHERE clause of a filter over `leads l` and its bound values (plain `?`, in order):
 * only the conditions the filter has, each in a form an index of migration 0122 serves. A
 * search of three characters or more uses the search index through `matches`
 * (`searchMatches`); a shorter one, or none given, matches by `instr()` on the leads walked.
 */
export function leadFilterWhere(
  filter: LeadFilter,
  matches?: number[] | 'common',
): { sql: string; values: (string | number)[] } {
  const sql: string[] = [];
  const values: (string | number)[] = [];
  const add = (condition: string, ...bound: (string | number)[]) => {
    sql.push(condition);
    values.push(...bound);
  };
  if (filter.kind) add('l.kind = ?', filter.kind);
  if (filter.status) add('l.status = ?', filter.status);
  if (filter.from) add('l.created_at >= ?', filter.from);
  if (filter.to) add("l.created_at < date(?, '+1 day')", filter.to);
  if (filter.utmSource) add("json_extract(l.attribution, '$.utm_source') = ?", filter.utmSource);
  if (filter.utmCampaign) add("json_extract(l.attribution, '$.utm_campaign') = ?", filter.utmCampaign);
  if (filter.partner) add("json_extract(l.attribution, '$.partner') = ?", filter.partner);
  if (filter.q && matches !== undefined) {
    // A common term is checked lead by lead along the walk in the inbox's order (a seek in the
    // index per lead), never by listing all its matches first.
    if (matches === 'common')
      add(
        'EXISTS (SELECT 1 FROM leads_search WHERE leads_search MATCH ? AND leads_search.rowid = l.rowid)',
        searchPhrase(filter.q),
      );
    else add('l.rowid IN (SELECT value FROM json_each(?))', JSON.stringify(matches));
  } else if (filter.q) {
    const q = filter.q.toLowerCase();
    add(
      "(instr(lower(l.name), ?) > 0 OR instr(lower(l.email), ?) > 0 OR instr(lower(COALESCE(l.company, '')), ?) > 0)",
      q,
      q,
      q,
    );
  }
  if (filter.owner === 'none') add('l.assigned_to IS NULL');
  else if (filter.owner !== undefined) add('l.assigned_to = ?', filter.owner);
  if (filter.stage) add('l.stage = ?', filter.stage);
  if (filter.overdueAt) add("l.next_step_due_at < ? AND l.stage NOT IN ('won', 'lost')", filter.overdueAt);
  return { sql: sql.length ? sql.join(' AND ') : 'true', values };
}

/** A lead row with its owner and the delivery state of its newest notification. */
export interface InboxRow extends OwnedLeadRow {
  email_state: string | null;
}

/** Where a page of the inbox starts: after the lead with this time and id (newest first). */
export type LeadKey = [createdAt: string, id: string];

export const leadKey = (row: LeadRow): LeadKey => [row.created_at, row.id];

/**
 * Leads matching `filter`, newest first, `limit + 1` of them after `after` (so the caller
 * knows whether there is more), each with its newest email's state (outbox). A keyset
 * page: the same cost on the first page and on the thousandth.
 */
export async function findLeads(
  db: D1Database,
  filter: LeadFilter,
  { limit = 100, after }: { limit?: number; after?: LeadKey | undefined } = {},
): Promise<InboxRow[]> {
  const matches = filter.q && [...filter.q].length >= INDEXED_SEARCH ? await searchMatches(db, filter.q) : undefined;
  if (Array.isArray(matches) && matches.length === 0) return [];
  const w = leadFilterWhere(filter, matches);
  const page = after ? ' AND (l.created_at, l.id) < (?, ?)' : '';
  const { results } = await db
    .prepare(
      `SELECT l.*, a.name AS owner_name, a.email AS owner_email, ${LATEST_EMAIL_STATE} AS email_state
       FROM leads l LEFT JOIN accounts a ON a.id = l.assigned_to WHERE ${w.sql}${page}
       ORDER BY l.created_at DESC, l.id DESC LIMIT ?`,
    )
    .bind(...w.values, ...(after ?? []), limit + 1)
    .all<InboxRow>();
  return results;
}
