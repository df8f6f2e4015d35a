/**
 * A D1 binding that logs every round trip to the database: each `batch` (as `batch of N`)
 * and each `first`/`run`/`all`/`raw`/`exec` of a single statement (as its SQL). Statements
 * keep working in a batch (the batch is given the real ones).
 */
export function countingD1(db: D1Database): { db: D1Database; log: string[] } {
  const log: string[] = [];
  const real = new WeakMap<object, D1PreparedStatement>();
  const trip = <T>(what: string, run: () => T): T => {
    log.push(what);
    return run();
  };
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), query),
      first: (column?: string) => trip(query, () => (column ? statement.first(column) : statement.first())),
      run: () => trip(query, () => statement.run()),
      all: () => trip(query, () => statement.all()),
      raw: () => trip(query, () => statement.raw()),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, statement);
    return wrapped;
  };
  const counted = {
    prepare: (query: string) => wrap(db.prepare(query), query),
    batch: (statements: D1PreparedStatement[]) =>
      trip(`batch of ${statements.length}`, () => db.batch(statements.map((s) => real.get(s) ?? s))),
    exec: (query: string) => trip(query, () => db.exec(query)),
  } as unknown as D1Database;
  return { db: counted, log };
}
