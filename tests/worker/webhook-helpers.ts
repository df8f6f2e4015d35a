// The webhook queue driven by hand, as Cloudflare's queue would drive the consumer: the
// webhook tests share it so the stand-in queue behaves the same in each.
import { env } from 'cloudflare:workers';
import { type WebhookJob, handleWebhookBatch } from '../../worker/webhooks/delivery.ts';

/** What the consumer did with one message: acknowledged, or retried after `retryDelay` seconds. */
export interface Outcome {
  id: number;
  acked: boolean;
  retryDelay?: number;
}

/**
 * Runs the consumer over one batch of the given deliveries (on `queue`, each message at its
 * `attempts`-th try); answers what it did per message.
 */
export async function runQueue(
  ids: number[],
  { queue = 'kserowo-webhooks', attempts = 1 }: { queue?: string; attempts?: number } = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const messages = ids.map((id) => {
    const outcome: Outcome = { id, acked: false };
    outcomes.push(outcome);
    return {
      id: String(id),
      timestamp: new Date(),
      body: { deliveryId: id },
      attempts,
      ack: () => {
        outcome.acked = true;
      },
      retry: (o?: { delaySeconds?: number }) => {
        outcome.retryDelay = o?.delaySeconds ?? 0;
      },
    };
  });
  await handleWebhookBatch(
    { queue, messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<WebhookJob>,
    env as unknown as Env,
  );
  return outcomes;
}
