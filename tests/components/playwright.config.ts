// The widgets' component tests (widgets/*/*.spec.ts): each widget mounted in a blank page of
// Debian Chromium, served from the built files by scripts/serve-components.mjs, without the
// worker; one state per `describe`, an axe check per state. The page suite of tests/browser
// stays for the integration with the worker. `npm run test:components` (after `npm run build`).
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from '../browser/playwright.config.ts';

const port = Number(process.env.KSEROWO_COMPONENT_PORT ?? 8889);

export default defineConfig({
  testDir: '../../widgets',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Deadlines, not speeds: with two whole suites side by side (the load average at 30 on two
  // cores) axe inside one widget took over 20 s. As in the page suite (tests/browser).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../../test-results/components',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pl-PL',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: {
    command: 'node scripts/serve-components.mjs',
    cwd: '../..',
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
