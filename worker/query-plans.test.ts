/// <reference types="vite/client" />
// Every query uses an index. The SQL is collected from the model modules themselves: each
// exported function of worker/<feature>/model*.ts is called with a recording D1 (it keeps every
// statement prepared, answers empty results) and stand-in arguments, so a query added to a
// model is checked without anyone listing it. Each statement is then planned with
// `EXPLAIN QUERY PLAN` against the migrated schema; a SCAN of a table that grows with the
// business (leads, quotes, tickets, readings, outbox, webhooks, audit) fails the test unless
// it is a walk in the answer's order that a LIMIT stops (a LIMIT and no temporary b-tree to
// sort): a keyset page reads its rows, a scan reads them all.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob('./*/model*.ts', { eager: true }) as Record<string, Record<string, unknown>>;
const sources = import.meta.glob('./*/model*.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;

/**
 * Scans known and left on purpose, each with its reason (a module and a piece of its SQL).
 * Keep this short: every entry is a query whose cost grows with the data.
 */
const KNOWN: { module: string; sql: string; why: string }[] = [
  // A guarded change's e-mail, event and lead update: the guard is SQL the caller passes (an
  // order's state, on the small orders table), so the statement is only whole at the call.
  { module: 'outbox/model', sql: 'WHERE EXISTS (?)', why: "the caller's guard completes the statement" },
  {
    module: 'leads/model-lead-changes',
    sql: 'WHERE id = ?1 AND EXISTS (?)',
    why: "the caller's guard completes the statement",
  },
  { module: 'leads/model-lead-notes', sql: 'WHERE EXISTS (?)', why: "the caller's guard completes the statement" },
  { module: 'accounts/model-audit', sql: 'WHERE EXISTS (?)', why: "the caller's guard completes the statement" },
  { module: 'webhooks/model', sql: 'SELECT ? AS data WHERE EXISTS', why: "the caller's guard completes the statement" },
  // A restore (worker/backups/) builds the search index again from every lead, once.
  { module: 'leads/model', sql: 'FROM leads ORDER BY rowid', why: 'a restore rebuilds the whole search index' },
];

/** Tables that grow with leads, tickets and readings. */
const WATCHED =
  /^(leads|quotes|service_tickets|service_ticket_events|meter_readings|collector_reports|outbox|webhook_events|webhook_deliveries|webhook_attempts|audit_log|lead_counts|lead_response_days|lead_funnel|funnel_counts|funnel_signed_days)$/;

/**
 * A stand-in for any argument: every property and call gives it back, it reads as `?` in
 * a template (so `${ids.map(() => '?').join(',')}` is still SQL) and is never a promise.
 */
const anything: unknown = new Proxy(() => {}, {
  get: (_, key) => {
    if (key === Symbol.toPrimitive) return () => '?';
    if (key === Symbol.iterator)
      return function* () {
        yield anything;
      };
    if (key === 'then' || key === 'toJSON') return undefined;
    if (key === 'length') return 0;
    return anything;
  },
  apply: () => anything,
  construct: () => anything as object,
});

/** A model module of a feature, `worker/<feature>/model*.ts`, named `<feature>/model…` (`leads/model-lead-notes`). */
const MODEL = /\/worker\/([\w-]+\/model[\w-]*)\.ts/;

interface Recorded {
  sql: string;
  module: string;
}

/** A D1 that records what is prepared and answers nothing. */
function recordingDb(into: Map<string, Recorded>): D1Database {
  const empty = { results: [], success: true, meta: { changes: 0, rows_read: 0, last_row_id: 0 } };
  const statement = (sql: string): D1PreparedStatement =>
    ({
      bind: () => statement(sql),
      first: async () => null,
      all: async () => empty,
      run: async () => empty,
      raw: async () => [],
    }) as unknown as D1PreparedStatement;
  return {
    prepare: (sql: string) => {
      const frame = new Error().stack?.split('\n').find((l) => MODEL.test(l)) ?? '';
      into.set(sql, { sql, module: frame.match(MODEL)?.[1] ?? '?' });
      return statement(sql);
    },
    batch: async (statements: unknown[]) => statements.map(() => empty),
    exec: async () => ({ count: 0, duration: 0 }),
  } as unknown as D1Database;
}

/** How many parameters a statement has (SQLite's rule: a bare `?` is one more than the largest so far). */
function parameterCount(sql: string): number {
  const code = sql.replace(/'(?:[^']|'')*'/g, "''");
  let max = 0;
  for (const m of code.matchAll(/\?(\d*)/g)) max = m[1] ? Math.max(max, Number(m[1])) : max + 1;
  return max;
}

/** The statements of every model module. */
async function collect(): Promise<Map<string, Recorded>> {
  const found = new Map<string, Recorded>();
  const db = recordingDb(found);
  for (const mod of Object.values(modules))
    for (const value of Object.values(mod)) {
      if (typeof value !== 'function') continue;
      try {
        await (value as (...args: unknown[]) => unknown)(db, anything, anything, anything, anything, anything);
      } catch {
        // A function that needs real values stops early; what it prepared before counts.
      }
    }
  return found;
}

/** `alias → table` of the FROM and JOIN clauses (and the tables themselves). */
function tablesOf(sql: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of sql.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) {
    const table = m[1] as string;
    map.set(table, table);
    const alias = m[2];
    if (alias && !/^(WHERE|ON|SET|JOIN|LEFT|INNER|ORDER|GROUP|LIMIT|VALUES|SELECT|USING|AS|WITH)$/i.test(alias))
      map.set(alias, table);
  }
  return map;
}

describe('query plans of the model modules', () => {
  it('collects the SQL of every model module that has any', async () => {
    const found = await collect();
    const withSql = Object.entries(sources)
      .filter(([, code]) => /\.prepare\(/.test(code))
      .map(([file]) => file.replace(/^\.\/|\.ts$/g, ''));
    const covered = new Set([...found.values()].map((r) => r.module));
    // A restore's statements name each table of the file's schema, known only when it runs (worker/backups).
    const builtPerTable = new Set(['backups/model-restore']);
    expect(withSql.filter((m) => !covered.has(m as string) && !builtPerTable.has(m as string))).toEqual([]);
    expect(found.size).toBeGreaterThan(80);
  });

  it('plans no full scan of a growing table', async () => {
    const db = (env as unknown as Env).DB;
    const problems: string[] = [];
    let planned = 0;
    for (const { sql, module } of (await collect()).values()) {
      if (KNOWN.some((k) => k.module === module && sql.includes(k.sql))) continue;
      let plan: { detail: string }[];
      try {
        const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
        const n = parameterCount(sql);
        plan = (await (n ? statement.bind(...Array(n).fill(null)) : statement).all<{ detail: string }>()).results;
      } catch (error) {
        problems.push(`${module}: cannot be planned (${(error as Error).message}): ${sql.slice(0, 120)}`);
        continue;
      }
      planned++;
      const tables = tablesOf(sql);
      const ordered = /\bLIMIT\b/i.test(sql) && !plan.some((p) => p.detail.includes('TEMP B-TREE'));
      for (const { detail } of plan) {
        const m = detail.match(/^SCAN (\w+)/);
        if (!m) continue;
        const table = tables.get(m[1] as string) ?? (m[1] as string);
        if (!WATCHED.test(table) || ordered) continue;
        problems.push(`${module}: ${detail} (${table})\n    ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
      }
    }
    console.log(`query plans: ${planned} statements of the model modules planned`);
    expect(problems).toEqual([]);
    // About 200 statements planned one by one: 4–6 s with the load average at 14–28.
  }, 60_000);
});
