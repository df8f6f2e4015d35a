/**
 * The one loop of the queue consumers (e-mail: worker/outbox/delivery.ts, webhooks:
 * worker/webhooks/delivery.ts). A message names a row by id; on a dead-letter queue
 * (`…-dlq`) the row is marked dead for the admin to see and resend; otherwise it is
 * delivered, acknowledged when done, and retried with the consumer's backoff when the
 * attempt failed or could not run (D1 down). A message without a usable id is dropped, logged.
 */

export interface QueueConsumer<Job> {
  /** The log lines' prefix: 'email', 'webhook'. */
  name: string;
  /** The row's id in a message. */
  idOf: (job: Job | undefined) => unknown;
  /** Retries used up: keep the row, marked dead. */
  markDead: (db: D1Database, id: number) => Promise<unknown>;
  /** One delivery attempt; `failed` asks for another one later. */
  deliver: (env: Env, id: number) => Promise<{ outcome: string }>;
  /** Seconds before the next attempt after `attempts` attempts. */
  retryDelay: (attempts: number) => number;
  /** Logged when a row is dead-lettered. */
  deadNote: string;
}

export const isDeadLetterQueue = (queue: string): boolean => queue.endsWith('-dlq');

/**
 * Consumes a batch with `consumer`'s steps.
 * @example handleEmailBatch = (batch, env) => consumeBatch(batch, env, { name: 'email', idOf: (j) => j?.notificationId, … })
 */
export async function consumeBatch<Job>(
  batch: MessageBatch<Job>,
  env: Env,
  consumer: QueueConsumer<Job>,
): Promise<void> {
  const { name } = consumer;
  for (const message of batch.messages) {
    const id = Number(consumer.idOf(message.body));
    if (!Number.isInteger(id) || id <= 0) {
      console.error(`${name}: malformed queue message dropped`, message.body);
      message.ack();
      continue;
    }
    try {
      if (isDeadLetterQueue(batch.queue)) {
        await consumer.markDead(env.DB, id);
        console.error(`${name}: ${consumer.deadNote}`, { id });
        message.ack();
        continue;
      }
      const result = await consumer.deliver(env, id);
      if (result.outcome === 'failed') message.retry({ delaySeconds: consumer.retryDelay(message.attempts) });
      else message.ack();
    } catch (error) {
      // D1 itself failed: let the queue try again later.
      console.error(`${name}: delivery attempt could not run`, { id, error });
      message.retry({ delaySeconds: consumer.retryDelay(message.attempts) });
    }
  }
}
