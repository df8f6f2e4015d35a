// Webhook signing secrets are sealed in D1 under WEBHOOK_SECRETS_KEY: a
// row from before migration 0470 is marked `plain:` by it, signs the same as before, and is sealed
// by the worker; D1 refuses a secret in clear; without the key the owner is told which secret is missing.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { login, read, testEnv, write } from '../../tests/worker/admin-helpers.ts';
import { signature } from './delivery.ts';
import { openSecret, sealLegacySecrets } from './secrets.ts';

const db = () => env.DB;
const LEGACY = `whsec_${'ab'.repeat(32)}`;

/** Runs `work` with the sealing triggers of 0470 set aside, as a database from before it was. */
async function beforeMigration0470(work: () => Promise<void>) {
  const { results: triggers } = await db()
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'webhook_secret_sealed%'")
    .all<{ name: string; sql: string }>();
  expect(triggers).toHaveLength(2);
  await db().batch(triggers.map((t) => db().prepare(`DROP TRIGGER ${t.name}`)));
  try {
    await work();
  } finally {
    await db().batch(triggers.map((t) => db().prepare(t.sql)));
  }
}

describe('sealed webhook secrets', () => {
  it('a secret stored in clear before 0470 is marked, signs as before, and is sealed by the worker', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0470_'));
    const mark = migration?.queries.find((q) => q.includes('UPDATE webhook_endpoints SET secret'));
    expect(mark).toBeDefined();
    let id = 0;
    await beforeMigration0470(async () => {
      const row = await db()
        .prepare(
          "INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/old', ?, '[]') RETURNING id",
        )
        .bind(LEGACY)
        .first<{ id: number }>();
      id = row?.id ?? 0;
      await db()
        .prepare(mark as string)
        .run();
    });
    const stored = async () =>
      (await db().prepare('SELECT secret FROM webhook_endpoints WHERE id = ?').bind(id).first<{ secret: string }>())
        ?.secret ?? '';
    expect(await stored()).toBe(`plain:${LEGACY}`);
    // The same signature as the documented HMAC with the secret in clear, before and after sealing.
    const body = '{"id":"evt_1","type":"lead.created","created":1,"data":{}}';
    const expected = await signature(LEGACY, 1_700_000_000, body);
    expect(await signature(await openSecret(env, await stored()), 1_700_000_000, body)).toBe(expected);

    expect(await sealLegacySecrets(env)).toBe(1);
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(LEGACY.slice(6));
    expect(await signature(await openSecret(env, await stored()), 1_700_000_000, body)).toBe(expected);
    expect(await sealLegacySecrets(env)).toBe(0);
    // The owner still sees the secret the receiver knows.
    const cookie = await login('198.18.31.1');
    const listed = (await (await read('/api/admin/webhooks', cookie)).json()) as {
      endpoints: { id: number; secret: string }[];
    };
    expect(listed.endpoints.find((e) => e.id === id)?.secret).toBe(LEGACY);
  });

  it('D1 refuses a secret written in clear', async () => {
    const cookie = await login('198.18.31.3');
    const res = await write(
      '/api/admin/webhooks',
      { url: 'http://127.0.0.1:9/y', events: ['lead.created'] },
      { cookie },
    );
    expect(res.status).toBe(201);
    await expect(
      db()
        .prepare("INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/x', ?, '[]')")
        .bind(LEGACY)
        .run(),
    ).rejects.toThrow(/webhook secret must be stored sealed/);
    await expect(db().prepare('UPDATE webhook_endpoints SET secret = ?').bind(LEGACY).run()).rejects.toThrow(
      /webhook secret must be stored sealed/,
    );
  });

  it('without WEBHOOK_SECRETS_KEY: 503 naming the missing secret, nothing stored', async () => {
    const cookie = await login('198.18.31.2');
    const saved = (testEnv as unknown as Record<string, string | undefined>).WEBHOOK_SECRETS_KEY;
    (testEnv as unknown as Record<string, string | undefined>).WEBHOOK_SECRETS_KEY = undefined;
    try {
      const before = await db().prepare('SELECT count(*) AS n FROM webhook_endpoints').first<{ n: number }>();
      const res = await write(
        '/api/admin/webhooks',
        { url: 'http://127.0.0.1:9/nowy', events: ['lead.created'] },
        { cookie },
      );
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(/^Brak sekretu WEBHOOK_SECRETS_KEY/);
      const after = await db().prepare('SELECT count(*) AS n FROM webhook_endpoints').first<{ n: number }>();
      expect(after?.n).toBe(before?.n);
    } finally {
      (testEnv as unknown as Record<string, string | undefined>).WEBHOOK_SECRETS_KEY = saved;
    }
  });
});
