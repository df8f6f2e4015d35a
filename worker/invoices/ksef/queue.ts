/**
 * The KSeF queue and sweep. Issuing an invoice writes its `ksef_invoices` row ('queued') in the
 * invoice's own D1 batch, then puts `{invoiceId}` on `KSEF_QUEUE` (`enqueueKsef`): a message
 * carries an id, never the XML (a queue message takes 128 KB). The consumer runs the sender
 * for its batch's ids; the every-minute cron sweep (`sweepKsef`) runs it for whatever the
 * queue missed (an enqueue that failed, a message given up), what waits its turn or offline,
 * and what waits for KSeF's status or UPO. Neither ever runs in a visitor's request.
 */
import { type KsefEnv, type RunOptions, type RunReport, runKsef } from './sender.ts';

/** The body of a `KSEF_QUEUE` message. */
export interface KsefJob {
  invoiceId: string;
}

const ID = /^[0-9A-Za-z-]{8,64}$/;

/** Seconds before a message whose run could not go now (another run holds the lease) comes back. */
export const BUSY_RETRY_SECONDS = 60;

/** Puts the issued invoices on the queue; a failure is logged and left to the sweep (the rows are in D1). */
export async function enqueueKsef(env: Pick<Env, 'KSEF_QUEUE'>, invoiceIds: readonly string[]): Promise<boolean> {
  try {
    for (let i = 0; i < invoiceIds.length; i += 100)
      await env.KSEF_QUEUE.sendBatch(invoiceIds.slice(i, i + 100).map((invoiceId) => ({ body: { invoiceId } })));
    return true;
  } catch (error) {
    console.error('KSeF: enqueue failed, the sweep will send them', { count: invoiceIds.length, error });
    return false;
  }
}

/** The consumer of `kserowo-ksef`: one sender run for the batch's invoices. */
export async function handleKsefBatch(
  batch: MessageBatch<KsefJob>,
  env: KsefEnv & Env,
  options: Omit<RunOptions, 'ids'> = {},
): Promise<void> {
  const ids: string[] = [];
  for (const message of batch.messages) {
    const id = message.body?.invoiceId;
    if (typeof id === 'string' && ID.test(id)) ids.push(id);
    else {
      console.error('KSeF: malformed queue message dropped', message.body);
      message.ack();
    }
  }
  if (!ids.length) return;
  const valid = batch.messages.filter((m) => typeof m.body?.invoiceId === 'string' && ID.test(m.body.invoiceId));
  try {
    const report = await runKsef(env, { ...options, ids });
    // Busy: another run has the lease; the ids come back in a minute. Otherwise every invoice
    // is settled in D1 (sent, waiting its turn or offline): the sweep goes on from there.
    for (const message of valid) report.busy ? message.retry({ delaySeconds: BUSY_RETRY_SECONDS }) : message.ack();
  } catch (error) {
    console.error('KSeF: the run failed, the queue retries', { error });
    for (const message of valid) message.retry({ delaySeconds: BUSY_RETRY_SECONDS });
  }
}

/** The cron's sweep: one sender run over whatever is due or waits for KSeF. */
export async function sweepKsef(env: KsefEnv, options: RunOptions = {}): Promise<RunReport | undefined> {
  try {
    return await runKsef(env, options);
  } catch (error) {
    console.error('KSeF: the sweep failed', { error });
    return undefined;
  }
}
