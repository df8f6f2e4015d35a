// `npm start`: build everything, apply the D1 migrations to the local database and
// serve site, widgets and API on http://127.0.0.1:8787 through `wrangler dev`.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminHash, randomPassword } from './admin-hash.mjs';
import { build } from './build.mjs';
import { root, applyWranglerEnv, wranglerBin } from './env.mjs';
import { startKsefStandIn } from './ksef-standin.mjs';

const port = process.env.PORT ?? '8787';
const started = Date.now();
applyWranglerEnv();

await build();

/**
 * The admin password for local work: on the first run a random one is made, only its
 * hash goes into .dev.vars (git-ignored) and the password is printed once. To choose
 * another, delete the ADMIN_PASSWORD_HASH line and start again.
 */
function ensureAdminPassword() {
  const file = path.join(root, '.dev.vars');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (/^ADMIN_PASSWORD_HASH=/m.test(current)) return undefined;
  const password = randomPassword();
  const gap = current && !current.endsWith('\n') ? '\n' : '';
  appendFileSync(
    file,
    `${gap}# Admin panel (/admin): hash of the password npm start printed on its first run.\nADMIN_PASSWORD_HASH="${adminHash(password)}"\n`,
  );
  return password;
}
const newAdminPassword = ensureAdminPassword();

const migrate = spawnSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, CI: 'true' },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

// Invoices go to the local KSeF stand-in (docs/ksef.md), never to a real KSeF address.
const ksef = await startKsefStandIn('ksef-standin-start');
// KSEROWO_DEVICE_SIM=1: two simulated copiers on UDP 127.0.0.1 for the collector (docs/collector.md).
const devices =
  process.env.KSEROWO_DEVICE_SIM === '1'
    ? await (await import('../collector/sim/demo.mjs')).startDemoDevices(Number(port))
    : undefined;

const dev = spawn(
  process.execPath,
  [
    wranglerBin,
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    port,
    '--local',
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    // The order form's NIP look-up answers from the White List stand-in (no internet
    // needed, the MF's quota untouched); production has the real address in wrangler.toml.
    '--var',
    'WHITELIST_API_URL:stand-in',
    // KOD I on invoice copies links to KSeF's TEST host, never production's.
    '--var',
    'KSEF_QR_URL:https://qr-test.ksef.mf.gov.pl',
    ...ksef.vars,
  ],
  { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] },
);
let announced = false;
dev.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/.test(String(chunk))) {
    announced = true;
    console.log(
      `\nKserowo is up on http://127.0.0.1:${port}/ (started in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
    console.log(`KSeF: the local stand-in at ${ksef.standIn.baseUrl} (docs/ksef.md).`);
    console.log(
      newAdminPassword
        ? `Admin panel: http://127.0.0.1:${port}/admin — password (shown only now, its hash is in .dev.vars): ${newAdminPassword}`
        : `Admin panel: http://127.0.0.1:${port}/admin — password as printed on the first run (delete ADMIN_PASSWORD_HASH from .dev.vars for a new one).`,
    );
    for (const line of devices?.lines ?? []) console.log(line);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => ksef.standIn.close().finally(() => process.exit(code ?? 0)));
