// Serves the built site with `wrangler dev` for the browser tests: a D1 of its own
// (.wrangler/test-state, migrated fresh), on PORT (default 8788) so a running
// `npm start` on 8787 is left alone. Expects `npm run build` to have run.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root, useWranglerEnv, wranglerBin } from './env.mjs';
import { TEST_ADMIN_PASSWORD, adminHash } from './admin-hash.mjs';

const port = process.env.PORT ?? '8788';
// KSEROWO_TEST_STATE: another state folder, for a second server a test starts itself.
const persist = path.join(root, process.env.KSEROWO_TEST_STATE ?? '.wrangler/test-state');
useWranglerEnv();
rmSync(persist, { recursive: true, force: true });

const migrate = spawnSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CI: 'true' },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const extra = process.env.KSEROWO_WRANGLER_ARGS ? process.env.KSEROWO_WRANGLER_ARGS.split(' ') : [];
const dev = spawn(
  process.execPath,
  [
    wranglerBin, 'dev', '--ip', '127.0.0.1', '--port', port, '--local', '--persist-to', persist, '--show-interactive-dev-session=false',
    // The admin secret from the password the admin tests log in with (never the .dev.vars one).
    '--var', `ADMIN_PASSWORD_HASH:${adminHash(TEST_ADMIN_PASSWORD)}`,
    ...extra,
  ],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
