// Browser tests: Debian Chromium (Playwright cannot download its own browsers here)
// against the real worker in `wrangler dev` with a local D1.
import { defineConfig } from '@playwright/test';
import { disableFeaturesSwitch } from './chromium-features.ts';

const port = Number(process.env.KSEROWO_TEST_PORT ?? 8788);

export const chromiumArgs = [
  // Playwright's own list of features off and ours (the address bar's WebUI popup), in one switch.
  disableFeaturesSwitch(),
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three pages at once on two cores. Alone on a quiet machine, the quality and (then separate) layout-shift
  // specs (102 tests) took 157 s with two workers (80 s of the cores idle), 138 s with three and
  // 134 s with four; but four used 8 % more CPU (249 s against 230–233 s: pages waiting by
  // polling burn more when they wait longer), and in `npm test` the Chromium run shares the cores
  // with the Firefox, component, unit and worker runs, so its CPU is what the whole run pays
  // (docs/testing-costs.md). KSEROWO_BROWSER_WORKERS sets another number.
  workers: Number(process.env.KSEROWO_BROWSER_WORKERS ?? 3),
  // One retry, for tests caught by a restart of the test server (scripts/serve-test.mjs); a retried test is reported as flaky.
  retries: 1,
  timeout: 60_000,
  // An assertion waits up to 15 s, not Playwright's 5 s: with the load average at 24 on 2 cores the
  // panel has been seen to take longer than 5 s to list the leads after logging in. Only a failing
  // assertion waits that long.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pl-PL',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: 'node scripts/serve-test.mjs',
    cwd: '../..',
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/api/health`,
    // wrangler dev with its migrations (scripts/serve-test.mjs): about a minute with two whole suites
    // side by side; before the migrations went in one run, over five. A deadline for a server that
    // never comes up, with room for a machine twice as busy.
    timeout: 600_000,
    reuseExistingServer: false,
    // SIGTERM, so that serve-test.mjs stops wrangler dev and workerd with it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
