// CPU of each cron job and queue consumer at the scale bench's sizes, against a budget.
//
// How CPU is measured: inside workerd, Date.now() and performance.now() stand still while the
// code runs (a timing-attack defence), so a job cannot time itself there. Instead the job's own
// JavaScript (worker/index.ts's functions, bundled for Node by esbuild) runs in Node, on the same
// V8, against a local D1 of Miniflare (workerd) seeded as bench/scale.bench.mjs seeds it, and
// `process.cpuUsage()` (user + system time of the Node process) is read around each job. D1's
// own work (SQLite) runs in the workerd process and is not counted, as deployed D1's is not
// counted as the Worker's CPU; the client side of the local D1 binding (its HTTP round trips
// and result parsing) and Node's own fetch are counted, so each figure is an upper bound.
//
// Each job also runs as one invocation of tests/worker/d1-guard.ts: its statement count is
// reported, and any statement over a D1 or Queues limit at these sizes is listed.
//
// Budgets: wrangler.toml's [limits] cpu_ms is 30 000 ms per invocation. The five-minute cron
// runs the sweep, the webhook dispatch, retention, the look-up cleanup, reading reminders, the
// sales clock and the sign-in tidy-up in one invocation: each gets 3 000 ms (together 21 000 ms,
// 9 s to spare); a queue batch 3 000 ms; the daily backup, alone in its run, 20 000 ms.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { importForNode } from '../scripts/bundle.mjs';
import { root, wranglerBin } from '../scripts/env.mjs';
import { TEST_KEYS } from '../scripts/secret-keys.mjs';
import { seed } from './scale.bench.mjs';

export const title = 'CPU of each cron job and queue consumer at 200 000 leads';
export const order = 65;

const LEADS = Number(process.env.KSEROWO_SCALE_LEADS ?? 200_000);
const STATE = path.join(root, '.wrangler/cpu-state');
const CRON_BUDGET_MS = 3_000;
const QUEUE_BUDGET_MS = 3_000;
const BACKUP_BUDGET_MS = 20_000;

const wrangler = (args) => {
  const result = spawnSync(process.execPath, [wranglerBin, ...args, '--local', '--persist-to', STATE], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`wrangler ${args[1]} failed: ${(result.stdout + result.stderr).slice(-2000)}`);
};

/** What the scale seed leaves the jobs without: contracts, due e-mails and deliveries, old leads, stale rows. */
/** The bench's webhook secret, sealed under the tests' WEBHOOK_SECRETS_KEY as the worker seals it (worker/http/sealed.ts). */
const sealedSeedSecret = await (async () => {
  const key = await crypto.subtle.importKey(
    'raw',
    Buffer.from(TEST_KEYS.WEBHOOK_SECRETS_KEY, 'base64'),
    'AES-GCM',
    false,
    ['encrypt'],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode('whsec_seed'));
  return `v1.${Buffer.from(iv).toString('base64url')}.${Buffer.from(data).toString('base64url')}`;
})();

const work = (hookUrl) => [
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.round(LEADS / 200)})
   INSERT INTO contracts (id, number, year, seq, company, billing_email, start_date, term_months, catalogue_version, created_by)
   SELECT printf('c-%06d', i), printf('UM-2025-%06d', i), 2025, i, 'Firma ' || i, 'faktury' || i || '@firma.pl',
     '2025-01-01', 36, 0, 'seed' FROM n`,
  `UPDATE devices SET contract_id = printf('c-%06d', 1 + (id - 1) / 10), reading_token = 'seed-token-' || id
   WHERE serial LIKE 'SEED%'`,
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
   INSERT INTO leads (id, kind, submission_id, name, email, phone, message, attribution, origin, status, notes,
     created_at, updated_at, marketing_consent)
   SELECT printf('old-%06d', i), 'contact', printf('old-%06d', i), 'Dawny Klient ' || i, 'dawny' || i || '@firma.pl',
     '600100200', 'Stare zapytanie (seed).', '{}', 'https://kserowo.pl', 'lost', '',
     strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-26 months', '-' || i || ' minutes'),
     strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-26 months', '-' || i || ' minutes'), 0 FROM n`,
  `INSERT INTO leads_search (rowid, name, email, company) SELECT rowid, name, email, '' FROM leads WHERE id LIKE 'old-%'`,
  `INSERT INTO outbox (lead_id, recipient, reply_to, subject, body, state, attempts, created_at, updated_at)
   SELECT id, 'biuro@kserowo.pl', email, 'Nowe zapytanie', 'Treść wiadomości (seed).', 'pending', 0,
     strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-5 minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-5 minutes')
   FROM leads WHERE id LIKE 'seed-%' ORDER BY rowid DESC LIMIT 200`,
  `INSERT INTO webhook_endpoints (url, secret, events) VALUES ('${hookUrl}', '${sealedSeedSecret}', '["lead.created"]')`,
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
   INSERT INTO webhook_events (id, type, created, data)
   SELECT printf('evt_seed_%06d', i), 'lead.created', unixepoch(), json_object('id', printf('seed-%07d', i)) FROM n`,
  `INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT id, 1 FROM webhook_events WHERE id LIKE 'evt_seed_%'`,
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
   INSERT INTO portal_sign_ins (email, token_hash, code_hash, created_at, expires_at)
   SELECT 'faktury' || i || '@firma.pl', 'seed-token-' || i, 'seed-code', (unixepoch() - 3 * 86400) * 1000,
     (unixepoch() - 3 * 86400 + 900) * 1000 FROM n`,
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
   INSERT INTO company_lookups (nip, found, data, fetched_at)
   SELECT printf('%010d', i), 0, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 days') FROM n`,
  'ANALYZE',
];

/** The first working day from the 25th of this month, 09:00 in Warsaw (08:00 UTC in winter): reminders and the digest are due. */
function jobTime() {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 25, 7, 30));
  while ([0, 6].includes(at.getUTCDay())) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

const batchOf = (queue, bodies) => ({
  queue,
  messages: bodies.map((body, i) => ({
    id: `m${i}`,
    timestamp: new Date(),
    body,
    attempts: 1,
    ack() {},
    retry() {},
  })),
  ackAll() {},
  retryAll() {},
});

export async function run() {
  const jobs = await importForNode('cpu-jobs', {
    stdin: {
      contents: `
        export { sweepUnsent, handleEmailBatch } from './worker/outbox/delivery.ts';
        export { dispatchWebhooks, handleWebhookBatch } from './worker/webhooks/delivery.ts';
        export { applyRetention } from './worker/privacy/retention.ts';
        export { runSalesClock } from './worker/leads/sales-clock.ts';
        export { handleLeadBatch } from './worker/leads/deferred.ts';
        export { forgetStaleLookups } from './worker/company/model.ts';
        export { sendReadingReminders } from './worker/meter/reminders.ts';
        export { forgetOldSignIns } from './worker/portal/sign-in.ts';
        export { backupToR2 } from './worker/backups/schedule.ts';
        export { backupLines, restoreBackup } from './worker/backups/model.ts';
        export { decryptBackup } from './worker/backups/crypt.ts';
        export { app } from './worker/app.ts';
        export { asInvocation, guardD1, guardQueue, recentInvocations, takeViolations } from './tests/worker/d1-guard.ts';`,
      resolveDir: root,
      sourcefile: 'cpu-jobs-entry.ts',
      loader: 'ts',
    },
    jsx: 'automatic',
    jsxImportSource: 'preact',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
  });

  // A webhook receiver on this machine (port 0: a free one) that answers 200.
  const hooks = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${hooks.address().port}/hook`;

  rmSync(STATE, { recursive: true, force: true });
  const seeding = performance.now();
  wrangler(['d1', 'migrations', 'apply', 'DB']);

  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
      compatibilityDate: '2026-04-01',
      d1Databases: { DB: '00000000-0000-0000-0000-000000000000' },
      resourcePersistencePath: path.join(STATE, 'v3'),
      r2Buckets: ['BACKUPS'],
    }),
  );
  const rows = [];
  let seededIn = 0;
  let restored;
  try {
    const realDb = await mf.getD1Database('DB');
    // The seed through the binding (a wrangler process a statement is minutes on a loaded machine);
    // the one text of several statements (the response counters' migration) split at its semicolons.
    for (const sql of [...seed(LEADS), ...work(hookUrl)])
      for (const one of sql.split(/;[ \t]*(?:--[^\n]*)?\n/).map((s) => s.replace(/^\s*--.*$/gm, '').trim()))
        if (one) await realDb.prepare(one).run();
    seededIn = (performance.now() - seeding) / 1000;
    const sent = [];
    const queue = (name) =>
      jobs.guardQueue(name, {
        send: async (body) => void sent.push(body),
        sendBatch: async (messages) => void sent.push(...[...messages].map((m) => m.body)),
      });
    const env = {
      DB: jobs.guardD1(realDb),
      BACKUPS: await mf.getR2Bucket('BACKUPS'),
      EMAIL_QUEUE: queue('EMAIL_QUEUE'),
      WEBHOOK_QUEUE: queue('WEBHOOK_QUEUE'),
      LEAD_QUEUE: queue('LEAD_QUEUE'),
      SEND_EMAIL: { send: async () => undefined },
      SERVICE_EMAIL: 'serwis@kserowo.pl',
      MAIL_FROM: 'formularz@kserowo.pl',
      RETENTION_MONTHS: '24',
      LIVE_CATALOGUE_TTL_MS: '0',
      WHITELIST_API_URL: 'stand-in',
      WEBHOOKS_ALLOW_LOCAL_HTTP: '1',
      ...TEST_KEYS,
      LEAD_RATE_LIMIT: { limit: async () => ({ success: true }) },
      COMPANY_LOOKUP_RATE_LIMIT: { limit: async () => ({ success: true }) },
    };
    const at = jobTime();
    const ids = async (sql) => (await realDb.prepare(sql).all()).results.map((r) => Object.values(r)[0]);

    // Ten leads the contact form put on the lead queue while D1 was away: the form run with a D1 that refuses writes.
    const deferred = [];
    const away = { ...env, DB: { ...env.DB, batch: async () => Promise.reject(new Error('D1 away')) } };
    away.LEAD_QUEUE = { send: async (body) => void deferred.push(body) };
    for (let i = 0; i < 10; i++)
      await jobs.app.fetch(
        new Request('http://kserowo.test/api/send-contact-email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${i + 1}` },
          body: JSON.stringify({ name: `Jan Kolejka ${i}`, email: `jan${i}@firma.pl`, message: 'Proszę o ofertę.' }),
        }),
        away,
        { waitUntil() {}, passThroughOnException() {} },
      );
    jobs.takeViolations();

    const measured = [
      [
        'Queue: e-mail, a batch of 10',
        QUEUE_BUDGET_MS,
        async () =>
          jobs.handleEmailBatch(
            batchOf(
              'kserowo-email',
              (await ids("SELECT id FROM outbox WHERE state = 'pending' ORDER BY id LIMIT 10")).map((id) => ({
                notificationId: id,
              })),
            ),
            env,
          ),
      ],
      [
        'Queue: webhooks, a batch of 6',
        QUEUE_BUDGET_MS,
        async () =>
          jobs.handleWebhookBatch(
            batchOf(
              'kserowo-webhooks',
              (await ids("SELECT id FROM webhook_deliveries WHERE state = 'pending' ORDER BY id LIMIT 6")).map(
                (id) => ({ deliveryId: id }),
              ),
            ),
            env,
          ),
      ],
      [
        'Queue: leads kept while D1 was away, a batch of 10',
        QUEUE_BUDGET_MS,
        () => jobs.handleLeadBatch(batchOf('kserowo-leads', deferred), env),
      ],
      ['Cron: e-mail sweep', CRON_BUDGET_MS, () => jobs.sweepUnsent(env)],
      [
        'Cron: webhook dispatch (300 deliveries due)',
        CRON_BUDGET_MS,
        () => jobs.dispatchWebhooks(env),
        // The lead consumer before it dispatched what was due: due again, as a crash would leave them.
        () => realDb.prepare("UPDATE webhook_deliveries SET queued_at = NULL WHERE state = 'pending'").run(),
      ],
      ['Cron: retention', CRON_BUDGET_MS, () => jobs.applyRetention(env, at)],
      ['Cron: reading reminders', CRON_BUDGET_MS, () => jobs.sendReadingReminders(env, at)],
      ['Cron: sales clock (alerts, digest)', CRON_BUDGET_MS, () => jobs.runSalesClock(env, at)],
      ['Cron: sign-in tidy-up', CRON_BUDGET_MS, () => jobs.forgetOldSignIns(env, at.getTime())],
      ['Cron: look-up cleanup', CRON_BUDGET_MS, () => jobs.forgetStaleLookups(env.DB, at)],
      ['Cron: daily backup to R2', BACKUP_BUDGET_MS, () => jobs.backupToR2(env, at)],
    ];
    for (const [name, budget, job, prepare] of measured) {
      if (prepare) await prepare();
      if (global.gc) global.gc();
      const wall = performance.now();
      const cpu = process.cpuUsage();
      let error = '';
      try {
        await jobs.asInvocation(name, job);
      } catch (e) {
        error = String(e).slice(0, 200);
      }
      const used = process.cpuUsage(cpu);
      const ms = (used.user + used.system) / 1000;
      const invocation = jobs.recentInvocations().at(-1);
      const over = jobs.takeViolations();
      rows.push({
        name,
        budget,
        ms,
        wall: performance.now() - wall,
        statements: invocation?.statements ?? 0,
        over,
        error,
      });
    }
    // What `npm run restore` does (the same function), at this size: the daily job's R2 object,
    // saved to a file, restored over this database, its search index rebuilt.
    const file = path.join(STATE, 'backup.ndjson.aes');
    const newest = (await env.BACKUPS.list({ prefix: 'd1/' })).objects.at(-1);
    if (!newest) throw new Error('no backup in R2');
    await pipeline(Readable.fromWeb((await env.BACKUPS.get(newest.key)).body), createWriteStream(file));
    const backupSeconds = rows.find((r) => r.name.includes('backup'))?.wall / 1000;
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          ['leads', 'quotes', 'outbox', 'devices', 'meter_readings', 'service_tickets', 'leads_search'].map(
            async (t) => [t, (await realDb.prepare(`SELECT count(*) AS n FROM ${t}`).first()).n],
          ),
        ),
      );
    const before = await counts();
    const started = performance.now();
    const report = await jobs.restoreBackup(realDb, () =>
      jobs.decryptBackup(TEST_KEYS, createReadStream(file, { highWaterMark: 1 << 20 })),
    );
    const restoreSeconds = (performance.now() - started) / 1000;
    const after = await counts();
    restored = {
      bytes: statSync(file).size,
      backupSeconds,
      restoreSeconds,
      report,
      same: JSON.stringify(before) === JSON.stringify(after),
      after,
    };
  } finally {
    await mf.dispose();
    hooks.close();
    rmSync(STATE, { recursive: true, force: true });
  }

  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.ms.toFixed(0)} ms | ${r.budget} ms | ${r.ms <= r.budget ? 'within' : '**over**'} | ${r.statements} | ${r.wall.toFixed(0)} ms | ${[...new Set(r.over)].length === 0 && !r.error ? '—' : [...new Set(r.over), r.error].filter(Boolean).join('; ').replaceAll('|', '\\|')} |`,
    )
    .join('\n');
  const fiveMinute = rows.filter((r) => r.name.startsWith('Cron:') && !r.name.includes('backup'));
  const sum = fiveMinute.reduce((a, r) => a + r.ms, 0);
  const statements = fiveMinute.reduce((a, r) => a + r.statements, 0);
  return `${LEADS} leads, ${LEADS / 10} tickets, ${LEADS / 20} devices (under ${LEADS / 200} contracts), ${LEADS} readings (bench/scale.bench.mjs's seed), plus the jobs' work: 200 e-mails due, 300 webhook deliveries due, 5 000 leads past retention, 2 000 spent sign-ins and 2 000 stale look-ups; jobs run at ${jobTime().toISOString()} (reminders and the digest due). Seeded in ${seededIn.toFixed(0)} s; ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}.

CPU is the job's JavaScript run in Node (same V8) against this local D1, \`process.cpuUsage()\` around each job: an upper bound (it includes the local D1 binding's client side; SQLite's own time is D1's, not the Worker's). Budgets from wrangler.toml's \`[limits] cpu_ms = 30000\`: each of the five-minute run's seven jobs 3 000 ms (they share one invocation), a queue batch 3 000 ms, the daily backup 20 000 ms. "Statements" is the job's D1 statements in its invocation (D1 allows 1 000); the last column lists what the production-limit guard refused.

| Job | CPU | Budget | | Statements | Wall | Over a D1/Queues limit |
|---|---:|---:|---|---:|---:|---|
${table}

The five-minute run's jobs together: ${sum.toFixed(0)} ms of CPU (limit 30 000 ms) and ${statements} statements (limit 1 000).

Backup and restore at this size (the functions of \`npm run backup\`/\`npm run restore\`, on the database after the jobs): the daily job's backup is ${(restored.bytes / 1e6).toFixed(1)} MB (NDJSON, search index left out), written to R2 in ${restored.backupSeconds.toFixed(0)} s of wall time; saved to a file and restored over the database in ${restored.restoreSeconds.toFixed(0)} s (${restored.report.tables} tables, ${restored.report.rows} rows, ${restored.report.statements} statements, search index rebuilt); row counts ${restored.same ? 'identical' : '**different**'} after the restore (${Object.entries(
    restored.after,
  )
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')}).
`;
}
