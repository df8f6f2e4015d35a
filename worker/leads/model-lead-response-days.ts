/**
 * The `lead_response_days` table (migration 0200): per-day counters of the first answers,
 * by owner and by source, kept in the batches that change what they count: a lead stored
 * (leads/model.ts `storeLead`), answered or marked as spam (`changeLead`, model-lead-changes.ts), given to someone
 * (leads/model-lead-ownership.ts `assignLead`) or erased (`eraseLead`). Each such batch takes the
 * lead out of the counters before its change and puts it back after, so the counters follow
 * whatever the change did. The response-time statistics (worker/leads/response-stats.ts)
 * read these, O(days × people and sources), never the leads.
 *
 * The business hours of a first answer are stored on the lead when it happens
 * (`changeLead`); here they go into a histogram in tenths of an hour, for the median.
 */
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';

/** SQL: how the statistics name the source of lead `l`: the partner, else utm_source, else '(bezpośrednio)'. */
export const RESPONSE_SOURCE = `CASE
    WHEN json_valid(l.attribution) AND COALESCE(json_extract(l.attribution, '$.partner'), '') != ''
      THEN 'partner: ' || json_extract(l.attribution, '$.partner')
    WHEN json_valid(l.attribution) AND COALESCE(json_extract(l.attribution, '$.utm_source'), '') != ''
      THEN json_extract(l.attribution, '$.utm_source')
    ELSE '(bezpośrednio)'
  END`;

/**
 * SQL: business hours to the first answer of lead `l`; a lead answered before they were
 * stored (migration 0120) by the wall clock, which never undercounts business time.
 */
const HOURS = 'COALESCE(l.response_hours, (julianday(l.first_response_at) - julianday(l.created_at)) * 24)';

/**
 * SQL: the counter rows of the lead bound as `?1` (none when it is not there or is spam),
 * with what it adds to each: answered, within the promise (`?2` hours), its histogram key.
 */
const KEYS_OF_LEAD = `SELECT d.dim AS dim, date(l.created_at) AS day,
    CASE d.dim WHEN 'all' THEN '' WHEN 'person' THEN COALESCE(CAST(l.assigned_to AS TEXT), '') ELSE ${RESPONSE_SOURCE} END AS key,
    l.first_response_at IS NOT NULL AS answered,
    COALESCE(l.first_response_at IS NOT NULL AND ${HOURS} <= ?2, 0) AS within,
    '$.h' || CAST(round(${HOURS} * 10) AS INTEGER) AS bucket
  FROM leads l JOIN (SELECT value AS dim FROM json_each('["all","person","source"]')) d
  WHERE l.id = ?1 AND l.status != 'spam'`;

/**
 * The statements that count lead `leadId` as it is now: put them after the change (and after
 * the lead's insert). They count nothing when the lead is not there (a replayed submission).
 */
export function countResponseStatements(db: D1Database, leadId: string): D1PreparedStatement[] {
  // The new row holds the lead's own histogram ({"h<tenths>": 1} when answered); on a known
  // row it is merged in (json_patch sets the one key to its count plus one).
  return [
    db
      .prepare(
        `INSERT INTO lead_response_days (dim, day, key, leads, answered, within, hours)
         SELECT dim, day, key, 1, answered, within, CASE WHEN answered THEN json_object(substr(bucket, 3), 1) ELSE '{}' END
         FROM (${KEYS_OF_LEAD}) WHERE true
         ON CONFLICT (dim, day, key) DO UPDATE SET leads = leads + 1, answered = answered + excluded.answered,
           within = within + excluded.within,
           hours = json_patch(hours, (SELECT json_group_object(e.key, COALESCE(json_extract(hours, '$.' || e.key), 0) + e.value)
             FROM json_each(excluded.hours) e))`,
      )
      .bind(leadId, FIRST_ANSWER_HOURS),
  ];
}

/** The statement that takes lead `leadId` out of the counters as it is now: put it before the change. */
export function uncountResponseStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE lead_response_days AS r SET leads = r.leads - 1, answered = r.answered - k.answered,
         within = r.within - k.within,
         hours = CASE WHEN NOT k.answered THEN r.hours
           WHEN COALESCE(json_extract(r.hours, k.bucket), 0) <= 1 THEN json_remove(r.hours, k.bucket)
           ELSE json_set(r.hours, k.bucket, json_extract(r.hours, k.bucket) - 1) END
       FROM (${KEYS_OF_LEAD}) AS k WHERE r.dim = k.dim AND r.day = k.day AND r.key = k.key`,
    )
    .bind(leadId, FIRST_ANSWER_HOURS);
}

/** One counter row as the statistics read it; a person's key is their name. */
export interface ResponseDayRow {
  dim: 'all' | 'person' | 'source';
  day: string;
  key: string;
  leads: number;
  answered: number;
  within: number;
  /** JSON `{"h<tenths of an hour>": count}`. */
  hours: string;
}

/** The counters of days [from, to] (inclusive, `YYYY-MM-DD`): a range of the primary key per dimension. */
export function responseDaysStatement(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT r.dim, r.day,
         CASE WHEN r.dim != 'person' THEN r.key WHEN r.key = '' THEN '(nieprzypisane)'
           ELSE COALESCE((SELECT a.name FROM accounts a WHERE a.id = CAST(r.key AS INTEGER)), 'konto ' || r.key) END AS key,
         r.leads, r.answered, r.within, r.hours
       FROM lead_response_days r
       WHERE r.dim IN ('all', 'person', 'source') AND r.day >= ?1 AND r.day <= ?2 AND r.leads > 0`,
    )
    .bind(from, to);
}
