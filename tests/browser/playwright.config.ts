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
  workers: 2,
  retries: 0,
  timeout: 60_000,
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
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
