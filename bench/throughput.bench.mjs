// Worker throughput against local `wrangler dev` (bench/server.mjs): `GET /api/catalogue`
// (the worker, D1 first, the bundled catalogue as fallback) beside the static asset whose
// size is closest to it (served by the assets layer without the worker), measured one
// after the other in the same run with autocannon: requests/s, p50, p99 and their ratio.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/env.mjs';
import { startServer } from './server.mjs';

export const title = 'Worker throughput: /api/catalogue vs a static asset';

/** autocannon settings: 10 connections for 10 s after a 2 s warm-up, no pipelining. */
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
const PORT = 8792;

const publicDir = path.join(root, 'dist/public');

/** Every built file as `{path, bytes}` (URL path, uncompressed size). */
function builtFiles(dir = publicDir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return builtFiles(full);
    return [{ path: `/${path.relative(publicDir, full).split(path.sep).join('/')}`, bytes: statSync(full).size }];
  });
}

/** The built file nearest in size to `bytes` (not HTML: pages go through HTML handling). */
function staticAssetLike(bytes) {
  return builtFiles()
    .filter((f) => !f.path.endsWith('.html') && !f.path.endsWith('/_headers'))
    .sort((a, b) => Math.abs(a.bytes - bytes) - Math.abs(b.bytes - bytes))[0];
}

const cannon = (url, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

export async function run() {
  const server = await startServer({ port: PORT });
  try {
    const api = `${server.url}/api/catalogue`;
    const apiBytes = (await (await fetch(api)).arrayBuffer()).byteLength;
    const asset = staticAssetLike(apiBytes);
    const targets = [
      { name: '`GET /api/catalogue` (worker + D1)', url: api, bytes: apiBytes },
      { name: `\`GET ${asset.path}\` (static asset)`, url: `${server.url}${asset.path}`, bytes: asset.bytes },
    ];
    for (const t of targets) await cannon(t.url, WARMUP_S);
    const results = [];
    for (const t of targets) {
      const r = await cannon(t.url, DURATION_S);
      results.push({
        ...t,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    }
    const [a, s] = results;
    const lines = [
      `${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, one after the other against one \`wrangler dev\` (workerd, local D1) on the same 2 cores as the load generator; bodies uncompressed (no \`Accept-Encoding\`).`,
      '',
      '| target | body | requests/s | p50 | p99 | requests | errors | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.name} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.total} | ${r.errors} | ${r.non2xx} |`,
      ),
      `| **ratio API / static** | | ${(a.rps / s.rps).toFixed(2)} | ${(a.p50 / Math.max(s.p50, 1)).toFixed(2)} | ${(a.p99 / Math.max(s.p99, 1)).toFixed(2)} | | | |`,
    ];
    return lines.join('\n');
  } finally {
    await server.stop();
  }
}
