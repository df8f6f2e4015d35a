/** Worker entry: HTTP through the Hono app, the email queue consumer and the cron sweep. */
import { app } from './app.ts';
import { type EmailJob, handleEmailBatch, sweepUnsent } from './email/delivery.ts';

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleEmailBatch(batch, env),
  scheduled: (_controller, env, ctx) => ctx.waitUntil(sweepUnsent(env)),
} satisfies ExportedHandler<Env, EmailJob>;
