// The restore drill: a database seeded through the API (leads, quotes, a ticket, contracts with
// devices and readings, an account's audit) is backed up, emptied, restored from the backup alone,
// and then compared table by table, row by row (rowids and value types too), and by what the
// lead search finds, through the admin API as the team would search.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../index.ts';
import { DAILY_BACKUP } from '../schedule.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { decryptBackup } from './crypt.ts';
import { restoreBackup } from './model-restore.ts';
import { backupText, schemaOf } from './model.ts';
import { BACKUPS_KEPT, BACKUP_PREFIX } from './schedule.ts';

const db = () => env.DB;
const SEARCHES = ['nowak', 'kowalsk', 'firma-a', 'ski', 'Żółć', 'ab', '@przyklad.pl', 'zzzz'];

type Snapshot = Record<string, { columns: string[]; rows: unknown[][]; types: unknown[][] }>;

/** Every table of the backup's schema, every row in rowid (or key) order, with each value's SQLite type. */
async function snapshot(): Promise<Snapshot> {
  const { entries } = await schemaOf(db());
  const out: Snapshot = {};
  for (const t of entries.filter((e) => e.type === 'table')) {
    const columns = (
      await db().prepare('SELECT name FROM pragma_table_info(?1)').bind(t.name).all<{ name: string }>()
    ).results.map((c) => c.name);
    const keys = (
      await db().prepare('SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk').bind(t.name).all<{
        name: string;
      }>()
    ).results.map((c) => `"${c.name}"`);
    const withoutRowid = /WITHOUT\s+ROWID/i.test(t.sql);
    const list = columns.map((c) => `"${c}"`).join(', ');
    const order = withoutRowid ? keys.join(', ') : 'rowid';
    const rowid = withoutRowid ? '' : 'rowid, ';
    const rows = (await db().prepare(`SELECT ${rowid}${list} FROM "${t.name}" ORDER BY ${order}`).raw()) as unknown[][];
    const types = (await db()
      .prepare(`SELECT ${columns.map((c) => `typeof("${c}")`).join(', ')} FROM "${t.name}" ORDER BY ${order}`)
      .raw()) as unknown[][];
    out[t.name] = { columns, rows, types };
  }
  return out;
}

/** What the team's lead search answers for each term (ids in the inbox's order). */
async function searches(cookie: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const q of SEARCHES) {
    const res = await read(`/api/admin/leads?q=${encodeURIComponent(q)}&limit=100`, cookie);
    expect(res.status).toBe(200);
    out[q] = ((await res.json()) as { leads: { id: string }[] }).leads.map((l) => l.id);
  }
  return out;
}

const userTables = async () =>
  (
    await db()
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .all<{ name: string }>()
  ).results.map((r) => r.name);

let cookie = '';

beforeAll(async () => {
  cookie = await login('203.0.113.90', 'Ewa');
  const contact = (name: string, email: string, company?: string) =>
    request('/api/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.7' },
      body: JSON.stringify({ name, email, ...(company ? { company } : {}), message: 'Proszę o ofertę dzierżawy.' }),
    });
  const people: [string, string, string?][] = [
    ['Anna Nowak', 'anna.nowak@przyklad.pl', 'Firma-A sp. z o.o.'],
    ['Jan Kowalski', 'jan@kowalski.pl'],
    ['Zofia Żółć-Kowalska', 'zofia@przyklad.pl', 'Biuro Żółć'],
    ['Piotr Abacki', 'piotr@abacki.pl', 'Nowak i Wspólnicy'],
  ];
  for (let round = 0; round < 3; round++)
    for (const [name, email, company] of people)
      expect((await contact(`${name} ${round}`, email.replace('@', `+${round}@`), company)).status).toBe(200);
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    'AA2K021012345;C3320i;Premium;2025-01-01;36;Firma A sp. z o.o.;1234563218;biuro@firma-a.pl;600100200;Słupsk',
    'BB000111;bizhub 227;basic;2025-06-01;24;Biuro B;;;;Koszalin',
  ].join('\r\n');
  expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
  // The e-mail queue sends the leads' notifications meanwhile: the drill starts once it is done.
  for (let waited = 0; ; waited += 100) {
    const busy = await db()
      .prepare("SELECT count(*) AS n FROM outbox WHERE state IN ('pending', 'sending')")
      .first<{ n: number }>();
    if (busy?.n === 0) break;
    if (waited > 30_000) throw new Error('the e-mail queue did not finish in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

describe('the restore drill', () => {
  it('restores a backup over a changed database identical, table by table and row by row, search included', async () => {
    // Searched first: the team's search is itself audited (a row per view), so the snapshot follows it.
    const found = await searches(cookie);
    const before = await snapshot();
    // The drill means something only on a database with rows in its main tables.
    for (const table of ['leads', 'outbox', 'contracts', 'devices', 'contract_rates', 'admin_sessions', 'audit_log'])
      expect(before[table]?.rows.length, table).toBeGreaterThan(0);
    expect(found.nowak?.length).toBeGreaterThan(1);
    expect(Object.keys(before)).not.toContain('leads_search');

    const backup = await backupText(db());
    // Changed after the backup: every lead renamed, the search index emptied.
    await db().batch([
      db().prepare("UPDATE leads SET name = 'Zmieniony', company = NULL"),
      db().prepare("INSERT INTO leads_search (leads_search) VALUES ('delete-all')"),
    ]);
    expect((await searches(cookie)).nowak).toEqual([]);

    // Restored from the text alone, fed in uneven pieces as a file is read.
    const pieces = backup.match(/[\s\S]{1,777}/g) ?? [];
    const report = await restoreBackup(db(), () => pieces);
    expect(report.tables).toBe(Object.keys(before).length);
    const after = await snapshot();
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(await searches(cookie)).toEqual(found);
    // The index was built again from the leads: every lead is in it, nothing else.
    const indexed = await db().prepare('SELECT count(*) AS n FROM leads_search').first<{ n: number }>();
    expect(indexed?.n).toBe(before.leads?.rows.length);
  }, 60_000);

  it('refuses a backup cut short, before dropping anything', async () => {
    const backup = await backupText(db());
    const cut = backup.slice(0, backup.lastIndexOf('{"end"'));
    const tables = await userTables();
    await expect(restoreBackup(db(), () => [cut])).rejects.toThrow(
      'Kopia odrzucona: plik kończy się przed wierszem zamykającym (kopia ucięta). Baza nie została zmieniona.',
    );
    expect(await userTables()).toEqual(tables);
  }, 60_000);
});

describe('the daily backup to R2', () => {
  it('writes every table to R2 in the cron run, keeps the newest 35, and the object restores', async () => {
    // 36 older backups: after the run, the 35 newest of the 37 are kept.
    for (let day = 1; day <= 36; day++)
      await env.BACKUPS.put(`${BACKUP_PREFIX}2026-01-${String(day).padStart(2, '0')}T01-30-00.000Z.ndjson`, 'old');
    const ctx = createExecutionContext();
    const at = Date.UTC(2026, 3, 2, 1, 30);
    worker.scheduled(createScheduledController({ scheduledTime: at, cron: DAILY_BACKUP }), env, ctx);
    await waitOnExecutionContext(ctx);
    const listed = await env.BACKUPS.list({ prefix: BACKUP_PREFIX });
    expect(listed.objects).toHaveLength(BACKUPS_KEPT);
    const newest = `${BACKUP_PREFIX}2026-04-02T01-30-00.000Z.ndjson.aes`;
    expect(listed.objects.map((o) => o.key)).toContain(newest);
    expect(listed.objects.map((o) => o.key)).not.toContain(`${BACKUP_PREFIX}2026-01-01T01-30-00.000Z.ndjson`);
    expect(listed.objects.map((o) => o.key)).not.toContain(`${BACKUP_PREFIX}2026-01-02T01-30-00.000Z.ndjson`);

    const before = await snapshot();
    const bytes = await (await env.BACKUPS.get(newest))?.bytes();
    expect(bytes).toBeDefined();
    await restoreBackup(db(), () => decryptBackup(env, [bytes as Uint8Array]));
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});
