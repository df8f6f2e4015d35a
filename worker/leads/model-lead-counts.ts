/**
 * The `lead_counts` table (migration 0121): per-day counters of leads by kind and by one
 * dimension (source, campaign, partner, a quote's device and package), written in the
 * batch that stores a lead and taken back when a lead is erased. The numbers ('Liczby')
 * read these, O(days × values), never the leads: a dashboard refreshed during a campaign
 * does not hold D1 (one query at a time) while visitors' leads wait behind it.
 *
 * Why not Workers Analytics Engine: its counts are sampled and eventually consistent, and
 * an erasure cannot take a lead back out of them; these counters are exact, are in the
 * lead's own transaction, and cost one statement of the batch the lead already pays.
 */
import type { LeadKind } from '../admin-shared/admin-validation.ts';
import type { Count, LeadStats } from '../admin-shared/admin-api.ts';

const NONE = '(brak)';

/** SQL: an attribution field of lead `l`, '(brak)' when missing or empty. */
const attributionKey = (field: string) =>
  `COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.${field}') END, ''), '${NONE}')`;

/**
 * SQL: the counter rows `(dim, day, kind, key)` of the lead whose id is bound as `?1`
 * (none when no such lead): the same keys as the backfill of migration 0121.
 */
const KEYS_OF_LEAD = `SELECT d.dim AS dim, date(l.created_at) AS day, l.kind AS kind,
    CASE d.dim
      WHEN 'all' THEN ''
      WHEN 'source' THEN ${attributionKey('utm_source')}
      WHEN 'campaign' THEN ${attributionKey('utm_campaign')}
      WHEN 'partner' THEN ${attributionKey('partner')}
      WHEN 'device' THEN q.device_name
      ELSE q.level
    END AS key
  FROM leads l LEFT JOIN quotes q ON q.lead_id = l.id
    JOIN (SELECT value AS dim FROM json_each('["all","source","campaign","partner","device","package"]')) d
  WHERE l.id = ?1 AND (d.dim NOT IN ('device', 'package') OR q.id IS NOT NULL)`;

/**
 * The statement that counts lead `leadId`, for the batch that stores it: put it after the
 * lead and its quote. It counts nothing when the lead is not there (a replayed submission
 * inserts no lead under the new id).
 */
export function countLeadStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO lead_counts (dim, day, kind, key, n) SELECT dim, day, kind, key, 1 FROM (${KEYS_OF_LEAD}) WHERE true
       ON CONFLICT (dim, day, kind, key) DO UPDATE SET n = n + 1`,
    )
    .bind(leadId);
}

/** The statement that takes lead `leadId` back out of the counters; put it before the lead's deletion. */
export function uncountLeadStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db.prepare(`UPDATE lead_counts SET n = n - 1 WHERE (dim, day, kind, key) IN (${KEYS_OF_LEAD})`).bind(leadId);
}

/** What the counters can filter by: the days (inclusive, `YYYY-MM-DD`) and the kind. */
export interface CountFilter {
  from?: string | undefined;
  to?: string | undefined;
  kind?: LeadKind | undefined;
}

/** The WHERE clause over `lead_counts` for one dimension: a range of the primary key. */
function countWhere(dim: string, filter: CountFilter): { sql: string; values: string[] } {
  const sql = ['dim = ?'];
  const values = [dim];
  if (filter.from) {
    sql.push('day >= ?');
    values.push(filter.from);
  }
  if (filter.to) {
    sql.push('day <= ?');
    values.push(filter.to);
  }
  if (filter.kind) {
    sql.push('kind = ?');
    values.push(filter.kind);
  }
  return { sql: sql.join(' AND '), values };
}

/** Leads per week, source, campaign and partner, and quotes per device and package, from the counters. */
export async function countedNumbers(db: D1Database, filter: CountFilter): Promise<LeadStats> {
  const by = (dim: string) => {
    const w = countWhere(dim, filter);
    return db
      .prepare(
        `SELECT key, SUM(n) AS count FROM lead_counts WHERE ${w.sql} GROUP BY key HAVING count > 0
         ORDER BY count DESC, key`,
      )
      .bind(...w.values);
  };
  const all = countWhere('all', filter);
  const [weeks, sources, campaigns, partners, devices, levels] = await db.batch([
    db
      .prepare(
        `SELECT date(day, 'weekday 0', '-6 days') AS week,
                SUM(CASE WHEN kind = 'contact' THEN n ELSE 0 END) AS contact,
                SUM(CASE WHEN kind = 'quote' THEN n ELSE 0 END) AS quote
         FROM lead_counts WHERE ${all.sql} GROUP BY 1 HAVING SUM(n) > 0 ORDER BY 1 DESC`,
      )
      .bind(...all.values),
    by('source'),
    by('campaign'),
    by('partner'),
    by('device'),
    by('package'),
  ]);
  const counts = (r: D1Result | undefined) => (r?.results ?? []) as Count[];
  return {
    perWeek: (weeks?.results ?? []) as LeadStats['perWeek'],
    bySource: counts(sources),
    byCampaign: counts(campaigns),
    byPartner: counts(partners),
    quotesByDevice: counts(devices),
    quotesByPackage: counts(levels),
  };
}
