/**
 * The KSeF sender: one run sends what is due, polls what KSeF has, and stores each invoice's
 * KSeF number and UPO (docs/ksef.md). A run is started by the queue consumer (a message per
 * issued invoice: its id) or by the cron sweep (what the queue missed, what waits offline,
 * what waits for a status) — never in a visitor's request.
 *
 * Exactly once, whatever is retried or raced:
 *  - one run at a time (a lease in D1, renewed while the run works, taken over only when its
 *    holder's time is up: then the holder is dead);
 *  - an invoice is claimed ('sending') in one guarded UPDATE; once KSeF took it, the row says
 *    so ('sent', with the session and the invoice's reference) before anything else happens;
 *  - a row left 'sending' by a dead run may or may not have reached KSeF: it is sent again,
 *    and KSeF, which refuses a second invoice of the same seller, type and number (440), names
 *    the number it gave the first one: the row adopts it. No invoice is lost (every row ends
 *    accepted, rejected or waiting) and none is in KSeF twice (KSeF's own check and ours).
 *
 * Limits (spec/limity/limity-api.md): an online session takes what fits the minute's and
 * the hour's windows of `POST …/invoices` (30/min, 180/h, paced at 10/s); more goes into a
 * batch session (a ZIP, up to `BATCH_MAX` a run); a 429 waits its `Retry-After` (in the run when
 * short, else the rows wait for a later run). A 21470 re-fetches the public keys and retries.
 * When KSeF does not answer, the invoices wait as 'offline' and go when it is back.
 */
import { warsawDay } from '../../../widgets/core/warsaw-time.ts';
import { KsefApi, KsefError, KsefUnavailable, type SystemWarning } from './api.ts';
import { credentialsOf, tokenDeadlineNote } from './auth.ts';
import { type Clock, realClock } from './clock.ts';
import { Pacer } from './pacer.ts';
import {
  acceptedUnmailed,
  dueSellers,
  overdueOffline,
  requeueOrphans,
  sellersToPoll,
  mailedStatement,
} from './model.ts';
import { releaseLease, takeLease } from './model-ksef-lease.ts';
import { recordWarnings } from './model-ksef-warnings.ts';
import { queueInvoiceReadyEmail } from '../email.ts';
import { deliver } from './deliver.ts';
import { pollSent } from './poll.ts';
import {
  emptyReport,
  type KsefEnv,
  LEASE_TTL_MS,
  MAILS_PER_RUN,
  message,
  OutOfTime,
  type Run,
  type RunOptions,
  type RunReport,
  RUN_BUDGET_MS,
  UPOS_PER_RUN,
} from './run.ts';

export type { KsefEnv, RunOptions, RunReport } from './run.ts';

/**
 * The customer's e-mail of each accepted invoice (`queueInvoiceReadyEmail`: once per invoice,
 * whoever calls it twice), then the row marked mailed: an acceptance whose run died before its
 * e-mail is mailed by the next run.
 */
async function mailAccepted(env: KsefEnv, run: Run): Promise<void> {
  const queue = env.EMAIL_QUEUE;
  if (!queue) return;
  const done: string[] = [];
  for (const id of await acceptedUnmailed(run.db, MAILS_PER_RUN)) {
    try {
      await queueInvoiceReadyEmail({ DB: run.db, EMAIL_QUEUE: queue }, id);
      done.push(id);
    } catch (error) {
      console.error('KSeF: the customer e-mail of an accepted invoice could not be written', {
        id,
        error: message(error),
      });
    }
  }
  if (done.length) await mailedStatement(run.db, done, run.clock.now()).run();
  run.report.mailed += done.length;
}

/**
 * Gives the lease back, again after a moment when D1 fails (a dropped connection): a lease left
 * held keeps every run out for `LEASE_TTL_MS`, the invoices issued meanwhile with it. Given up
 * after three tries, logged; the lease then frees itself when its time is up.
 */
async function giveBackLease(db: D1Database, holder: string, clock: Clock): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await releaseLease(db, holder);
      return;
    } catch (error) {
      if (attempt === 3) {
        console.error('KSeF: the lease could not be given back, it frees itself when its time is up', {
          error: message(error),
        });
        return;
      }
      await clock.sleep(500 * attempt);
    }
  }
}

/**
 * One sender run: under the lease, the due invoices of each seller sent, the sent ones polled
 * for their KSeF numbers and UPOs. Safe to start any time, any number of times.
 */
export async function runKsef(env: KsefEnv, options: RunOptions = {}): Promise<RunReport> {
  const clock = options.clock ?? realClock;
  const report = emptyReport();
  const credentials = credentialsOf(env);
  if (!env.KSEF_API_URL || !credentials) {
    report.notConfigured = true;
    return report;
  }
  const note = tokenDeadlineNote(credentials, warsawDay(new Date(clock.now())));
  if (note) console[note.level](note.text);
  const holder = crypto.randomUUID();
  const started = clock.now();
  if (!(await takeLease(env.DB, holder, started, LEASE_TTL_MS))) {
    report.busy = true;
    return report;
  }
  // KSeF's X-System-Warnings: logged once per code and message a run, kept for the panel at its end.
  const warnings = new Map<string, SystemWarning & { path: string; times: number }>();
  const onWarning = (list: SystemWarning[], path: string): void => {
    for (const w of list) {
      const key = `${w.code}\n${w.message}`;
      const seen = warnings.get(key);
      if (seen) {
        seen.times++;
        seen.path = path;
      } else {
        warnings.set(key, { ...w, path, times: 1 });
        console.warn('KSeF: system warning', { code: w.code, message: w.message, path });
      }
    }
  };
  const run: Run = {
    db: env.DB,
    api: new KsefApi({ baseUrl: env.KSEF_API_URL, fetch: options.fetch, onWarning }),
    clock,
    credentials,
    holder,
    deadline: started + (options.budgetMs ?? RUN_BUDGET_MS),
    renewedAt: started,
    upoBudget: options.uposPerRun ?? UPOS_PER_RUN,
    report,
    options,
  };
  try {
    const orphans = await requeueOrphans(env.DB, clock.now());
    if (orphans) console.warn('KSeF: invoices a stopped run left claimed go again', { orphans });
    const sellers = new Set([...(await dueSellers(env.DB, clock.now())), ...(await sellersToPoll(env.DB))]);
    for (const nip of sellers) {
      const pacer = await Pacer.load(env.DB, nip, clock);
      try {
        await deliver(run, nip, pacer);
        await pollSent(run, nip, pacer);
      } catch (error) {
        // KSeF away, our time up, a refused sign-in: what is not done waits in D1 for the next run.
        if (error instanceof KsefUnavailable || error instanceof OutOfTime)
          console.warn('KSeF: not answering or no time left, the invoices wait', { nip, error: message(error) });
        else if (error instanceof KsefError)
          console.error('KSeF: the run for this seller stopped', { nip, error: message(error) });
        else throw error;
      }
    }
    await mailAccepted(env, run);
    const overdue = await overdueOffline(env.DB, warsawDay(new Date(clock.now())));
    if (overdue.length)
      console.error('KSeF: offline invoices past their time limit to send', {
        count: overdue.length,
        first: overdue[0],
      });
  } finally {
    await recordWarnings(env.DB, [...warnings.values()], new Date(clock.now()).toISOString()).catch((error: unknown) =>
      console.error('KSeF: the system warnings could not be kept', { error: message(error) }),
    );
    await giveBackLease(env.DB, holder, clock);
  }
  if (report.claimed || report.accepted || report.requeued || report.offline || report.rejected)
    console.log('KSeF: run', { ...report, sessions: report.sessions.length });
  return report;
}
