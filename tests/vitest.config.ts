// Two projects: `unit` (Node: domain code, build tooling, the worker's *.node.test.ts) and `worker`
// (inside workerd through @cloudflare/vitest-plugin, with the real wrangler.toml bindings).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { configDefaults, defineConfig } from 'vitest/config';
import { wranglerEnv } from '../scripts/env.mjs';
import { preactAliasEntries } from '../scripts/preact-alias.mjs';
import { TEST_ADMIN_PASSWORD, adminHash } from '../scripts/admin-hash.mjs';
import { TEST_KEYS } from '../scripts/secret-keys.mjs';
import { validateFa3 } from './unit/fa3-xsd.ts';

// Set again here for runs without scripts/run.mjs (the npm scripts set it before wrangler loads).
Object.assign(process.env, wranglerEnv);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Tests bind their own, high lead rate limit so thousands of requests exercise validation,
// not the limiter; the test of the limit itself uses LEAD_RATE_LIMIT_CONFIGURED, a limiter
// with the figures of wrangler.toml (DESIGN §4).
const leadLimit = /name = "LEAD_RATE_LIMIT"[^[]*?simple = \{ limit = (\d+), period = (\d+) \}/.exec(
  readFileSync(path.join(root, 'wrangler.toml'), 'utf8'),
);
const lookupLimit = /name = "COMPANY_LOOKUP_RATE_LIMIT"[^[]*?simple = \{ limit = (\d+), period = (\d+) \}/.exec(
  readFileSync(path.join(root, 'wrangler.toml'), 'utf8'),
);
if (!lookupLimit)
  throw new Error('wrangler.toml: no [[ratelimits]] COMPANY_LOOKUP_RATE_LIMIT with simple = { limit, period }');
if (!leadLimit) throw new Error('wrangler.toml: no [[ratelimits]] LEAD_RATE_LIMIT with simple = { limit, period }');
// Each limiter counts on its own (a namespace of its own).
const ratelimits = {
  LEAD_RATE_LIMIT: { namespace_id: '1001', simple: { limit: 1_000_000, period: 60 } },
  LEAD_RATE_LIMIT_CONFIGURED: {
    namespace_id: '1011',
    simple: { limit: Number(leadLimit[1]), period: Number(leadLimit[2]) },
  },
  // The NIP look-up's limiter: high for the tests, wrangler.toml's figures for the test of the limit.
  COMPANY_LOOKUP_RATE_LIMIT: { namespace_id: '1002', simple: { limit: 1_000_000, period: 60 } },
  COMPANY_LOOKUP_RATE_LIMIT_CONFIGURED: {
    namespace_id: '1012',
    simple: { limit: Number(lookupLimit[1]), period: Number(lookupLimit[2]) },
  },
};
// The worker tests read what they write at once (LIVE_CATALOGUE_TTL_MS 0); the test of the
// live catalogue promise uses LIVE_CATALOGUE_TTL_MS_CONFIGURED, the TTL of wrangler.toml.
const liveTtl = /^LIVE_CATALOGUE_TTL_MS = "(\d+)"$/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'));
if (!liveTtl) throw new Error('wrangler.toml: no LIVE_CATALOGUE_TTL_MS = "<ms>" in [vars]');
// Property tests (fast-check) are random but reproducible: one seed per run, printed here,
// and a failing run is replayed with KSEROWO_PROPERTY_SEED=<seed> (docs/testing.md "Property tests and their seed").
const propertySeed = Number(process.env.KSEROWO_PROPERTY_SEED || Math.floor(Math.random() * 2 ** 31));
if (!Number.isSafeInteger(propertySeed)) throw new Error('KSEROWO_PROPERTY_SEED must be a whole number');
process.env.KSEROWO_PROPERTY_SEED = String(propertySeed);
console.log(`Property tests: fast-check seed ${propertySeed} (replay with KSEROWO_PROPERTY_SEED=${propertySeed})`);
// After this long a property draws no new case (the one running ends): on a loaded machine it
// checks fewer cases rather than failing by the clock; a case that fails still fails the test.
const PROPERTY_TIME_LIMIT_MS = 10_000;
process.env.KSEROWO_PROPERTY_TIME_LIMIT_MS = String(PROPERTY_TIME_LIMIT_MS);

/**
 * A test's time budget unless it states its own. Vitest's 5 s (10 s for a hook) is a hundred
 * times what most tests take on a quiet machine, but this one is shared: with the load
 * average between 14 and 48 on 2 cores a test takes 5 to 20 times as long, and a budget
 * that a busy afternoon can exceed fails the suite by the clock. Property tests stop
 * drawing new cases after PROPERTY_TIME_LIMIT_MS.
 */
const TIME_BUDGETS = { testTimeout: 30_000, hookTimeout: 60_000 };

/** The FA3_XSD binding of the worker tests: one check at a time, an error of the check itself answered as invalid. */
let checks: Promise<unknown> = Promise.resolve();
async function fa3XsdService(request: Request): Promise<Response> {
  const documents = (await request.json()) as string[];
  const run = checks.then(() =>
    validateFa3(documents).catch((error: unknown) => ({ valid: false, errors: [`xmllint-wasm: ${String(error)}`] })),
  );
  checks = run;
  return Response.json(await run);
}

export default defineConfig({
  root,
  test: {
    // After the run: the tests past a third of their timeout (tests/time-budgets.ts).
    reporters: ['default', './tests/time-budgets.ts'],
    // One test file per core at a time. Vitest's default leaves a core for itself (one file at
    // a time on a 2-core machine), but a worker test file mostly waits on its workerd, and
    // a unit file on its imports: two at once take about half the time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias: preactAliasEntries },
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          name: 'unit',
          root,
          // Files share their Node worker (and the modules they import): the suite's CPU 36 s → 22 s.
          // Tests that stub a global restore it (vi.unstubAllGlobals); passed with the files shuffled.
          isolate: false,
          // Node tests of worker code live beside it (worker/<feature>/*.node.test.ts); the collector's in collector/test/.
          include: ['tests/unit/**/*.test.{ts,tsx}', 'worker/**/*.node.test.{ts,tsx}', 'collector/**/*.test.ts'],
          ...TIME_BUDGETS,
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        resolve: { alias: preactAliasEntries },
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            main: path.join(root, 'worker/index.ts'),
            wrangler: { configPath: path.join(root, 'wrangler.toml') },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'worker/migrations')),
                // The admin secret, from a password the admin tests know.
                ADMIN_PASSWORD_HASH: adminHash(TEST_ADMIN_PASSWORD),
                TEST_ADMIN_PASSWORD,
                // The key secrets: WEBHOOK_SECRETS_KEY (webhook secrets sealed in D1), BACKUP_KEY (backup files).
                ...TEST_KEYS,
                // Tests write D1 directly and read at once: the isolate keeps no live version (docs/catalogue.md "The live version and its caches").
                LIVE_CATALOGUE_TTL_MS: '0',
                LIVE_CATALOGUE_TTL_MS_CONFIGURED: liveTtl[1],
                // Webhooks may go to http://127.0.0.1 in tests.
                WEBHOOKS_ALLOW_LOCAL_HTTP: '1',
                // The collectors' keys are encrypted under this secret in D1 (worker/collector/key-crypto.ts).
                COLLECTOR_KEY_SECRET: 'test-collector-key-secret-0123456789abcdef',
                PROPERTY_SEED: String(propertySeed),
                PROPERTY_TIME_LIMIT_MS: String(PROPERTY_TIME_LIMIT_MS),
                // The NIP look-up answers from the stand-in of the White List: never the real API.
                WHITELIST_API_URL: 'stand-in',
                // KSeF is the stand-in (tests/worker/ksef-standin.setup.node.ts): its address and a token it knows.
                KSEF_API_URL: inject('ksefStandIn').baseUrl,
                KSEF_TOKEN: inject('ksefStandIn').token,
                KSEF_STANDIN_ORIGIN: inject('ksefStandIn').origin,
                // KOD I links to KSeF's TEST host in tests.
                KSEF_QR_URL: 'https://qr-test.ksef.mf.gov.pl',
              },
              // Every invoice a worker test makes is checked against the FA(3) XSD in Node
              // (xmllint-wasm does not run in workerd): POST the XML documents as a JSON array.
              serviceBindings: { FA3_XSD: fa3XsdService },
              // Issued invoices' KSeF messages go to a queue nobody consumes: a test drives the KSeF
              // consumer by hand (handleKsefBatch) or the sweep (runKsef), so an invoice's KSeF state
              // changes only when the test says so, never 5 s after an issue in the middle of a test.
              queueProducers: { KSEF_QUEUE: { queueName: 'kserowo-ksef-held-in-tests' } },
              ratelimits,
            },
          })),
        ],
        test: {
          name: 'worker',
          root,
          // Files share their workerd (one per core) instead of loading the worker's 500 modules
          // into a new one each: that load was 3–9 s a file, 730 s of the suite's 1 150 on a busy
          // machine. Each file still starts from a fresh database (tests/worker/fresh-d1.ts).
          isolate: false,
          // A feature's tests sit in its folder (worker/<feature>/*.test.ts); tests/worker/ keeps the
          // shared helpers and setup (and runs any test still placed there).
          include: ['worker/**/*.test.ts', 'tests/worker/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'worker/**/*.node.test.ts'],
          ...TIME_BUDGETS,
          setupFiles: ['tests/worker/setup.ts'],
          globalSetup: ['tests/worker/ksef-standin.setup.node.ts'],
        },
      },
    ],
  },
});
