// The load both lead benchmarks drive: autocannon POSTing JSON to a lead form, a fresh
// body (a new form fill) for every request, from a partner's origin; and the bench's own
// look into its local D1 (`wrangler d1 execute` on the state the server used).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, wranglerBin } from '../scripts/env.mjs';

/** Concurrent clients and seconds of one load run. */
export const LOAD = { connections: 20, durationSeconds: 10 };

/**
 * POSTs `body()` to `url + pathname` from `LOAD.connections` clients for `LOAD.durationSeconds`.
 * `onAnswer(status, text)` sees every answer (e.g. to collect the ids answered).
 * @param {{url: string, pathname: string, body: () => unknown, onAnswer?: (status: number, text: string) => void}} options
 * @returns {Promise<import('autocannon').Result>}
 * @example const result = await leadLoad({ url, pathname: '/api/send-contact-email', body: () => ({ ... }) });
 */
export function leadLoad({ url, pathname, body, onAnswer }) {
  return autocannon({
    url: `${url}${pathname}`,
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://partner.example' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
        ...(onAnswer ? { onResponse: onAnswer } : {}),
      },
    ],
  });
}

/**
 * Runs SQL on the bench server's local D1 (its config and state, the server stopped or
 * running) and answers the results of each statement.
 * @param {{port: number, state: string, sql: string}} options `state`: the persist folder under the project
 * @returns {{results: Record<string, unknown>[]}[]}
 */
export function benchD1({ port, state, sql }) {
  const result = spawnSync(
    process.execPath,
    [
      wranglerBin,
      'd1',
      'execute',
      'DB',
      '--local',
      '--json',
      '--config',
      path.join(root, '.wrangler/test-config', String(port), 'wrangler.toml'),
      '--persist-to',
      path.join(root, state),
      '--command',
      sql,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed: ${(result.stdout + result.stderr).slice(0, 2000)}`);
  return JSON.parse(result.stdout);
}
