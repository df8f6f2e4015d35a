// `npm start`: build everything, apply the D1 migrations to the local database and
// serve site, widgets and API on http://127.0.0.1:8787 through `wrangler dev`.
import { spawn, spawnSync } from 'node:child_process';
import { build } from './build.mjs';
import { root, useWranglerEnv, wranglerBin } from './env.mjs';

const port = process.env.PORT ?? '8787';
const started = Date.now();
useWranglerEnv();

await build();

const migrate = spawnSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, CI: 'true' },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const dev = spawn(
  process.execPath,
  [wranglerBin, 'dev', '--ip', '127.0.0.1', '--port', port, '--local', '--show-interactive-dev-session=false'],
  { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] },
);
let announced = false;
dev.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/.test(String(chunk))) {
    announced = true;
    console.log(`\nKserowo is up on http://127.0.0.1:${port}/ (started in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
