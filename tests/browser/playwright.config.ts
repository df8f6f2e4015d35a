// Browser tests: Debian Chromium (Playwright cannot download its own browsers here)
// against the real worker in `wrangler dev` with a local D1.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.KSEROWO_TEST_PORT ?? 8788);

export const chromiumArgs = [
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
  // Four pages at once on two cores: a test here spends about a third of its time on the CPU and
  // the rest waiting for the test server, the page and axe. Side by side on a loaded machine the
  // same 87 tests took 6.7 min with four workers and 8.6 min with two, at the same CPU time
  // (docs/testing-costs.md). KSEROWO_BROWSER_WORKERS sets another number.
  workers: Number(process.env.KSEROWO_BROWSER_WORKERS ?? 4),
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
    // wrangler dev with its migrations: under a minute quiet, over three with the load average at 48.
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM, so that serve-test.mjs stops wrangler dev and workerd with it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
