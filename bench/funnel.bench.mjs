// "Od kliknięcia do przelewu" ('Liczby') stays flat with data: the report read from its
// per-day counters at 2 000 and at 200 000 leads.
// For each size: a fresh local D1 (migrated by the server's start), seeded in SQL inside D1 with
// the server stopped — leads over 730 days (30 % quotes with their quote rows) from 13 partners,
// 7 sources, 3 media, 11 campaigns and 20 landing pages — then the funnel's tables filled by the
// backfill of migration 0455 (the model's own statement over every lead, worker/funnel/model.ts).
// Then each report asked 5 times after a warm-up: latency p50 / max and D1 rows read
// (`X-D1-Rows-Read`, KSEROWO_D1_METRICS=1). Goal: the rows read and the time do not grow with the
// leads (the keys are the same 13–20 per grouping at both sizes; the days asked are the same).
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/env.mjs';
import { benchD1 } from './lead-load.mjs';
import { adminLogin, startServer } from './server.mjs';

export const title = 'Od kliknięcia do przelewu: the report at 2 000 and 200 000 leads';
export const order = 65;

const SIZES = (process.env.KSEROWO_FUNNEL_SIZES ?? '2000,200000').split(',').map(Number);
const STATE = '.wrangler/funnel-state';
const port = () => Number(process.env.KSEROWO_BENCH_PORT ?? 8793);
const d1 = (sql) => benchD1({ port: port(), state: STATE, sql });

/** The backfill of migration 0455: its three INSERTs, word for word. */
const backfill = () =>
  readFileSync(path.join(root, 'worker/migrations/0455_funnel.sql'), 'utf8')
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => /^INSERT INTO (lead_funnel|funnel_counts|funnel_signed_days)/.test(s));

/** Leads and their quotes in D1's own SQL, values spread by the row number. */
const seed = (leads) => {
  const span = 730 * 86_400;
  const at = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${span} - i * ${span} / ${leads}) || ' seconds')`;
  return [
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${leads})
     INSERT INTO leads (id, kind, submission_id, name, email, attribution, origin, created_at, updated_at, first_answer_due_at)
     SELECT printf('seed-%07d', i), CASE WHEN i % 10 < 3 THEN 'quote' ELSE 'contact' END, printf('seed-%07d', i),
       'Klient ' || i, 'klient' || i || '@firma.pl',
       json_object('page', '/oferta/' || (i % 20) || '?gclid=' || i,
         'utm_source', CASE i % 7 WHEN 0 THEN 'google' WHEN 1 THEN 'facebook' WHEN 2 THEN 'newsletter' WHEN 3 THEN 'linkedin' ELSE '' END,
         'utm_medium', CASE i % 3 WHEN 0 THEN 'cpc' WHEN 1 THEN 'email' ELSE 'referral' END,
         'utm_campaign', CASE WHEN i % 11 < 8 THEN 'kampania-' || (i % 11) ELSE '' END,
         'partner', CASE WHEN i % 13 < 4 THEN 'partner-' || (i % 13) ELSE '' END),
       'https://kserowo.pl', ${at}, ${at}, ${at}
     FROM n`,
    `INSERT INTO quotes (id, lead_id, number, year, seq, device_id, device_name, level, term, monthly_limit,
       overage_mono, monthly_net, monthly_vat, monthly_gross, estimated_net, estimated_gross, catalogue_version,
       created_at, expires_at)
     SELECT 'q-' || l.id, l.id, printf('KS-2026-%07d', l.rowid), 2026, l.rowid, 'km-c3320i', 'Konica Minolta bizhub C3320i',
       'basic', '36', 900, 0.08, 195, 44.85, 239.85, 195, 239.85, 1, l.created_at, l.created_at
     FROM leads l WHERE l.kind = 'quote'`,
    ...backfill(),
    'ANALYZE',
  ];
};

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

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const REPORTS = [
  ['30 days by campaign', `/api/admin/stats/funnel?from=${day(-29)}&to=${day(0)}&by=campaign`],
  ['30 days by page', `/api/admin/stats/funnel?from=${day(-29)}&to=${day(0)}&by=page`],
  ['366 days by partner', `/api/admin/stats/funnel?from=${day(-365)}&to=${day(0)}&by=partner`],
  ['366 days by campaign, CSV', `/api/admin/stats/funnel.csv?from=${day(-365)}&to=${day(0)}&by=campaign`],
];

export async function run() {
  const load0 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const metrics = ['--var', 'KSEROWO_D1_METRICS:1'];
  process.env.KSEROWO_TEST_STATE = STATE;
  const rows = [];
  const seeded = [];
  try {
    for (const leads of SIZES) {
      // A fresh, migrated D1: the server's start migrates it; stopped for the seed.
      delete process.env.KSEROWO_KEEP_STATE;
      let server = await startServer({ port: port(), wranglerArgs: metrics, startTimeoutMs: 240_000 });
      await server.stop();
      const t0 = Date.now();
      for (const sql of seed(leads)) d1(sql);
      const counts = d1(
        'SELECT (SELECT COUNT(*) FROM leads) AS leads, (SELECT COUNT(*) FROM lead_funnel) AS funnel, (SELECT COUNT(*) FROM funnel_counts) AS counters',
      )[0].results[0];
      seeded.push(
        `${counts.leads.toLocaleString('en')} leads: ${counts.counters.toLocaleString('en')} counter rows, seeded and backfilled in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      process.env.KSEROWO_KEEP_STATE = '1';
      server = await startServer({ port: port(), wranglerArgs: metrics, startTimeoutMs: 240_000 });
      try {
        const cookie = await adminLogin(server.url);
        for (const [name, pathname] of REPORTS) {
          await view(server.url, cookie, pathname);
          const runs = [];
          for (let i = 0; i < 5; i++) runs.push(await view(server.url, cookie, pathname));
          const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
          const last = runs.at(-1);
          rows.push([
            leads.toLocaleString('en'),
            name,
            `${sorted[2].toFixed(0)} / ${sorted[4].toFixed(0)} ms`,
            Number.isNaN(last.rows) ? '–' : last.rows.toLocaleString('en'),
            `${last.status}, ${(last.bytes / 1024).toFixed(1)} KB`,
          ]);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    delete process.env.KSEROWO_KEEP_STATE;
    delete process.env.KSEROWO_TEST_STATE;
  }
  return [
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${seeded.join('; ')}.`,
    '',
    '| leads | report | p50 / max of 5 | D1 rows read | answer |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `Machine: ${cpus().length} cores, shared; load average ${load0} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at the end.`,
  ].join('\n');
}
