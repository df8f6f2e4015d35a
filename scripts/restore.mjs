// `npm run restore -- <file>`: restores a backup of `npm run backup` (or of the daily R2 backup)
// into the local D1, replacing what is there, and builds the search index again from the leads.
// The file is read through once before anything is dropped: a file cut short changes nothing.
// Stop `npm start` first (it holds the same database). docs/backups.md.
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { applyWranglerEnv, root } from './env.mjs';
import { withLocalD1 } from './local-d1.mjs';

applyWranglerEnv();
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- <file>');
  process.exit(2);
}
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
statSync(source);
const { restoreBackup } = await importForNode('backup', { entryPoints: [path.join(root, 'worker/backups/model.ts')] });

const started = performance.now();
const report = await withLocalD1((db) =>
  restoreBackup(db, () => createReadStream(source, { encoding: 'utf8', highWaterMark: 1 << 20 })),
);
console.log(
  `Restored ${source} into the local D1: ${report.tables} tables, ${report.rows} rows (${report.statements} statements), search index rebuilt, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
