/** Worker entry: HTTP through the Hono app, the queue consumers (e-mail, webhooks, leads kept while D1 was away, invoices to KSeF, large bank statements) and the cron (sweep, retention, reading reminders, the sales team's clock, the daily backup). */
import { app } from './app.ts';
import { type EmailJob, handOverLeftovers, handleEmailBatch, sweepUnsent } from './outbox/delivery.ts';
import { type WebhookJob, dispatchWebhooks, handleWebhookBatch } from './webhooks/delivery.ts';
import { applyRetention } from './privacy/retention.ts';
import { EVERY_MINUTE, jobsOf, runTime } from './schedule.ts';
import { runSalesClock } from './leads/sales-clock.ts';
import { type DeferredLead, handleLeadBatch } from './leads/deferred.ts';
import { forgetStaleLookups } from './company/index.ts';
import { sendReadingReminders } from './meter/reminders.ts';
import { listFallenOff, pruneReports } from './collector/index.ts';
import { forgetOldSignIns } from './portal/sign-in.ts';
import { forgetOldPartnerSignIns } from './partners/index.ts';
import { forgetOldUnlocks } from './accounts/unlock.ts';
import { backupToR2 } from './backups/schedule.ts';
import { issueDueInvoices } from './invoices/issue.ts';
import { type KsefJob, handleKsefBatch, sweepKsef } from './invoices/ksef/queue.ts';
import { finishWaitingOrders } from './orders/waiting-orders.ts';
import { sendOverdueReminders } from './payments/overdue.ts';
import { type StatementPartJob, handleStatementBatch } from './payments/background.ts';

const isWebhookQueue = (queue: string) => queue.startsWith('kserowo-webhooks');
const isLeadQueue = (queue: string) => queue.startsWith('kserowo-leads');
const isKsefQueue = (queue: string) => queue.startsWith('kserowo-ksef');
const isStatementQueue = (queue: string) => queue.startsWith('kserowo-statements');

export default {
  // After the answer, e-mails a crash left behind go out with this request too (at most once a minute per isolate).
  fetch: async (request, env, ctx) => {
    const response = await app.fetch(request, env, ctx);
    handOverLeftovers(env, ctx);
    return response;
  },
  queue: async (batch, env, ctx) => {
    handOverLeftovers(env, ctx);
    await (isStatementQueue(batch.queue)
      ? handleStatementBatch(batch as MessageBatch<StatementPartJob>, env)
      : isKsefQueue(batch.queue)
        ? handleKsefBatch(batch as MessageBatch<KsefJob>, env)
        : isLeadQueue(batch.queue)
          ? handleLeadBatch(batch as MessageBatch<DeferredLead>, env)
          : isWebhookQueue(batch.queue)
            ? handleWebhookBatch(batch as MessageBatch<WebhookJob>, env)
            : handleEmailBatch(batch as MessageBatch<EmailJob>, env));
  },
  scheduled: (controller, env, ctx) => {
    const jobs = jobsOf(controller.cron, controller.scheduledTime);
    // The day the billing jobs work for: the run's scheduled time (the real one in production; a
    // chosen day locally, `npm run sweep -- --at YYYY-MM-DD`: worker/schedule.ts runTime).
    const today = runTime(controller.cron, controller.scheduledTime);
    // A manual run (npm run sweep) says which day it worked for; the deployed crons are one of three.
    if (jobs.invoices && controller.cron !== EVERY_MINUTE)
      console.log(`cron: a manual run as on ${today.toISOString()}`);
    // Every table to R2, the newest 35 kept (docs/backups.md).
    if (jobs.backup)
      ctx.waitUntil(
        backupToR2(env, new Date(controller.scheduledTime)).then(
          (r) => console.log(`backup: ${r.key}, ${r.bytes} bytes; ${r.deleted.length} old backup(s) deleted`),
          (error: unknown) => console.error('backup: the run failed', error),
        ),
      );
    if (jobs.handOver) {
      // E-mails a crash left unsent (docs/leads.md "After a crash": within two minutes).
      ctx.waitUntil(sweepUnsent(env));
      // Deliveries an enqueue missed, or whose queue message was lost, go back on the queue.
      ctx.waitUntil(dispatchWebhooks(env));
      // Invoices to KSeF the queue missed, waiting their turn or offline, and KSeF's answers.
      ctx.waitUntil(sweepKsef(env));
    }
    // Leads, quotes, tickets and readings past the retention period lose the person's data.
    if (jobs.retention)
      ctx.waitUntil(applyRetention(env).catch((error: unknown) => console.error('retention: the run failed', error)));
    // The NIP look-ups' 24-hour cache is emptied of what it no longer serves.
    if (jobs.retention)
      ctx.waitUntil(
        forgetStaleLookups(env.DB).catch((error: unknown) => console.error('company look-ups: cleanup failed', error)),
      );
    // From the 25th of a month (Warsaw): each running contract's reading reminder, once.
    if (jobs.retention)
      ctx.waitUntil(
        sendReadingReminders(env, today).catch((error: unknown) => console.error('reminders: the run failed', error)),
      );
    // From the configured working day of a month: last month's invoices, once, 200 contracts a minute
    // (what one invocation's D1 queries allow beside the other jobs; worker/invoices/issue.ts).
    if (jobs.invoices)
      ctx.waitUntil(
        issueDueInvoices(env, today).catch((error: unknown) => console.error('invoices: the run failed', error)),
      );
    // The sales team's morning digest and first-answer alerts (worker/leads/sales-clock.ts).
    if (jobs.retention) ctx.waitUntil(runSalesClock(env));
    // The customer's page: spent or expired sign-ins and ended sessions go.
    if (jobs.retention)
      ctx.waitUntil(forgetOldSignIns(env).catch((error: unknown) => console.error('portal: tidy-up failed', error)));
    // The partner's page: the same tidy-up of its own sign-ins and sessions.
    if (jobs.retention)
      ctx.waitUntil(
        forgetOldPartnerSignIns(env.DB, Date.now()).catch((error: unknown) =>
          console.error('partners: tidy-up failed', error),
        ),
      );
    // The team's unlock links a day old go.
    if (jobs.retention)
      ctx.waitUntil(forgetOldUnlocks(env).catch((error: unknown) => console.error('accounts: tidy-up failed', error)));
    // Orders waiting for the White List ask it again (each at its own time, backing off).
    if (jobs.handOver || jobs.retention)
      ctx.waitUntil(
        finishWaitingOrders(env).catch((error: unknown) => console.error('orders: the waiting orders failed', error)),
      );
    // Collectors: devices without a report for 3 days are listed and their customer e-mailed once.
    if (jobs.retention)
      ctx.waitUntil(
        listFallenOff(env).catch((error: unknown) => console.error('collectors: the fallen-off run failed', error)),
      );
    // Collectors: reports that made no reading go after 35 days (the readings keep their own).
    if (jobs.retention)
      ctx.waitUntil(
        pruneReports(env).catch((error: unknown) => console.error('collectors: the reports pruning failed', error)),
      );
    // Invoices past due: a reminder per step, on the business clock.
    if (jobs.retention)
      ctx.waitUntil(
        sendOverdueReminders(env, today).catch((error: unknown) =>
          console.error('payments: the reminders failed', error),
        ),
      );
  },
} satisfies ExportedHandler<Env, EmailJob | WebhookJob | DeferredLead | KsefJob | StatementPartJob>;
