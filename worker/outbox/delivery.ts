/**
 * Lead notifications to the sales team (DESIGN §4). The plain-text message of a lead is
 * written to the outbox with the lead; then:
 *  - the route puts `{notificationId}` on the `EMAIL_QUEUE`; the consumer (`handleEmailBatch`)
 *    sends it with the `send_email` binding and records the outcome in D1;
 *  - a failed send is retried by the queue with exponential backoff (30 s, 1, 2, 4, 8 min);
 *  - after `max_retries` the message lands on the dead-letter queue, whose consumer marks
 *    the outbox row 'dead': the row keeps the whole message and the lead stays;
 *  - the cron sweep (`sweepUnsent`, every minute) sends what a crash left unsent: a
 *    'pending' e-mail the queue did not take within a minute (an enqueue that never
 *    happened or failed, a local queue that died), a claim older than 5 minutes (a
 *    worker that died mid-send), a 'failed' one 10 minutes after its last attempt:
 *    everything of it in one run, in claimed batches of `SWEEP_BATCH` (one D1 statement
 *    to claim a batch, one to mark it sent), within a wall-time budget far below the
 *    cron's limits; the next request or queue batch of an isolate sends a batch of them
 *    too (`handOverLeftovers`, at most once a minute per isolate, after the answer);
 *  - a notification that is given up ('dead') is logged with `console.error` (Workers
 *    Logs / `wrangler tail`) and counted in the admin header (`/api/admin/outbox/alerts`).
 * User text goes only into the body; the one header it reaches is Reply-To, and only as
 * the validated address.
 */
import type { NotificationRow } from './model.ts';
import {
  claimNotification,
  claimUnsent,
  markDead,
  markExhaustedDead,
  markFailed,
  markSent,
  markSentMany,
} from './model-outbox-delivery.ts';
import { consumeBatch } from '../queue.ts';

/**
 * What another feature's batch may write into the outbox beside its own rows: an e-mail
 * about no lead or ticket (`about`), optionally only when a condition of the batch holds.
 */
export { type Notification, standaloneNotificationStatement } from './model.ts';

/** The body of an `EMAIL_QUEUE` message. */
export interface EmailJob {
  notificationId: number;
}

/** Queue retry delay after the `attempt`-th failed attempt: 30 s doubling, at most an hour. */
const retryDelaySeconds = (attempt: number): number => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

/** The sweep gives a notification up (marks it dead) after this many attempts in all. */
export const MAX_ATTEMPTS = 12;

/** The display name of our sender address. */
const SENDER_NAME = 'Kserowo – formularz';

/** Sends one outbox row through the `send_email` binding; throws when it is not sent. */
async function sendNotification(env: Pick<Env, 'SEND_EMAIL' | 'MAIL_FROM'>, row: NotificationRow): Promise<void> {
  await env.SEND_EMAIL.send({
    from: { name: SENDER_NAME, email: env.MAIL_FROM },
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
  });
}

export type Delivery = { outcome: 'sent' | 'skipped' } | { outcome: 'failed'; error: string; attempts: number };

/**
 * One delivery attempt of notification `id`: claim it, send it, record the outcome.
 * 'skipped' when it is sent already, dead, or being sent by another attempt.
 */
export async function deliver(env: Env, id: number): Promise<Delivery> {
  const row = await claimNotification(env.DB, id);
  if (!row) return { outcome: 'skipped' };
  try {
    await sendNotification(env, row);
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    await markFailed(env.DB, id, error);
    console.error('email: sending failed', { id, attempts: row.attempts, error });
    return { outcome: 'failed', error, attempts: row.attempts };
  }
  await markSent(env.DB, id);
  return { outcome: 'sent' };
}

/** Puts notification `id` on the queue; a failure is logged and left to the sweep. */
export async function enqueueNotification(env: Pick<Env, 'EMAIL_QUEUE'>, id: number): Promise<boolean> {
  try {
    await env.EMAIL_QUEUE.send({ notificationId: id } satisfies EmailJob);
    return true;
  } catch (error) {
    console.error('email: enqueue failed, the sweep will send it', { id, error });
    return false;
  }
}

/** The queue consumer of `kserowo-email` and of its dead-letter queue. */
export const handleEmailBatch = (batch: MessageBatch<EmailJob>, env: Env): Promise<void> =>
  consumeBatch(batch, env, {
    name: 'email',
    idOf: (job) => job?.notificationId,
    markDead,
    deliver,
    retryDelay: retryDelaySeconds,
    deadNote: 'notification dead-lettered, kept in the outbox',
  });

export interface SweepReport {
  sent: number;
  failed: number;
  dead: number;
}

/** Notifications one sweep batch claims. */
export const SWEEP_BATCH = 50;
/** A sweep stops claiming new batches after this long (the next cron run goes on). */
export const SWEEP_BUDGET_MS = 5 * 60_000;

/**
 * The cron sweep: sends every notification left unsent (`claimUnsent` says when), batch
 * after batch until none is left (or the time budget, or `batches`, is used up); gives up
 * (marks dead, logs) those that have used `MAX_ATTEMPTS`.
 */
export async function sweepUnsent(
  env: Env,
  { limit = SWEEP_BATCH, batches = Number.POSITIVE_INFINITY }: { limit?: number; batches?: number } = {},
): Promise<SweepReport> {
  const report: SweepReport = { sent: 0, failed: 0, dead: 0 };
  const dead = await markExhaustedDead(env.DB, { maxAttempts: MAX_ATTEMPTS });
  for (const row of dead)
    console.error('email: notification dead after its last attempt, kept in the outbox', {
      id: row.id,
      leadId: row.lead_id,
      error: row.last_error,
    });
  report.dead = dead.length;
  const started = Date.now();
  for (let run = 0; run < batches && Date.now() - started < SWEEP_BUDGET_MS; run++) {
    const batch = await claimUnsent(env.DB, { limit, maxAttempts: MAX_ATTEMPTS });
    if (!batch.length) break;
    const sent: number[] = [];
    for (const row of batch) {
      try {
        await sendNotification(env, row);
        sent.push(row.id);
      } catch (cause) {
        const error = cause instanceof Error ? cause.message : String(cause);
        await markFailed(env.DB, row.id, error);
        console.error('email: sending failed', { id: row.id, attempts: row.attempts, error });
        report.failed++;
      }
    }
    await markSentMany(env.DB, sent);
    report.sent += sent.length;
  }
  if (report.sent + report.failed + report.dead > 0) console.log('email: sweep', report);
  return report;
}

/** E-mails one hand-over between cron runs sends at most (the rest wait for the next one, or the cron). */
export const HAND_OVER_BATCH = 10;
/** How often one isolate hands over what was left on its own, besides the cron. */
export const HAND_OVER_EVERY_MS = 60_000;
/** When this isolate last handed over (ms); tests may set it back. */
export const handOverClock = { last: 0 };

/**
 * E-mails a crash left behind ('pending' a minute and never handed to the queue, a claim
 * that died, a failure whose backoff is over: the rules of `claimUnsent`) go out with the
 * next request or queue batch of this isolate too, not only at the next cron run (which may
 * be late, or, locally, not run at all): at most once a minute per isolate, after the answer
 * (`waitUntil`), one claimed batch of at most `HAND_OVER_BATCH`. A claim is atomic, so the
 * queue and the cron never send the same e-mail twice.
 */
export function handOverLeftovers(env: Env, ctx: Pick<ExecutionContext, 'waitUntil'>, now = Date.now()): void {
  if (now - handOverClock.last < HAND_OVER_EVERY_MS) return;
  handOverClock.last = now;
  ctx.waitUntil(
    sweepUnsent(env, { limit: HAND_OVER_BATCH, batches: 1 }).catch((error: unknown) =>
      console.error('email: hand-over of left e-mails failed, the cron will send them', error),
    ),
  );
}
