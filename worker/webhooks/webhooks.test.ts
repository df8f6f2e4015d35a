// Webhooks: signed deliveries through the queue consumer, retries, dead letters,
// resend, and a changed secret. The receiver is a function of this test standing in for the
// CRM's server: it verifies the signature the way docs/webhooks.md "The signature" tells a receiver to.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookEventStatements } from './model.ts';
import { login, read, testEnv, write } from '../../tests/worker/admin-helpers.ts';
import { runQueue } from '../../tests/worker/webhook-helpers.ts';

const encoder = new TextEncoder();

/** What a receiver does (docs/webhooks.md "The signature"): recompute the HMAC of "<t>.<raw body>", compare, check the age. */
async function verify(secret: string, header: string, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || nowSeconds - t > 300) return false;
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${rawBody}`)));
  const expected = [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
  return expected === parts.v1;
}

interface Received {
  url: string;
  signature: string;
  body: string;
}

/**
 * Stubs outgoing fetch: requests to the receiver's `path` are recorded and answered by
 * `answer`; other paths of the receiver (earlier tests' endpoints) get 200, unrecorded.
 */
function receiver(path: string, answer: (n: number) => number) {
  const received: Received[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('http://127.0.0.1:8818/')) return original(input, init);
    if (url !== `http://127.0.0.1:8818/${path}`) return new Response(null, { status: 204 });
    received.push({
      url,
      signature: new Headers(init?.headers).get('Kserowo-Signature') ?? '',
      body: String(init?.body),
    });
    const status = answer(received.length);
    return new Response(status === 204 ? null : 'ok', { status });
  });
  return received;
}

afterEach(() => vi.restoreAllMocks());

async function addEndpoint(cookie: string, path: string, events = ['lead.created']) {
  const res = await write('/api/admin/webhooks', { url: `http://127.0.0.1:8818/${path}`, events }, { cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { endpoint: { id: number; secret: string } }).endpoint;
}

async function newLead(name: string) {
  const res = await write('/api/send-contact-email', {
    name,
    email: 'crm@example.pl',
    phone: '+48 600 100 200',
    submissionId: crypto.randomUUID(),
  });
  return ((await res.json()) as { id: string }).id;
}

/** An event written straight to D1: nothing dispatches it, so the test drives the consumer itself. */
async function quietEvent(name: string) {
  await env.DB.batch(
    webhookEventStatements(env.DB, 'lead.created', { id: crypto.randomUUID(), kind: 'contact', name }),
  );
}

/** Waits until `check` holds (the real queue consumer runs in the background). */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting: ${what}`);
}

const deliveriesOf = async (endpointId: number) =>
  (
    await env.DB.prepare('SELECT id, state, attempts FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id')
      .bind(endpointId)
      .all<{ id: number; state: string; attempts: number }>()
  ).results;

// The real queue consumer delivers in the background (batches wait up to 2 s).
describe('webhooks', { timeout: 30_000 }, () => {
  it('a receiver gets a signed lead.created it verifies, with the documented body', async () => {
    const cookie = await login('198.18.30.1');
    const endpoint = await addEndpoint(cookie, 'ok');
    expect(endpoint.secret).toMatch(/^whsec_[\da-f]{64}$/);
    // D1 holds the secret sealed under WEBHOOK_SECRETS_KEY, never in clear.
    const stored = await env.DB.prepare('SELECT secret FROM webhook_endpoints WHERE id = ?')
      .bind(endpoint.id)
      .first<{ secret: string }>();
    expect(stored?.secret).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(stored?.secret).not.toContain(endpoint.secret.slice(6, 20));
    const received = receiver('ok', () => 200);
    // The whole way: the lead's batch writes the event, the write dispatches it, the queue delivers it.
    const leadId = await newLead('Hurtownia Papieru');
    await until(() => received.length === 1, 'the lead.created delivery');
    const [delivery] = await deliveriesOf(endpoint.id);
    await until(async () => (await deliveriesOf(endpoint.id))[0]?.state === 'delivered', 'state delivered');
    const { signature, body } = received[0]!;
    expect(signature).toMatch(/^t=\d+,v1=[\da-f]{64}$/);
    expect(await verify(endpoint.secret, signature, body)).toBe(true);
    // Tampered body, wrong secret, or a t older than 5 minutes: refused.
    expect(await verify(endpoint.secret, signature, body.replace('Papieru', 'Papieró'))).toBe(false);
    expect(await verify('whsec_inny', signature, body)).toBe(false);
    expect(await verify(endpoint.secret, signature, body, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    const event = JSON.parse(body) as { id: string; type: string; created: number; data: Record<string, unknown> };
    expect(Object.keys(event)).toEqual(['id', 'type', 'created', 'data']);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_[\da-f]{24}$/),
      type: 'lead.created',
      data: {
        id: leadId,
        kind: 'contact',
        status: 'new',
        statusLabel: 'nowy',
        stage: 'new',
        stageLabel: 'nowy',
        name: 'Hurtownia Papieru',
        phone: '+48 600 100 200',
      },
    });
    expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(60);
    // A second queue message for the same delivery sends nothing again.
    await runQueue([delivery!.id]);
    expect(received).toHaveLength(1);
  });

  it('fails twice, then succeeds: delivered exactly once more, and the admin shows the three attempts', async () => {
    const cookie = await login('198.18.30.2');
    const endpoint = await addEndpoint(cookie, 'flaky');
    const received = receiver('flaky', (n) => (n <= 2 ? 503 : 204));
    await quietEvent('Kancelaria Flaky');
    const [delivery] = await deliveriesOf(endpoint.id);
    const id = delivery!.id;
    expect(await runQueue([id], { attempts: 1 })).toEqual([{ id, acked: false, retryDelay: 30 }]);
    expect(await runQueue([id], { attempts: 2 })).toEqual([{ id, acked: false, retryDelay: 60 }]);
    expect(await runQueue([id], { attempts: 3 })).toEqual([{ id, acked: true }]);
    await runQueue([id], { attempts: 4 });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    const res = await read(`/api/admin/webhooks/deliveries/${id}`, cookie);
    const detail = (await res.json()) as {
      delivery: { state: string; attempts: number };
      attempts: { status: number }[];
    };
    expect(detail.delivery).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(detail.attempts.map((a) => a.status)).toEqual([503, 503, 204]);
    console.log('webhook delivery log (fails twice, then succeeds):', JSON.stringify(detail.attempts));
  });

  it('a dead receiver ends in the dead-letter list; resend puts it back and it is delivered', async () => {
    const cookie = await login('198.18.30.3');
    const endpoint = await addEndpoint(cookie, 'dead');
    let up = false;
    const received = receiver('dead', () => (up ? 200 : 500));
    await quietEvent('Drukarnia Martwa');
    const [delivery] = await deliveriesOf(endpoint.id);
    const id = delivery!.id;
    for (let attempt = 1; attempt <= 6; attempt++) await runQueue([id], { attempts: attempt });
    await runQueue([id], { queue: 'kserowo-webhooks-dlq' });
    const dead = (await (await read('/api/admin/webhooks/deliveries?state=dead', cookie)).json()) as {
      deliveries: { id: number; attempts: number; lastError: string }[];
    };
    expect(dead.deliveries).toEqual([expect.objectContaining({ id, attempts: 6, lastError: 'HTTP 500' })]);
    up = true;
    const resend = await write(`/api/admin/webhooks/deliveries/${id}/resend`, {}, { cookie });
    expect(resend.status).toBe(200);
    // Resent through the real queue.
    await until(async () => (await deliveriesOf(endpoint.id))[0]?.state === 'delivered', 'the resent delivery');
    expect(received).toHaveLength(7);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'delivered', attempts: 7 });
  });

  it('a new secret invalidates signatures made with the old one', async () => {
    const cookie = await login('198.18.30.4');
    const endpoint = await addEndpoint(cookie, 'rotate', ['lead.created', 'lead.status_changed']);
    const received = receiver('rotate', () => 200);
    const leadId = await newLead('Biuro Rotacja');
    await until(() => received.length === 1, 'lead.created');
    const rotated = await write(
      `/api/admin/webhooks/${endpoint.id}`,
      { rotateSecret: true },
      { cookie, method: 'PATCH' },
    );
    const { secret } = ((await rotated.json()) as { endpoint: { secret: string } }).endpoint;
    expect(secret).not.toBe(endpoint.secret);
    // For one release a change may still name the status in Polish: it is stored and sent as its key.
    await write(`/api/admin/leads/${leadId}`, { status: 'wygrany' }, { cookie, method: 'PATCH' });
    await until(() => received.length === 2, 'lead.status_changed');
    const [first, second] = received as [Received, Received];
    expect(JSON.parse(second.body)).toMatchObject({
      type: 'lead.status_changed',
      data: { status: 'won', statusLabel: 'wygrany', previousStatus: 'new', previousStatusLabel: 'nowy' },
    });
    expect(await verify(secret, second.signature, second.body)).toBe(true);
    expect(await verify(endpoint.secret, second.signature, second.body)).toBe(false);
    expect(await verify(secret, first.signature, first.body)).toBe(false);
  });

  it('refuses loopback, private, link-local and metadata endpoints at save time, in every spelling', async () => {
    const cookie = await login('198.18.30.6');
    const refused = [
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://10.1.2.3/h',
      'https://172.16.0.1/h',
      'https://192.168.0.10/h',
      'https://100.64.1.1/h',
      'https://[fc00::1]/h',
    ];
    const loopback = [
      'https://127.0.0.1/h',
      'https://localhost/h',
      'https://[::1]/h',
      'https://0.0.0.0/h',
      'https://2130706433/h',
      'https://127.1/h',
      'https://0x7f.0.0.1/h',
    ];
    const saved = testEnv.WEBHOOKS_ALLOW_LOCAL_HTTP;
    // Production: the development switch is off.
    testEnv.WEBHOOKS_ALLOW_LOCAL_HTTP = '0';
    try {
      for (const url of [...refused, ...loopback]) {
        const res = await write('/api/admin/webhooks', { url, events: ['lead.created'] }, { cookie });
        expect(res.status, url).toBe(400);
        expect(((await res.json()) as { error: string }).error, url).toMatch(/publicznym serwerem/);
      }
    } finally {
      testEnv.WEBHOOKS_ALLOW_LOCAL_HTTP = saved;
    }
    // The switch lets this machine in, nothing else.
    for (const url of refused)
      expect((await write('/api/admin/webhooks', { url, events: ['lead.created'] }, { cookie })).status, url).toBe(400);
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM webhook_endpoints WHERE url LIKE 'https://%'",
    ).first<{
      n: number;
    }>();
    expect(stored?.n).toBe(0);
  });

  it('refuses to send to an endpoint whose address is not public, even one stored before the rule', async () => {
    const cookie = await login('198.18.30.7');
    const endpoint = await addEndpoint(cookie, 'moved');
    // An address that got into the table some other way (an older rule, a restored backup).
    await env.DB.prepare('UPDATE webhook_endpoints SET url = ? WHERE id = ?')
      .bind('https://169.254.169.254/latest/meta-data/iam/', endpoint.id)
      .run();
    const calls: string[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return original(input, init);
    });
    await quietEvent('Metadane');
    const [delivery] = await deliveriesOf(endpoint.id);
    // Refused without a connection, and not retried: the address will not become public.
    expect(await runQueue([delivery!.id])).toEqual([{ id: delivery!.id, acked: true }]);
    expect(calls.filter((u) => u.includes('169.254.169.254'))).toEqual([]);
    const detail = (await (await read(`/api/admin/webhooks/deliveries/${delivery!.id}`, cookie)).json()) as {
      delivery: { state: string; lastError: string };
    };
    expect(detail.delivery).toMatchObject({ state: 'dead' });
    expect(detail.delivery.lastError).toMatch(/publicznym serwerem/);
  });

  it('takes HTTPS only (http://127.0.0.1 only under the test flag), and a test event from the button', async () => {
    const cookie = await login('198.18.30.5');
    for (const url of ['http://crm.example.pl/hook', 'ftp://crm.example.pl', 'https://user:pw@crm.example.pl/']) {
      const res = await write('/api/admin/webhooks', { url, events: ['lead.created'] }, { cookie });
      expect(res.status, url).toBe(400);
    }
    expect(
      (await write('/api/admin/webhooks', { url: 'https://crm.example.pl/h', events: [] }, { cookie })).status,
    ).toBe(400);
    const endpoint = await addEndpoint(cookie, 'test-button', ['quote.created']);
    const received = receiver('test-button', () => 200);
    expect((await write(`/api/admin/webhooks/${endpoint.id}/test`, {}, { cookie })).status).toBe(200);
    await until(() => received.length === 1, 'the test event');
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { test: true } });
    // Only owners manage webhooks.
    const audit = (await (await read('/api/admin/audit?area=webhooks', cookie)).json()) as {
      entries: { action: string }[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['webhooks.create', 'webhooks.test']));
  });
});
