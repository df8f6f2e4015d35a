/**
 * Webhook deliveries (DESIGN §7). Each event is POSTed as JSON
 * `{id, type, created, data}` with the header
 *   Kserowo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 * under the endpoint's secret (stored sealed, opened here: worker/webhooks/secrets.ts); receivers reject a `t` older than 5 minutes. The body of
 * an event is the same bytes at every attempt (same `id`: receivers dedupe on it).
 * Flow: the model writes the event and its deliveries in the change's own batch →
 * `dispatchWebhooks` puts them on WEBHOOK_QUEUE → the consumer sends a batch's deliveries
 * side by side (one endpoint's slow receiver holds up no other's), records each attempt,
 * retries with backoff (30 s doubling) → after `MAX_WEBHOOK_ATTEMPTS` in its chain the
 * delivery is 'dead' → the admin resends (a new chain). One chain per delivery: every retry
 * records when the queue is due to bring it again (`queued_at`), and the cron re-queues
 * only a delivery whose message is long overdue (lost), never one the queue still holds.
 * A receiver that hangs until the timeout makes its endpoint rest for `REST_SECONDS`: its
 * other deliveries go back on the queue for then, without an attempt, instead of each
 * holding a batch for the whole timeout.
 */
import { hmacSha256Hex } from '../http/auth.ts';
import {
  claimDelivery,
  deferDelivery,
  endpointRestingUntil,
  markDeliveryDead,
  recordAttempt,
  takeUnqueued,
  unqueue,
} from './model-webhook-deliveries.ts';
import { webhookUrlProblem } from '../admin-shared/webhook-validation.ts';
import { openSecret } from './secrets.ts';

export interface WebhookJob {
  deliveryId: number;
}

export const SIGNATURE_HEADER = 'Kserowo-Signature';
/** How long a receiver waits before we call the attempt failed. */
const TIMEOUT_MS = 10_000;

/** Attempts of one retry chain: the first and five retries (30 s, 1, 2, 4, 8 min). */
export const MAX_WEBHOOK_ATTEMPTS = 6;
/** How long an endpoint whose receiver hung rests before its deliveries are tried again. */
export const REST_SECONDS = 60;

/** Queue retry delay after the `attempt`-th failed attempt: 30 s doubling, at most an hour. */
export const webhookRetryDelay = (attempt: number): number => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

/** The signature header value for `body` at `t` (unix seconds). */
export async function signature(secret: string, t: number, body: string): Promise<string> {
  return `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
}

/** The JSON body of an event: key order fixed, so every attempt sends the same bytes. */
export const eventBody = (event: { id: string; type: string; created: number; data: string }): string =>
  `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created":${event.created},"data":${event.data}}`;

export type WebhookOutcome =
  | { outcome: 'delivered' | 'refused' | 'skipped' | 'dead'; attempts: number }
  /** Failed, tried again by the queue after `retryDelay` seconds. */
  | { outcome: 'failed'; attempts: number; retryDelay: number }
  /** Not tried: the endpoint rests for `retryDelay` more seconds. */
  | { outcome: 'resting'; attempts: number; retryDelay: number };

/** Whether the development switch lets endpoints be this machine (tests, `npm start`; never in production). */
export const allowLocalWebhooks = (env: object): boolean =>
  (env as { WEBHOOKS_ALLOW_LOCAL_HTTP?: string }).WEBHOOKS_ALLOW_LOCAL_HTTP === '1';

/** One attempt of delivery `id`: unless its endpoint rests, claim, check the address, sign, POST, record. */
export async function deliverWebhook(env: Env, id: number): Promise<WebhookOutcome> {
  const restingUntil = await endpointRestingUntil(env.DB, id);
  if (restingUntil !== undefined)
    return { outcome: 'resting', attempts: 0, retryDelay: Math.max(1, Math.ceil((restingUntil - Date.now()) / 1000)) };
  const job = await claimDelivery(env.DB, id);
  if (!job) return { outcome: 'skipped', attempts: 0 };
  // Checked again before every connection, not only when saved: the rule may be newer
  // than the stored address. Refused for good (dead, no retry): the address stays what it is.
  const problem = webhookUrlProblem(job.url, allowLocalWebhooks(env));
  if (problem) {
    await recordAttempt(env.DB, id, { state: 'dead', status: null, error: problem, durationMs: 0 });
    console.error('webhook: endpoint address refused, nothing sent', { id, url: job.url });
    return { outcome: 'refused', attempts: job.attempts };
  }
  const body = eventBody({ id: job.event_id, type: job.type, created: job.created, data: job.data });
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  let timedOut = false;
  try {
    const response = await fetch(job.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Kserowo-Webhooks/1',
        [SIGNATURE_HEADER]: await signature(await openSecret(env, job.secret), Math.floor(Date.now() / 1000), body),
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
    timedOut = cause instanceof Error && cause.name === 'TimeoutError';
  }
  const durationMs = Date.now() - started;
  if (error === null) {
    await recordAttempt(env.DB, id, { state: 'delivered', status, error, durationMs });
    return { outcome: 'delivered', attempts: job.attempts };
  }
  // The attempts of this chain decide, not the queue message's count: a rest starts a new
  // message without an attempt, and the admin's resend starts a new chain.
  const chainAttempts = job.attempts - job.chain_base;
  const dead = chainAttempts >= MAX_WEBHOOK_ATTEMPTS;
  const retryDelay = webhookRetryDelay(chainAttempts);
  await recordAttempt(env.DB, id, {
    state: dead ? 'dead' : 'failed',
    status,
    error,
    durationMs,
    retryInSeconds: dead ? undefined : retryDelay,
    restUntil: timedOut || durationMs >= TIMEOUT_MS ? Date.now() + REST_SECONDS * 1000 : undefined,
  });
  console.error(dead ? 'webhook: delivery dead after its last attempt' : 'webhook: delivery failed', {
    id,
    attempts: job.attempts,
    error,
  });
  return dead ? { outcome: 'dead', attempts: job.attempts } : { outcome: 'failed', attempts: job.attempts, retryDelay };
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

/** One message of `kserowo-webhooks`: deliver, then ack, retry on the chain's schedule, or wait out a rest. */
async function handleWebhookMessage(message: Message<WebhookJob>, id: number, env: Env): Promise<void> {
  const result = await deliverWebhook(env, id);
  if (result.outcome === 'failed') return message.retry({ delaySeconds: result.retryDelay });
  if (result.outcome === 'resting') {
    // A fresh message for when the rest ends: waiting is not a failed attempt, so it must
    // not use up the queue's retries. One chain still: this message is acked.
    await env.WEBHOOK_QUEUE.send({ deliveryId: id }, { delaySeconds: result.retryDelay });
    await deferDelivery(env.DB, id, result.retryDelay);
  }
  message.ack();
}

/**
 * The consumer of `kserowo-webhooks` and of its dead-letter queue. A batch's deliveries
 * run side by side: each waits for its own receiver only (at most `TIMEOUT_MS`).
 */
export async function handleWebhookBatch(batch: MessageBatch<WebhookJob>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq');
  await Promise.all(
    batch.messages.map(async (message) => {
      const id = Number(message.body?.deliveryId);
      if (!Number.isInteger(id) || id <= 0) return message.ack();
      try {
        if (!deadLetters) return await handleWebhookMessage(message, id, env);
        await markDeliveryDead(env.DB, id);
        console.error('webhook: delivery dead-lettered, resend it from the admin', { id });
        message.ack();
      } catch (error) {
        console.error('webhook: attempt could not run', { id, error });
        message.retry({ delaySeconds: webhookRetryDelay(message.attempts) });
      }
    }),
  );
}
