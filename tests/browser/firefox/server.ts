/**
 * Vitest global setup of the Firefox run: the same test server as the Chromium run
 * (scripts/serve-test.mjs: wrangler dev with a fresh local D1) on a port and a state
 * folder of its own, so both runs can go at once; stopped with its workerd at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let server: ChildProcess | undefined;

export async function setup(): Promise<void> {
  const port = process.env.KSEROWO_TEST_PORT ?? '8790';
  server = spawn(process.execPath, ['scripts/serve-test.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: port, KSEROWO_TEST_STATE: '.wrangler/test-state-firefox' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const health = `http://127.0.0.1:${port}/api/health`;
  // The same deadline as the Chromium run's server (tests/browser/playwright.config.ts).
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; ) {
    if (server.exitCode !== null) throw new Error(`test server exited with ${server.exitCode}`);
    try {
      if ((await fetch(health)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`test server did not answer ${health} within 600 s`);
}

export async function teardown(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server?.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}
