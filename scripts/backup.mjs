// `npm run backup -- <file>`: writes a backup of the local D1 to <file>: every table, row by row
// (worker/backups/model.ts; `wrangler d1 export` refuses a database with an FTS5 table), encrypted
// under the local BACKUP_KEY (.dev.vars, or KSEROWO_BACKUP_KEY; worker/backups/crypt.ts), webhook
// secrets still in clear sealed first. The search index is not in it: `npm run restore -- <file>`
// builds it again. docs/backups.md.
import { createWriteStream, statSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { applyWranglerEnv, root } from './env.mjs';
import { withLocalD1 } from './local-d1.mjs';
import { localKeys } from './secret-keys.mjs';

applyWranglerEnv();
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const { backupLines, encryptBackup, sealLegacySecrets } = await importForNode('backup', {
  entryPoints: [path.join(root, 'worker/backups/node.ts')],
});
const keys = localKeys();

const started = performance.now();
const out = createWriteStream(target);
const rows = await withLocalD1(async (db) => {
  await sealLegacySecrets({ ...keys, DB: db });
  let last = '';
  async function* lines() {
    for await (const text of backupLines(db)) {
      last = text;
      yield text;
    }
  }
  for await (const bytes of encryptBackup(keys, lines())) if (!out.write(bytes)) await once(out, 'drain');
  return JSON.parse(last.trim().split('\n').at(-1)).rows;
});
out.end();
await once(out, 'finish');
const total = Object.values(rows).reduce((a, b) => a + b, 0);
console.log(
  `Backup of the local D1: ${Object.keys(rows).length} tables, ${total} rows, ${statSync(target).size} bytes in ${((performance.now() - started) / 1000).toFixed(1)} s → ${target}`,
);
