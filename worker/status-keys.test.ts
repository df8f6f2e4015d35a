/**
 * Statuses as keys in data: migration 0300 turns the Polish words stored before it into the
 * keys, on a database built by the migrations before it (the rows in their old form), and
 * keeps every index, the partial ones meaning what they meant, and the leads' rowids.
 *
 * The file rebuilds the schema from nothing on the unguarded binding (the early migrations hold
 * triggers wider than D1 takes today, dropped again by 0120); it ends with the schema every file
 * starts from, and the next file's reset (tests/worker/fresh-d1.ts) empties what it left.
 */
import type { D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawD1 } from '../tests/worker/fresh-d1.ts';

const testEnv = env as unknown as Env & { TEST_MIGRATIONS: D1Migration[] };
const db = () => rawD1(testEnv.DB);
const KEYS_MIGRATION = '0300_status_keys.sql';

const all = async <T>(sql: string, ...values: unknown[]) =>
  (
    await db()
      .prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;

/** The indexes of the three tables, by name, with the columns they cover. */
const indexes = async () =>
  Object.fromEntries(
    await Promise.all(
      (
        await all<{ name: string; tbl_name: string }>(
          `SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'
             AND tbl_name IN ('leads', 'service_tickets', 'toner_orders') ORDER BY name`,
        )
      ).map(async ({ name }) => [
        name,
        (await all<{ name: string | null }>(`SELECT name FROM pragma_index_info(?)`, name)).map((c) => c.name),
      ]),
    ),
  );

/** Runs `migrations` in order, each in one batch, as `wrangler d1 migrations apply` does. */
async function migrate(migrations: D1Migration[]) {
  for (const m of migrations) await db().batch(m.queries.map((q) => db().prepare(q)));
}

/**
 * Every object of the schema gone but the migrations' log (which still lists them all): the
 * migrations start again from nothing.
 */
async function emptySchema() {
  const objects = await all<{ type: string; name: string }>(
    `SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'
       AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' ORDER BY type DESC`,
  );
  const virtual = await all<{ name: string }>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`,
  );
  const shadows = (name: string) => virtual.some((v) => name !== v.name && name.startsWith(`${v.name}_`));
  for (const o of objects.filter((o) => o.type === 'view')) await db().exec(`DROP VIEW "${o.name}"`);
  for (const v of virtual) await db().exec(`DROP TABLE "${v.name}"`);
  // A table another one references goes after it (D1 keeps foreign keys on): drop what can go, then again.
  let left = objects.filter((o) => o.type === 'table' && !virtual.some((v) => v.name === o.name) && !shadows(o.name));
  while (left.length) {
    const failed: typeof left = [];
    for (const o of left)
      await db()
        .exec(`DROP TABLE "${o.name}"`)
        .catch(() => failed.push(o));
    if (failed.length === left.length) throw new Error(`Cannot drop ${failed.map((o) => o.name).join(', ')}`);
    left = failed;
  }
}

const LEADS = [
  // id, status, stage, the keys expected
  ['l1', 'nowy', 'nowy', 'new', 'new'],
  ['l2', 'w kontakcie', 'w kontakcie', 'contacted', 'contacted'],
  ['l3', 'w kontakcie', 'oferta wysłana', 'contacted', 'offer_sent'],
  ['l4', 'w kontakcie', 'negocjacje', 'contacted', 'negotiation'],
  ['l5', 'wygrany', 'wygrany', 'won', 'won'],
  ['l6', 'przegrany', 'przegrany', 'lost', 'lost'],
  ['l7', 'spam', 'przegrany', 'spam', 'lost'],
] as const;

const TICKETS = [
  ['t1', 'nowe', 'new'],
  ['t2', 'przyjęte', 'accepted'],
  ['t3', 'w drodze', 'en_route'],
  ['t4', 'naprawione', 'repaired'],
  ['t5', 'urządzenie zastępcze', 'replacement'],
  ['t6', 'zamknięte', 'closed'],
] as const;

const TONER = [
  ['black', 'do akceptacji', 'awaiting_approval'],
  ['cyan', 'przyjęte', 'accepted'],
  ['magenta', 'wysłane', 'shipped'],
  ['yellow', 'dostarczone', 'delivered'],
  ['black', 'odrzucone', 'rejected'],
] as const;

describe('migration 0300: statuses as keys', () => {
  let indexesBefore: Record<string, (string | null)[]>;
  let rowidsBefore: { id: string; rowid: number }[];

  beforeAll(async () => {
    // The e-mails' and deliveries' ids go on after this file, as fresh-d1.ts keeps them: a queue
    // message an earlier file left names no row of a later one.
    const counters = await all<{ name: string; seq: number }>(
      `SELECT name, seq FROM sqlite_sequence WHERE name IN ('outbox', 'webhook_deliveries')`,
    );
    await emptySchema();
    const migrations = testEnv.TEST_MIGRATIONS;
    expect(migrations.map((m) => m.name)).toContain(KEYS_MIGRATION);
    await migrate(migrations.filter((m) => m.name < KEYS_MIGRATION));
    // The rows as the code before the keys stored them.
    await db().batch([
      ...LEADS.map(([id, status, stage], i) =>
        db()
          .prepare(
            `INSERT INTO leads (id, kind, submission_id, name, email, company, status, stage, lost_reason)
             VALUES (?, 'contact', ?, ?, ?, 'Biuro Rachunkowe', ?, ?, ?)`,
          )
          .bind(
            id,
            `s-${id}`,
            `Anna Kowalska ${i}`,
            `anna${i}@example.pl`,
            status,
            stage,
            stage === 'przegrany' ? (status === 'spam' ? 'spam' : 'cena') : null,
          ),
      ),
      db().prepare(
        `INSERT INTO leads_search (rowid, name, email, company) SELECT rowid, name, email, company FROM leads`,
      ),
      db().prepare(`INSERT INTO devices (id, serial, device_id, level) VALUES (1, 'SN-1', 'km-c3320i', 'business')`),
      ...TICKETS.map(([id, status], i) =>
        db()
          .prepare(
            `INSERT INTO service_tickets (id, submission_id, body_hash, number, year, seq, serial, sla_hours, category,
               description, name, email, phone, status, created_at, due_at)
             VALUES (?, ?, 'h', ?, 2026, ?, 'SN-1', 8, 'paper', 'Zacina się', 'Jan', 'jan@example.pl', '500100200', ?,
               '2026-11-02T09:00:00.000Z', ?)`,
          )
          .bind(id, `s-${id}`, `SR-2026-00000${i + 1}`, i + 1, status, `2026-11-0${i + 2}T09:00:00.000Z`),
      ),
      ...TICKETS.map(([id, status]) =>
        db()
          .prepare(
            `INSERT INTO service_ticket_events (ticket_id, status, actor) VALUES (?, 'nowe', 'klient'), (?, ?, 'Marek')`,
          )
          .bind(id, id, status),
      ),
      ...TONER.map(([colour, status], i) =>
        db()
          .prepare(
            `INSERT INTO toner_orders (order_no, year, seq, device_row, colour, status, justified, ordered_by)
             VALUES (?, 2026, ?, 1, ?, ?, 1, 'biuro@example.pl')`,
          )
          .bind(`TON-2026-00000${i + 1}`, i + 1, colour, status),
      ),
    ]);
    indexesBefore = await indexes();
    rowidsBefore = await all<{ id: string; rowid: number }>('SELECT id, rowid FROM leads ORDER BY id');
    await migrate(migrations.filter((m) => m.name >= KEYS_MIGRATION));
    for (const { name, seq } of counters)
      await db().prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').bind(name, seq).run();
  });

  it("turns each lead's Polish status and stage into its keys, rowids and search kept", async () => {
    expect(await all('SELECT id, status, stage FROM leads ORDER BY id')).toEqual(
      LEADS.map(([id, , , status, stage]) => ({ id, status, stage })),
    );
    expect(await all('SELECT id, rowid FROM leads ORDER BY id')).toEqual(rowidsBefore);
    const found = await all<{ id: string }>(
      `SELECT l.id FROM leads_search s JOIN leads l ON l.rowid = s.rowid WHERE leads_search MATCH '"Kowalska 4"'`,
    );
    expect(found).toEqual([{ id: 'l5' }]);
    // The reason of a loss is not a status: it stays as it was.
    expect(await all(`SELECT id, lost_reason FROM leads WHERE lost_reason IS NOT NULL ORDER BY id`)).toEqual([
      { id: 'l6', lost_reason: 'cena' },
      { id: 'l7', lost_reason: 'spam' },
    ]);
  });

  it("turns each ticket's status and its history into keys", async () => {
    expect(await all('SELECT id, status FROM service_tickets ORDER BY id')).toEqual(
      TICKETS.map(([id, , status]) => ({ id, status })),
    );
    expect(await all('SELECT ticket_id, status FROM service_ticket_events ORDER BY id')).toEqual(
      TICKETS.flatMap(([id, , status]) => [
        { ticket_id: id, status: 'new' },
        { ticket_id: id, status },
      ]),
    );
  });

  it("turns each toner order's status into its key", async () => {
    expect(await all('SELECT colour, status FROM toner_orders ORDER BY id')).toEqual(
      TONER.map(([colour, , status]) => ({ colour, status })),
    );
  });

  it('keeps every index with the same columns, and the partial ones read the keys', async () => {
    expect(await indexes()).toEqual(indexesBefore);
    const sql = async (name: string) =>
      (await all<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE name = ?`, name))[0]?.sql;
    expect(await sql('service_tickets_open_page')).toContain("WHERE status != 'closed'");
    expect(await sql('toner_orders_in_flight')).toContain(
      "WHERE status IN ('awaiting_approval', 'accepted', 'shipped')",
    );
    // One cartridge per colour in flight still: black is awaiting approval, a second black is refused.
    await expect(
      db()
        .prepare(
          `INSERT INTO toner_orders (order_no, year, seq, device_row, colour, status, justified, ordered_by)
           VALUES ('TON-2026-000009', 2026, 9, 1, 'black', 'accepted', 1, 'biuro@example.pl')`,
        )
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('stores a new lead and ticket as new, and refuses the Polish words from now on', async () => {
    await db()
      .prepare(
        `INSERT INTO leads (id, kind, submission_id, name, email) VALUES ('l8', 'quote', 's-l8', 'Ewa', 'ewa@example.pl')`,
      )
      .run();
    expect(await all(`SELECT status, stage FROM leads WHERE id = 'l8'`)).toEqual([{ status: 'new', stage: 'new' }]);
    await expect(db().prepare(`UPDATE leads SET status = 'wygrany' WHERE id = 'l8'`).run()).rejects.toThrow(/CHECK/);
    await expect(db().prepare(`UPDATE leads SET stage = 'negocjacje' WHERE id = 'l8'`).run()).rejects.toThrow(/CHECK/);
    await expect(db().prepare(`UPDATE service_tickets SET status = 'zamknięte' WHERE id = 't1'`).run()).rejects.toThrow(
      /CHECK/,
    );
    await expect(db().prepare(`UPDATE toner_orders SET status = 'wysłane' WHERE id = 1`).run()).rejects.toThrow(
      /CHECK/,
    );
  });

  it('leaves the database without triggers', async () => {
    // But the two of 0470, made to stay: they refuse a webhook secret written in clear.
    expect(
      await all(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE 'webhook_secret_sealed_on_%'`),
    ).toEqual([]);
  });
});
