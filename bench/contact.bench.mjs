// Contact form under load: 20 concurrent clients for 10 s of POST /api/send-contact-email
// (autocannon) against the real worker in local `wrangler dev`, each request a new form
// fill. The per-IP lead limit of wrangler.toml (20 per 60 s) would refuse nearly all of
// it, so the server runs with the limit raised by configuration (KSEROWO_LEAD_LIMIT, see
// scripts/serve-test.mjs). Afterwards the local D1 is read: every lead answered 200 must
// be stored (with its notification), and stored leads must equal the 200 answers plus the
// requests still in flight when autocannon stopped (the server finished them; the client
// no longer listened).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, wranglerBin } from '../scripts/env.mjs';
import { startServer } from './server.mjs';

export const title = 'Contact form under load (POST /api/send-contact-email)';

const CONNECTIONS = 20;
const DURATION_S = 10;
const LEAD_LIMIT = 1_000_000;

/** Runs SQL on the bench server's local D1 (the same config and state as the server). */
function query(port, sql) {
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
      path.join(root, '.wrangler/test-state'),
      '--command',
      sql,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stderr}`);
  return JSON.parse(result.stdout)[0].results;
}

export async function run() {
  const port = Number(process.env.KSEROWO_BENCH_PORT ?? 8730);
  process.env.KSEROWO_LEAD_LIMIT = String(LEAD_LIMIT);
  const server = await startServer({ port });
  let result;
  const answered = new Set();
  try {
    // Warm-up: the first request compiles the worker and opens D1.
    await fetch(`${server.url}/api/health`);
    result = await autocannon({
      url: `${server.url}/api/send-contact-email`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://partner.example' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              name: 'Jan Testowy',
              email: 'jan@firma.pl',
              phone: '+48 600 100 200',
              message: 'Proszę o ofertę na dzierżawę C258 dla biura (test obciążenia).',
              submissionId: randomUUID(),
              attribution: { page: '/kontakt', origin: 'https://partner.example', referrer: '', utm_source: 'bench' },
              website: '',
            }),
          }),
          onResponse: (status, body) => {
            if (status === 200) answered.add(JSON.parse(body).id);
          },
        },
      ],
    });
    // Let the queue consumer catch up a little before the state is read (not measured).
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await server.stop();
  }
  const stored = new Set(query(port, 'SELECT id FROM leads').map((r) => r.id));
  const outbox = query(port, 'SELECT COUNT(*) AS n FROM outbox')[0].n;
  const sent = query(port, "SELECT COUNT(*) AS n FROM outbox WHERE state = 'sent'")[0].n;
  const ok = answered.size;
  const missing = [...answered].filter((id) => !stored.has(id)).length;
  const inFlight = result.requests.sent - (result.requests.total ?? 0);
  const other = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '200');
  const rows = [
    [
      'clients × duration',
      `${CONNECTIONS} × ${DURATION_S} s (lead limit raised to ${LEAD_LIMIT.toLocaleString('en')} / 60 s for the run; 20 / 60 s in wrangler.toml)`,
    ],
    ['requests', String(result.requests.total)],
    ['requests/s (mean)', result.requests.average.toFixed(1)],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['latency max', `${result.latency.max} ms`],
    ['200 answers', String(ok)],
    ['other answers', other.length ? other.map(([code, s]) => `${code}: ${s.count}`).join(', ') : '0'],
    ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
    ['answered 200 but not stored', `${missing} ${missing === 0 ? '✔' : '✘'}`],
    [
      'stored leads',
      `${stored.size} = ${ok} answered 200 + ${stored.size - ok} in flight when the run stopped (${inFlight} requests sent but unanswered) ${stored.size - ok === inFlight ? '✔' : '✘'}`,
    ],
    [
      'outbox rows',
      `${outbox} ${outbox === stored.size ? '(one per lead ✔)' : '✘'}; ${sent} already emailed locally 3 s after the run`,
    ],
    [
      'machine',
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} on ${cpus().length} cores (shared)`,
    ],
  ];
  return ['| measure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}
