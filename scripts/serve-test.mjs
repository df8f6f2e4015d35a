// Serves the built site with `wrangler dev` for the browser tests and the bench: a D1 of
// its own (.wrangler/test-state, migrated fresh), on PORT (default 8788) so a running
// `npm start` on 8787 is left alone. Expects `npm run build` to have run.
// Every test client is 127.0.0.1, so the lead rate limit of wrangler.toml would refuse
// the suite itself: this server runs a copy of the configuration with the limit raised
// to KSEROWO_LEAD_LIMIT (default 100000 per minute; DESIGN §4: tests bind their own), and
// so is the NIP look-up's. Its entry is tests/worker/test-server-entry.ts: the worker, plus
// `POST /__test/d1` for the tests' SQL (tests/browser/test-db.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, applyWranglerEnv, wranglerBin } from './env.mjs';
import { TEST_ADMIN_PASSWORD, adminHash } from './admin-hash.mjs';
import { TEST_KEYS, keyVars } from './secret-keys.mjs';
import { startKsefStandIn } from './ksef-standin.mjs';
import { applyMigrationsInOneRun } from './migrations.mjs';
import { freePort } from './ports.mjs';

const port = process.env.PORT ?? '8788';
// KSEROWO_TEST_STATE: another state folder, for a second server a test starts itself.
const persist = path.join(root, process.env.KSEROWO_TEST_STATE ?? '.wrangler/test-state');
applyWranglerEnv();
// KSEROWO_KEEP_STATE=1: serve the state folder as it is (the scale bench seeds it first).
const keepState = process.env.KSEROWO_KEEP_STATE === '1';
if (!keepState) rmSync(persist, { recursive: true, force: true });

/** wrangler.toml with absolute paths and the raised lead limit, written under .wrangler/. */
function testConfig(limit) {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    .replace(
      /^(main|directory|migrations_dir) = "(.+)"$/gm,
      (_, key, value) => `${key} = ${JSON.stringify(path.resolve(root, value))}`,
    )
    // The tests' own entry: the worker plus the tests' SQL on its D1 binding (tests/browser/test-db.ts).
    .replace(/^main = .+$/m, `main = ${JSON.stringify(path.join(root, 'tests/worker/test-server-entry.ts'))}`)
    .replace(/^(run_worker_first = \[)/m, '$1"/__test/*", ')
    .replace(/(name = "LEAD_RATE_LIMIT"[^[]*?simple = \{ limit = )\d+/, `$1${limit}`)
    .replace(/(name = "COMPANY_LOOKUP_RATE_LIMIT"[^[]*?simple = \{ limit = )\d+/, `$1${limit}`);
  const dir = path.join(root, '.wrangler/test-config', port);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'wrangler.toml');
  writeFileSync(file, toml);
  return file;
}
const config = testConfig(Number(process.env.KSEROWO_LEAD_LIMIT ?? 100_000));

// Every migration in one `wrangler d1 execute` (scripts/migrations.mjs), not one local runtime per
// migration as `migrations apply` (45 of them: about a minute beside the other test server's start,
// over five with two suites side by side). A kept state gets only the migrations it lacks.
try {
  await applyMigrationsInOneRun({
    config,
    persistTo: persist,
    known: keepState ? undefined : new Set(),
    // The partner the tests' pages send (partner="drukarnia-abc"), registered as the owner adds one in
    // the panel, its pages on the test origins (as TEST_PARTNERS of tests/worker/fresh-d1.ts).
    seed: `INSERT OR IGNORE INTO partners (id, name, domains, commission_kind, share_bp, share_months)
      VALUES ('drukarnia-abc', 'Drukarnia ABC', '["drukarnia-abc.pl","partner.example","kserowo.test","kserowo.pl","127.0.0.1","localhost"]', 'share', 1000, 12);`,
  });
} catch (error) {
  console.error(`serve-test: ${error.message}`);
  process.exit(1);
}

// Invoices go to a KSeF stand-in of this server's own (docs/ksef.md); its address is printed for
// tests that switch it (`/__standin/…`).
const ksef = await startKsefStandIn(`ksef-standin-serve-${port}`);
console.log(`serve-test: KSeF stand-in at ${ksef.standIn.baseUrl}`);

const extra = process.env.KSEROWO_WRANGLER_ARGS ? process.env.KSEROWO_WRANGLER_ARGS.split(' ') : [];
// wrangler dev's inspector takes 9229 unless told: a second wrangler dev (npm start, another checkout's
// tests, the catalogue spec's server) would collide on it, so each test server takes a free one.
if (!extra.includes('--inspector-port')) {
  extra.push('--inspector-port', process.env.KSEROWO_INSPECTOR_PORT ?? String(await freePort()));
}
const args = [
  wranglerBin,
  'dev',
  '--config',
  config,
  '--ip',
  '127.0.0.1',
  '--port',
  port,
  '--local',
  '--persist-to',
  persist,
  '--show-interactive-dev-session=false',
  // Warnings and errors only: a line per request cost wrangler's Node process about 0.4 ms of CPU
  // each (3 000 requests: 5.0 s against 3.8 s), on the two cores the whole suite shares.
  // KSEROWO_WRANGLER_LOG=info brings them back.
  '--log-level',
  process.env.KSEROWO_WRANGLER_LOG ?? 'warn',
  // The admin secret from the password the admin tests log in with (never the .dev.vars one).
  '--var',
  `ADMIN_PASSWORD_HASH:${adminHash(TEST_ADMIN_PASSWORD)}`,
  // The tests' WEBHOOK_SECRETS_KEY and BACKUP_KEY (never the .dev.vars ones).
  ...keyVars(TEST_KEYS),
  // Webhooks may go to the test's receiver on http://127.0.0.1.
  '--var',
  'WEBHOOKS_ALLOW_LOCAL_HTTP:1',
  // What `GET /__test/whoami` answers: a spec that starts this server knows it reached its own.
  '--var',
  `TEST_SERVER_ID:${process.env.KSEROWO_TEST_SERVER_ID ?? port}`,
  // The collectors' keys are encrypted under this secret in D1 (worker/collector/key-crypto.ts).
  '--var',
  'COLLECTOR_KEY_SECRET:test-collector-key-secret-0123456789abcdef',
  // The NIP look-up answers from the White List stand-in: tests never call the real API.
  '--var',
  'WHITELIST_API_URL:stand-in',
  // KOD I on invoice copies links to KSeF's TEST host, never production's.
  '--var',
  'KSEF_QR_URL:https://qr-test.ksef.mf.gov.pl',
  ...ksef.vars,
  ...extra,
];

// `wrangler dev` has been seen to die mid-suite on a loaded machine (an empty "[ERROR]"
// from its inspector proxy). A test server that stays down fails every later test, so it
// is started again on the same port and state, a few times at most; the restart is logged.
const MAX_RESTARTS = 3;
let restarts = 0;
let stopping = false;
let dev;
/** Ends a wrangler dev with its workerd (its own process group), so the port is free again. */
const killGroup = (child, sig = 'SIGTERM') => {
  try {
    process.kill(-child.pid, sig);
  } catch {
    // already gone
  }
};
function start() {
  dev = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', detached: true });
  const child = dev;
  child.on('exit', (code, signal) => {
    killGroup(child, 'SIGKILL');
    if (stopping || restarts >= MAX_RESTARTS) process.exit(code ?? (signal ? 1 : 0));
    restarts += 1;
    console.error(`serve-test: wrangler dev exited (${code ?? signal}); restarting (${restarts}/${MAX_RESTARTS})`);
    setTimeout(start, 500);
  });
}
start();
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    stopping = true;
    killGroup(dev, sig);
  });
}
process.on('exit', () => killGroup(dev, 'SIGKILL'));
