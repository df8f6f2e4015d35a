// Webhook deliveries to one endpoint do not wait for another's (a CRM that hangs holds up
// nobody else), and each delivery has one retry chain: the cron's re-queue never runs
// beside the queue's own backoff. The consumer is driven by hand, as the queue would.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookEventStatements } from './model.ts';
import { type WebhookJob, dispatchWebhooks } from './delivery.ts';
import { login, write } from '../../tests/worker/admin-helpers.ts';
import { runQueue } from '../../tests/worker/webhook-helpers.ts';

afterEach(() => vi.restoreAllMocks());

/** What the worker puts on the webhook queue, recorded instead of sent (the test is the queue). */
function queueSpy() {
  const sent: { deliveryId: number; delaySeconds?: number }[] = [];
  vi.spyOn(env.WEBHOOK_QUEUE, 'send').mockImplementation(async (body, options) => {
    sent.push({ deliveryId: (body as WebhookJob).deliveryId, delaySeconds: options?.delaySeconds });
    return undefined as never;
  });
  vi.spyOn(env.WEBHOOK_QUEUE, 'sendBatch').mockImplementation(async (messages) => {
    for (const m of messages) sent.push({ deliveryId: (m.body as WebhookJob).deliveryId });
    return undefined as never;
  });
  return sent;
}

async function addEndpoint(cookie: string, path: string) {
  const res = await write(
    '/api/admin/webhooks',
    { url: `http://127.0.0.1:8872/${path}`, events: ['lead.created'] },
    { cookie },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { endpoint: { id: number } }).endpoint.id;
}

async function quietEvents(n: number) {
  for (let i = 0; i < n; i++)
    await env.DB.batch(
      webhookEventStatements(env.DB, 'lead.created', { id: crypto.randomUUID(), kind: 'contact', name: `Lead ${i}` }),
    );
}

const deliveriesOf = async (endpointId: number) =>
  (
    await env.DB.prepare('SELECT id, state, attempts FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id')
      .bind(endpointId)
      .all<{ id: number; state: string; attempts: number }>()
  ).results;

/** Time passes for one delivery: its stored times move `seconds` into the past. */
async function elapse(id: number, seconds: number) {
  const shift = `-${seconds} seconds`;
  await env.DB.prepare(
    `UPDATE webhook_deliveries SET
       created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?2),
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, ?2),
       queued_at = strftime('%Y-%m-%dT%H:%M:%fZ', queued_at, ?2)
     WHERE id = ?1`,
  )
    .bind(id, shift)
    .run();
}

describe('webhook lanes', { timeout: 60_000 }, () => {
  it('a receiver that hangs holds up no other endpoint’s deliveries, in its batch or the next', async () => {
    const cookie = await login('198.18.40.1');
    const slow = await addEndpoint(cookie, 'hangs');
    const fast = await addEndpoint(cookie, 'fast');
    const received: string[] = [];
    let fastDoneWhenSlowTimedOut = -1;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      received.push(url);
      if (url.endsWith('/fast')) return new Response(null, { status: 204 });
      // The hanging receiver: its request ends at the worker's timeout (shortened here).
      await new Promise((r) => setTimeout(r, 300));
      if (fastDoneWhenSlowTimedOut < 0) fastDoneWhenSlowTimedOut = received.filter((u) => u.endsWith('/fast')).length;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    const sent = queueSpy();
    await quietEvents(10);
    const slowIds = (await deliveriesOf(slow)).map((d) => d.id);
    const fastIds = (await deliveriesOf(fast)).map((d) => d.id);
    // One batch as the queue forms it: the two endpoints' deliveries interleaved.
    const first = slowIds.slice(0, 5).flatMap((s, i) => [s, fastIds[i] as number]);
    await runQueue(first);
    // Every fast delivery of the batch had gone out before the hanging one gave up.
    expect(fastDoneWhenSlowTimedOut).toBe(5);
    // The next batch: the hanging endpoint rests, so its deliveries wait without a request,
    // each on the queue again for when the rest ends, and nobody waits for it.
    const before = received.filter((u) => u.endsWith('/hangs')).length;
    const second = slowIds.slice(5).flatMap((s, i) => [s, fastIds[i + 5] as number]);
    const outcomes = await runQueue(second);
    expect(received.filter((u) => u.endsWith('/hangs')).length).toBe(before);
    expect(outcomes.every((o) => o.acked)).toBe(true);
    expect(sent.map((s) => s.deliveryId).sort()).toEqual(slowIds.slice(5).sort());
    expect(sent.every((s) => (s.delaySeconds ?? 0) > 0)).toBe(true);
    expect((await deliveriesOf(fast)).every((d) => d.state === 'delivered')).toBe(true);
    // A rest is not an attempt: the resting deliveries keep their count.
    expect((await deliveriesOf(slow)).slice(5).map((d) => d.attempts)).toEqual([0, 0, 0, 0, 0]);
  });

  it('one retry chain per delivery: six attempts on the backoff schedule, the cron re-queues only a lost message', async () => {
    const cookie = await login('198.18.40.2');
    const endpoint = await addEndpoint(cookie, 'down');
    let requests = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      requests++;
      return new Response('awaria', { status: 500 });
    });
    const sent = queueSpy();
    await quietEvents(1);
    const [delivery] = await deliveriesOf(endpoint);
    const id = delivery?.id as number;
    // The first dispatch starts the chain.
    await dispatchWebhooks(env as unknown as Env);
    const mine = (from = 0) => sent.slice(from).filter((m) => m.deliveryId === id);
    expect(mine()).toEqual([{ deliveryId: id }]);
    const cronRequeues: number[] = [];
    let attempt = 1;
    // (bounded: the queue itself would stop after its retries)
    while (attempt <= 10) {
      const [outcome] = await runQueue([id], { attempts: attempt });
      if (outcome?.acked || outcome?.retryDelay === undefined) break;
      // The queue holds the retry for its delay; the cron runs every 5 minutes meanwhile.
      for (let waited = 0; waited < outcome.retryDelay; waited += 300) {
        await elapse(id, Math.min(300, outcome.retryDelay - waited));
        const before = sent.length;
        await dispatchWebhooks(env as unknown as Env);
        cronRequeues.push(mine(before).length);
      }
      attempt++;
    }
    console.log(
      `one failing delivery: ${requests} attempts, ${cronRequeues.reduce((a, b) => a + b, 0)} cron re-queues`,
    );
    expect(cronRequeues.every((n) => n === 0)).toBe(true);
    expect(requests).toBe(6);
    expect((await deliveriesOf(endpoint))[0]).toMatchObject({ state: 'dead', attempts: 6 });

    // A message the queue lost (no attempt long after it was due) is put back once by the cron.
    await quietEvents(1);
    const [, lost] = await deliveriesOf(endpoint);
    await dispatchWebhooks(env as unknown as Env);
    const [first] = await runQueue([lost?.id as number], { attempts: 1 });
    expect(first?.retryDelay).toBe(30);
    await elapse(lost?.id as number, 30 + 11 * 60);
    const before = sent.length;
    await dispatchWebhooks(env as unknown as Env);
    await dispatchWebhooks(env as unknown as Env);
    expect(sent.slice(before).filter((m) => m.deliveryId === lost?.id)).toEqual([{ deliveryId: lost?.id }]);
  });
});
