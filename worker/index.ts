/** Worker entry: HTTP through the Hono app, the queue consumers (e-mail, webhooks) and the cron (sweep, retention, reading reminders). */
import { app } from './app.ts';
import { type EmailJob, handleEmailBatch, sweepUnsent } from './email/delivery.ts';
import { type WebhookJob, dispatchWebhooks, handleWebhookBatch } from './webhooks/delivery.ts';
import { applyRetention } from './privacy/retention.ts';
import { sendReadingReminders } from './billing/reminders.ts';
import { forgetOldSignIns } from './portal/sign-in.ts';

const isWebhookQueue = (queue: string) => queue.startsWith('kserowo-webhooks');

export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    isWebhookQueue(batch.queue)
      ? handleWebhookBatch(batch as MessageBatch<WebhookJob>, env)
      : handleEmailBatch(batch as MessageBatch<EmailJob>, env),
  scheduled: (_controller, env, ctx) => {
    ctx.waitUntil(sweepUnsent(env));
    // Deliveries an enqueue missed, or whose queue message was lost, go back on the queue.
    ctx.waitUntil(dispatchWebhooks(env));
    // Issue 13: leads, quotes, tickets and readings past the retention period lose the person's data.
    ctx.waitUntil(applyRetention(env).catch((error: unknown) => console.error('retention: the run failed', error)));
    // From the 25th of a month (Warsaw): each running contract's reading reminder, once.
    ctx.waitUntil(
      sendReadingReminders(env).catch((error: unknown) => console.error('reminders: the run failed', error)),
    );
    // The customer's page: spent or expired sign-ins and ended sessions go.
    ctx.waitUntil(forgetOldSignIns(env).catch((error: unknown) => console.error('portal: tidy-up failed', error)));
  },
} satisfies ExportedHandler<Env, EmailJob | WebhookJob>;
