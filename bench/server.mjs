// Starts the real worker (`wrangler dev`, fresh local D1) for a benchmark and stops it
// with every child process, so `npm run bench` leaves nothing behind.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from '../scripts/env.mjs';
import { TEST_ADMIN_PASSWORD } from '../scripts/admin-hash.mjs';

/**
 * @param {{port?: number, wranglerArgs?: string[], startTimeoutMs?: number}} options extra `wrangler dev` args, e.g. `['--var', 'X:1']`; how long to wait for it (a loaded machine needs longer)
 * @returns {Promise<{url: string, pid: number, stop: () => Promise<void>}>} `pid`: serve-test's, the root of the server's processes (wrangler, workerd)
 */
export async function startServer({ port = 8797, wranglerArgs = [], startTimeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve-test.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KSEROWO_WRANGLER_ARGS: wranglerArgs.join(' ') },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      // SIGTERM first: serve-test stops its wrangler (a process group of its own) on it.
      try {
        process.kill(-child.pid, 'SIGTERM');
        await new Promise((r) => setTimeout(r, 1500));
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      throw new Error('wrangler dev did not start');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 1500));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  return { url, pid: /** @type {number} */ (child.pid), stop };
}

/**
 * Logs in to the admin API of a bench's server with the tests' password; answers the session's
 * `name=value` for the Cookie header.
 * @param {string} url
 * @param {string} [name] who the audit log names
 */
export async function adminLogin(url, name = 'Bench') {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password: TEST_ADMIN_PASSWORD, name }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
