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
const SEARCH_INDEX_FILLS: Record<string, (db: D1Database) => D1PreparedStatement> = {
  leads_search: fillLeadSearchStatement,
};

/** Rows read per query: 200 000 leads are 40 queries, far within 1 000 queries per invocation. */
const PAGE_ROWS = 5_000;
/** D1 binds at most 100 parameters per query. */
const MAX_PARAMS = 100;
/** Statements per D1 batch on restore. */
const BATCH_STATEMENTS = 20;
/** Rows' JSON per restoring statement (one bound value; D1 takes a string of up to 2 MB). */
const JSON_BYTES_PER_STATEMENT = 512 * 1024;

export type SchemaEntry = { type: 'table' | 'index' | 'trigger' | 'view'; name: string; tbl_name: string; sql: string };
type TableLine = { table: string; columns: string[]; rowid: boolean };
type Header = { format: typeof BACKUP_FORMAT; version: 1; createdAt: string };
type End = { end: true; rows: Record<string, number> };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** SQLite's, D1's and a restore's own staging tables (`_restore_<table>`, never backed up). */
const isInternal = (name: string) => /^(sqlite_|_cf_|d1_kv|_restore_)/i.test(name);

/** The database's schema: what is backed up, and the search indexes (virtual tables) built on restore. */
export async function schemaOf(db: D1Database): Promise<{ entries: SchemaEntry[]; searchIndexes: SchemaEntry[] }> {
  const { results } = await db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND type IN ('table', 'index', 'trigger', 'view') ORDER BY rowid",
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

const hasRowid = (entry: SchemaEntry) => !/\)\s*WITHOUT\s+ROWID\s*;?\s*$/i.test(entry.sql);

/** True when the table's rowid is one of its columns (an INTEGER PRIMARY KEY): no separate rowid to keep. */
async function rowidIsColumn(db: D1Database, table: string): Promise<boolean> {
  const { results } = await db
    .prepare(`SELECT name, type, pk FROM pragma_table_info(?1)`)
    .bind(table)
    .all<{ name: string; type: string; pk: number }>();
  const keys = results.filter((c) => c.pk > 0);
  return keys.length === 1 && keys[0]?.type.toUpperCase() === 'INTEGER';
}

async function columnsOf(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare('SELECT name FROM pragma_table_info(?1)').bind(table).all<{ name: string }>();
  return results.map((c) => c.name);
}

async function keyColumnsOf(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk')
    .bind(table)
    .all<{ name: string }>();
  return results.map((c) => c.name);
}

const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
};

/** A value as a JSON value: a blob (bytes) as {"$blob": base64}. */
const encode = (value: unknown): unknown =>
  value instanceof ArrayBuffer
    ? { $blob: toBase64(new Uint8Array(value)) }
    : ArrayBuffer.isView(value)
      ? { $blob: toBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) }
      : Array.isArray(value)
        ? { $blob: toBase64(Uint8Array.from(value as number[])) }
        : value;

const decode = (value: unknown): unknown =>
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
async function* linesOf(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string> {
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

export type RestoreReport = { tables: number; rows: number; statements: number };

/** A backup refused whole: the reason in Polish, and the database as it was. */
export class RestoreRefused extends Error {
  constructor(reason: string) {
    super(`Kopia odrzucona: ${reason}. Baza nie została zmieniona.`);
    this.name = 'RestoreRefused';
  }
}

/** The migrations' own table: compared with the file's, never restored. */
const MIGRATIONS_TABLE = 'd1_migrations';

/** What this database's migrations made: the only tables, columns and schema a backup may bring. */
type Target = {
  entries: SchemaEntry[];
  searchIndexes: SchemaEntry[];
  tables: Map<string, { columns: string[]; rowid: boolean; withoutRowid: boolean }>;
  /** Tables in the order their rows go in: parents first. */
  order: string[];
  migrations: string[];
};

async function targetOf(db: D1Database): Promise<Target> {
  const { entries, searchIndexes } = await schemaOf(db);
  const tables = new Map<string, { columns: string[]; rowid: boolean; withoutRowid: boolean }>();
  const tableEntries = entries.filter((e) => e.type === 'table');
  for (const t of tableEntries)
    tables.set(t.name, {
      columns: await columnsOf(db, t.name),
      rowid: hasRowid(t) && !(await rowidIsColumn(db, t.name)),
      withoutRowid: !hasRowid(t),
    });
  const migrations = tables.has(MIGRATIONS_TABLE)
    ? (await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`).all<{ name: string }>()).results.map(
        (r) => r.name,
      )
    : [];
  return { entries, searchIndexes, tables, order: parentsFirst(tableEntries).map((t) => t.name), migrations };
}

const sameEntry = (a: SchemaEntry, b: SchemaEntry) =>
  a.type === b.type && a.name === b.name && a.tbl_name === b.tbl_name && a.sql === b.sql;

const isCell = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (!!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { $blob?: unknown }).$blob === 'string' &&
    /^[A-Za-z0-9+/]*={0,2}$/.test((value as { $blob: string }).$blob));

const asObject = (line: unknown) =>
  line && typeof line === 'object' && !Array.isArray(line) ? (line as Record<string, unknown>) : undefined;

/**
 * Reads a backup through without writing anything and checks it against `target`, the schema our
 * migrations made in this database: its format; a schema line naming only tables, indexes,
 * triggers and views our migrations made, each with the very SQL they made it with; a line per
 * table of ours (none unknown, none twice, none missing) naming exactly its columns; rows of
 * plain values (text, numbers, null, blobs), as many as the columns; each table's rows as many as
 * the closing line says; and the migrations the backed-up database had, the same as this one's.
 * Anything else refuses the whole file ({@link RestoreRefused}).
 */
export async function checkBackup(
  chunks: AsyncIterable<string> | Iterable<string>,
  target: Target,
): Promise<{ rows: Record<string, number> }> {
  const counts: Record<string, number> = {};
  let table: (TableLine & { width: number; nameAt: number }) | undefined;
  const migrations: string[] = [];
  let number = 0;
  let end: End | undefined;
  for await (const text of linesOf(chunks)) {
    number++;
    if (end) throw new RestoreRefused(`wiersz ${number} pliku stoi po wierszu zamykającym`);
    let line: unknown;
    try {
      line = JSON.parse(text);
    } catch {
      throw new RestoreRefused(`wiersz ${number} pliku nie jest poprawnym JSON`);
    }
    const object = asObject(line);
    if (number === 1) {
      if (object?.format !== BACKUP_FORMAT || object.version !== 1)
        throw new RestoreRefused('to nie jest kopia w formacie kserowo-d1-backup, wersja 1');
    } else if (number === 2) {
      const schema = object?.schema;
      const indexes = object?.searchIndexes;
      if (!Array.isArray(schema) || !Array.isArray(indexes))
        throw new RestoreRefused('brak wiersza ze schematem (wiersz 2 pliku)');
      for (const [list, ours] of [
        [schema, target.entries],
        [indexes, target.searchIndexes],
      ] as const)
        for (const entry of list as SchemaEntry[])
          if (!ours.some((e) => sameEntry(e, entry)))
            throw new RestoreRefused(
              `obiekt schematu „${String(entry?.name)}” (${String(entry?.type)}) nie pochodzi z migracji tej bazy`,
            );
    } else if (Array.isArray(line)) {
      if (!table) throw new RestoreRefused(`wiersz ${number} pliku: wiersz danych przed nazwą tabeli`);
      if (line.length !== table.width || !line.every(isCell))
        throw new RestoreRefused(
          `wiersz ${number} pliku: wiersz tabeli „${table.table}” nie pasuje do jej kolumn (${table.width} wartości: tekst, liczba, null lub blob)`,
        );
      counts[table.table] = (counts[table.table] ?? 0) + 1;
      if (table.table === MIGRATIONS_TABLE) migrations.push(String(line[table.nameAt]));
    } else if (object && 'table' in object) {
      const name = String(object.table);
      const ours = target.tables.get(name);
      if (!ours) throw new RestoreRefused(`nieznana tabela „${name}” (wiersz ${number} pliku)`);
      if (name in counts) throw new RestoreRefused(`tabela „${name}” występuje w pliku dwa razy`);
      const columns = object.columns;
      if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string'))
        throw new RestoreRefused(`tabela „${name}”: brak listy kolumn (wiersz ${number} pliku)`);
      for (const column of columns)
        if (!ours.columns.includes(column))
          throw new RestoreRefused(`nieznana kolumna „${column}” w tabeli „${name}” (wiersz ${number} pliku)`);
      if (new Set(columns).size !== columns.length || columns.length !== ours.columns.length)
        throw new RestoreRefused(
          `tabela „${name}”: kolumny pliku (${columns.join(', ')}) to nie kolumny tej bazy (${ours.columns.join(', ')})`,
        );
      if (object.rowid !== ours.rowid) throw new RestoreRefused(`tabela „${name}”: rowid inaczej niż w tej bazie`);
      table = { table: name, columns, rowid: ours.rowid, width: columns.length + (ours.rowid ? 1 : 0), nameAt: 0 };
      table.nameAt = columns.indexOf('name') + (ours.rowid ? 1 : 0);
      counts[name] = 0;
    } else if (object && object.end === true && asObject(object.rows)) {
      end = { end: true, rows: object.rows as Record<string, number> };
    } else {
      throw new RestoreRefused(`wiersz ${number} pliku nie jest ani tabelą, ani wierszem, ani zamknięciem`);
    }
  }
  if (!end) throw new RestoreRefused('plik kończy się przed wierszem zamykającym (kopia ucięta)');
  for (const name of target.tables.keys())
    if (!(name in counts)) throw new RestoreRefused(`w pliku brak tabeli „${name}”`);
  for (const [name, count] of Object.entries(end.rows))
    if (counts[name] !== count)
      throw new RestoreRefused(`tabela „${name}” ma w pliku ${counts[name] ?? 0} wierszy, a kopia zapisała ${count}`);
  if (Object.keys(end.rows).length !== Object.keys(counts).length)
    throw new RestoreRefused('wiersz zamykający nie wymienia każdej tabeli pliku');
  const theirs = [...migrations].sort();
  if (theirs.join('\n') !== target.migrations.join('\n')) {
    const missing = target.migrations.filter((m) => !theirs.includes(m));
    const extra = theirs.filter((m) => !target.migrations.includes(m));
    throw new RestoreRefused(
      `kopia pochodzi z bazy o innych migracjach (${[
        ...(missing.length ? [`bez ${missing.join(', ')}`] : []),
        ...(extra.length ? [`z nieznanymi ${extra.join(', ')}`] : []),
      ].join('; ')}); odtwórz ją wersją kodu, z której pochodzi`,
    );
  }
  return { rows: end.rows };
}

/** Where a table's rows wait until every row of the file went in. */
export const STAGING_PREFIX = '_restore_';
const stagingOf = (table: string) => quoted(`${STAGING_PREFIX}${table}`);

/**
 * Restores a backup into `db`, whose schema our migrations made (`npm run restore` applies them
 * first): the file is checked whole against that schema first ({@link checkBackup}); nothing of
 * the file's own SQL is ever run. Its rows then go into fresh staging tables (`_restore_<table>`,
 * columns without affinity, so each value waits as the file has it). Only when every row is
 * there does one D1 batch (one transaction) swap them in: the triggers of our schema set aside,
 * every table emptied (children first), filled from its staging table (parents first, foreign
 * keys checked at the end), our triggers made again from this database's own schema, the search
 * indexes built again, the staging tables dropped. A row the tables refuse (a constraint, a
 * missing parent) fails that batch, and the database is as it was; the staging tables go.
 * The migrations' table is not restored: it must already hold the file's migrations.
 */
export async function restoreBackup(
  db: D1Database,
  source: () => AsyncIterable<string> | Iterable<string>,
): Promise<RestoreReport> {
  const target = await targetOf(db);
  const { rows: expected } = await checkBackup(source(), target);
  const restored = target.order.filter((t) => t !== MIGRATIONS_TABLE);
  let statements = 0;

  const dropStaging = async () => {
    const { results } = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?2) = ?1")
      .bind(STAGING_PREFIX, STAGING_PREFIX.length)
      .all<{ name: string }>();
    if (results.length > 0) await db.batch(results.map((r) => db.prepare(`DROP TABLE IF EXISTS ${quoted(r.name)}`)));
  };
  await dropStaging();

  let pending: D1PreparedStatement[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    statements += pending.length;
    await db.batch(pending);
    pending = [];
  };
  const add = async (statement: D1PreparedStatement) => {
    pending.push(statement);
    if (pending.length >= BATCH_STATEMENTS) await flush();
  };

  let line = 0;
  try {
    for (const name of restored) {
      const ours = target.tables.get(name);
      if (!ours) continue;
      await add(db.prepare(`CREATE TABLE ${stagingOf(name)} (${ours.columns.map(quoted).join(', ')})`));
    }
    await flush();

    let table: TableLine | undefined;
    let rows: unknown[][] = [];
    const insertRows = async () => {
      if (!table || rows.length === 0 || table.table === MIGRATIONS_TABLE) {
        rows = [];
        return;
      }
      const names = [...(table.rowid ? ['rowid'] : []), ...table.columns];
      const into = `INSERT INTO ${stagingOf(table.table)} (${names.map(quoted).join(', ')})`;
      if (rows.some((row) => row.some((v) => v !== null && typeof v === 'object'))) {
        // Rows with a blob: bound values, at most 100 a statement.
        const perStatement = Math.max(1, Math.floor(MAX_PARAMS / names.length));
        const marks = `(${names.map(() => '?').join(', ')})`;
        for (let at = 0; at < rows.length; at += perStatement) {
          const part = rows.slice(at, at + perStatement);
          await add(db.prepare(`${into} VALUES ${part.map(() => marks).join(', ')}`).bind(...part.flat().map(decode)));
        }
      } else {
        // Text and numbers: the rows as one JSON array a statement, one bound value (json_extract
        // answers a JSON string as TEXT, a whole number as INTEGER, another as REAL, null as NULL).
        const select = names.map((_, i) => `json_extract(j.value, '$[${i}]')`).join(', ');
        let part: unknown[][] = [];
        let size = 0;
        const send = async () => {
          if (part.length === 0) return;
          await add(
            db.prepare(`${into} SELECT ${select} FROM json_each(?1) j ORDER BY j.key`).bind(JSON.stringify(part)),
          );
          part = [];
          size = 0;
        };
        for (const row of rows) {
          const text = JSON.stringify(row);
          if (size + text.length > JSON_BYTES_PER_STATEMENT) await send();
          part.push(row);
          size += text.length;
        }
        await send();
      }
      rows = [];
    };
    for await (const text of linesOf(source())) {
      line++;
      if (line <= 2) continue;
      const value = JSON.parse(text) as unknown;
      if (Array.isArray(value)) {
        rows.push(value);
        if (rows.length >= 5_000) await insertRows();
      } else if (asObject(value) && 'table' in (value as object)) {
        await insertRows();
        table = value as TableLine;
      } else {
        await insertRows();
      }
    }
    await insertRows();
    await flush();

    // Every row is in its staging table: the swap, in one transaction.
    const triggers = target.entries.filter((e) => e.type === 'trigger');
    const list = (name: string) => {
      const ours = target.tables.get(name);
      const names = [...(ours?.rowid ? ['rowid'] : []), ...(ours?.columns ?? [])].map(quoted).join(', ');
      return `(${names}) SELECT ${names} FROM ${stagingOf(name)} ORDER BY rowid`;
    };
    const swap = [
      // (no deferred foreign keys: a failed statement under them surfaces as a bare "internal error")
      ...triggers.map((t) => `DROP TRIGGER IF EXISTS ${quoted(t.name)}`),
      ...[...restored].reverse().map((name) => `DELETE FROM ${quoted(name)}`),
      ...restored.map((name) => `INSERT INTO ${quoted(name)} ${list(name)}`),
      ...triggers.map((t) => t.sql),
      ...target.searchIndexes.map((v) => `DROP TABLE IF EXISTS ${quoted(v.name)}`),
      ...target.searchIndexes.map((v) => v.sql),
      ...restored.map((name) => `DROP TABLE ${stagingOf(name)}`),
    ].map((sql) => db.prepare(sql));
    for (const v of target.searchIndexes) {
      const fill = SEARCH_INDEX_FILLS[v.name];
      if (!fill) throw new Error(`restore: no way to rebuild the virtual table ${v.name}`);
      swap.push(fill(db));
    }
    statements += swap.length;
    await db.batch(swap);
  } catch (error) {
    await dropStaging().catch(() => undefined);
    if (error instanceof RestoreRefused) throw error;
    const reason = error instanceof Error ? error.message.replace(/^D1_ERROR:\s*/, '') : String(error);
    throw new RestoreRefused(`wiersz kopii nie pasuje do tabel tej bazy (${reason})`);
  }
  return {
    tables: Object.keys(expected).length,
    rows: Object.values(expected).reduce((a, b) => a + b, 0),
    statements,
  };
}
