// Every worker test file starts from the database the migrations make, and nothing else: no
// row, counter or index entry of a file that ran before it in the same workerd.
//
// The worker project runs its files in a few long-lived workerd isolates (tests/vitest.config.ts:
// loading the worker's 500 modules into a fresh isolate for each of 80 files was most of the
// suite). The first file of an isolate applies the migrations and keeps what they wrote (the
// seeded rows); every later file empties each table and puts those rows back, in one batch.
//
// AUTOINCREMENT counters start again too (a catalogue's first version is 1), except those of the
// rows a queue message names by id (QUEUED_BY_ID): an e-mail or webhook job that a file left in
// its queue may reach the handler while the next file runs, and with those counters going on its
// id names no row of the next file (the handler drops it) instead of that file's first e-mail.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';

type Row = Record<string, unknown>;
type Fresh = {
  /** The binding itself: the guard of tests/worker/d1-guard.ts wraps env.DB after this file's first call. */
  db: D1Database;
  /** Ordinary tables with the rows the migrations left in them (most are empty). */
  tables: { name: string; rows: Row[] }[];
  /** Full-text tables: emptied by their own 'delete-all' command. */
  fts: string[];
};

const KEY = Symbol.for('kserowo.tests.fresh-d1');
const shared = globalThis as unknown as Record<symbol, Fresh | undefined>;

/** Tables whose ids travel in queue messages: EmailJob.notificationId, WebhookJob.deliveryId. */
const QUEUED_BY_ID = ['outbox', 'webhook_deliveries'];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function snapshot(db: D1Database): Promise<Fresh> {
  const { results } = await db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
         AND name <> 'd1_migrations' ORDER BY name`,
    )
    .all<{ name: string; sql: string }>();
  for (const name of QUEUED_BY_ID)
    if (!results.some((t) => t.name === name)) throw new Error(`fresh-d1.ts: no table ${name} (QUEUED_BY_ID)`);
  const fts = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  // An FTS5 table's shadow tables (<name>_data, _idx, _content, _docsize, _config) are its own business.
  const ordinary = results.filter((t) => !fts.includes(t.name) && !fts.some((v) => t.name.startsWith(`${v}_`)));
  const tables = await Promise.all(
    ordinary.map(async ({ name }) => ({
      name,
      rows: (await db.prepare(`SELECT * FROM ${quote(name)}`).all<Row>()).results,
    })),
  );
  const sequence = await db.prepare('SELECT name, seq FROM sqlite_sequence').all<Row>();
  tables.push({ name: 'sqlite_sequence', rows: sequence.results });
  return { db, tables, fts };
}

async function restore({ db, tables, fts }: Fresh): Promise<void> {
  const statements = [db.prepare('PRAGMA defer_foreign_keys = ON')];
  for (const { name } of tables)
    statements.push(
      name === 'sqlite_sequence'
        ? db
            .prepare(`DELETE FROM sqlite_sequence WHERE name NOT IN (${QUEUED_BY_ID.map(() => '?').join(', ')})`)
            .bind(...QUEUED_BY_ID)
        : db.prepare(`DELETE FROM ${quote(name)}`),
    );
  for (const name of fts)
    statements.push(db.prepare(`INSERT INTO ${quote(name)}(${quote(name)}) VALUES ('delete-all')`));
  for (const { name, rows } of tables)
    for (const row of rows) {
      if (name === 'sqlite_sequence' && QUEUED_BY_ID.includes(String(row.name))) continue;
      const columns = Object.keys(row);
      statements.push(
        db
          .prepare(
            `INSERT INTO ${quote(name)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          )
          .bind(...columns.map((c) => row[c])),
      );
    }
  await db.batch(statements);
}

/**
 * The partner the tests' widgets and forms send (`partner="drukarnia-abc"`), registered as the
 * owner would add it in the panel (worker/partners): its pages are the origins the tests post from.
 * Kept with the migrations' rows, so every file starts with it. The browser tests' server adds it
 * the same way (scripts/serve-test.mjs).
 */
export const TEST_PARTNERS = [
  `INSERT OR IGNORE INTO partners (id, name, domains, commission_kind, share_bp, share_months)
   VALUES ('drukarnia-abc', 'Drukarnia ABC', '["drukarnia-abc.pl","partner.example","kserowo.test","kserowo.pl","127.0.0.1","localhost"]', 'share', 1000, 12)`,
];

/** Gives this test file the database of a fresh run of the migrations. */
export async function freshD1(db: D1Database, migrations: D1Migration[]): Promise<void> {
  const fresh = shared[KEY];
  if (fresh) return restore(fresh);
  await applyD1Migrations(db, migrations);
  await db.batch(TEST_PARTNERS.map((sql) => db.prepare(sql)));
  shared[KEY] = await snapshot(db);
}

/** The unguarded binding (applyD1Migrations and the reset need the real one). */
export function rawD1(binding: D1Database): D1Database {
  return shared[KEY]?.db ?? binding;
}
