/**
 * Backups of D1 that restore (docs/backups.md). `wrangler d1 export` refuses a database with an
 * FTS5 table ("cannot export databases with Virtual Tables (fts5)"), so the backup is written
 * here, table by table through the D1 API: the schema as sqlite_master has it, every row of
 * every table (its rowid too, which the search index refers to), and the search index left out:
 * it holds nothing but what the leads hold, and a restore builds it again from them.
 *
 * The format is NDJSON, one JSON value a line: a header, the schema, then per table a line
 * naming its columns followed by one array a row, and a closing line with each table's row count
 * (a file cut short has none, and is refused). The text is stored only encrypted under
 * BACKUP_KEY (worker/backups/crypt.ts). A restore takes the schema from this database (our
 * migrations), never runs the file's SQL, and swaps the rows in only when all went in
 * (`restoreBackup`). The same code runs in the Worker (the daily backup to R2,
 * worker/backups/schedule.ts) and in Node (`npm run backup`/`npm run restore`, through
 * wrangler's local D1).
 */
import { fillLeadSearchStatement } from '../leads/search-index.ts';

export const BACKUP_FORMAT = 'kserowo-d1-backup';

/** How each search index is built from its tables on restore (the index itself is not backed up). */
export const SEARCH_INDEX_FILLS: Record<string, (db: D1Database) => D1PreparedStatement> = {
  leads_search: fillLeadSearchStatement,
};

/** Rows read per query: 200 000 leads are 40 queries, far within 1 000 queries per invocation. */
export const PAGE_ROWS = 5_000;
/** D1 binds at most 100 parameters per query. */
export const MAX_PARAMS = 100;
/** Statements per D1 batch on restore. */
export const BATCH_STATEMENTS = 20;
/** Rows' JSON per restoring statement (one bound value; D1 takes a string of up to 2 MB). */
export const JSON_BYTES_PER_STATEMENT = 512 * 1024;

export type SchemaEntry = { type: 'table' | 'index' | 'trigger' | 'view'; name: string; tbl_name: string; sql: string };
export type TableLine = { table: string; columns: string[]; rowid: boolean };
type Header = { format: typeof BACKUP_FORMAT; version: 1; createdAt: string };
export type End = { end: true; rows: Record<string, number> };

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** SQLite's, D1's and a restore's own staging tables (`_restore_<table>`, never backed up). */
export const isInternal = (name: string) => /^(sqlite_|_cf_|d1_kv|_restore_)/i.test(name);

/**
 * The database's schema: what is backed up, and the search indexes (virtual tables) built on restore.
 * By type and name, not by creation order: a restore drops and creates the triggers again, which moves
 * them to the end of `sqlite_master`, and the schema a restored database writes must be the one it read.
 */
export async function schemaOf(db: D1Database): Promise<{ entries: SchemaEntry[]; searchIndexes: SchemaEntry[] }> {
  const { results } = await db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND type IN ('table', 'index', 'trigger', 'view') ORDER BY type, name",
    )
    .all<SchemaEntry>();
  const searchIndexes = results.filter((e) => e.type === 'table' && /^CREATE\s+VIRTUAL\s+TABLE/i.test(e.sql));
  // An FTS5 table's shadow tables (<name>_data, _idx, _content, _docsize, _config) go with it.
  const shadows = new Set(
    searchIndexes.flatMap((v) => ['data', 'idx', 'content', 'docsize', 'config'].map((s) => `${v.name}_${s}`)),
  );
  for (const index of searchIndexes)
    if (!SEARCH_INDEX_FILLS[index.name])
      throw new Error(`backup: no way to rebuild the virtual table ${index.name} on restore`);
  const entries = results.filter(
    (e) =>
      !isInternal(e.name) &&
      !shadows.has(e.name) &&
      !shadows.has(e.tbl_name) &&
      !searchIndexes.some((v) => v.name === e.name || v.name === e.tbl_name),
  );
  return { entries, searchIndexes };
}

export const hasRowid = (entry: SchemaEntry) => !/\)\s*WITHOUT\s+ROWID\s*;?\s*$/i.test(entry.sql);

/** True when the table's rowid is one of its columns (an INTEGER PRIMARY KEY): no separate rowid to keep. */
export async function rowidIsColumn(db: D1Database, table: string): Promise<boolean> {
  const { results } = await db
    .prepare(`SELECT name, type, pk FROM pragma_table_info(?1)`)
    .bind(table)
    .all<{ name: string; type: string; pk: number }>();
  const keys = results.filter((c) => c.pk > 0);
  return keys.length === 1 && keys[0]?.type.toUpperCase() === 'INTEGER';
}

export async function columnsOf(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare('SELECT name FROM pragma_table_info(?1)').bind(table).all<{ name: string }>();
  return results.map((c) => c.name);
}

export async function keyColumnsOf(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk')
    .bind(table)
    .all<{ name: string }>();
  return results.map((c) => c.name);
}

export const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
};

/** A value as a JSON value: a blob (bytes) as {"$blob": base64}. */
export const encode = (value: unknown): unknown =>
  value instanceof ArrayBuffer
    ? { $blob: toBase64(new Uint8Array(value)) }
    : ArrayBuffer.isView(value)
      ? { $blob: toBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) }
      : Array.isArray(value)
        ? { $blob: toBase64(Uint8Array.from(value as number[])) }
        : value;

export const decode = (value: unknown): unknown =>
  value && typeof value === 'object' && '$blob' in value
    ? Uint8Array.from(atob(String((value as { $blob: string }).$blob)), (c) => c.charCodeAt(0))
    : value;

/**
 * Tables in an order where each comes after the tables its foreign keys refer to (else in the
 * schema's order), so that a restore, which checks foreign keys at the end of each batch, never
 * holds a row whose parent comes in a later batch. A cycle keeps the schema's order.
 */
export function parentsFirst(tables: readonly SchemaEntry[]): SchemaEntry[] {
  const names = new Set(tables.map((t) => t.name));
  const parents = new Map(
    tables.map((t) => [
      t.name,
      [...t.sql.matchAll(/REFERENCES\s+["`[]?(\w+)/gi)]
        .map((m) => m[1] as string)
        .filter((p) => p !== t.name && names.has(p)),
    ]),
  );
  const out: SchemaEntry[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (t: SchemaEntry) => {
    if (placed.has(t.name) || visiting.has(t.name)) return;
    visiting.add(t.name);
    for (const p of parents.get(t.name) ?? []) {
      const parent = tables.find((x) => x.name === p);
      if (parent) place(parent);
    }
    visiting.delete(t.name);
    placed.add(t.name);
    out.push(t);
  };
  for (const t of tables) place(t);
  return out;
}

/**
 * The backup of `db`, line by line (each ends with "\n"). Reads each table by keyset pages of
 * its rowid (or, for a table WITHOUT ROWID, its primary key), so it never holds a table in memory.
 */
export async function* backupLines(db: D1Database, now = new Date()): AsyncGenerator<string> {
  const { entries, searchIndexes } = await schemaOf(db);
  const header: Header = { format: BACKUP_FORMAT, version: 1, createdAt: now.toISOString() };
  yield `${JSON.stringify(header)}\n`;
  yield `${JSON.stringify({ schema: entries, searchIndexes })}\n`;
  const counts: Record<string, number> = {};
  for (const table of parentsFirst(entries.filter((e) => e.type === 'table'))) {
    const columns = await columnsOf(db, table.name);
    const rowid = hasRowid(table) && !(await rowidIsColumn(db, table.name));
    yield `${JSON.stringify({ table: table.name, columns, rowid } satisfies TableLine)}\n`;
    const list = columns.map(quoted).join(', ');
    let count = 0;
    if (hasRowid(table)) {
      let after = Number.MIN_SAFE_INTEGER;
      for (;;) {
        const results = await db
          .prepare(
            `SELECT rowid AS "__rowid", ${list} FROM ${quoted(table.name)} WHERE rowid > ?1 ORDER BY rowid LIMIT ?2`,
          )
          .bind(after, PAGE_ROWS)
          .raw();
        let text = '';
        for (const row of results as unknown[][]) {
          const values = (rowid ? row : row.slice(1)).map(encode);
          text += `${JSON.stringify(values)}\n`;
        }
        if (text) yield text;
        count += results.length;
        if (results.length < PAGE_ROWS) break;
        after = (results.at(-1) as unknown[])[0] as number;
      }
    } else {
      const keys = (await keyColumnsOf(db, table.name)).map(quoted).join(', ');
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const results = await db
          .prepare(`SELECT ${list} FROM ${quoted(table.name)} ORDER BY ${keys} LIMIT ?1 OFFSET ?2`)
          .bind(PAGE_ROWS, offset)
          .raw();
        let text = '';
        for (const row of results as unknown[][]) text += `${JSON.stringify(row.map(encode))}\n`;
        if (text) yield text;
        count += results.length;
        if (results.length < PAGE_ROWS) break;
      }
    }
    counts[table.name] = count;
  }
  yield `${JSON.stringify({ end: true, rows: counts } satisfies End)}\n`;
}

/** The whole backup as text (tests, and small databases). */
export async function backupText(db: D1Database, now = new Date()): Promise<string> {
  let text = '';
  for await (const part of backupLines(db, now)) text += part;
  return text;
}

/** Lines of text from chunks of it (a line may be cut across chunks). */
export async function* linesOf(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    rest += chunk;
    let end = rest.indexOf('\n');
    while (end !== -1) {
      const line = rest.slice(0, end);
      rest = rest.slice(end + 1);
      if (line.trim()) yield line;
      end = rest.indexOf('\n');
    }
  }
  if (rest.trim()) yield rest;
}
