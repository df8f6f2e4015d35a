// The reset between worker test files (tests/worker/fresh-d1.ts): what one file wrote is gone for
// the next, what the migrations seeded is back, and the ids a queue message may still carry are
// not handed out again.
import type { D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { freshD1, rawD1 } from './fresh-d1.ts';

const testEnv = env as unknown as Env & { TEST_MIGRATIONS: D1Migration[] };
const db = () => rawD1(testEnv.DB);
const count = async (sql: string) => (await db().prepare(sql).first<{ n: number }>())?.n;

describe('a fresh database for each test file', () => {
  it('empties every table, the search index included, and puts back the seeded rows', async () => {
    await db().batch([
      db().prepare('INSERT INTO catalogue_versions (data) VALUES (\'{"devices":[]}\')'),
      db().prepare("UPDATE accounts SET name = 'Zmieniony' WHERE id = 1"),
      db().prepare(
        `INSERT INTO leads (id, kind, submission_id, name, email) VALUES ('l-1', 'contact', 's-1', 'Ala Nowak', 'ala@example.pl')`,
      ),
      db().prepare(
        "INSERT INTO leads_search (rowid, name, email, company) SELECT rowid, name, email, '' FROM leads WHERE id = 'l-1'",
      ),
    ]);
    expect(await count("SELECT count(*) AS n FROM leads_search WHERE leads_search MATCH 'Nowak'")).toBe(1);

    await freshD1(db(), testEnv.TEST_MIGRATIONS);

    expect(await count('SELECT count(*) AS n FROM leads')).toBe(0);
    expect(await count("SELECT count(*) AS n FROM leads_search WHERE leads_search MATCH 'Nowak'")).toBe(0);
    expect(await count('SELECT count(*) AS n FROM catalogue_versions')).toBe(0);
    // The owner's account the migrations made, as they made it.
    expect(await db().prepare('SELECT id, email, name, role FROM accounts').all()).toMatchObject({
      results: [{ id: 1, email: 'admin', name: 'Właściciel', role: 'owner' }],
    });
    // A catalogue's first version is 1 again…
    const first = await db()
      .prepare('INSERT INTO catalogue_versions (data) VALUES (\'{"devices":[]}\') RETURNING version')
      .first<{ version: number }>();
    expect(first?.version).toBe(1);
  });

  it('goes on counting the e-mails a queue message names by id', async () => {
    const email = async () => {
      await db()
        .prepare(
          `INSERT OR IGNORE INTO leads (id, kind, submission_id, name, email) VALUES ('l-2', 'contact', 's-2', 'Ola', 'ola@example.pl')`,
        )
        .run();
      return db()
        .prepare(
          `INSERT INTO outbox (lead_id, recipient, subject, body) VALUES ('l-2', 'ola@example.pl', 'Temat', 'Treść') RETURNING id`,
        )
        .first<{ id: number }>();
    };
    const before = (await email())?.id ?? 0;
    await freshD1(db(), testEnv.TEST_MIGRATIONS);
    expect(await count('SELECT count(*) AS n FROM outbox')).toBe(0);
    // …but an e-mail job left in the queue by the file before (id `before`) names no e-mail of this one.
    expect((await email())?.id).toBe(before + 1);
  });
});
