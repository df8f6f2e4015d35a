// Flat cost with data: does a busy admin panel slow a visitor's lead at 200 000 leads?
// 1. An empty local D1: lead POSTs at 20 clients for 10 s (the baseline).
// 2. The same D1 seeded in bulk, in SQL inside D1 (recursive CTEs, one statement per table):
//    200 000 leads (30 % quotes with their quote rows, UTM sources, campaigns, partners,
//    statuses, answered ones with their response time), one e-mail per lead, 20 000 service
//    tickets, 10 000 devices, 200 000 readings, 5 000 audit entries, and the per-day counters
//    counted from them as migration 0121 does.
// 3. On the seeded D1: each admin view requested alone (latency, and rows read from D1's
//    `meta.rows_read`, answered in `X-D1-Rows-Read` when KSEROWO_D1_METRICS=1); lead POSTs at
//    20 clients alone, then while 3 admin sessions poll the dashboard and the lead list every 2 s.
// Figures, not pass/fail; goals: lead p99 with the polling ≤ 1.2 × without, ≤ 1.5 × the empty
// D1's; every admin view ≤ 100 ms.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/env.mjs';
import { LOAD, benchD1, leadLoad as load } from './lead-load.mjs';
import { adminLogin, startServer } from './server.mjs';

export const title = 'Scale: 200 000 leads, the admin panel polled while visitors send leads';
export const order = 60;

const LEADS = Number(process.env.KSEROWO_SCALE_LEADS ?? 200_000);
const CONNECTIONS = LOAD.connections;
const DURATION_S = LOAD.durationSeconds;
const STATE = '.wrangler/scale-state';

const port = () => Number(process.env.KSEROWO_BENCH_PORT ?? 8793);

/** Runs SQL (a command) on the bench D1 with the server stopped. */
const d1 = (sql) => benchD1({ port: port(), state: STATE, sql });

/** The seed, in D1's own SQL: each table in one statement, values spread by the row number. */
export const seed = (leads) => {
  const tickets = Math.round(leads / 10);
  const devices = Math.round(leads / 20);
  const readings = leads;
  const spanSeconds = 730 * 86_400;
  return [
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${leads})
     INSERT INTO leads (id, kind, submission_id, name, email, phone, company, message, attribution, origin, status,
       notes, created_at, updated_at, first_response_at, response_hours, marketing_consent, first_answer_due_at)
     SELECT printf('seed-%07d', i), CASE WHEN i % 10 < 3 THEN 'quote' ELSE 'contact' END, printf('seed-%07d', i),
       'Klient ' || i, 'klient' || i || '@firma' || (i % 5000) || '.pl', '+48 600 ' || printf('%06d', i % 1000000),
       CASE WHEN i % 3 = 0 THEN 'Firma ' || (i % 5000) || ' sp. z o.o.' END, 'Proszę o ofertę na dzierżawę (seed).',
       json_object('page', '/kontakt', 'utm_source', CASE i % 7 WHEN 0 THEN 'google' WHEN 1 THEN 'facebook'
         WHEN 2 THEN 'newsletter' WHEN 3 THEN 'linkedin' ELSE '' END,
         'utm_campaign', CASE WHEN i % 11 < 8 THEN 'kampania-' || (i % 11) ELSE '' END,
         'partner', CASE WHEN i % 13 < 4 THEN 'partner-' || (i % 13) ELSE '' END),
       'https://kserowo.pl',
       CASE i % 20 WHEN 0 THEN 'spam' WHEN 1 THEN 'lost' WHEN 2 THEN 'won' WHEN 3 THEN 'won'
         WHEN 4 THEN 'new' ELSE 'contacted' END, '',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${leads}) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${leads}) || ' seconds'),
       CASE WHEN i % 20 != 4 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${leads}) || ' seconds', '+' || (1 + i % 30) || ' hours') END,
       CASE WHEN i % 20 != 4 THEN (i % 30) * 0.9 END, i % 2,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${leads}) || ' seconds', '+1 day')
     FROM n`,
    `INSERT INTO quotes (id, lead_id, number, year, seq, device_id, device_name, level, term, monthly_limit,
       overage_mono, monthly_net, monthly_vat, monthly_gross, estimated_net, estimated_gross, catalogue_version,
       created_at, expires_at)
     SELECT 'q-' || l.id, l.id, printf('KS-2026-%07d', l.rowid), 2026, l.rowid,
       CASE l.rowid % 4 WHEN 0 THEN 'km-c258' WHEN 1 THEN 'km-c3320i' WHEN 2 THEN 'km-227' ELSE 'km-4052' END,
       CASE l.rowid % 4 WHEN 0 THEN 'Konica Minolta bizhub C258' WHEN 1 THEN 'Konica Minolta bizhub C3320i'
         WHEN 2 THEN 'Konica Minolta bizhub 227' ELSE 'Konica Minolta bizhub 4052' END,
       CASE l.rowid % 3 WHEN 0 THEN 'basic' WHEN 1 THEN 'business' ELSE 'premium' END, '24', 1000, 0.03,
       199, 45.77, 244.77, 199, 244.77, 1, l.created_at, l.created_at
     FROM leads l WHERE l.kind = 'quote'`,
    `INSERT INTO outbox (lead_id, recipient, reply_to, subject, body, state, attempts, created_at, updated_at, sent_at)
     SELECT id, 'biuro@kserowo.pl', email, 'Nowe zapytanie', 'Treść wiadomości (seed).', 'sent', 1, created_at,
       created_at, created_at FROM leads`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${devices})
     INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, email, city)
     SELECT printf('SEED%08d', i), 'km-c3320i', CASE i % 3 WHEN 0 THEN 'basic' WHEN 1 THEN 'business' ELSE 'premium' END,
       '2025-01-01', 36, 'Firma ' || i, 'biuro' || i || '@firma.pl', 'Słupsk' FROM n`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${readings})
     INSERT INTO meter_readings (device_row, read_on, mono, color, sent_by, created_at)
     SELECT 1 + (i - 1) % ${devices}, date('now', '-' || (730 - ((i - 1) / ${devices}) * 730 / ${Math.ceil(readings / devices)}) || ' days'),
       1000 + ((i - 1) / ${devices}) * 1500, 100 + ((i - 1) / ${devices}) * 200, 'Zespół', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${tickets})
     INSERT INTO service_tickets (id, submission_id, body_hash, number, year, seq, serial, device_row, known_device,
       level, sla_hours, category, description, name, email, phone, status, created_at, due_at, first_response_at, closed_at)
     SELECT printf('t-%07d', i), printf('t-%07d', i), '', printf('SR-2026-%07d', i), 2026, i, printf('SEED%08d', 1 + i % ${devices}),
       1 + i % ${devices}, 1, 'business', 24, 'paper', 'Papier się zacina (seed).', 'Klient ' || i, 'serwis' || i || '@firma.pl',
       '600100200', CASE WHEN i % 10 = 0 THEN 'new' ELSE 'closed' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${tickets}) || ' seconds'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${tickets}) || ' seconds', '+1 day'),
       CASE WHEN i % 10 != 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${tickets}) || ' seconds', '+2 hours') END,
       CASE WHEN i % 10 != 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${spanSeconds} - i * ${spanSeconds} / ${tickets}) || ' seconds', '+150 minutes') END
     FROM n`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
     INSERT INTO audit_log (at, actor, role, action, area, target, method, path, status)
     SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (5000 - i) || ' minutes'), 'Anna', 'owner', 'leads.update',
       'leads', printf('seed-%07d', i), 'PATCH', '/api/admin/leads/' || printf('seed-%07d', i), 200 FROM n`,
    `INSERT INTO lead_counts (dim, day, kind, key, n)
     SELECT d.dim, date(l.created_at), l.kind,
       CASE d.dim
         WHEN 'all' THEN ''
         WHEN 'source' THEN COALESCE(NULLIF(json_extract(l.attribution, '$.utm_source'), ''), '(brak)')
         WHEN 'campaign' THEN COALESCE(NULLIF(json_extract(l.attribution, '$.utm_campaign'), ''), '(brak)')
         WHEN 'partner' THEN COALESCE(NULLIF(json_extract(l.attribution, '$.partner'), ''), '(brak)')
         WHEN 'device' THEN q.device_name
         ELSE q.level
       END, COUNT(*)
     FROM leads l LEFT JOIN quotes q ON q.lead_id = l.id
       JOIN (SELECT value AS dim FROM json_each('["all","source","campaign","partner","device","package"]')) d
     WHERE l.id LIKE 'seed-%' AND (d.dim NOT IN ('device', 'package') OR q.id IS NOT NULL)
     GROUP BY 1, 2, 3, 4
     ON CONFLICT (dim, day, kind, key) DO UPDATE SET n = n + excluded.n`,
    // The response-time counters, counted from every lead as their migration does.
    `DELETE FROM lead_response_days; ${readFileSync(path.join(root, 'worker/migrations/0200_lead_response_days.sql'), 'utf8')}`,
    // The search index of the seeded leads, as its migration indexes the leads before it.
    `INSERT INTO leads_search (rowid, name, email, company)
     SELECT rowid, name, email, COALESCE(company, '') FROM leads WHERE id LIKE 'seed-%'`,
    'ANALYZE',
  ];
};

const leadBody = () => ({
  name: 'Jan Testowy',
  email: 'jan@firma.pl',
  phone: '+48 600 100 200',
  message: 'Proszę o ofertę na dzierżawę C258 dla biura (test skali).',
  submissionId: randomUUID(),
  attribution: { page: '/kontakt', origin: 'https://partner.example', referrer: '', utm_source: 'bench' },
  website: '',
});

/** Lead POSTs at 20 clients for 10 s. */
async function leadLoad(url) {
  const result = await load({ url, pathname: '/api/send-contact-email', body: leadBody });
  const ok = result.statusCodeStats?.['200']?.count ?? 0;
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, ok };
}

/** One admin GET: its time, status, rows read and size. */
async function view(url, cookie, pathname) {
  const t0 = performance.now();
  const res = await fetch(`${url}${pathname}`, { headers: { cookie } });
  const body = await res.arrayBuffer();
  return {
    ms: performance.now() - t0,
    status: res.status,
    rows: Number(res.headers.get('x-d1-rows-read') ?? Number.NaN),
    bytes: body.byteLength,
  };
}

const VIEWS = [
  ['Liczby (dashboard)', '/api/admin/stats'],
  ['Liczby, one month', `/api/admin/stats?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`],
  ['Czas odpowiedzi (90 days)', '/api/admin/stats/response'],
  ['Leady: first page', '/api/admin/leads'],
  ['Leady: partner filter', '/api/admin/leads?partner=partner-1'],
  ['Leady: status filter', '/api/admin/leads?status=new'],
  ['Leady: search, rare term', '/api/admin/leads?q=klient1999'],
  ['Leady: search, common term', '/api/admin/leads?q=firma'],
  ['Lead detail', '/api/admin/leads/seed-0100000'],
  ['Serwis: tickets', '/api/admin/tickets'],
  ['Serwis: SLA per month', '/api/admin/tickets/stats'],
  ['Liczniki: readings', '/api/admin/readings'],
  ['Poczta (outbox)', '/api/admin/outbox'],
  ['Dziennik (audit)', '/api/admin/audit'],
  ['Webhooki: deliveries', '/api/admin/webhooks/deliveries'],
];

/** Three sessions poll the dashboard and the lead list every 2 s until stopped; answers their timings. */
function poll(url, cookies) {
  const times = [];
  let stop = false;
  const loops = cookies.map(async (cookie, i) => {
    await new Promise((r) => setTimeout(r, i * 600));
    while (!stop) {
      const t0 = Date.now();
      for (const pathname of ['/api/admin/stats', '/api/admin/stats/response', '/api/admin/leads'])
        times.push((await view(url, cookie, pathname)).ms);
      await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (Date.now() - t0))));
    }
  });
  return {
    times,
    stop: async () => {
      stop = true;
      await Promise.all(loops);
    },
  };
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
};

export async function run() {
  process.env.KSEROWO_LEAD_LIMIT = '1000000';
  process.env.KSEROWO_TEST_STATE = STATE;
  const load0 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const metrics = ['--var', 'KSEROWO_D1_METRICS:1'];

  // 1. The empty D1.
  delete process.env.KSEROWO_KEEP_STATE;
  let server = await startServer({ port: port(), wranglerArgs: metrics, startTimeoutMs: 240_000 });
  let empty;
  try {
    await fetch(`${server.url}/api/health`);
    empty = await leadLoad(server.url);
  } finally {
    await server.stop();
  }

  // 2. The seed, with the server stopped.
  const t0 = Date.now();
  const statements = seed(LEADS);
  for (const sql of statements) d1(sql);
  const seedSeconds = (Date.now() - t0) / 1000;
  const counts = d1(
    `SELECT (SELECT COUNT(*) FROM leads) AS leads, (SELECT COUNT(*) FROM quotes) AS quotes,
       (SELECT COUNT(*) FROM outbox) AS outbox, (SELECT COUNT(*) FROM service_tickets) AS tickets,
       (SELECT COUNT(*) FROM devices) AS devices, (SELECT COUNT(*) FROM meter_readings) AS readings,
       (SELECT COUNT(*) FROM lead_counts) AS counters`,
  )[0].results[0];

  // 3. The seeded D1.
  process.env.KSEROWO_KEEP_STATE = '1';
  server = await startServer({ port: port(), wranglerArgs: metrics, startTimeoutMs: 240_000 });
  const viewRows = [];
  let alone;
  let polled;
  let pollTimes;
  try {
    const cookie = await adminLogin(server.url, 'Bench');
    for (const [name, pathname] of VIEWS) {
      await view(server.url, cookie, pathname); // warm
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await view(server.url, cookie, pathname));
      const last = runs.at(-1);
      viewRows.push([
        name,
        `\`${pathname.replace(/\?.*/, (q) => (q.length > 30 ? `${q.slice(0, 30)}…` : q))}\``,
        `${pct(
          runs.map((r) => r.ms),
          50,
        ).toFixed(0)} / ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms`,
        Number.isNaN(last.rows) ? '–' : last.rows.toLocaleString('en'),
        `${last.status}, ${(last.bytes / 1024).toFixed(1)} KB`,
      ]);
    }
    alone = await leadLoad(server.url);
    const cookies = [cookie, await adminLogin(server.url, 'Bench 2'), await adminLogin(server.url, 'Bench 3')];
    const poller = poll(server.url, cookies);
    await new Promise((r) => setTimeout(r, 1000));
    polled = await leadLoad(server.url);
    await poller.stop();
    pollTimes = poller.times;
  } finally {
    await server.stop();
    delete process.env.KSEROWO_KEEP_STATE;
    delete process.env.KSEROWO_TEST_STATE;
  }

  const ratio = (a, b) => (a / b).toFixed(2);
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `Seeded ${counts.leads.toLocaleString('en')} leads (${counts.quotes.toLocaleString('en')} quotes), ${counts.outbox.toLocaleString('en')} e-mails, ${counts.tickets.toLocaleString('en')} tickets, ${counts.devices.toLocaleString('en')} devices, ${counts.readings.toLocaleString('en')} readings, 5,000 audit entries and ${counts.counters.toLocaleString('en')} day counters in **${seedSeconds.toFixed(1)} s** (${statements.length} SQL statements through \`wrangler d1 execute\`, server stopped).`,
    '',
    `| lead POST, ${CONNECTIONS} clients × ${DURATION_S} s | p50 | p99 | requests (200) |`,
    '|---|---|---|---|',
    `| empty D1 | ${empty.p50} ms | ${empty.p99} ms | ${empty.requests} (${empty.ok}) |`,
    `| ${LEADS.toLocaleString('en')} leads, alone | ${alone.p50} ms | ${alone.p99} ms | ${alone.requests} (${alone.ok}) |`,
    `| ${LEADS.toLocaleString('en')} leads, 3 sessions polling every 2 s | ${polled.p50} ms | ${polled.p99} ms | ${polled.requests} (${polled.ok}) |`,
    '',
    `Lead p99 polled / alone: **${ratio(polled.p99, alone.p99)}×** (goal ≤ 1.2); polled / empty D1: **${ratio(polled.p99, empty.p99)}×** (goal ≤ 1.5). The polling itself: ${pollTimes.length} admin requests, p50 ${pct(pollTimes, 50).toFixed(0)} ms, p99 ${pct(pollTimes, 99).toFixed(0)} ms (while the leads ran).`,
    '',
    `| admin view at ${LEADS.toLocaleString('en')} leads | path | p50 / max of 5 | D1 rows read | answer |`,
    '|---|---|---|---|---|',
    ...viewRows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `Machine: ${cpus().length} cores, shared; load average ${load0} at the start of this benchmark, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at its end.`,
  ];
  return lines.join('\n');
}
