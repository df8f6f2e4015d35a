// Worker throughput against local `wrangler dev` (bench/server.mjs), each worker answer
// beside the same or similar bytes served as a plain static asset (the assets layer, no
// worker), measured alternately in the same run with autocannon: requests/s, p50, p99 and
// the ratios (goals: pages ≥ 0.9× the static requests/s with p50 within 1.2×,
// /api/catalogue ≥ 0.8×).
//  1. `GET /` through the worker while no catalogue version is published (the built page, held in the isolate)
//     vs a static copy of the same built file;
//  2. `GET /` after a version is published (re-rendered once per version, then from the
//     isolate) vs a static copy of exactly those re-rendered bytes;
//  3. `GET /api/catalogue` (published version) vs the built static file nearest in size.
// The copies go into dist/public/bench-copy/ before the server starts (the re-rendered
// bytes come from a first, short server run) and are removed afterwards.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/env.mjs';
import { adminLogin, startServer } from './server.mjs';

export const title = 'Worker throughput: pages and /api/catalogue vs the same bytes as static assets';

/** autocannon settings: 10 connections, each target 2 × 6 s after a 2 s warm-up, no pipelining. */
const CONNECTIONS = 10;
const DURATION_S = 6;
const ROUNDS = 2;
const WARMUP_S = 2;
const PORT = 8792;

const publicDir = path.join(root, 'dist/public');
const copyDir = path.join(publicDir, 'bench-copy');

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
    .filter((f) => !f.path.endsWith('.html') && !f.path.endsWith('/_headers') && !f.path.startsWith('/bench-copy/'))
    .sort((a, b) => Math.abs(a.bytes - bytes) - Math.abs(b.bytes - bytes))[0];
}

const cannon = (url, duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

/** Publishes the live catalogue with one price changed, through the admin API (as the panel does). */
async function publish(base) {
  const headers = { 'content-type': 'application/json', origin: base };
  const cookie = await adminLogin(base);
  const live = await (await fetch(`${base}/api/catalogue`)).json();
  const devices = live.devices.map((d) => ({ id: d.id, packages: d.packages }));
  devices[0].packages[0] = { ...devices[0].packages[0], monthlyPrice: devices[0].packages[0].monthlyPrice - 10 };
  const res = await fetch(`${base}/api/admin/catalogue`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ devices, note: 'bench' }),
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
}

const bodyOf = async (url) => Buffer.from(await (await fetch(url)).arrayBuffer());

/** Measures `pair` ([worker, static]) alternately, ROUNDS times each; means of the rounds. */
async function measure(pair) {
  for (const t of pair) await cannon(t.url, WARMUP_S);
  const sums = pair.map(() => ({ rps: 0, p50: 0, p99: 0, total: 0, errors: 0, non2xx: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of pair.entries()) {
      const r = await cannon(t.url, DURATION_S);
      const s = sums[i];
      s.rps += r.requests.average / ROUNDS;
      s.p50 += r.latency.p50 / ROUNDS;
      s.p99 += r.latency.p99 / ROUNDS;
      s.total += r.requests.total;
      s.errors += r.errors + r.timeouts;
      s.non2xx += r.non2xx;
    }
  }
  return pair.map((t, i) => ({ ...t, ...sums[i] }));
}

const row = (r) =>
  `| ${r.name} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${r.total} | ${r.errors} | ${r.non2xx} |`;
const ratio = (label, [w, s], goal) =>
  `| **${label}** (goal ${goal}) | | **${(w.rps / s.rps).toFixed(2)}** | **${(w.p50 / Math.max(s.p50, 1)).toFixed(2)}** | ${(w.p99 / Math.max(s.p99, 1)).toFixed(2)} | | | |`;

export async function run() {
  const builtHome = readFileSync(path.join(publicDir, 'index.html'));
  // A first, short run only to learn the re-rendered bytes of `/` for a published version.
  let publishedHome;
  let server = await startServer({ port: PORT });
  try {
    await publish(server.url);
    publishedHome = await bodyOf(`${server.url}/`);
  } finally {
    await server.stop();
  }
  mkdirSync(copyDir, { recursive: true });
  writeFileSync(path.join(copyDir, 'home.html'), builtHome);
  writeFileSync(path.join(copyDir, 'home-published.html'), publishedHome);

  const results = [];
  server = await startServer({ port: PORT });
  try {
    const u = (p) => `${server.url}${p}`;
    const unpublished = await measure([
      {
        name: '`GET /` (worker, nothing published: the built page from the isolate)',
        url: u('/'),
        bytes: builtHome.length,
      },
      { name: '`GET /bench-copy/home` (static copy)', url: u('/bench-copy/home'), bytes: builtHome.length },
    ]);
    await publish(server.url);
    const same = (await bodyOf(u('/'))).equals(publishedHome);
    if (!same) throw new Error('the re-rendered page differs from its static copy');
    const published = await measure([
      { name: '`GET /` (worker, version 1 published: re-rendered)', url: u('/'), bytes: publishedHome.length },
      {
        name: '`GET /bench-copy/home-published` (static copy)',
        url: u('/bench-copy/home-published'),
        bytes: publishedHome.length,
      },
    ]);
    const apiBytes = (await bodyOf(u('/api/catalogue'))).length;
    const asset = staticAssetLike(apiBytes);
    const api = await measure([
      { name: '`GET /api/catalogue` (worker, version 1)', url: u('/api/catalogue'), bytes: apiBytes },
      { name: `\`GET ${asset.path}\` (static asset)`, url: u(asset.path), bytes: asset.bytes },
    ]);
    results.push(
      ...unpublished.map(row),
      ratio('ratio worker / static, nothing published', unpublished, 'rps ≥ 0.9, p50 ≤ 1.2'),
      ...published.map(row),
      ratio('ratio worker / static, version published', published, 'rps ≥ 0.9, p50 ≤ 1.2'),
      ...api.map(row),
      ratio('ratio API / static', api, 'rps ≥ 0.8'),
    );
  } finally {
    await server.stop();
    rmSync(copyDir, { recursive: true, force: true });
  }
  return [
    `${CONNECTIONS} connections; per target a ${WARMUP_S} s warm-up, then ${ROUNDS} rounds of ${DURATION_S} s alternating with its static twin (figures: means of the rounds), against one \`wrangler dev\` (workerd, local D1) on the same 2 cores as the load generator; bodies uncompressed (no \`Accept-Encoding\`). The static copies are byte-identical to what the worker answers.`,
    '',
    '| target | body | requests/s | p50 | p99 | requests | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results,
  ].join('\n');
}
