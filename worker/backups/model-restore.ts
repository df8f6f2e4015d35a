/**
 * Restoring a backup (split from model.ts): the file checked whole against what our migrations made,
 * its rows staged in fresh tables and swapped in one batch; a refused file leaves the database as it was.
 */
import {
  BACKUP_FORMAT,
  BATCH_STATEMENTS,
  JSON_BYTES_PER_STATEMENT,
  SEARCH_INDEX_FILLS,
  type End,
  MAX_PARAMS,
  type SchemaEntry,
  type TableLine,
  columnsOf,
  decode,
  hasRowid,
  linesOf,
  parentsFirst,
  quoted,
  rowidIsColumn,
  schemaOf,
} from './model.ts';

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
