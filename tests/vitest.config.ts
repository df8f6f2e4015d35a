// Two projects: `unit` (Node: domain code, build tooling) and `worker` (inside workerd
// through @cloudflare/vitest-pool-workers, with the real wrangler.toml bindings).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { wranglerEnv } from '../scripts/env.mjs';
import { TEST_ADMIN_PASSWORD, adminHash } from '../scripts/admin-hash.mjs';

Object.assign(process.env, wranglerEnv);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// oxc compiles TSX for tests with the development runtime (`jsxDEV`): it must be Preact's
// too, or components render real React elements that Preact's string renderer skips.
const preactAlias = [
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  root,
  test: {
    projects: [
      {
        resolve: { alias: preactAlias },
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: { name: 'unit', root, include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias: preactAlias },
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        plugins: [
          cloudflareTest(async () => ({
            main: path.join(root, 'worker/index.ts'),
            wrangler: { configPath: path.join(root, 'wrangler.toml') },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'worker/migrations')),
                // The admin secret (issue 7), from a password the admin tests know.
                ADMIN_PASSWORD_HASH: adminHash(TEST_ADMIN_PASSWORD),
                TEST_ADMIN_PASSWORD,
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          root,
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['tests/worker/setup.ts'],
        },
      },
    ],
  },
});
