// Lead forms under load: 20 concurrent clients for 10 s of POST /api/send-contact-email,
// then 20 for 10 s of POST /api/quotes (autocannon) against the real worker in local
// `wrangler dev`, each request a new form fill. The per-IP lead limit of wrangler.toml
// (20 per 60 s) would refuse nearly all of it, so the server runs with the limit raised by
// configuration (KSEROWO_LEAD_LIMIT, see scripts/serve-test.mjs). Afterwards the local D1
// is read: every lead answered 200/201 must be stored (with its notification, and a quote
// row for a quote), and stored leads must equal those answers plus the requests still in
// flight when autocannon stopped (the server finished them; the client no longer listened).
// D1 round trips per lead: 1 for contact and quote alike (one batch: the lead, its
// notification, the quote row, the read-backs and the webhook claim; the live catalogue
// comes from the isolate). worker/leads/contact.test.ts and worker/quotes/quotes.test.ts count them.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { LOAD, benchD1, leadLoad } from './lead-load.mjs';
import { startServer } from './server.mjs';

export const title = 'Lead forms under load (POST /api/send-contact-email, POST /api/quotes)';

const CONNECTIONS = LOAD.connections;
const DURATION_S = LOAD.durationSeconds;
const LEAD_LIMIT = 1_000_000;

/** Runs SQL on the bench server's local D1 (the same config and state as the server). */
const query = (port, sql) => benchD1({ port, state: '.wrangler/test-state', sql })[0].results;

const attribution = (page) => ({ page, origin: 'https://partner.example', referrer: '', utm_source: 'bench' });

/** The two forms: path, a fresh body per request, the success status and how to read the stored id. */
const FORMS = [
  {
    name: 'contact',
    path: '/api/send-contact-email',
    ok: 200,
    body: () => ({
      name: 'Jan Testowy',
      email: 'jan@firma.pl',
      phone: '+48 600 100 200',
      message: 'Proszę o ofertę na dzierżawę C258 dla biura (test obciążenia).',
      submissionId: randomUUID(),
      attribution: attribution('/kontakt'),
      website: '',
    }),
    idOf: (answer) => answer.id,
    storedIds: (port) => query(port, "SELECT id FROM leads WHERE kind = 'contact'").map((r) => r.id),
  },
  {
    name: 'quote',
    path: '/api/quotes',
    ok: 201,
    body: () => ({
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 24,
      paper: false,
      volume: { mono: 1200, color: 200 },
      contact: { name: 'Anna Testowa', email: 'anna@firma.pl', company: 'Firma sp. z o.o.', city: 'Słupsk' },
      submissionId: randomUUID(),
      attribution: attribution('/konfigurator'),
      website: '',
    }),
    idOf: (answer) => answer.id,
    storedIds: (port) => query(port, 'SELECT id FROM quotes').map((r) => r.id),
  },
];

async function load(server, form) {
  const answered = new Set();
  const result = await leadLoad({
    url: server.url,
    pathname: form.path,
    body: form.body,
    onAnswer: (status, body) => {
      if (status === form.ok) answered.add(form.idOf(JSON.parse(body)));
    },
  });
  return { result, answered };
}

export async function run() {
  const port = Number(process.env.KSEROWO_BENCH_PORT ?? 8793);
  process.env.KSEROWO_LEAD_LIMIT = String(LEAD_LIMIT);
  const server = await startServer({ port });
  const runs = [];
  try {
    // Warm-up: the first requests compile the worker and open D1.
    await fetch(`${server.url}/api/health`);
    for (const form of FORMS) runs.push({ form, ...(await load(server, form)) });
    // Let the queue consumer catch up a little before the state is read (not measured).
    await new Promise((r) => setTimeout(r, 3000));
  } finally {
    await server.stop();
  }
  const leads = query(port, 'SELECT COUNT(*) AS n FROM leads')[0].n;
  const outbox = query(port, 'SELECT COUNT(*) AS n FROM outbox')[0].n;
  const sent = query(port, "SELECT COUNT(*) AS n FROM outbox WHERE state = 'sent'")[0].n;
  const rows = [];
  for (const { form, result, answered } of runs) {
    const stored = new Set(form.storedIds(port));
    const ok = answered.size;
    const missing = [...answered].filter((id) => !stored.has(id)).length;
    const inFlight = result.requests.sent - (result.requests.total ?? 0);
    const other = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== String(form.ok));
    rows.push(
      [`**${form.name}** \`POST ${form.path}\``, `${CONNECTIONS} clients × ${DURATION_S} s`],
      ['requests (requests/s)', `${result.requests.total} (${result.requests.average.toFixed(1)})`],
      ['latency p50 / p99 / max', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms`],
      [
        `${form.ok} answers / other / errors / timeouts`,
        `${ok} / ${other.length ? other.map(([code, st]) => `${code}: ${st.count}`).join(', ') : '0'} / ${result.errors} / ${result.timeouts}`,
      ],
      ['answered but not stored', `${missing} ${missing === 0 ? '✔' : '✘'}`],
      [
        'stored',
        `${stored.size} = ${ok} answered + ${stored.size - ok} in flight when the run stopped (${inFlight} sent but unanswered) ${stored.size - ok === inFlight ? '✔' : '✘'}`,
      ],
    );
  }
  rows.push(
    [
      'leads / outbox rows',
      `${leads} / ${outbox} ${outbox === leads ? '(one notification per lead ✔)' : '✘'}; ${sent} already emailed locally 3 s after the runs`,
    ],
    [
      'D1 round trips in the request',
      'contact 1, quote 1 (one batch each: lead + notification (+ quote) + read-backs + webhook claim; counted in tests/worker)',
    ],
    [
      'settings',
      `lead limit raised to ${LEAD_LIMIT.toLocaleString('en')} / 60 s for the run (20 / 60 s in wrangler.toml); machine load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} on ${cpus().length} cores (shared)`,
    ],
  );
  return ['| measure | value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}
