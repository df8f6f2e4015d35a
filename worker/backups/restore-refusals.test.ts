// A crafted backup is refused whole, and the database is left as it was: the file's own SQL is
// never run (an extra trigger in its schema line), only our tables and columns are accepted, and a
// row the tables refuse in the middle of a table changes nothing (the rows wait in staging tables
// and go in, in one transaction, only when every row is there). A good backup still round-trips.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../tests/worker/admin-helpers.ts';
import { restoreBackup } from './model-restore.ts';
import { backupText } from './model.ts';

const db = () => env.DB;

/** The whole database: its schema as sqlite_master has it, and every row of every table but the index's. */
async function everything(): Promise<string> {
  const { results: schema } = await db()
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name")
    .all<{ type: string; name: string; sql: string | null }>();
  const rows: Record<string, unknown[]> = {};
  for (const t of schema)
    if (t.type === 'table' && !t.name.startsWith('leads_search') && !t.name.startsWith('sqlite_'))
      rows[t.name] = ((await db().prepare(`SELECT * FROM "${t.name}"`).raw()) as unknown[])
        .map((r) => JSON.stringify(r))
        .sort();
  const found = await db().prepare("SELECT rowid FROM leads_search WHERE leads_search MATCH 'nowak'").raw();
  return JSON.stringify({ schema, rows, found });
}

type Lines = unknown[];
const parse = (text: string): Lines =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);
const print = (lines: Lines) => `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
const tableAt = (lines: Lines, name: string) =>
  lines.findIndex((l) => !!l && typeof l === 'object' && (l as { table?: string }).table === name);

let good = '';

beforeAll(async () => {
  for (let i = 0; i < 5; i++) {
    const res = await request('/api/send-contact-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.8' },
      body: JSON.stringify({ name: `Anna Nowak ${i}`, email: `anna${i}@przyklad.pl`, message: 'Proszę o ofertę.' }),
    });
    expect(res.status).toBe(200);
  }
  // The e-mail queue sends the leads' notifications meanwhile: the backup is taken once it is done.
  for (let waited = 0; ; waited += 100) {
    const busy = await db()
      .prepare("SELECT count(*) AS n FROM outbox WHERE state IN ('pending', 'sending')")
      .first<{ n: number }>();
    if (busy?.n === 0) break;
    if (waited > 30_000) throw new Error('the e-mail queue did not finish in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  good = await backupText(db());
  // The database moves on after the backup: a restore that went even partly in would show.
  await db().batch([
    db().prepare("UPDATE leads SET name = 'Po kopii'"),
    db().prepare("INSERT INTO leads_search (leads_search) VALUES ('delete-all')"),
  ]);
}, 60_000);

/** Restores `crafted` and expects the refusal `message`, with the database exactly as before. */
async function refused(crafted: string, message: string) {
  const before = await everything();
  await expect(restoreBackup(db(), () => [crafted])).rejects.toThrow(message);
  expect(await everything()).toBe(before);
}

describe('a crafted backup is refused whole, the database unchanged', () => {
  it('an extra trigger in the schema line (its SQL is never run)', async () => {
    const lines = parse(good);
    const schema = lines[1] as { schema: unknown[] };
    schema.schema.push({
      type: 'trigger',
      name: 'evil',
      tbl_name: 'leads',
      sql: 'CREATE TRIGGER evil AFTER UPDATE ON leads BEGIN DELETE FROM audit_log; END',
    });
    await refused(
      print(lines),
      'Kopia odrzucona: obiekt schematu „evil” (trigger) nie pochodzi z migracji tej bazy. Baza nie została zmieniona.',
    );
  });

  it('a table of ours with other SQL in the schema line', async () => {
    const lines = parse(good);
    const schema = lines[1] as { schema: { name: string; sql: string }[] };
    const leads = schema.schema.find((e) => e.name === 'leads');
    if (!leads) throw new Error('no leads in the schema line');
    leads.sql = leads.sql.replace("CHECK (kind IN ('contact', 'quote'))", '');
    await refused(print(lines), 'Kopia odrzucona: obiekt schematu „leads” (table) nie pochodzi z migracji tej bazy.');
  });

  it('an unknown table', async () => {
    const lines = parse(good);
    const end = lines.pop() as { rows: Record<string, number> };
    lines.push({ table: 'evil', columns: ['x'], rowid: false }, ['x']);
    lines.push({ end: true, rows: { ...end.rows, evil: 1 } });
    await refused(print(lines), 'Kopia odrzucona: nieznana tabela „evil”');
  });

  it('an unknown column', async () => {
    const lines = parse(good);
    const at = tableAt(lines, 'leads');
    const line = lines[at] as { columns: string[] };
    line.columns = line.columns.map((c) => (c === 'notes' ? 'evil' : c));
    await refused(print(lines), 'Kopia odrzucona: nieznana kolumna „evil” w tabeli „leads”');
  });

  it('a row with a value that is no plain value', async () => {
    const lines = parse(good);
    const at = tableAt(lines, 'leads');
    (lines[at + 2] as unknown[])[1] = { sql: 'DROP TABLE leads' };
    await refused(print(lines), 'nie pasuje do jej kolumn');
  });

  it('a bad row in the middle of a table: refused at the swap, every earlier row of every table undone', async () => {
    const lines = parse(good);
    const at = tableAt(lines, 'leads');
    const { columns, rowid } = lines[at] as { columns: string[]; rowid: boolean };
    // The third of the five leads is a kind the table's CHECK refuses; the tables before it are
    // whole in the file, and their rows have already gone into staging when it is found.
    expect(rowid).toBe(true);
    expect(lines.slice(at + 1, at + 6).every(Array.isArray)).toBe(true);
    (lines[at + 3] as unknown[])[1 + columns.indexOf('kind')] = 'zły';
    await refused(
      print(lines),
      'Kopia odrzucona: wiersz kopii nie pasuje do tabel tej bazy (CHECK constraint failed: kind IN',
    );
  });

  it('a row whose parent is not in the file: refused at the swap', async () => {
    const lines = parse(good);
    const at = tableAt(lines, 'leads');
    const { columns } = lines[at] as { columns: string[] };
    // The lead's id changes: the rows that refer to it (its e-mails) have no parent.
    (lines[at + 3] as unknown[])[1 + columns.indexOf('id')] = 'nieistniejący';
    await refused(print(lines), 'Kopia odrzucona: wiersz kopii nie pasuje do tabel tej bazy (FOREIGN KEY');
  });

  it('a file from a database with other migrations', async () => {
    const lines = parse(good);
    const at = tableAt(lines, 'd1_migrations');
    const { columns } = lines[at] as { columns: string[] };
    (lines[at + 1] as unknown[])[columns.indexOf('name')] = '9999_nieznana.sql';
    await refused(print(lines), 'Kopia odrzucona: kopia pochodzi z bazy o innych migracjach');
  });
});

describe('a good backup', () => {
  it('round-trips: the names back as backed up, the search index built again', async () => {
    const report = await restoreBackup(db(), () => [good]);
    expect(report.rows).toBeGreaterThanOrEqual(5);
    const names = await db().prepare('SELECT name FROM leads ORDER BY name').raw();
    expect(names.flat()).toEqual(['Anna Nowak 0', 'Anna Nowak 1', 'Anna Nowak 2', 'Anna Nowak 3', 'Anna Nowak 4']);
    const found = await db().prepare("SELECT count(*) FROM leads_search WHERE leads_search MATCH 'nowak'").raw();
    expect(found).toEqual([[5]]);
    expect(await backupText(db(), new Date(0))).toBe(
      good.replace(/"createdAt":"[^"]+"/, `"createdAt":"${new Date(0).toISOString()}"`),
    );
  }, 60_000);
});
