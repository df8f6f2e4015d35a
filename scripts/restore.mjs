// `npm run restore -- <file>`: restores a backup of `npm run backup` (or of the daily R2 backup)
// into the local D1, replacing its rows, and builds the search index again from the leads. The
// schema is our migrations' (applied first, as `npm start` does), never the file's: the file is
// checked whole against it (known tables and columns only), its rows wait in staging tables, and
// go in in one transaction only when every row is there. A refused file changes nothing. The file
// is decrypted with the local BACKUP_KEY (.dev.vars), or KSEROWO_BACKUP_KEY for another's (production's).
// Stop `npm start` first (it holds the same database). docs/backups.md.
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { applyWranglerEnv, root } from './env.mjs';
import { withLocalD1 } from './local-d1.mjs';
import { applyMigrationsInOneRun } from './migrations.mjs';
import { localKeys } from './secret-keys.mjs';

applyWranglerEnv();
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- <file>');
  process.exit(2);
}
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
statSync(source);
const { decryptBackup, restoreBackup } = await importForNode('backup', {
  entryPoints: [path.join(root, 'worker/backups/node.ts')],
});
const keys = localKeys();

const started = performance.now();
// The schema is built from our migrations: those the local D1 lacks are applied first.
const applied = await applyMigrationsInOneRun({
  config: path.join(root, 'wrangler.toml'),
  persistTo: path.join(root, '.wrangler/state'),
});
if (applied.length) console.log(`D1: ${applied.length} migrations applied in one run.`);
let report;
try {
  report = await withLocalD1((db) =>
    restoreBackup(db, () => decryptBackup(keys, createReadStream(source, { highWaterMark: 1 << 20 }))),
  );
} catch (error) {
  if (error?.name !== 'RestoreRefused') throw error;
  console.error(error.message);
  process.exit(1);
}
console.log(
  `Restored ${source} into the local D1: ${report.tables} tables, ${report.rows} rows (${report.statements} statements), search index rebuilt, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
