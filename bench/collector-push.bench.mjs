// The Worker taking the collectors' pushes (the collector benchmark's second half; the /24 polled is
// bench/collector.bench.mjs): 10 000 contract devices on 250 sites of 40 copiers, 6 polls a day, so
// 60 000 readings = 1 500 pushes of 40 (`PUSH_READINGS`) a day. Per push of 40 readings: wall time,
// D1 queries (`X-D1-Queries`) and rows read (`X-D1-Rows-Read`, both with KSEROWO_D1_METRICS=1) and the
// CPU of the server's processes, against the production limits (1 000 D1 queries per invocation,
// 30 s CPU per request on the paid plan).
//
// Seed, on a fresh local D1: through the API (as the panel and the collector do) 5 contracts of 40
// C3320i, each with its collector site enrolled (the measured sites);
// then, with the server stopped, SQL inside D1: 245 more sites copied from the first one's rows
// (contract, devices, frozen rates, site): 10 000 devices on 250 sites, and for the 245 their last 3 days
// of reports (6 a day), a reading a day and their `collector_devices` rows, so the pushes meet
// grown tables, not empty ones (KSEROWO_PUSH_SITES, KSEROWO_PUSH_HISTORY_DAYS change the sizes). Then, server up again, signed pushes as
// collector/client.mjs sends them, one at a time:
//  - first reports: the 5 measured sites two days ago (each device's first report: its
//    collector_devices row, toner bases, first reading);
//  - the day's first push: the 5 sites yesterday and today (a reading of the meter a device a day);
//  - 2 of the day's other 5 pushes (reports only, `same-day`; the 5 cost the same), 10 pushes.
// What became of each report is read from D1 afterwards (`collector_reports.outcome`): the answer's
// `stored` counts a same-day report too.
// CPU: utime + stime of the server's processes (/proc/<pid>/stat, the tree under serve-test) across a
// group of pushes, divided by its pushes. The Worker's workerd runs the Worker *and* local D1's
// SQLite, so its figure is an upper bound of the Worker's own CPU time; wrangler dev's proxy (a
// second workerd on the port, and wrangler's Node process) is shown apart: no production counterpart.
import { createHmac, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/env.mjs';
import { benchD1 } from './lead-load.mjs';
import { adminLogin, startServer } from './server.mjs';
import { REQUEST_TIMEOUT_MS } from '../collector/client.mjs';

export const title = 'Collector: the Worker taking pushes (10 000 devices × 6 polls a day)';
export const order = 51;

const SITES = Number(process.env.KSEROWO_PUSH_SITES ?? 250);
const PER_SITE = 40;
const MEASURED = 5;
/** Of the day's 5 later pushes, the ones sent (each costs the same: reports only). */
const SAME_DAY = 2;
const HISTORY_DAYS = Number(process.env.KSEROWO_PUSH_HISTORY_DAYS ?? 3);
const STATE = '.wrangler/collector-push-state';
const port = () => Number(process.env.KSEROWO_BENCH_PORT ?? 8793);
const d1 = (sql) => benchD1({ port: port(), state: STATE, sql });
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const fmt = (n) => (Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en'));

/** 'YYYY-MM-DD' of the first day of the month `offset` months from this one (UTC). */
function monthStart(offset) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toISOString().slice(0, 10);
}

const serialOf = (site, device) => `PB${String(site).padStart(3, '0')}${String(device).padStart(2, '0')}`;

async function admin(url, cookie, pathname, body) {
  const res = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A C3320i's reading as collector/read-device.mjs makes it (the simulator's split: 2/5 copies). */
function reading(serial, at, mono, colour, toner) {
  const copies = (n) => Math.round((n * 2) / 5);
  return {
    serial,
    model: 'bizhub C3320i',
    profile: 'km-bizhub-i',
    // Checked, so a reading goes the whole way to the bill's rules (today's profiles are not: held).
    profileChecked: true,
    at,
    unit: 'impressions',
    counters: {
      blackCopy: copies(mono),
      blackPrint: mono - copies(mono),
      fullColourCopy: copies(colour),
      fullColourPrint: colour - copies(colour),
      total: mono + colour,
    },
    markerLife: [{ marker: 1, count: mono + colour }],
    toner: ['black', 'cyan', 'magenta', 'yellow'].map((colorant) => ({ colorant, level: toner, max: 100 })),
    status: { device: 2, errors: [], alerts: [] },
  };
}

/** One push as collector/client.mjs `sendPush` sends it: its time, figures and answer. */
async function push(url, site, readings, pushId = randomUUID(), retries = 2) {
  const body = JSON.stringify({ pushId, sentAt: new Date().toISOString(), readings, failures: [] });
  const time = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', site.key).update(`${time}\n${body}`).digest('hex');
  const t0 = performance.now();
  const res = await fetch(`${url}/api/collector/readings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-collector-id': site.collectorId,
      'x-collector-time': String(time),
      'x-collector-signature': signature,
    },
    body,
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  // wrangler dev's proxy losing its Worker mid-request (seen on the shared machine at load 15): sent again as the
  // collector would (its spool keeps a push on a 5xx; same pushId, a new time and signature); the
  // sample is left out of the figures (what the aborted request stored is a duplicate now).
  if (res.status === 503 && /restarted mid-request/.test(text) && retries > 0) {
    progress('the Worker restarted mid-request: the push is sent again');
    await new Promise((r) => setTimeout(r, 2000));
    return { ...(await push(url, site, readings, pushId, retries - 1)), retried: true };
  }
  if (res.status !== 200) throw new Error(`push: ${res.status} ${text.slice(0, 300)}`);
  return {
    at: readings[0]?.at,
    ms,
    queries: Number(res.headers.get('x-d1-queries') ?? Number.NaN),
    rows: Number(res.headers.get('x-d1-rows-read') ?? Number.NaN),
  };
}

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds used so far by the processes under `root`, split: the Worker's workerd, the proxy's, wrangler's Node, the rest. */
function cpuOf(root) {
  const procs = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(name), comm, ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const under = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of procs)
      if (!under.has(p.pid) && under.has(p.ppid)) {
        under.add(p.pid);
        grown = true;
      }
  }
  const sums = { workerd: 0, proxy: 0, wrangler: 0, other: 0 };
  for (const p of procs) {
    if (!under.has(p.pid)) continue;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8');
    } catch {
      // gone
    }
    // wrangler dev runs two workerd: the Worker's (with the local D1, an inspector) and its proxy on the port.
    const kind =
      p.comm === 'workerd'
        ? cmd.includes('--inspector-addr')
          ? 'workerd'
          : 'proxy'
        : p.comm === 'node' && cmd.includes('wrangler')
          ? 'wrangler'
          : 'other';
    sums[kind] += p.ticks / TICKS;
  }
  return sums;
}

/**
 * Runs `pushes` one at a time, the server's CPU taken around the whole group. A push sent again
 * after a restart is left out, and so is the group's CPU (the restarted workerd's ticks start anew).
 */
async function group(server, name, pushes) {
  const before = cpuOf(server.pid);
  const all = [];
  for (const next of pushes) all.push(await next());
  const after = cpuOf(server.pid);
  const results = all.filter((r) => !r.retried);
  const retried = all.length - results.length;
  const per = (key) => (retried > 0 ? Number.NaN : ((after[key] - before[key]) * 1000) / Math.max(1, all.length));
  return { name, results, retried, workerdMs: per('workerd'), proxyMs: per('proxy'), nodeMs: per('wrangler') };
}

const pct = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** One line on stderr: where the bench is, for a run that takes minutes. */
const progress = (what) =>
  console.error(`collector-push: ${what} (${new Date().toISOString().slice(11, 19)}, load ${loads()})`);

/**
 * The other sites in D1's own SQL: copies of site 0's contract, devices, frozen rates (as the API made
 * them; `columns`: each table's columns, so a later migration's column is copied too) and a collector
 * site each, 'Firma <n>', serials PBB<n><device>.
 */
const bulkSites = (columns) => {
  /** The columns of `table` (its own id left to D1, but a contract's) and each one's value: `over`'s, else the copied row's. */
  const copy = (table, over, from = 't') => {
    const cols = (columns.get(table) ?? []).filter((c) => c !== 'id' || table === 'contracts');
    return { cols: cols.join(', '), values: cols.map((c) => over[c] ?? `${from}.${c}`).join(', ') };
  };
  const n = `WITH RECURSIVE n(i) AS (SELECT ${MEASURED} UNION ALL SELECT i + 1 FROM n WHERE i < ${SITES - 1})`;
  const serial = `'PBB' || printf('%03d', i) || substr(t.serial, 6)`;
  const contracts = copy('contracts', {
    id: `'bulk-' || i`,
    number: `printf('UM-%04d-%06d', t.year, 900000 + i)`,
    seq: '900000 + i',
    company: `'Firma ' || i`,
    billing_email: `'faktury-' || i || '@firma.pl'`,
    order_ref: 'NULL',
  });
  const devices = copy('devices', {
    serial,
    contract_id: `'bulk-' || i`,
    reading_token: `t.reading_token || '-' || i`,
    company: `'Firma ' || i`,
    email: `'faktury-' || i || '@firma.pl'`,
  });
  const rates = copy('contract_rates', { device_row: 'd.id' }, 'r');
  const template = `(SELECT id FROM contracts WHERE company = 'Pomiar 0')`;
  return [
    `${n} INSERT INTO contracts (${contracts.cols}) SELECT ${contracts.values} FROM n, contracts t WHERE t.id = ${template}`,
    `${n} INSERT INTO devices (${devices.cols}) SELECT ${devices.values} FROM n, devices t WHERE t.contract_id = ${template}`,
    `${n} INSERT INTO contract_rates (${rates.cols}) SELECT ${rates.values}
       FROM n, devices t JOIN contract_rates r ON r.device_row = t.id, devices d
       WHERE t.contract_id = ${template} AND d.serial = ${serial}`,
    `${n} INSERT INTO collector_sites (id, contract_id, created_by, enrolled_at) SELECT 'col_bulk_' || i, 'bulk-' || i, 'bench', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days') FROM n`,
  ];
};

/** The bulk sites' last `days` days in D1's own SQL: 6 reports a device a day, a reading a day, its last report. */
const bulkHistory = (days) => {
  const sites = `SELECT s.id AS site_id, d.id AS device_row, d.serial, c.rowid AS c
    FROM collector_sites s JOIN contracts c ON c.id = s.contract_id JOIN devices d ON d.contract_id = c.id
    WHERE c.company LIKE 'Firma %'`;
  const at = `strftime('%Y-%m-%dT%H:%M:%fZ', date('now', '-' || k || ' days'), '+' || (5 + 3 * p) || ' hours')`;
  const counters = (k) =>
    `json_object('blackCopy', (10000 + (${days} - ${k}) * 60) * 2 / 5, 'blackPrint', (10000 + (${days} - ${k}) * 60) * 3 / 5,
      'fullColourCopy', 800, 'fullColourPrint', 1200, 'total', 12000 + (${days} - ${k}) * 60)`;
  return [
    `WITH RECURSIVE days(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM days WHERE k < ${days}),
       polls(p) AS (SELECT 0 UNION ALL SELECT p + 1 FROM polls WHERE p < 5)
     INSERT INTO collector_reports (site_id, serial, device_row, at, identity, model, profile, profile_checked, unit,
       counters, marker_life, toner, status, mono, color, outcome)
     SELECT b.site_id, b.serial, b.device_row, ${at}, b.serial || '|' || ${at} || '|seed', 'bizhub C3320i', 'km-bizhub-i', 1,
       'impressions', ${counters('k')}, json_array(json_object('marker', 1, 'count', 12000 + (${days} - k) * 60)),
       '[{"colorant":"black","level":90,"max":100},{"colorant":"cyan","level":90,"max":100},{"colorant":"magenta","level":90,"max":100},{"colorant":"yellow","level":90,"max":100}]',
       '{"device":2,"errors":[],"alerts":[]}', 10000 + (${days} - k) * 60, 2000, CASE WHEN p = 0 THEN 'recorded' ELSE 'same-day' END
     FROM (${sites}) b, days, polls`,
    `WITH RECURSIVE days(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM days WHERE k < ${days})
     INSERT INTO meter_readings (device_row, read_on, mono, color, sent_by, source)
     SELECT b.device_row, date('now', '-' || k || ' days'), 10000 + (${days} - k) * 60, 2000, 'licznik urządzenia', 'collector'
     FROM (${sites}) b, days`,
    `INSERT INTO collector_devices (device_row, site_id, serial, last_at)
     SELECT b.device_row, b.site_id, b.serial, strftime('%Y-%m-%dT%H:%M:%fZ', date('now', '-1 days'), '+20 hours')
     FROM (${sites}) b`,
  ];
};

export async function run({ deadline }) {
  const load0 = loads();
  const metrics = ['--var', 'KSEROWO_D1_METRICS:1'];
  process.env.KSEROWO_TEST_STATE = STATE;
  const notes = [];
  /** @type {{at: string, outcome: string, n: number}[]} */
  const outcomes = [];
  const groups = [];
  let seeded = '';
  let size = '';
  try {
    // 1. A fresh, migrated D1; contracts, sites and enrolment through the API.
    delete process.env.KSEROWO_KEEP_STATE;
    const tStart = Date.now();
    let server = await startServer({ port: port(), wranglerArgs: metrics, startTimeoutMs: 240_000 });
    const t0 = Date.now();
    const measured = [];
    try {
      const cookie = await adminLogin(server.url);
      const startDate = monthStart(-6);
      // The measured sites (0 … MEASURED − 1): the others are copies in SQL.
      for (let s = 0; s < MEASURED; s++) {
        const devices = Array.from({ length: PER_SITE }, (_, i) => ({
          serial: serialOf(s, i),
          deviceId: 'km-c3320i',
          level: 'business',
        }));
        const contract = await admin(server.url, cookie, '/api/admin/contracts', {
          company: `Pomiar ${s}`,
          nip: null,
          billingEmail: `faktury-${s}@firma.pl`,
          startDate,
          termMonths: 36,
          devices,
        });
        const site = await admin(server.url, cookie, '/api/admin/collectors', { contractId: contract.id });
        const keys = await fetch(`${server.url}/api/collector/enrol`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: site.code }),
        }).then((r) => r.json());
        measured.push({ ...keys, serials: devices.map((d) => d.serial), index: s });
      }
    } finally {
      await server.stop();
    }
    const apiSeconds = (Date.now() - t0) / 1000;
    progress(`${MEASURED} sites made and enrolled through the API`);
    // 2. The other sites, copies of site 0's contract, and their last days, in SQL with the server stopped.
    const t1 = Date.now();
    const columns = new Map();
    for (const r of d1(
      "SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name IN ('contracts', 'devices', 'contract_rates')",
    )[0].results)
      columns.set(r.t, [...(columns.get(r.t) ?? []), r.c]);
    d1([...bulkSites(columns), ...bulkHistory(HISTORY_DAYS)].join(';\n'));
    progress('the other sites and their history seeded in SQL');
    const counts = d1(
      'SELECT (SELECT count(*) FROM devices) AS devices, (SELECT count(*) FROM collector_reports) AS reports, (SELECT count(*) FROM meter_readings) AS readings',
    )[0].results[0];
    seeded = `${fmt(counts.devices)} devices on ${SITES} contracts and collector sites: ${MEASURED} made and enrolled through the API (${apiSeconds.toFixed(0)} s), the ${SITES - MEASURED} others copies of one of them in SQL with ${fmt(counts.reports)} reports and ${fmt(counts.readings)} readings of their last ${HISTORY_DAYS} days (${((Date.now() - t1) / 1000).toFixed(0)} s)`;

    // 3. The pushes, server up again on the seeded state.
    process.env.KSEROWO_KEEP_STATE = '1';
    const tRestart = Date.now();
    server = await startServer({ port: port(), wranglerArgs: metrics, startTimeoutMs: 240_000 });
    seeded += `; the server started in ${((t0 - tStart) / 1000).toFixed(0)} s fresh and ${((Date.now() - tRestart) / 1000).toFixed(0)} s on the seeded D1`;
    const tPushes = Date.now();
    try {
      const day = 86_400_000;
      const noonAgo = (days) => {
        const d = new Date(Date.now() - days * day);
        return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12)).toISOString();
      };
      // Counters and toner by poll: 60 pages a device a day, 10 a poll; toner 90 % down 1 point a day.
      const pushOf = (site, at, poll, toner) => () =>
        push(
          server.url,
          site,
          site.serials.map((serial, i) => reading(serial, at, 10_000 + 7 * i + 10 * poll, 2_000 + i + 2 * poll, toner)),
        );
      // Each device's first report, two days ago.
      groups.push(
        await group(
          server,
          'first reports (each device’s first)',
          measured.map((site) => pushOf(site, noonAgo(2), 0, 90)),
        ),
      );
      // The day's first push: yesterday's and today's, a reading of the meter for every device.
      const yesterday = await group(
        server,
        'the day’s first (yesterday)',
        measured.map((site) => pushOf(site, noonAgo(1), 6, 89)),
      );
      const nowAt = (poll) => new Date(Date.now() - (10 - poll) * 1000).toISOString();
      const today = await group(
        server,
        'the day’s first (today)',
        measured.map((site) => pushOf(site, nowAt(0), 12, 88)),
      );
      groups.push({
        name: 'the day’s first (yesterday, today)',
        results: [...yesterday.results, ...today.results],
        retried: yesterday.retried + today.retried,
        workerdMs: (yesterday.workerdMs + today.workerdMs) / 2,
        proxyMs: (yesterday.proxyMs + today.proxyMs) / 2,
        nodeMs: (yesterday.nodeMs + today.nodeMs) / 2,
      });
      if (Date.now() < deadline - 120_000) {
        const later = [];
        for (let poll = 1; poll <= SAME_DAY; poll++)
          for (const site of measured) later.push(pushOf(site, nowAt(poll), 12 + poll, 88));
        groups.push(await group(server, 'the day’s later ones (same day)', later));
      } else notes.push('The same-day pushes were left out: the run’s deadline was near.');
      for (const r of d1(
        "SELECT at, outcome, count(*) AS n FROM collector_reports WHERE identity NOT LIKE '%|seed' GROUP BY at, outcome",
      )[0].results)
        outcomes.push(r);
      const bytes = d1(
        `SELECT count(*) AS n, avg(length(site_id) + length(serial) + length(at) + 2 * length(identity) + length(model)
           + length(profile) + length(unit) + length(counters) + length(marker_life) + length(toner) + length(status)
           + length(outcome) + length(received_at) + 24) AS b
         FROM collector_reports WHERE identity NOT LIKE '%|seed'`,
      )[0].results[0];
      seeded += `; the pushes took ${((Date.now() - tPushes) / 1000).toFixed(0)} s`;
      size = `A report the pushes stored is about ${fmt(bytes.b)} bytes of D1 (its row's text and figures, the identity twice for its unique index; the other three indexes add a little): 60 000 a day grow \`collector_reports\` by about ${((60_000 * bytes.b) / 1e6).toFixed(0)} MB a day, so D1's 10 GB per database would be full in about ${fmt(10e9 / (60_000 * bytes.b))} days with nothing pruned (the five-minute cron prunes the reports that made no reading after 35 days, worker/collector/prune.ts).`;
    } finally {
      await server.stop();
    }
  } finally {
    delete process.env.KSEROWO_KEEP_STATE;
    delete process.env.KSEROWO_TEST_STATE;
    // Hundreds of MB of seeded reports: not kept after the run.
    rmSync(path.join(root, STATE), { recursive: true, force: true });
  }

  const row = (g) => {
    const ms = g.results.map((r) => r.ms);
    const queries = g.results.map((r) => r.queries);
    const rows = g.results.map((r) => r.rows);
    const ats = new Set(g.results.map((r) => r.at));
    const counts = new Map();
    for (const o of outcomes) if (ats.has(o.at)) counts.set(o.outcome, (counts.get(o.outcome) ?? 0) + o.n);
    const what = [...counts].map(([outcome, n]) => `${n} ${outcome}`).join(', ');
    if (g.retried > 0)
      notes.push(
        `${g.name}: ${g.retried} push(es) met wrangler dev's 503 "Your worker restarted mid-request"; sent again, left out of the figures, and the group's CPU with them.`,
      );
    return `| ${g.name} | ${g.results.length} | ${fmt(pct(ms, 0.5))} / ${fmt(Math.max(...ms))} ms | ${fmt(pct(queries, 0.5))} / ${fmt(Math.max(...queries))} | ${fmt(pct(rows, 0.5))} / ${fmt(Math.max(...rows))} | ${fmt(g.workerdMs)} ms | ${fmt(g.proxyMs)} ms | ${fmt(g.nodeMs)} ms | ${what} |`;
  };
  const byName = (part) => groups.find((g) => g.name.includes(part));
  const dayFirst = byName('day’s first');
  const sameDay = byName('same day');
  const perDay =
    dayFirst && sameDay
      ? (() => {
          const q = (g) => g.results.reduce((s, r) => s + r.queries, 0) / g.results.length;
          // Of a device's 6 polls a day, 1 is the day's first and 5 are the same day's: 1 500 pushes = 250 + 1 250.
          const queries = 250 * q(dayFirst) + 1250 * q(sameDay);
          const cpu = 250 * dayFirst.workerdMs + 1250 * sameDay.workerdMs;
          const max = Math.max(...dayFirst.results.map((r) => r.queries), ...sameDay.results.map((r) => r.queries));
          return `A day of 10 000 devices × 6 polls = 60 000 readings = 1 500 pushes of 40 (250 of them a day's first, 1 250 the same day's): about ${fmt(queries)} D1 queries and ${fmt(cpu / 1000)} s of workerd CPU a day (upper bound, see below). Per request the most measured is ${fmt(max)} of D1's 1 000 queries per invocation at steady state and ${fmt(Math.max(...byName('first reports').results.map((r) => r.queries)))} for a push of 40 first reports; the CPU per push is far under the 30 s of the paid plan (the free plan's 10 ms per request would not take a push). The queries run one after another: in production a push's wall time is about its queries × the Worker–D1 round trip, and the collector waits ${REQUEST_TIMEOUT_MS / 1000} s (collector/client.mjs), so a first-report push would time out at round trips over ${fmt(REQUEST_TIMEOUT_MS / Math.max(...byName('first reports').results.map((r) => r.queries)))} ms (not measured here: local D1 has no network).`;
        })()
      : '';
  return [
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Seed: ${seeded}. Pushes of ${PER_SITE} readings of a site's ${PER_SITE} C3320i (the collector's \`PUSH_READINGS\`), one at a time, signed as collector/client.mjs signs them.`,
    '',
    '| pushes of 40 | n | wall p50 / max | D1 queries p50 / max | D1 rows read p50 / max | CPU per push: workerd (Worker + D1) | wrangler dev: proxy workerd | wrangler dev: Node | reports became |',
    '|---|---|---|---|---|---|---|---|---|',
    ...groups.map(row),
    '',
    perDay,
    '',
    `CPU: utime + stime of the server's processes from /proc/<pid>/stat (${TICKS} ticks a second) before and after each group of pushes, divided by its pushes. The Worker's workerd runs the Worker and the local D1 (SQLite, behind the same RPC as production's binding) in one process, so its figure is an upper bound of the CPU time Cloudflare counts (D1's work is not the Worker's CPU there; waiting for D1 is not CPU at all); wrangler dev's proxy (the second workerd, on the port, and wrangler's Node process) has no production counterpart: wrangler dev reports every D1 query (a fetch to \`http://d1/query\` inside workerd) to its inspector as three Network events with the body, which the proxy passes to Node and Node writes to .wrangler/logs at debug level (tens of MB a run), and part of the Worker's workerd figure is that reporting too. Production limits: 1 000 D1 queries per Worker invocation, 30 s CPU per request (paid plan; 10 ms on the free plan). ${size}`,
    ...notes,
    '',
    `Machine: ${cpus().length} cores, shared; load average ${load0} at the start, ${loads()} at the end.`,
  ].join('\n');
}
