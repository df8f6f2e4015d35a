/** Worker entry: HTTP through the Hono app, the queue consumers (e-mail, webhooks, leads kept while D1 was away) and the cron (sweep, retention, the sales team's clock). */
import { app } from './app.ts';
import { type EmailJob, handleEmailBatch, sweepUnsent } from './email/delivery.ts';
import { type WebhookJob, dispatchWebhooks, handleWebhookBatch } from './webhooks/delivery.ts';
import { applyRetention } from './privacy/retention.ts';
import { runSalesClock } from './sales/clock.ts';
import { type DeferredLead, handleLeadBatch } from './leads/deferred.ts';

const isWebhookQueue = (queue: string) => queue.startsWith('kserowo-webhooks');
const isLeadQueue = (queue: string) => queue.startsWith('kserowo-leads');

export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    isLeadQueue(batch.queue)
      ? handleLeadBatch(batch as MessageBatch<DeferredLead>, env)
      : isWebhookQueue(batch.queue)
        ? handleWebhookBatch(batch as MessageBatch<WebhookJob>, env)
        : handleEmailBatch(batch as MessageBatch<EmailJob>, env),
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(sweepUnsent(env));
    // Deliveries an enqueue missed, or whose queue message was lost, go back on the queue.
    ctx.waitUntil(dispatchWebhooks(env));
    // Issue 13: leads, quotes, tickets and readings past the retention period lose the person's data.
    // The sales team's morning digest and first-answer alerts (worker/sales/clock.ts).
    ctx.waitUntil(runSalesClock(env));
    ctx.waitUntil(applyRetention(env).catch((error: unknown) => console.error('retention: the run failed', error)));
  },
} satisfies ExportedHandler<Env, EmailJob | WebhookJob | DeferredLead>;
