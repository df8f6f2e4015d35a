// The D1 migrations of worker/migrations in one local runtime: every missing file's SQL and its
// `d1_migrations` row, as `wrangler d1 migrations apply` writes them, in one `wrangler d1 execute
// --file`. `migrations apply` starts a local runtime per migration (45 of them: 332 s to 'Ready'
// on a loaded machine); this starts one to read what a kept database has and one to add the rest.
// Used by `npm start` (scripts/start.mjs) and the test server (scripts/serve-test.mjs);
// tests/unit/migrations-one-run.test.ts compares the result with `migrations apply`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { root, wranglerBin } from './env.mjs';

// The ledger table as wrangler creates it, letter for letter (the schema's text compares equal). Wrangler
// 4.156.2 quotes its name, "d1_migrations", where 4.86 did not; a database made then keeps that text.
const LEDGER = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** The config's `[[d1_databases]]` entry: its database_id and migrations folder (absolute). */
export function d1Config(configFile = path.join(root, 'wrangler.toml')) {
  const toml = readFileSync(configFile, 'utf8');
  const id = /\[\[d1_databases\]\][^[]*?database_id = "([^"]+)"/.exec(toml);
  const dir = /^migrations_dir = "(.+)"$/m.exec(toml);
  if (!id || !dir) throw new Error(`${configFile}: no [[d1_databases]] with a database_id and migrations_dir`);
  return { databaseId: id[1], migrationsDir: path.resolve(path.dirname(configFile), dir[1]) };
}

/** The migration files, in the order wrangler applies them (by name). */
export function migrationNames(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

/** One SQL file: the ledger table, then each migration followed by its ledger row. */
export function migrationsSql(dir, names) {
  return [
    LEDGER,
    ...names.map(
      (name) => `${readFileSync(path.join(dir, name), 'utf8')}\nINSERT INTO d1_migrations (name) VALUES ('${name}');`,
    ),
  ].join('\n');
}

/** The migrations a local database already has; none when its file does not exist yet. */
export async function appliedMigrations(persistTo, databaseId) {
  if (!existsSync(path.join(persistTo, 'v3/d1'))) return new Set();
  // Miniflare 5 takes v4 options through convertV4MiniflareOptions, as wrangler's `d1 execute --local` does.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
      compatibilityDate: '2026-04-01',
      d1Databases: { DB: databaseId },
      resourcePersistencePath: path.join(persistTo, 'v3'),
    }),
  );
  try {
    const db = await mf.getD1Database('DB');
    const ledger = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'")
      .first();
    if (!ledger) return new Set();
    const { results } = await db.prepare('SELECT name FROM d1_migrations').all();
    return new Set(results.map((row) => row.name));
  } finally {
    await mf.dispose();
  }
}

/**
 * Brings the local database under `persistTo` up to date in one `wrangler d1 execute`. `known`: the
 * migrations it has, when the caller knows (a fresh state: none); else they are read from it.
 * `seed`: SQL run after them in the same file (the test server's registered partner), only when
 * migrations were missing. Returns the names applied; throws when wrangler fails.
 */
export async function applyMigrationsInOneRun({ config, persistTo, known, seed = '' }) {
  const { databaseId, migrationsDir } = d1Config(config);
  const have = known ?? (await appliedMigrations(persistTo, databaseId));
  const missing = migrationNames(migrationsDir).filter((name) => !have.has(name));
  if (missing.length === 0) return missing;
  const dir = path.join(root, '.wrangler/migrations-run');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${Date.now()}.sql`);
  writeFileSync(file, `${migrationsSql(migrationsDir, missing)}\n${seed}`);
  const run = spawnSync(
    process.execPath,
    [wranglerBin, 'd1', 'execute', 'DB', '--local', '--config', config, '--persist-to', persistTo, '--file', file],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } },
  );
  if (run.status !== 0)
    throw new Error(`wrangler d1 execute of ${missing.length} migrations exited with ${run.status}`);
  return missing;
}
