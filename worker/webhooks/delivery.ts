/**
 * Webhook deliveries (issue 18, DESIGN §7). Each event is POSTed as JSON
 * `{id, type, created, data}` with the header
 *   Kserowo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 * under the endpoint's secret; receivers reject a `t` older than 5 minutes. The body of
 * an event is the same bytes at every attempt (same `id`: receivers dedupe on it).
 * Flow: the model writes the event and its deliveries in the change's own batch →
 * `dispatchWebhooks` puts them on WEBHOOK_QUEUE → the consumer sends each, records the
 * attempt, retries with backoff (30 s doubling) → after max_retries the dead-letter
 * queue's consumer marks it 'dead' → the admin resends. The cron re-queues strays.
 */
import { claimDelivery, markDeliveryDead, recordAttempt, takeUnqueued, unqueue } from '../models/webhooks.ts';

export interface WebhookJob {
  deliveryId: number;
}

export const SIGNATURE_HEADER = 'Kserowo-Signature';
/** How long a receiver waits before we call the attempt failed. */
const TIMEOUT_MS = 10_000;

/** Queue retry delay after the `attempt`-th failed attempt: 30 s doubling, at most an hour. */
export const webhookRetryDelay = (attempt: number): number => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The signature header value for `body` at `t` (unix seconds). */
export async function signature(secret: string, t: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return `t=${t},v1=${hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${body}`)))}`;
}

/** The JSON body of an event: key order fixed, so every attempt sends the same bytes. */
export const eventBody = (event: { id: string; type: string; created: number; data: string }): string =>
  `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created":${event.created},"data":${event.data}}`;

export type WebhookOutcome = 'delivered' | 'failed' | 'skipped';

/** One attempt of delivery `id`: claim, sign, POST, record. */
export async function deliverWebhook(env: Env, id: number): Promise<{ outcome: WebhookOutcome; attempts: number }> {
  const job = await claimDelivery(env.DB, id);
  if (!job) return { outcome: 'skipped', attempts: 0 };
  const body = eventBody({ id: job.event_id, type: job.type, created: job.created, data: job.data });
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(job.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Kserowo-Webhooks/1',
        [SIGNATURE_HEADER]: await signature(job.secret, Math.floor(Date.now() / 1000), body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (cause) {
    error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  }
  const delivered = error === null;
  await recordAttempt(env.DB, id, {
    state: delivered ? 'delivered' : 'failed',
    status,
    error,
    durationMs: Date.now() - started,
  });
  if (!delivered) console.error('webhook: delivery failed', { id, attempts: job.attempts, error });
  return { outcome: delivered ? 'delivered' : 'failed', attempts: job.attempts };
}

/** Deliveries claimed per round of `dispatchWebhooks`, and rounds per call at most (a backlog beyond goes on at the next). */
const DISPATCH_BATCH = 100;
const DISPATCH_ROUNDS = 50;

/**
 * Puts every not-yet-queued delivery on the queue, in rounds of `DISPATCH_BATCH` until a
 * round comes back short (a backlog of strays is re-queued in one cron run, not 100 a run);
 * run after any write that may create events.
 */
export async function dispatchWebhooks(env: Env): Promise<number> {
  let queued = 0;
  for (let round = 0; round < DISPATCH_ROUNDS; round++) {
    const ids = await takeUnqueued(env.DB, 10, DISPATCH_BATCH);
    queued += await queueClaimed(env, ids);
    if (ids.length < DISPATCH_BATCH) break;
  }
  return queued;
}

/** Puts deliveries already claimed (marked queued) on the queue; gives them back when it refuses. */
export async function queueClaimed(env: Env, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  try {
    await env.WEBHOOK_QUEUE.sendBatch(ids.map((deliveryId) => ({ body: { deliveryId } satisfies WebhookJob })));
  } catch (error) {
    console.error('webhook: enqueue failed, the cron will try again', { ids, error });
    await unqueue(env.DB, ids);
    return 0;
  }
  return ids.length;
}

/** `waitUntil` a dispatch without letting its failure touch the answer. */
export const dispatchLater = (
  env: Env,
  ctx: { waitUntil(p: Promise<unknown>): void },
  /** Deliveries the write already claimed in its own batch (a lead): no D1 query needed. */
  claimed?: number[],
): void => {
  if (claimed?.length === 0) return;
  const work = claimed ? queueClaimed(env, claimed) : dispatchWebhooks(env);
  ctx.waitUntil(work.catch((error) => console.error('webhook: dispatch failed', error)));
};

/** The consumer of `kserowo-webhooks` and of its dead-letter queue. */
export async function handleWebhookBatch(batch: MessageBatch<WebhookJob>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const id = Number(message.body?.deliveryId);
    if (!Number.isInteger(id) || id <= 0) {
      message.ack();
      continue;
    }
    try {
      if (batch.queue.endsWith('-dlq')) {
        await markDeliveryDead(env.DB, id);
        console.error('webhook: delivery dead-lettered, resend it from the admin', { id });
        message.ack();
        continue;
      }
      const result = await deliverWebhook(env, id);
      if (result.outcome === 'failed') message.retry({ delaySeconds: webhookRetryDelay(message.attempts) });
      else message.ack();
    } catch (error) {
      console.error('webhook: attempt could not run', { id, error });
      message.retry({ delaySeconds: webhookRetryDelay(message.attempts) });
    }
  }
}
