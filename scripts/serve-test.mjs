// Serves the built site with `wrangler dev` for the browser tests and the bench: a D1 of
// its own (.wrangler/test-state, migrated fresh), on PORT (default 8788) so a running
// `npm start` on 8787 is left alone. Expects `npm run build` to have run.
// Every test client is 127.0.0.1, so the lead rate limit of wrangler.toml would refuse
// the suite itself: this server runs a copy of the configuration with the limit raised
// to KSEROWO_LEAD_LIMIT (default 100000 per minute; DESIGN §4: tests bind their own).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, useWranglerEnv, wranglerBin } from './env.mjs';

const port = process.env.PORT ?? '8788';
const persist = path.join(root, '.wrangler/test-state');
useWranglerEnv();
rmSync(persist, { recursive: true, force: true });

/** wrangler.toml with absolute paths and the raised lead limit, written under .wrangler/. */
function testConfig(limit) {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    .replace(/^(main|directory|migrations_dir) = "(.+)"$/gm, (_, key, value) => `${key} = ${JSON.stringify(path.resolve(root, value))}`)
    .replace(/(name = "LEAD_RATE_LIMIT"[^[]*?simple = \{ limit = )\d+/, `$1${limit}`);
  const dir = path.join(root, '.wrangler/test-config', port);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'wrangler.toml');
  writeFileSync(file, toml);
  return file;
}
const config = testConfig(Number(process.env.KSEROWO_LEAD_LIMIT ?? 100_000));

const migrate = spawnSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--config', config, '--persist-to', persist], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CI: 'true' },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const extra = process.env.KSEROWO_WRANGLER_ARGS ? process.env.KSEROWO_WRANGLER_ARGS.split(' ') : [];
const dev = spawn(
  process.execPath,
  [wranglerBin, 'dev', '--config', config, '--ip', '127.0.0.1', '--port', port, '--local', '--persist-to', persist, '--show-interactive-dev-session=false', ...extra],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
