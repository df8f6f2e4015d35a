/**
 * The tables `lead_funnel`, `funnel_counts` and `funnel_signed_days` (migration 0455): "Od
 * kliknięcia do przelewu" in 'Liczby'. Every event of the chain lead → quote → order →
 * contract → invoice → payment puts `funnelStatements` in its own batch; they take the
 * touched leads' old contribution out of the per-day counters, work it out again from the
 * chain for those leads alone (a few rows each) and add it back. So the counters are right
 * whatever happened in between (a correction, a payment matched by hand or taken back), each
 * event costs the same with 2 000 leads or 200 000, and the report reads O(days × keys).
 */
import type { FunnelBy, FunnelRow } from '../admin-shared/admin-api-funnel.ts';

const NONE = '(brak)';
/** How long a page's path is kept (characters). */
export const PAGE_PATH_MAX = 200;

/**
 * SQL: the Europe/Warsaw day (YYYY-MM-DD) of an ISO instant in UTC (`…Z`): CEST (+2 h) from
 * the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC, CET (+1 h)
 * otherwise — `warsawDay` of widgets/core/warsaw-time.ts, in SQL (worker/funnel/funnel.test.ts
 * compares them).
 */
export const warsawDaySql = (at: string) =>
  `(CASE WHEN ${at} >= date(substr(${at}, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00'
      AND ${at} < date(substr(${at}, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00'
    THEN date(${at}, '+2 hours') ELSE date(${at}, '+1 hour') END)`;

/** SQL: an attribution field of lead `l`, '(brak)' when missing or empty. */
const attributionOf = (field: string) =>
  `COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.${field}') END, ''), '${NONE}')`;

/** SQL: the path of the host page the lead came from (its query left out), '(brak)' when not a path. */
const PAGE_OF_LEAD = `COALESCE(NULLIF((SELECT substr(CASE WHEN instr(p.v, '?') > 0 THEN substr(p.v, 1, instr(p.v, '?') - 1) ELSE p.v END, 1, ${PAGE_PATH_MAX})
    FROM (SELECT CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.page') END AS v) p
    WHERE substr(p.v, 1, 1) = '/'), ''), '${NONE}')`;

/** SQL: the orders of lead `l` that were signed (installed ones too). */
const SIGNED = `o.lead_id = l.id AND o.status IN ('signed', 'installed')`;

/**
 * SQL: the `lead_funnel` rows of the leads whose ids `leads` selects, worked out from the
 * chain (the migration's backfill is this statement over every lead).
 */
export const leadFunnelSql = (
  leads: string,
) => `INSERT INTO lead_funnel (lead_id, day, partner, source, medium, campaign, page,
    quotes, orders, verified, installed, contract_value_gr, invoiced_net_gr, paid_gr, signed_days)
  SELECT l.id, ${warsawDaySql('l.created_at')}, ${attributionOf('partner')}, ${attributionOf('utm_source')},
    ${attributionOf('utm_medium')}, ${attributionOf('utm_campaign')}, ${PAGE_OF_LEAD},
    EXISTS (SELECT 1 FROM quotes q WHERE q.lead_id = l.id),
    (SELECT COUNT(*) FROM orders o WHERE ${SIGNED}),
    (SELECT COUNT(*) FROM orders o WHERE ${SIGNED} AND o.verified_at IS NOT NULL),
    (SELECT COUNT(*) FROM orders o WHERE o.lead_id = l.id AND o.status = 'installed'),
    (SELECT COALESCE(SUM(CAST(ROUND(r.monthly_price * 100) AS INTEGER)), 0)
       FROM orders o JOIN contracts c ON c.order_ref = o.id JOIN devices d ON d.contract_id = c.id
       JOIN contract_rates r ON r.device_row = d.id
         AND r.effective_from = (SELECT MIN(r1.effective_from) FROM contract_rates r1 WHERE r1.device_row = d.id)
       WHERE o.lead_id = l.id),
    (SELECT COALESCE(SUM(i.net_gr), 0)
       FROM orders o JOIN contracts c ON c.order_ref = o.id JOIN invoices i ON i.contract_id = c.id
       WHERE o.lead_id = l.id
         AND NOT EXISTS (SELECT 1 FROM ksef_invoices k WHERE k.invoice_id = i.id AND k.status = 'rejected')),
    (SELECT COALESCE(SUM(b.paid_gr), 0)
       FROM orders o JOIN contracts c ON c.order_ref = o.id JOIN invoice_balances b ON b.contract_id = c.id
       WHERE o.lead_id = l.id),
    (SELECT CAST(julianday(MIN(${warsawDaySql('o.accepted_at')})) - julianday(${warsawDaySql('l.created_at')}) AS INTEGER)
       FROM orders o WHERE ${SIGNED} AND o.accepted_at IS NOT NULL)
  FROM leads l WHERE l.id IN (${leads})
  ON CONFLICT (lead_id) DO UPDATE SET quotes = excluded.quotes, orders = excluded.orders, verified = excluded.verified,
    installed = excluded.installed, contract_value_gr = excluded.contract_value_gr,
    invoiced_net_gr = excluded.invoiced_net_gr, paid_gr = excluded.paid_gr, signed_days = excluded.signed_days`;

/** SQL: the five dimensions, joined to a `lead_funnel` row `f`, with its key in each. */
const DIMS = `JOIN (SELECT value AS dim FROM json_each('["partner","source","medium","campaign","page"]')) d`;
const KEY = `CASE d.dim WHEN 'partner' THEN f.partner WHEN 'source' THEN f.source WHEN 'medium' THEN f.medium
    WHEN 'campaign' THEN f.campaign ELSE f.page END`;

/** SQL: adds (`sign` 1) or takes out (-1) the contribution of the `lead_funnel` rows of `leads`. */
const countsSql = (leads: string, sign: 1 | -1) => `INSERT INTO funnel_counts (dim, day, key, leads, quotes, orders,
    verified, installed, contract_value_gr, invoiced_net_gr, paid_gr)
  SELECT d.dim, f.day, ${KEY}, ${sign}, ${sign} * f.quotes, ${sign} * f.orders, ${sign} * f.verified,
    ${sign} * f.installed, ${sign} * f.contract_value_gr, ${sign} * f.invoiced_net_gr, ${sign} * f.paid_gr
  FROM lead_funnel f ${DIMS} WHERE f.lead_id IN (${leads})
  ON CONFLICT (dim, day, key) DO UPDATE SET leads = leads + excluded.leads, quotes = quotes + excluded.quotes,
    orders = orders + excluded.orders, verified = verified + excluded.verified, installed = installed + excluded.installed,
    contract_value_gr = contract_value_gr + excluded.contract_value_gr,
    invoiced_net_gr = invoiced_net_gr + excluded.invoiced_net_gr, paid_gr = paid_gr + excluded.paid_gr`;

const daysSql = (leads: string, sign: 1 | -1) => `INSERT INTO funnel_signed_days (dim, day, key, days, n)
  SELECT d.dim, f.day, ${KEY}, f.signed_days, ${sign}
  FROM lead_funnel f ${DIMS} WHERE f.lead_id IN (${leads}) AND f.signed_days IS NOT NULL
  ON CONFLICT (dim, day, key, days) DO UPDATE SET n = n + excluded.n`;

/** Which leads an event touched, found from what the event has at hand (each bound as `?1`). */
export type FunnelOf =
  | { lead: string }
  | { order: string }
  | { contract: string }
  /** The leads of these invoices (bound as a JSON array). */
  | { invoices: readonly string[] }
  /** The leads whose orders or invoices the lines of a bank statement were matched to. */
  | { statement: string }
  /** The lead whose order or invoice a bank line is (or was) matched to. */
  | { line: number };

/** SQL: the lead ids of `of`, with `?1` its one value. */
function leadsOf(of: FunnelOf): { sql: string; value: string | number } {
  const viaContract = `SELECT o.lead_id FROM contracts c JOIN orders o ON o.id = c.order_ref WHERE c.id`;
  if ('lead' in of) return { sql: '?1', value: of.lead };
  if ('order' in of) return { sql: 'SELECT lead_id FROM orders WHERE id = ?1', value: of.order };
  if ('contract' in of) return { sql: `${viaContract} = ?1`, value: of.contract };
  if ('invoices' in of)
    return {
      sql: `SELECT o.lead_id FROM invoices i JOIN contracts c ON c.id = i.contract_id JOIN orders o ON o.id = c.order_ref
        WHERE i.id IN (SELECT value FROM json_each(?1))`,
      value: JSON.stringify(of.invoices),
    };
  const lines = 'statement' in of ? 'b.statement_id = ?1' : 'b.id = ?1';
  return {
    sql: `SELECT o.lead_id FROM bank_lines b JOIN orders o ON o.id = b.order_id WHERE ${lines}
      UNION SELECT o.lead_id FROM bank_lines b JOIN invoices i ON i.id = b.invoice_id
        JOIN contracts c ON c.id = i.contract_id JOIN orders o ON o.id = c.order_ref WHERE ${lines}`,
    value: 'statement' in of ? of.statement : of.line,
  };
}

/**
 * The statements that bring the funnel's counters up to date for the leads `of` names, for
 * the batch of the event that changed them (put them after its own statements). Each lead's
 * old contribution is taken out, worked out again and added: running them twice changes nothing.
 */
export function funnelStatements(db: D1Database, of: FunnelOf): D1PreparedStatement[] {
  const { sql, value } = leadsOf(of);
  return [countsSql(sql, -1), daysSql(sql, -1), leadFunnelSql(sql), countsSql(sql, 1), daysSql(sql, 1)].map((text) =>
    db.prepare(text).bind(value),
  );
}

/** The dimension of a `by` (the contract's `source` is `utm_source`'s). */
const DIM_OF: Record<FunnelBy, string> = {
  partner: 'partner',
  source: 'source',
  medium: 'medium',
  campaign: 'campaign',
  page: 'page',
};

/** One key's counters over the days asked, and its signed-days histogram. */
export interface CountedFunnel {
  rows: Omit<FunnelRow, 'conversion' | 'medianDaysToSigned'>[];
  /** Per key: [days, leads] in ascending days. */
  signedDays: Map<string, [number, number][]>;
}

/** The counters of `by` from `from` to `to` (lead days, inclusive): two reads of the counters' primary key. */
export async function countedFunnel(db: D1Database, by: FunnelBy, from: string, to: string): Promise<CountedFunnel> {
  const dim = DIM_OF[by];
  const [counts, days] = await db.batch([
    db
      .prepare(
        `SELECT key, SUM(leads) AS leads, SUM(quotes) AS quotes, SUM(orders) AS orders, SUM(verified) AS verified,
           SUM(installed) AS installed, SUM(contract_value_gr) AS contractValue, SUM(invoiced_net_gr) AS invoicedNet,
           SUM(paid_gr) AS paid
         FROM funnel_counts WHERE dim = ?1 AND day BETWEEN ?2 AND ?3 GROUP BY key HAVING SUM(leads) > 0
         ORDER BY leads DESC, key`,
      )
      .bind(dim, from, to),
    db
      .prepare(
        `SELECT key, days, SUM(n) AS n FROM funnel_signed_days WHERE dim = ?1 AND day BETWEEN ?2 AND ?3
         GROUP BY key, days HAVING SUM(n) > 0 ORDER BY key, days`,
      )
      .bind(dim, from, to),
  ]);
  const signedDays = new Map<string, [number, number][]>();
  for (const r of (days?.results ?? []) as { key: string; days: number; n: number }[]) {
    const list = signedDays.get(r.key) ?? [];
    list.push([r.days, r.n]);
    signedDays.set(r.key, list);
  }
  return { rows: (counts?.results ?? []) as CountedFunnel['rows'], signedDays };
}
