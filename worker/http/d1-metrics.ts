/**
 * Rows read per request, for the scale benchmark: with the variable `KSEROWO_D1_METRICS`
 * set to "1" (only `npm run bench` sets it), the request's D1 binding is wrapped to add up
 * `meta.rows_read` of every result D1 reports, answered in the header `X-D1-Rows-Read`.
 * Off (the default and production), the binding is untouched.
 */
import type { MiddlewareHandler } from 'hono';

export type Tally = { rows: number };

const counted = <R>(tally: Tally, result: R): R => {
  tally.rows += (result as { meta?: { rows_read?: number } } | undefined)?.meta?.rows_read ?? 0;
  return result;
};

const INNER = Symbol('inner statement');
type Wrapped = D1PreparedStatement & { [INNER]: D1PreparedStatement };

function statement(inner: D1PreparedStatement, tally: Tally): Wrapped {
  return {
    [INNER]: inner,
    bind: (...values: unknown[]) => statement(inner.bind(...values), tally),
    all: () => inner.all().then((r) => counted(tally, r)),
    run: () => inner.run().then((r) => counted(tally, r)),
    raw: (options?: { columnNames?: boolean }) => inner.raw(options as { columnNames: true }),
    first: (column?: string) =>
      inner.all<Record<string, unknown>>().then((r) => {
        counted(tally, r);
        const row = r.results[0];
        return row === undefined ? null : column ? row[column] : row;
      }),
  } as unknown as Wrapped;
}

/** `db` with `meta.rows_read` of every result added to `tally.rows` (the benchmark's header, tests of a job's cost). */
export function meteredD1(db: D1Database, tally: Tally): D1Database {
  return {
    prepare: (query: string) => statement(db.prepare(query), tally),
    batch: (statements: D1PreparedStatement[]) =>
      db
        .batch(statements.map((s) => (s as Wrapped)[INNER] ?? s))
        .then((results) => results.map((r) => counted(tally, r))),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as unknown as D1Database;
}

/** The middleware: a metered D1 for this request when `KSEROWO_D1_METRICS` is "1". */
export const d1Metrics: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if ((c.env as { KSEROWO_D1_METRICS?: string }).KSEROWO_D1_METRICS !== '1') return next();
  const tally: Tally = { rows: 0 };
  c.env = { ...c.env, DB: meteredD1(c.env.DB, tally) };
  await next();
  try {
    c.res.headers.set('X-D1-Rows-Read', String(tally.rows));
  } catch {
    // A response with immutable headers (an asset): nothing to report on it.
  }
};
