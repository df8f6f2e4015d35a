/**
 * The worker tests' D1 and queues, held to the limits of deployed Cloudflare, which the local
 * workerd does not enforce (or no longer enforces). Every statement the tests or the worker send
 * through `env.DB` is checked before it runs; one over a limit is refused (the promise rejects,
 * as deployed D1 would) and recorded, and the test fails in `afterEach` even if the worker
 * caught the error (tests/worker/setup.ts).
 *
 * The limits, as Cloudflare documents them:
 * - D1 (developers.cloudflare.com/d1/platform/limits/): "Maximum bound parameters per query 100",
 *   "Maximum arguments per SQL function 32", "Maximum SQL statement length 100,000 bytes (100 KB)",
 *   "Maximum characters (bytes) in a LIKE or GLOB pattern 50 bytes", "Queries per Worker
 *   invocation (read subrequest limits) 1000 (Workers Paid) / 50 (Free)".
 * - Queues (developers.cloudflare.com/queues/platform/limits/): "Message size 128 KB" (1 KB is
 *   1 000 bytes; "messages can include up to ~100 bytes of internal metadata that counts towards
 *   total message limits"), "Maximum messages per sendBatch call 100 (or 256KB in total)".
 *
 * Statements per invocation are counted per request, per queue batch and per scheduled run: the
 * worker's entries (`fetch` of worker/index.ts and of the Hono app, `queue`, `scheduled`) are
 * wrapped by `guardEntries` so that each call is one invocation (an AsyncLocalStorage scope,
 * which follows `ctx.waitUntil` work too). What a test runs on `env.DB` itself (seeding, or a
 * worker function called directly) is checked statement by statement but is no invocation.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const LIMITS = {
  boundParameters: 100,
  functionArguments: 32,
  statementBytes: 100_000,
  patternBytes: 50,
  statementsPerInvocation: 1_000,
  queueMessageBytes: 128_000,
  queueMessageMetadataBytes: 100,
  queueBatchMessages: 100,
  queueBatchBytes: 256_000,
} as const;

/** The error a refused statement or message rejects with. */
export class ProductionLimitError extends Error {
  override name = 'ProductionLimitError';
}

type Invocation = { what: string; statements: number; reported: boolean };
const invocation = new AsyncLocalStorage<Invocation>();
const found: string[] = [];
const recent: Invocation[] = [];

/** The last invocations the guard counted (newest last), for the guard's own test. */
export const recentInvocations = (): readonly Invocation[] => recent;

/** What the guard refused since the last call (and forgets it): setup.ts fails the test with it. */
export function takeViolations(): string[] {
  return found.splice(0);
}

function refuse(problem: string): never {
  found.push(problem);
  throw new ProductionLimitError(problem);
}

/** Runs `work` as one Worker invocation: its statements are counted together. */
export function asInvocation<T>(what: string, work: () => T): T {
  const current: Invocation = { what, statements: 0, reported: false };
  recent.push(current);
  if (recent.length > 50) recent.shift();
  return invocation.run(current, work);
}

const utf8 = new TextEncoder();
const bytesOf = (text: string) => utf8.encode(text).length;
const short = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
};

// ---------------------------------------------------------------------------------------------
// A small SQLite tokenizer: enough to find function calls and LIKE/GLOB operands.

type Token =
  | { kind: 'word'; text: string; upper: string }
  | { kind: 'string'; text: string }
  | { kind: 'param'; index: number }
  | { kind: 'number' | 'punct' | 'quoted'; text: string };

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let nextParam = 1;
  const named = new Map<string, number>();
  while (i < sql.length) {
    const c = sql[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (c === "'" || ((c === 'x' || c === 'X') && sql[i + 1] === "'")) {
      const start = c === "'" ? i : i + 1;
      let j = start + 1;
      let text = '';
      while (j < sql.length) {
        if (sql[j] === "'") {
          if (sql[j + 1] === "'") {
            text += "'";
            j += 2;
            continue;
          }
          break;
        }
        text += sql[j];
        j++;
      }
      tokens.push(c === "'" ? { kind: 'string', text } : { kind: 'quoted', text });
      i = j + 1;
    } else if (c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      while (j < sql.length && !(sql[j] === close && sql[j + 1] !== close)) j += sql[j] === close ? 2 : 1;
      tokens.push({ kind: 'quoted', text: sql.slice(i + 1, j) });
      i = j + 1;
    } else if (c === '?') {
      let j = i + 1;
      while (j < sql.length && /[0-9]/.test(sql[j] as string)) j++;
      const index = j > i + 1 ? Number(sql.slice(i + 1, j)) : nextParam;
      nextParam = Math.max(nextParam, index + 1);
      tokens.push({ kind: 'param', index });
      i = j;
    } else if ((c === ':' || c === '@' || c === '$') && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_]/.test(sql[j] as string)) j++;
      const name = sql.slice(i, j);
      let index = named.get(name);
      if (index === undefined) {
        index = nextParam++;
        named.set(name, index);
      }
      tokens.push({ kind: 'param', index });
      i = j;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j] as string)) j++;
      const text = sql.slice(i, j);
      tokens.push({ kind: 'word', text, upper: text.toUpperCase() });
      i = j;
    } else if (/[0-9.]/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /[0-9A-Za-z_.]/.test(sql[j] as string)) j++;
      tokens.push({ kind: 'number', text: sql.slice(i, j) });
      i = j;
    } else {
      const two = sql.slice(i, i + 2);
      const op = ['||', '<=', '>=', '<>', '!=', '==', '->', '<<', '>>'].includes(two) ? two : c;
      if (op === '->' && sql[i + 2] === '>') {
        tokens.push({ kind: 'punct', text: '->>' });
        i += 3;
      } else {
        tokens.push({ kind: 'punct', text: op });
        i += op.length;
      }
    }
  }
  return tokens;
}

// SQLite's keywords (sqlite.org/lang_keywords.html) that can stand before "(" without being a
// function call; replace, like, glob, cast and raise are keywords that are also called as functions.
const KEYWORDS = new Set(
  `ABORT ACTION ADD AFTER ALL ALTER ALWAYS ANALYZE AND AS ASC ATTACH AUTOINCREMENT BEFORE BEGIN BETWEEN BY
  CASCADE CASE CHECK COLLATE COLUMN COMMIT CONFLICT CONSTRAINT CREATE CROSS CURRENT CURRENT_DATE CURRENT_TIME
  CURRENT_TIMESTAMP DATABASE DEFAULT DEFERRABLE DEFERRED DELETE DESC DETACH DISTINCT DO DROP EACH ELSE END
  ESCAPE EXCEPT EXCLUDE EXCLUSIVE EXISTS EXPLAIN FAIL FILTER FIRST FOLLOWING FOR FOREIGN FROM FULL GENERATED
  GROUP GROUPS HAVING IF IGNORE IMMEDIATE IN INDEX INDEXED INITIALLY INNER INSERT INSTEAD INTERSECT INTO IS
  ISNULL JOIN KEY LAST LEFT LIMIT MATCH MATERIALIZED NATURAL NO NOT NOTHING NOTNULL NULL NULLS OF OFFSET ON
  OR ORDER OTHERS OUTER OVER PARTITION PLAN PRAGMA PRECEDING PRIMARY QUERY RANGE RECURSIVE REFERENCES REGEXP
  REINDEX RELEASE RENAME RESTRICT RETURNING RIGHT ROLLBACK ROW ROWS SAVEPOINT SELECT SET TABLE TEMP TEMPORARY
  THEN TIES TO TRANSACTION TRIGGER UNBOUNDED UNION UNIQUE UPDATE USING VACUUM VALUES VIEW VIRTUAL WHEN WHERE
  WINDOW WITH WITHOUT`.split(/\s+/),
);
// A name before "(" after these is a table, view, index's table or module, not a function.
const NAMES_A_TABLE = new Set(['INTO', 'TABLE', 'REFERENCES', 'EXISTS', 'VIEW', 'USING', 'TRIGGER']);
// Where a LIKE/GLOB operand ends.
const OPERAND_ENDS = new Set([
  'ESCAPE',
  'AND',
  'OR',
  'THEN',
  'WHEN',
  'ELSE',
  'END',
  'ORDER',
  'GROUP',
  'LIMIT',
  'HAVING',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'WHERE',
  'FROM',
  'RETURNING',
  'IS',
  'NOT',
  'COLLATE',
  'ON',
  'WINDOW',
]);

/** A LIKE/GLOB pattern's pieces: literal text and bound parameters, concatenated. */
type Pattern = { literalBytes: number; params: number[]; where: string };
type Shape = { bytes: number; functions: { name: string; args: number }[]; patterns: Pattern[] };

function matching(tokens: Token[], open: number): number {
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && t.text === '(') depth++;
    else if (t.kind === 'punct' && t.text === ')' && --depth === 0) return k;
  }
  return tokens.length;
}

function patternOf(tokens: Token[], from: number, to: number, where: string): Pattern {
  const pattern: Pattern = { literalBytes: 0, params: [], where };
  for (let k = from; k < to; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'string') pattern.literalBytes += bytesOf(t.text);
    else if (t.kind === 'param') pattern.params.push(t.index);
  }
  return pattern;
}

/** Where the operand that starts at `from` ends (exclusive), at parenthesis depth 0. */
function operandEnd(tokens: Token[], from: number): number {
  let depth = 0;
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct' && t.text === '(') depth++;
    else if (t.kind === 'punct' && t.text === ')') {
      if (depth === 0) return k;
      depth--;
    } else if (depth === 0) {
      if (t.kind === 'punct' && [',', ';', '=', '==', '<', '>', '<=', '>=', '<>', '!='].includes(t.text)) return k;
      if (t.kind === 'word' && OPERAND_ENDS.has(t.upper)) return k;
    }
  }
  return tokens.length;
}

const shapes = new Map<string, Shape>();

/** The parts of a statement's text the limits look at (cached per SQL text). */
export function shapeOf(sql: string): Shape {
  const known = shapes.get(sql);
  if (known) return known;
  const tokens = tokenize(sql);
  const shape: Shape = { bytes: bytesOf(sql), functions: [], patterns: [] };
  const isCreateIndex =
    tokens[0]?.kind === 'word' &&
    tokens[0].upper === 'CREATE' &&
    tokens.slice(1, 4).some((t) => t.kind === 'word' && t.upper === 'INDEX');
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const next = tokens[k + 1];
    const callsNext = next?.kind === 'punct' && next.text === '(';
    if (t.kind === 'word' && callsNext && !KEYWORDS.has(t.upper)) {
      const before = tokens[k - 1];
      const close = matching(tokens, k + 1);
      const after = tokens[close + 1];
      const namesTable =
        before?.kind === 'word' && (NAMES_A_TABLE.has(before.upper) || (isCreateIndex && before.upper === 'ON'));
      // A common table expression's columns: `name(a, b) AS (SELECT …)`, not `f(x) AS alias`.
      const then = tokens[close + 2];
      const namesCte =
        after?.kind === 'word' &&
        after.upper === 'AS' &&
        ((then?.kind === 'punct' && then.text === '(') ||
          (then?.kind === 'word' && (then.upper === 'MATERIALIZED' || then.upper === 'NOT')));
      if (!namesTable && !namesCte) {
        let args = close > k + 2 ? 1 : 0;
        let depth = 0;
        let firstArgEnd = close;
        for (let m = k + 1; m < close; m++) {
          const u = tokens[m] as Token;
          if (u.kind !== 'punct') continue;
          if (u.text === '(') depth++;
          else if (u.text === ')') depth--;
          else if (u.text === ',' && depth === 1) {
            if (args === 1) firstArgEnd = m;
            args++;
          }
        }
        shape.functions.push({ name: t.text, args });
        if (t.upper === 'LIKE' || t.upper === 'GLOB')
          shape.patterns.push(patternOf(tokens, k + 2, firstArgEnd, `${t.text}(…)`));
      }
    } else if (t.kind === 'word' && (t.upper === 'LIKE' || t.upper === 'GLOB') && !callsNext) {
      shape.patterns.push(patternOf(tokens, k + 1, operandEnd(tokens, k + 1), t.upper));
    }
  }
  shapes.set(sql, shape);
  return shape;
}

const valueBytes = (value: unknown): number =>
  value === null || value === undefined
    ? 0
    : value instanceof ArrayBuffer || ArrayBuffer.isView(value)
      ? (value as ArrayBufferView).byteLength
      : bytesOf(String(value));

/** The problems of one statement with its bound values ([] when within every limit). */
export function problemsOf(sql: string, params: readonly unknown[]): string[] {
  const shape = shapeOf(sql);
  const problems: string[] = [];
  if (params.length > LIMITS.boundParameters)
    problems.push(`${params.length} bound parameters (D1 allows ${LIMITS.boundParameters} per query)`);
  if (shape.bytes > LIMITS.statementBytes)
    problems.push(`a statement of ${shape.bytes} bytes (D1 allows ${LIMITS.statementBytes})`);
  for (const f of shape.functions)
    if (f.args > LIMITS.functionArguments)
      problems.push(`${f.name}() with ${f.args} arguments (D1 allows ${LIMITS.functionArguments} per SQL function)`);
  for (const p of shape.patterns) {
    const bytes = p.literalBytes + p.params.reduce((sum, index) => sum + valueBytes(params[index - 1]), 0);
    if (bytes > LIMITS.patternBytes)
      problems.push(`a ${p.where} pattern of ${bytes} bytes (D1 allows ${LIMITS.patternBytes})`);
  }
  return problems;
}

/** Splits the text of `exec` into its statements (at semicolons outside quotes and comments). */
function statementsOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '-' && text[i + 1] === '-') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === ';') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.filter((s) => s.trim() !== '');
}

/** Checks one statement about to run and counts it in the current invocation. */
function admit(sql: string, params: readonly unknown[]): void {
  const problems = problemsOf(sql, params);
  if (problems.length > 0) refuse(`D1 would refuse ${problems.join('; ')}: ${short(sql)}`);
  const current = invocation.getStore();
  if (!current) return;
  current.statements++;
  if (current.statements > LIMITS.statementsPerInvocation && !current.reported) {
    current.reported = true;
    refuse(
      `statement ${current.statements} of one invocation (${current.what}); D1 allows ${LIMITS.statementsPerInvocation} queries per Worker invocation: ${short(sql)}`,
    );
  } else if (current.statements > LIMITS.statementsPerInvocation) {
    throw new ProductionLimitError(`statement ${current.statements} of one invocation (${current.what})`);
  }
}

const guardedDatabases = new WeakSet<object>();
type Held = { sql: string; params: readonly unknown[]; real: D1PreparedStatement };
const held = new WeakMap<object, Held>();

/** A rejected promise for a statement the guard refuses (D1's methods answer with promises). */
const checked = <T>(sql: string, params: readonly unknown[], run: () => Promise<T>): Promise<T> => {
  try {
    admit(sql, params);
  } catch (error) {
    return Promise.reject(error);
  }
  return run();
};

function statement(real: D1PreparedStatement, sql: string, params: readonly unknown[]): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => statement(real.bind(...values), sql, values),
    first: (column?: string) => checked(sql, params, () => (column ? real.first(column) : real.first())),
    run: () => checked(sql, params, () => real.run()),
    all: () => checked(sql, params, () => real.all()),
    raw: (options?: { columnNames?: boolean }) =>
      checked(sql, params, () => real.raw(options as { columnNames: true }) as Promise<unknown[]>),
  } as unknown as D1PreparedStatement;
  held.set(wrapped, { sql, params, real });
  return wrapped;
}

/** `db` behind the guard (the same object when it already is). */
export function guardD1(db: D1Database): D1Database {
  if (guardedDatabases.has(db)) return db;
  const guarded = {
    prepare: (sql: string) => statement(db.prepare(sql), sql, []),
    batch: (statements: D1PreparedStatement[]) => {
      try {
        for (const s of statements) {
          const h = held.get(s);
          if (h) admit(h.sql, h.params);
        }
      } catch (error) {
        return Promise.reject(error);
      }
      return db.batch(statements.map((s) => held.get(s)?.real ?? s));
    },
    exec: (text: string) => {
      try {
        for (const sql of statementsOf(text)) admit(sql, []);
      } catch (error) {
        return Promise.reject(error);
      }
      return db.exec(text);
    },
    dump: () => db.dump(),
    withSession: (constraint?: string) => {
      const session = db.withSession(constraint);
      const inner = guardD1(session as unknown as D1Database);
      return { prepare: inner.prepare, batch: inner.batch, getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
  guardedDatabases.add(guarded);
  return guarded;
}

// ---------------------------------------------------------------------------------------------
// Queues: the size of a message as sent (the default content type is V8's structured clone,
// in which a string with a character beyond Latin-1 takes two bytes a character).

function cloneBytes(value: unknown, seen = new Set<unknown>()): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'number' || typeof value === 'bigint') return 9;
  if (typeof value === 'string') return 5 + (/[^\u0000-\u00ff]/.test(value) ? 2 : 1) * value.length;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return 5 + (value as ArrayBufferView).byteLength;
  if (value instanceof Date) return 9;
  if (typeof value !== 'object' || seen.has(value)) return 1;
  seen.add(value);
  if (Array.isArray(value)) return 5 + value.reduce((sum: number, item) => sum + cloneBytes(item, seen), 0);
  let sum = 5;
  for (const [key, item] of Object.entries(value)) sum += cloneBytes(key, seen) + cloneBytes(item, seen);
  return sum;
}

/** A message's size as Queues counts it: the body plus Queues' own metadata. */
export const messageBytes = (body: unknown) => cloneBytes(body) + LIMITS.queueMessageMetadataBytes;

function checkMessage(queue: string, body: unknown): void {
  const bytes = messageBytes(body);
  if (bytes > LIMITS.queueMessageBytes)
    refuse(`Queues would refuse a message of ${bytes} bytes on ${queue} (allowed: ${LIMITS.queueMessageBytes})`);
}

const guardedQueues = new WeakSet<object>();

/** `queue` behind the guard: `send` and `sendBatch` refuse what Queues would. */
export function guardQueue<T>(name: string, queue: Queue<T>): Queue<T> {
  if (guardedQueues.has(queue)) return queue;
  const guarded = {
    send: (body: T, options?: QueueSendOptions) => {
      try {
        checkMessage(name, body);
      } catch (error) {
        return Promise.reject(error);
      }
      return queue.send(body, options);
    },
    sendBatch: (messages: Iterable<MessageSendRequest<T>>, options?: QueueSendBatchOptions) => {
      const list = [...messages];
      try {
        for (const m of list) checkMessage(name, m.body);
        const total = list.reduce((sum, m) => sum + messageBytes(m.body), 0);
        if (list.length > LIMITS.queueBatchMessages)
          refuse(`Queues would refuse sendBatch of ${list.length} messages on ${name} (allowed: 100)`);
        if (total > LIMITS.queueBatchBytes)
          refuse(`Queues would refuse sendBatch of ${total} bytes on ${name} (allowed: ${LIMITS.queueBatchBytes})`);
      } catch (error) {
        return Promise.reject(error);
      }
      return queue.sendBatch(list, options);
    },
  } as unknown as Queue<T>;
  guardedQueues.add(guarded);
  return guarded;
}

/** Puts the environment's D1 and every queue producer behind the guard (in place). */
export function guardEnv(env: Record<string, unknown>): void {
  for (const [name, binding] of Object.entries(env)) {
    if (name === 'DB') env[name] = guardD1(binding as D1Database);
    else if (/_QUEUE$/.test(name) && binding && typeof (binding as Queue).send === 'function')
      env[name] = guardQueue(name, binding as Queue);
  }
}

type Entries = {
  fetch?: (...args: never[]) => unknown;
  queue?: (...args: never[]) => unknown;
  scheduled?: (...args: never[]) => unknown;
};

/** Makes each call of the worker's entries one invocation for the statement count. */
export function guardEntries(handlers: Entries, label: string): void {
  for (const key of ['fetch', 'queue', 'scheduled'] as const) {
    const entry = handlers[key] as ((...args: unknown[]) => unknown) | undefined;
    if (!entry || (entry as { guarded?: boolean }).guarded) continue;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as { url?: string; queue?: string; cron?: string } | undefined;
      const what =
        key === 'fetch'
          ? `${label} request ${first?.url ?? ''}`
          : key === 'queue'
            ? `queue batch of ${first?.queue ?? ''}`
            : `scheduled run ${first?.cron ?? ''}`;
      return asInvocation(what, () => entry.apply(this, args));
    };
    (wrapped as { guarded?: boolean }).guarded = true;
    (handlers as Record<string, unknown>)[key] = wrapped;
  }
}
