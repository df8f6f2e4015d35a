// A newcomer's first `npm start` (scripts/start.mjs): the D1 migrations in one wrangler run that
// leaves the same database as `wrangler d1 migrations apply`, and the admin password shown even when
// the start fails after its hash was written.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pbkdf2Sync } from 'node:crypto';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrationsInOneRun, migrationNames } from '../../scripts/migrations.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const work = mkdtempSync(path.join(tmpdir(), 'kserowo-first-start-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every object of the schema and the ledger's migration names, in order. */
async function schemaOf(persistTo: string): Promise<{ schema: unknown[]; migrations: string[] }> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
      compatibilityDate: '2026-04-01',
      d1Databases: { DB: 'first-start' },
      resourcePersistencePath: path.join(persistTo, 'v3'),
    }),
  );
  try {
    const db = await mf.getD1Database('DB');
    const schema = await db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name")
      .all();
    const ledger = await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all();
    return {
      schema: schema.results,
      migrations: ledger.results.map((row: Record<string, unknown>) => String(row.name)),
    };
  } finally {
    await mf.dispose();
  }
}

describe('npm start migrates in one run', () => {
  // The first six migrations of worker/migrations (tables, indexes, defaults), then one more as a
  // later pull brings it (0031: a column and triggers): `migrations apply` starts a local runtime
  // per migration, so the whole list would cost this test minutes.
  const all = migrationNames(path.join(root, 'worker/migrations'));
  const first = all.slice(0, all.indexOf('0030_accounts.sql') + 1);
  const later = all.slice(first.length, all.indexOf('0031_lead_ownership.sql') + 1);
  const dir = path.join(work, 'migrations');
  const config = path.join(work, 'wrangler.toml');
  mkdirSync(dir);
  writeFileSync(
    config,
    `name = "first-start"\nmain = "worker.js"\ncompatibility_date = "2026-04-01"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "first-start"\ndatabase_id = "first-start"\nmigrations_dir = "migrations"\n`,
  );
  const copy = (names: string[]) => {
    for (const name of names) copyFileSync(path.join(root, 'worker/migrations', name), path.join(dir, name));
  };
  const migrationsApply = (persistTo: string) => {
    const run = spawnSync(
      process.execPath,
      [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--config', config, '--persist-to', persistTo],
      { cwd: root, env: { ...process.env, CI: 'true' }, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
  };

  it('leaves the schema and migration list of `wrangler d1 migrations apply`, fresh and when new ones arrive', async () => {
    expect(first.length).toBeGreaterThan(5);
    expect(later).toEqual(['0031_lead_ownership.sql']);
    copy(first);
    const byWrangler = path.join(work, 'by-wrangler');
    const byOneRun = path.join(work, 'by-one-run');
    migrationsApply(byWrangler);
    expect(await applyMigrationsInOneRun({ config, persistTo: byOneRun })).toEqual(first);
    const fresh = await schemaOf(byOneRun);
    expect(fresh.migrations).toEqual(first);
    expect(fresh).toEqual(await schemaOf(byWrangler));

    // A later `npm start` on the kept database adds only what it lacks, in one run again.
    copy(later);
    migrationsApply(byWrangler);
    expect(await applyMigrationsInOneRun({ config, persistTo: byOneRun })).toEqual(later);
    const updated = await schemaOf(byOneRun);
    expect(updated.migrations).toEqual([...first, ...later]);
    expect(updated).toEqual(await schemaOf(byWrangler));
    // Nothing left: no wrangler run at all.
    expect(await applyMigrationsInOneRun({ config, persistTo: byOneRun })).toEqual([]);
    // Seven local runtimes by `migrations apply`, five by this: 61 s with thirteen of the default 30 s on a busy machine;
    // past 300 s once beside the whole browser run (2 Dec), so ten minutes.
  }, 600_000);
});

describe('a first npm start that fails', () => {
  it('has shown the new admin password, whose hash it wrote', async () => {
    // Something else holds the port npm start is told to use.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const devVars = path.join(work, 'dev.vars');
    try {
      const start = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), KSEROWO_DEV_VARS: devVars },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      start.stdout.on('data', (chunk) => {
        out += chunk;
      });
      start.stderr.on('data', (chunk) => {
        out += chunk;
      });
      const code = await new Promise((resolve) => start.on('exit', resolve));
      expect(code).toBe(1);
      expect(out).toContain(`Port ${port} is taken`);
      const password = /Admin panel password \(new[^)]*\): (\S+)/.exec(out)?.[1];
      expect(password).toMatch(/^[\w-]{24}$/);
      // The hash in the file is the printed password's (PBKDF2-SHA256, scripts/admin-hash.mjs).
      const [, iterations, salt, hash] =
        /ADMIN_PASSWORD_HASH="pbkdf2-sha256\$(\d+)\$([^$]+)\$([^"]+)"/.exec(readFileSync(devVars, 'utf8')) ?? [];
      const derived = pbkdf2Sync(password ?? '', Buffer.from(salt ?? '', 'base64'), Number(iterations), 32, 'sha256');
      expect(derived.toString('base64')).toBe(hash);
    } finally {
      holder.close();
    }
    // 14.8 s on a busy machine (loading the build's modules), of a 30 s default.
  }, 120_000);
});
