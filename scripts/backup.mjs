// `npm run backup -- <file>`: writes a backup of the local D1 to <file>: every table, row by row
// (worker/backups/model.ts; `wrangler d1 export` refuses a database with an FTS5 table). The
// search index is not in it: `npm run restore -- <file>` builds it again. docs/backups.md.
import { createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { applyWranglerEnv, root } from './env.mjs';
import { withLocalD1 } from './local-d1.mjs';

applyWranglerEnv();
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const { backupLines } = await importForNode('backup', { entryPoints: [path.join(root, 'worker/backups/model.ts')] });

const started = performance.now();
const out = createWriteStream(target);
const rows = await withLocalD1(async (db) => {
  let last = '';
  for await (const text of backupLines(db)) {
    if (!out.write(text)) await once(out, 'drain');
    last = text;
  }
  return JSON.parse(last.trim().split('\n').at(-1)).rows;
});
out.end();
await once(out, 'finish');
const total = Object.values(rows).reduce((a, b) => a + b, 0);
console.log(
  `Backup of the local D1: ${Object.keys(rows).length} tables, ${total} rows, ${statSync(target).size} bytes in ${((performance.now() - started) / 1000).toFixed(1)} s → ${target}`,
);
