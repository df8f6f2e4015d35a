/**
 * A KSeF sender run's state and the steps every part of it shares: the lease renewed, a request
 * made within KSeF's limits (429 waited out, a 401 signed in again), and rows put back to wait
 * (their turn, offline, or a retry later) or refused. Sending is deliver.ts, polling poll.ts,
 * the run itself sender.ts.
 */
import { type Fetch, type KsefApi, KsefError, KsefRateLimited, KsefRefused, KsefUnavailable } from './api.ts';
import { accessToken, type Credentials, forgetAccess, type KsefSecrets } from './auth.ts';
import type { Clock } from './clock.ts';
import type { LimitGroup } from './limits.ts';
import type { Pacer } from './pacer.ts';
import { type ClaimedInvoice, requeueStatement } from './model.ts';
import { renewLease } from './model-ksef-lease.ts';
import { offlineDeadline } from './offline.ts';

/** What the sender reads of the environment. */
export interface KsefEnv extends KsefSecrets {
  DB: D1Database;
  /** The customer's "invoice ready" e-mail goes through it (without it a run leaves the e-mails to the next). */
  EMAIL_QUEUE?: Queue;
  /** The API's base: production `https://api.ksef.mf.gov.pl/v2`, TEST `https://api-test.ksef.mf.gov.pl/v2`, locally the stand-in. */
  KSEF_API_URL?: string;
}

/** A run's lease: longer than a queue consumer or cron invocation may live (15 min). */
export const LEASE_TTL_MS = 16 * 60_000;
/** A run stops starting new work after this long. */
export const RUN_BUDGET_MS = 10 * 60_000;
/** A 'queued' invoice is the sweep's once it has waited this long for the queue. */
export const HANDOVER_MS = 60_000;
/** At most this many invoices in one batch session (and one run): KSeF takes 10 000 a session. */
export const BATCH_MAX = 2_000;
/** Our own requests refused this often for one invoice: it is given up as 'rejected' for a person. */
export const MAX_ATTEMPTS = 8;
/** The status polling of one run stops after this long; the next run polls on. */
/**
 * UPOs one run fetches (a subrequest each: an invocation may make a limited number, and D1
 * queries are limited too); a batch's others come in the next runs.
 */
export const UPOS_PER_RUN = 400;
/**
 * Customer e-mails one run writes (about five D1 statements each, against the 1 000 statements
 * an invocation may make); the rest go with the next runs.
 */
export const MAILS_PER_RUN = 100;

export interface RunReport {
  /** Another run holds the lease: nothing done. */
  busy: boolean;
  /** No KSEF_API_URL or no credentials: nothing sent, nothing called. */
  notConfigured: boolean;
  claimed: number;
  sent: number;
  accepted: number;
  /** Accepted by adopting the original number KSeF named (440). */
  duplicates: number;
  rejected: number;
  /** Back to the queue (KSeF's limit, our time, a retryable refusal). */
  requeued: number;
  /** Waiting offline (KSeF did not answer). */
  offline: number;
  /** 429s waited out. */
  waited: number;
  /** Accepted invoices whose customer e-mail was written. */
  mailed: number;
  sessions: { ref: string; kind: 'online' | 'batch'; invoices: number }[];
}

export interface RunOptions {
  clock?: Clock;
  fetch?: Fetch;
  /**
   * The queue batch's invoice ids: a run started for them takes every due invoice at once
   * (without them, a queued invoice is left to the queue for `handoverMs` first).
   */
  ids?: readonly string[];
  budgetMs?: number;
  /**
   * Called after KSeF took an invoice (its id; a batch: the session's reference, once its parts
   * are up) and before the row records it: the moment a crash would leave KSeF knowing more
   * than we do (tests stop the run there).
   */
  afterSend?: (invoiceId: string) => void | Promise<void>;
  /** How long a 'queued' invoice is left to the queue before a run without `ids` takes it (default `HANDOVER_MS`). */
  handoverMs?: number;
  /** UPOs this run may fetch (default `UPOS_PER_RUN`). */
  uposPerRun?: number;
}

/** The run's deadline passed, or KSeF's limit frees a slot only after it. */
export class OutOfTime extends Error {
  constructor(readonly nextAt: number) {
    super('out of time');
  }
}

export interface Run {
  db: D1Database;
  api: KsefApi;
  clock: Clock;
  credentials: Credentials;
  holder: string;
  deadline: number;
  renewedAt: number;
  /** UPOs this run may still fetch: each is a subrequest, and an invocation has a limited number. */
  upoBudget: number;
  report: RunReport;
  options: RunOptions;
}

export const emptyReport = (): RunReport => ({
  busy: false,
  notConfigured: false,
  claimed: 0,
  sent: 0,
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  requeued: 0,
  offline: 0,
  waited: 0,
  mailed: 0,
  sessions: [],
});

export const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Our own request refused again: later, backing off; given up after `MAX_ATTEMPTS`. */
export const retryAt = (now: number, attempts: number): number =>
  now + Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** KSeF not answering: try again in 1, 2, 4 … 30 minutes. */
const offlineRetryAt = (now: number, attempts: number): number =>
  now + Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

export async function renew(run: Run): Promise<void> {
  const now = run.clock.now();
  if (now - run.renewedAt < 60_000) return;
  if (!(await renewLease(run.db, run.holder, now, LEASE_TTL_MS))) throw new Error('KSeF: the sender lost its lease');
  run.renewedAt = now;
}

/**
 * One KSeF request of `group` with an access token: waits its turn in the limits, waits a
 * 429's `Retry-After` (within the run's time), signs in again after a 401.
 */
export async function call<T>(
  run: Run,
  nip: string,
  pacer: Pacer,
  group: LimitGroup,
  request: (token: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (!(await pacer.take(group, run.deadline))) throw new OutOfTime(pacer.nextAt(group));
    const token = await accessToken(run.api, nip, run.credentials, run.clock);
    try {
      return await request(token);
    } catch (error) {
      if (error instanceof KsefRateLimited && attempt < 5) {
        pacer.block(group, error.retryAfter);
        run.report.waited++;
        console.warn('KSeF: 429, waiting', { group, retryAfter: error.retryAfter });
        continue;
      }
      if (error instanceof KsefRefused && error.status === 401 && attempt === 0) {
        await forgetAccess(run.api, nip, run.credentials);
        continue;
      }
      throw error;
    }
  }
}

/** Runs statements in D1 batches of 50; answers how many rows they changed. */
export async function runStatements(db: D1Database, statements: D1PreparedStatement[]): Promise<number> {
  let changed = 0;
  for (let i = 0; i < statements.length; i += 50)
    for (const result of await db.batch(statements.slice(i, i + 50))) changed += result.meta.changes;
  return changed;
}

export type Wait =
  | { kind: 'turn'; at: number; error: string }
  | { kind: 'offline'; error: string }
  | { kind: 'retry'; error: string };

/** Why a delivery stopped, as a wait for the rows it had not sent; `undefined`: not KSeF's doing (a bug, D1). */
export function waitFor(run: Run, error: unknown): Wait | undefined {
  if (error instanceof KsefUnavailable) return { kind: 'offline', error: error.message };
  if (error instanceof OutOfTime)
    return { kind: 'turn', at: error.nextAt, error: 'KSeF: limit wysyłki, czeka na kolej' };
  if (error instanceof KsefRateLimited)
    return { kind: 'turn', at: run.clock.now() + error.retryAfter * 1000, error: error.message };
  if (error instanceof SessionFull) return { kind: 'turn', at: run.clock.now(), error: error.message };
  if (error instanceof KsefError) return { kind: 'retry', error: error.message };
  return undefined;
}

/**
 * Puts rows back to wait (only those still `from`: an invoice KSeF took stays 'sent'): their
 * turn ('queued', or 'offline' when they were), offline (KSeF did not answer), or a retry later.
 */
export async function putBack(
  run: Run,
  rows: readonly ClaimedInvoice[],
  from: 'sending' | 'sent',
  wait: Wait,
): Promise<void> {
  if (!rows.length) return;
  const now = run.clock.now();
  const results = await runStatements(
    run.db,
    rows.map((row) =>
      requeueStatement(
        run.db,
        row.id,
        from,
        wait.kind === 'offline'
          ? {
              status: 'offline',
              nextAttemptAt: offlineRetryAt(now, row.attempts),
              error: wait.error,
              sendBy: offlineDeadline(row.issue_date),
            }
          : {
              status: row.offline ? 'offline' : 'queued',
              nextAttemptAt: wait.kind === 'turn' ? wait.at : retryAt(now, row.attempts),
              error: wait.error,
              notAnAttempt: wait.kind === 'turn',
            },
        now,
      ),
    ),
  );
  if (wait.kind === 'offline') run.report.offline += results;
  else run.report.requeued += results;
}

/**
 * One invoice refused by our own request's fault (its hash, size, a validation): later, or given
 * up as 'rejected' (a person looks at `error`; `status_code` stays KSeF's own refusal code, if any).
 */
export async function refusedOne(run: Run, row: ClaimedInvoice, error: unknown, giveUp = false): Promise<void> {
  const now = run.clock.now();
  const failed = giveUp || row.attempts >= MAX_ATTEMPTS;
  await requeueStatement(
    run.db,
    row.id,
    'sending',
    {
      status: failed ? 'rejected' : row.offline ? 'offline' : 'queued',
      nextAttemptAt: failed ? null : retryAt(now, row.attempts),
      error: message(error),
    },
    now,
  ).run();
  console.error(failed ? 'KSeF: invoice given up, a person must look' : 'KSeF: invoice refused, will retry', {
    id: row.id,
    attempts: row.attempts,
    error: message(error),
  });
  run.report.requeued++;
}

/** The session takes no more invoices (its limit, its status): the rest go in another session. */
export class SessionFull extends KsefError {}
