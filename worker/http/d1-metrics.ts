/**
 * Rows read and queries per request, for the benchmarks: with the variable `KSEROWO_D1_METRICS`
 * set to "1" (only `npm run bench` sets it), the request's D1 binding is wrapped to add up
 * `meta.rows_read` of every result D1 reports, answered in the header `X-D1-Rows-Read`, and the
 * statements run (each statement of a batch counts, as in D1's 1 000 queries per invocation),
 * answered in `X-D1-Queries`. Off (the default and production), the binding is untouched.
 */
import type { MiddlewareHandler } from 'hono';

export type Tally = { rows: number; queries: number };

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
    all: () => {
      tally.queries += 1;
      return inner.all().then((r) => counted(tally, r));
    },
    run: () => {
      tally.queries += 1;
      return inner.run().then((r) => counted(tally, r));
    },
    raw: (options?: { columnNames?: boolean }) => {
      tally.queries += 1;
      return inner.raw(options as { columnNames: true });
    },
    first: (column?: string) => {
      tally.queries += 1;
      return inner.all<Record<string, unknown>>().then((r) => {
        counted(tally, r);
        const row = r.results[0];
        return row === undefined ? null : column ? row[column] : row;
      });
    },
  } as unknown as Wrapped;
}

/**
 * `db` with `meta.rows_read` of every result added to `tally.rows` and each statement run (one of a
 * batch counting as one) to `tally.queries` (the benchmarks' headers, tests of a job's cost).
 */
export function meteredD1(db: D1Database, tally: Tally): D1Database {
  return {
    prepare: (query: string) => statement(db.prepare(query), tally),
    batch: (statements: D1PreparedStatement[]) => {
      tally.queries += statements.length;
      return db
        .batch(statements.map((s) => (s as Wrapped)[INNER] ?? s))
        .then((results) => results.map((r) => counted(tally, r)));
    },
    exec: (query: string) => {
      tally.queries += 1;
      return db.exec(query);
    },
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as unknown as D1Database;
}

/** The middleware: a metered D1 for this request when `KSEROWO_D1_METRICS` is "1". */
export const d1Metrics: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if ((c.env as { KSEROWO_D1_METRICS?: string }).KSEROWO_D1_METRICS !== '1') return next();
  const tally: Tally = { rows: 0, queries: 0 };
  c.env = { ...c.env, DB: meteredD1(c.env.DB, tally) };
  await next();
  try {
    c.res.headers.set('X-D1-Rows-Read', String(tally.rows));
    c.res.headers.set('X-D1-Queries', String(tally.queries));
  } catch {
    // A response with immutable headers (an asset): nothing to report on it.
  }
};
