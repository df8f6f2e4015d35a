// `npm start`: build everything, apply the D1 migrations to the local database and
// serve site, widgets and API on http://127.0.0.1:8787 through `wrangler dev`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminHash, randomPassword } from './admin-hash.mjs';
import { build } from './build.mjs';
import { root, applyWranglerEnv, wranglerBin } from './env.mjs';
import { startKsefStandIn } from './ksef-standin.mjs';
import { applyMigrationsInOneRun } from './migrations.mjs';
import { freePort, portTaken } from './ports.mjs';
import { keyVars, localKeys } from './secret-keys.mjs';

const port = process.env.PORT ?? '8787';
const started = Date.now();
applyWranglerEnv();

// The admin password's hash lives in .dev.vars (KSEROWO_DEV_VARS names another file: the start test's).
const devVars = process.env.KSEROWO_DEV_VARS ?? path.join(root, '.dev.vars');

/**
 * The admin password for local work: on the first run a random one is made, only its hash goes
 * into .dev.vars (git-ignored), and the password is printed at once, before anything that can fail
 * (the port, the build, the migrations), and again when the server is up. To choose another,
 * delete the ADMIN_PASSWORD_HASH line and start again.
 */
function ensureAdminPassword() {
  const current = existsSync(devVars) ? readFileSync(devVars, 'utf8') : '';
  const found = /^ADMIN_PASSWORD_HASH="?([^"\n]+)"?$/m.exec(current);
  if (found) return { hash: found[1] };
  const password = randomPassword();
  const hash = adminHash(password);
  const gap = current && !current.endsWith('\n') ? '\n' : '';
  appendFileSync(
    devVars,
    `${gap}# Admin panel (/admin): hash of the password npm start printed on its first run.\nADMIN_PASSWORD_HASH="${hash}"\n`,
  );
  console.log(
    `Admin panel password (new, shown on this run only; its hash is in ${path.relative(root, devVars)}): ${password}`,
  );
  return { hash, password };
}
const admin = ensureAdminPassword();
// The webhook secrets' key and the backups' key, kept in the same file (scripts/secret-keys.mjs).
const keys = localKeys(devVars);

/**
 * The secret the collectors' keys are encrypted under in D1 (docs/collector.md "Worker side"):
 * made once, kept in .dev.vars (git-ignored) beside the admin hash, so a local collector's key
 * still opens after a restart.
 */
function ensureCollectorKeySecret() {
  const current = existsSync(devVars) ? readFileSync(devVars, 'utf8') : '';
  const found = /^COLLECTOR_KEY_SECRET="?([^"\n]+)"?$/m.exec(current);
  if (found) return found[1];
  const secret = randomBytes(32).toString('base64url');
  const gap = current && !current.endsWith('\n') ? '\n' : '';
  appendFileSync(
    devVars,
    `${gap}# Collectors (docs/collector.md): the secret their keys are encrypted under in D1.\nCOLLECTOR_KEY_SECRET="${secret}"\n`,
  );
  return secret;
}
const collectorKeySecret = ensureCollectorKeySecret();

if (await portTaken(port)) {
  console.error(
    `Port ${port} is taken on 127.0.0.1: stop what holds it, or start on another, e.g. PORT=8790 npm start.`,
  );
  process.exit(1);
}

await build();

// Every migration the local D1 lacks in one wrangler run (scripts/migrations.mjs), not one per migration.
try {
  const applied = await applyMigrationsInOneRun({
    config: path.join(root, 'wrangler.toml'),
    persistTo: path.join(root, '.wrangler/state'),
  });
  console.log(applied.length ? `D1: ${applied.length} migrations applied in one run.` : 'D1: no migrations to apply.');
} catch (error) {
  console.error(`D1: ${error.message}`);
  process.exit(1);
}

// wrangler dev's inspector on 9229 when free (a debugger's default), else on a free port.
const inspectorPort = (await portTaken(9229)) ? await freePort() : 9229;

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
    '--inspector-port',
    String(inspectorPort),
    // The admin password's hash, from .dev.vars or KSEROWO_DEV_VARS's file.
    '--var',
    `ADMIN_PASSWORD_HASH:${admin.hash}`,
    // WEBHOOK_SECRETS_KEY and BACKUP_KEY, from the same file (docs/backups.md).
    ...keyVars(keys),
    '--var',
    `COLLECTOR_KEY_SECRET:${collectorKeySecret}`,
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
      admin.password
        ? `Admin panel: http://127.0.0.1:${port}/admin — password (shown only on this run, its hash is in .dev.vars): ${admin.password}`
        : `Admin panel: http://127.0.0.1:${port}/admin — password as printed on the first run (delete ADMIN_PASSWORD_HASH from .dev.vars for a new one).`,
    );
    for (const line of devices?.lines ?? []) console.log(line);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => ksef.standIn.close().finally(() => process.exit(code ?? 0)));
