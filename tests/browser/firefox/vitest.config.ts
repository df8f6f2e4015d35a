// The critical flows in Firefox ESR: `npm run test:firefox`, part of `npm test`.
// One file at a time (one Firefox), against scripts/serve-test.mjs on KSEROWO_TEST_PORT
// (default 8789; the Chromium run uses 8788). Expects `npm run build` to have run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
process.env.KSEROWO_TEST_PORT ??= '8789';

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
