// The critical flows in Firefox ESR: `npm run test:firefox`, part of `npm test` (at the same
// time as the Chromium run, `npm run test:browsers`). One file at a time (one Firefox),
// against scripts/serve-test.mjs on a port of its own: KSEROWO_FIREFOX_PORT, by default two
// above the Chromium run's KSEROWO_TEST_PORT (8790 beside 8788; 8789 is the catalogue
// test's second server). Expects `npm run build` to have run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// This run's server and its tests (tests/browser/firefox/browser.ts) read KSEROWO_TEST_PORT.
process.env.KSEROWO_TEST_PORT =
  process.env.KSEROWO_FIREFOX_PORT ?? String(Number(process.env.KSEROWO_TEST_PORT ?? 8788) + 2);

export default defineConfig({
  root,
  test: {
    name: 'firefox',
    root,
    include: ['tests/browser/firefox/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/browser/firefox/server.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // As the Chromium run: one retry for a test caught by a restart of the test server.
    retry: 1,
    env: { KSEROWO_TEST_PORT: process.env.KSEROWO_TEST_PORT },
  },
});
