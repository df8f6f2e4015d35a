/**
 * No lead lost when D1 is away. When the batch that stores a contact lead or a quote fails
 * (D1 unavailable, overloaded, a lost connection), the route sends the whole lead — its id,
 * its time, its e-mail and a quote's priced row already made — to the queue `kserowo-leads`
 * and answers the visitor as usual (202, the same success; a quote's page address and
 * prices, its number once stored: numbers run per year in D1). This consumer stores it with `storeLead` when D1
 * answers again: the same id, the same time, one lead per `submissionId` however often a
 * message is delivered; until then it retries with a growing delay (30 s doubling, at most
 * 15 minutes; 100 retries, about a day), then the dead-letter queue's consumer keeps trying.
 */
import { DEAD_LETTER_ATTEMPTS } from './dead-letter.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { type NewLead, SubmissionConflict, storeLead } from './model.ts';
import type { Notification } from '../outbox/index.ts';
import { type NewQuote, quoteStatements } from '../quotes/index.ts';
import { queueClaimed } from '../webhooks/delivery.ts';

/** A lead waiting for D1: everything `storeLead` needs, made at the request. */
export interface DeferredLead {
  lead: NewLead & { id: string; createdAt: string };
  notification: Notification;
  /** A quote's row, priced at the request (its secret id is the page address the visitor got). */
  quote?: NewQuote | undefined;
}

/** Queue retry delay after the `attempt`-th failed attempt: 30 s doubling, at most 15 minutes. */
export const deferredRetryDelay = (attempt: number): number => Math.min(30 * 2 ** Math.max(0, attempt - 1), 900);

/** Puts a lead on the queue; false when the queue refused it too (then the visitor is told to try again). */
export async function deferLead(env: Pick<Env, 'LEAD_QUEUE'>, job: DeferredLead): Promise<boolean> {
  try {
    await env.LEAD_QUEUE.send(job);
    return true;
  } catch (error) {
    console.error('leads: neither D1 nor the queue took the lead', { submissionId: job.lead.submissionId, error });
    return false;
  }
}

/** Stores one deferred lead, with its e-mail and webhook deliveries on their queues. */
export async function storeDeferred(env: Env, job: DeferredLead): Promise<'stored' | 'replay' | 'conflict'> {
  try {
    const quote = job.quote;
    // A quote's number and validity count from the time the visitor was answered.
    const stored = await storeLead(
      env.DB,
      job.lead,
      () => job.notification,
      (leadId) => (quote ? quoteStatements(env.DB, leadId, quote, new Date(job.lead.createdAt)) : []),
    );
    if (stored.notificationId !== undefined) await enqueueNotification(env, stored.notificationId);
    await queueClaimed(env, stored.webhookIds);
    return stored.created ? 'stored' : 'replay';
  } catch (error) {
    // The id was stored first with another body: the first one stays (DESIGN §7).
    if (error instanceof SubmissionConflict) return 'conflict';
    throw error;
  }
}

const isDeferred = (body: unknown): body is DeferredLead => {
  const job = body as DeferredLead | undefined;
  return typeof job?.lead?.id === 'string' && typeof job.lead.submissionId === 'string' && !!job.notification;
};

/** The consumer of `kserowo-leads` and of its dead-letter queue. */
export async function handleLeadBatch(batch: MessageBatch<DeferredLead>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    if (!isDeferred(message.body)) {
      console.error('leads: a queued message is not a lead, dropped', { id: message.id });
      message.ack();
      continue;
    }
    try {
      const outcome = await storeDeferred(env, message.body);
      if (outcome === 'conflict')
        console.error('leads: a queued lead reused a submission id with another body; the first stays', {
          submissionId: message.body.lead.submissionId,
        });
      message.ack();
    } catch (error) {
      const submissionId = message.body.lead.submissionId;
      if (
        batch.queue.endsWith('-dlq') &&
        message.attempts >= DEAD_LETTER_ATTEMPTS &&
        (await deferLead(env, message.body))
      ) {
        console.error('leads: D1 refused a queued lead for days; it goes round the queue again', {
          submissionId,
          error,
        });
        message.ack();
        continue;
      }
      console.error('leads: D1 still refuses a queued lead, retrying', { attempts: message.attempts, error });
      message.retry({ delaySeconds: deferredRetryDelay(message.attempts) });
    }
  }
}
