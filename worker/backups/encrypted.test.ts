// A backup holds no secret anyone with the file alone can use: the daily
// backup's bytes are encrypted under BACKUP_KEY (no readable row, no table name, no webhook
// secret, no e-mail address), and even decrypted they hold the webhook secrets only sealed under
// WEBHOOK_SECRETS_KEY, a secret from before migration 0470 included. The right key restores it;
// another key, a changed byte or a cut file is refused in Polish, the database unchanged.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../index.ts';
import { DAILY_BACKUP } from '../schedule.ts';
import { login, request, write } from '../../tests/worker/admin-helpers.ts';
import { decryptBackup } from './crypt.ts';
import { restoreBackup } from './model-restore.ts';
import { BACKUP_PREFIX } from './schedule.ts';

const db = () => env.DB;
const LEGACY = `whsec_${'cd'.repeat(32)}`;
const EMAIL = 'tajna.klientka@przyklad.pl';
let secret = '';
let bytes: Uint8Array = new Uint8Array();

const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');
const text = async (chunks: AsyncIterable<string>) => {
  let out = '';
  for await (const part of chunks) out += part;
  return out;
};

beforeAll(async () => {
  const cookie = await login('198.18.32.1');
  const res = await write(
    '/api/admin/webhooks',
    { url: 'http://127.0.0.1:9/crm', events: ['lead.created'] },
    { cookie },
  );
  expect(res.status).toBe(201);
  secret = ((await res.json()) as { endpoint: { secret: string } }).endpoint.secret;
  // A secret stored in clear before 0470 (marked `plain:` by it): the backup seals it first.
  const { results: triggers } = await db()
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'webhook_secret_sealed%'")
    .all<{ name: string; sql: string }>();
  await db().batch([
    ...triggers.map((t) => db().prepare(`DROP TRIGGER ${t.name}`)),
    db()
      .prepare("INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/old', ?, '[]')")
      .bind(`plain:${LEGACY}`),
    ...triggers.map((t) => db().prepare(t.sql)),
  ]);
  const lead = await request('/api/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.9' },
    body: JSON.stringify({ name: 'Klientka Tajna', email: EMAIL, message: 'Proszę o ofertę.' }),
  });
  expect(lead.status).toBe(200);
  for (let waited = 0; ; waited += 100) {
    const busy = await db()
      .prepare("SELECT count(*) AS n FROM outbox WHERE state IN ('pending', 'sending')")
      .first<{ n: number }>();
    if (busy?.n === 0) break;
    if (waited > 30_000) throw new Error('the e-mail queue did not finish in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ctx = createExecutionContext();
  worker.scheduled(
    createScheduledController({ scheduledTime: Date.UTC(2026, 5, 1, 1, 30), cron: DAILY_BACKUP }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const object = await env.BACKUPS.get(`${BACKUP_PREFIX}2026-06-01T01-30-00.000Z.ndjson.aes`);
  bytes = (await object?.bytes()) ?? new Uint8Array();
}, 60_000);

describe('the daily backup, encrypted', () => {
  it('its bytes hold no webhook secret and no readable row', () => {
    expect(bytes.length).toBeGreaterThan(1000);
    const raw = latin1(bytes);
    for (const plain of [
      secret,
      secret.slice(6, 22),
      LEGACY.slice(6, 22),
      EMAIL,
      'kserowo-d1-backup',
      'webhook_endpoints',
      '"table"',
      'CREATE TABLE',
      'pbkdf2',
    ])
      expect(raw, plain).not.toContain(plain);
    expect(raw.startsWith('KSEROWO-BACKUP-AESGCM-1\n')).toBe(true);
  });

  it('decrypted with BACKUP_KEY it is the backup, its webhook secrets still sealed', async () => {
    const plain = await text(decryptBackup(env, [bytes]));
    expect(plain).toContain(EMAIL);
    expect(plain).toContain('"format":"kserowo-d1-backup"');
    expect(plain).not.toContain(secret);
    expect(plain).not.toContain(LEGACY);
    expect(plain).not.toContain('plain:');
    const sealed = await db()
      .prepare("SELECT count(*) AS n FROM webhook_endpoints WHERE secret LIKE 'v1.%'")
      .first<{ n: number }>();
    expect(sealed?.n).toBe(2);
  });

  it('another key, a changed byte or a cut file: refused in Polish, the database unchanged', async () => {
    const count = async () => (await db().prepare('SELECT count(*) AS n FROM leads').first<{ n: number }>())?.n;
    const before = await count();
    await db().prepare("UPDATE leads SET name = 'Po kopii'").run();
    const otherKey = { BACKUP_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(3))) };
    await expect(restoreBackup(db(), () => decryptBackup(otherKey, [bytes]))).rejects.toThrow(
      'Kopia odrzucona: kopia jest zaszyfrowana innym kluczem BACKUP_KEY niż podany. Baza nie została zmieniona.',
    );
    const changed = bytes.slice();
    changed[200] = (changed[200] ?? 0) ^ 1;
    await expect(restoreBackup(db(), () => decryptBackup(env, [changed]))).rejects.toThrow(
      /^Kopia odrzucona: blok 1 kopii nie przeszedł weryfikacji/,
    );
    await expect(restoreBackup(db(), () => decryptBackup(env, [bytes.slice(0, bytes.length - 10)]))).rejects.toThrow(
      'Kopia odrzucona: plik kończy się przed ostatnim blokiem (kopia ucięta).',
    );
    expect(await count()).toBe(before);
    const names = await db().prepare('SELECT DISTINCT name FROM leads').raw();
    expect(names).toEqual([['Po kopii']]);
    // The right key restores it.
    await restoreBackup(db(), () => decryptBackup(env, [bytes.subarray(0, 100), bytes.subarray(100)]));
    const restored = await db().prepare('SELECT name FROM leads WHERE email = ?').bind(EMAIL).first<{ name: string }>();
    expect(restored?.name).toBe('Klientka Tajna');
  }, 60_000);
});
