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
import {
  type Encryption,
  type Fetch,
  KsefApi,
  KsefError,
  KsefRateLimited,
  KsefRefused,
  KsefUnavailable,
  type SendInvoice,
  type SessionInvoice,
} from './api.ts';
import {
  accessToken,
  type Credentials,
  credentialsOf,
  forgetAccess,
  type KsefSecrets,
  tokenDeadlineNote,
} from './auth.ts';
import { type Clock, realClock } from './clock.ts';
import {
  aesEncrypt,
  base64UrlToBase64,
  fileMeta,
  newSessionKey,
  rsaOaepEncrypt,
  type SessionKey,
  sha256,
  toBase64,
  toBase64Url,
  utf8,
} from './crypto.ts';
import { forgetKeys, publicKey } from './keys.ts';
import type { LimitGroup } from './limits.ts';
import { Pacer } from './pacer.ts';
import {
  type Acceptance,
  acceptedManyStatement,
  acceptedUnmailed,
  acceptedWithoutUpo,
  type ClaimedInvoice,
  claimDue,
  dueSellers,
  overdueOffline,
  rejectedStatement,
  requeueOrphans,
  requeueStatement,
  type SentInvoice,
  sellersToPoll,
  sentInvoices,
  mailedStatement,
  sentManyStatement,
  sentStatement,
  uposStatement,
} from './model.ts';
import { releaseLease, renewLease, takeLease } from './model-ksef-lease.ts';
import { openSessions, recordSession, sessionClosed } from './model-ksef-sessions.ts';
import { isKsefNumber } from './number.ts';
import { offlineDeadline } from './offline.ts';
import { zip } from './zip.ts';
import { queueInvoiceReadyEmail } from '../email.ts';

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
const POLL_BUDGET_MS = 3 * 60_000;
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
/** A batch part before encryption (KSeF: at most 100 MB). */
const PART_BYTES = 100_000_000;
/** A session status after which nothing more happens in it. */
const FINAL_SESSION = new Set([200, 405, 415, 420, 430, 435, 440, 445, 500]);
/** An invoice status saying the invoice itself may go again (the session failed, KSeF cancelled it). */
const RETRYABLE_INVOICE = new Set([405, 435, 500, 550]);

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
class OutOfTime extends Error {
  constructor(readonly nextAt: number) {
    super('out of time');
  }
}

interface Run {
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

const emptyReport = (): RunReport => ({
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

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Our own request refused again: later, backing off; given up after `MAX_ATTEMPTS`. */
const retryAt = (now: number, attempts: number): number =>
  now + Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** KSeF not answering: try again in 1, 2, 4 … 30 minutes. */
const offlineRetryAt = (now: number, attempts: number): number =>
  now + Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

async function renew(run: Run): Promise<void> {
  const now = run.clock.now();
  if (now - run.renewedAt < 60_000) return;
  if (!(await renewLease(run.db, run.holder, now, LEASE_TTL_MS))) throw new Error('KSeF: the sender lost its lease');
  run.renewedAt = now;
}

/**
 * One KSeF request of `group` with an access token: waits its turn in the limits, waits a
 * 429's `Retry-After` (within the run's time), signs in again after a 401.
 */
async function call<T>(
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

/** The session key, encrypted for KSeF under the current `SymmetricKeyEncryption` key. */
async function encryptionOf(run: Run, key: SessionKey): Promise<Encryption> {
  const { publicKeyId, key: rsa } = await publicKey(run.api, 'SymmetricKeyEncryption', run.clock.now());
  return {
    encryptedSymmetricKey: toBase64(await rsaOaepEncrypt(rsa, key.raw)),
    initializationVector: toBase64(key.iv),
    publicKeyId,
  };
}

/** Opens a session; a 21470 (the key was withdrawn) re-fetches the keys and opens again, once. */
async function openWithKey<T>(run: Run, key: SessionKey, open: (encryption: Encryption) => Promise<T>): Promise<T> {
  try {
    return await open(await encryptionOf(run, key));
  } catch (error) {
    if (!(error instanceof KsefRefused && error.has(21470))) throw error;
    console.warn('KSeF: 21470, the public key was withdrawn: fetching the keys again');
    forgetKeys(run.api.baseUrl);
    return open(await encryptionOf(run, key));
  }
}

/** The invoice's bytes, checked against the hash kept at issue (the XML never changes after it). */
async function invoiceBytes(row: { id: string; xml: string; xml_sha256: string }) {
  const bytes = utf8(row.xml);
  const digest = await sha256(bytes);
  if (toBase64Url(digest) !== row.xml_sha256)
    throw new Error(`invoice ${row.id}: its XML does not match the SHA-256 kept at issue`);
  return { bytes, hash: toBase64(digest) };
}

/** Whether an invoice goes in offline mode: it waited offline, or it reaches KSeF after its issue day. */
const isOffline = (row: ClaimedInvoice, today: string): boolean => row.offline === 1 || row.issue_date < today;

/** Runs statements in D1 batches of 50; answers how many rows they changed. */
async function runStatements(db: D1Database, statements: D1PreparedStatement[]): Promise<number> {
  let changed = 0;
  for (let i = 0; i < statements.length; i += 50)
    for (const result of await db.batch(statements.slice(i, i + 50))) changed += result.meta.changes;
  return changed;
}

type Wait =
  | { kind: 'turn'; at: number; error: string }
  | { kind: 'offline'; error: string }
  | { kind: 'retry'; error: string };

/** Why a delivery stopped, as a wait for the rows it had not sent; `undefined`: not KSeF's doing (a bug, D1). */
function waitFor(run: Run, error: unknown): Wait | undefined {
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
async function putBack(run: Run, rows: readonly ClaimedInvoice[], from: 'sending' | 'sent', wait: Wait): Promise<void> {
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
async function refusedOne(run: Run, row: ClaimedInvoice, error: unknown, giveUp = false): Promise<void> {
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

/** An online session: each invoice encrypted and sent at KSeF's pace, the session closed. */
async function sendOnline(run: Run, nip: string, pacer: Pacer, rows: ClaimedInvoice[]): Promise<void> {
  const key = await newSessionKey();
  const { referenceNumber: session } = await openWithKey(run, key, (encryption) =>
    call(run, nip, pacer, 'openOnline', (token) => run.api.openOnlineSession(token, encryption)),
  );
  await recordSession(run.db, { ref: session, kind: 'online', nip, count: rows.length }, run.clock.now());
  run.report.sessions.push({ ref: session, kind: 'online', invoices: rows.length });
  const today = warsawDay(new Date(run.clock.now()));
  try {
    for (const row of rows) {
      let body: SendInvoice;
      try {
        const { bytes, hash } = await invoiceBytes(row);
        const encrypted = await aesEncrypt(key, bytes);
        const meta = await fileMeta(encrypted);
        body = {
          invoiceHash: hash,
          invoiceSize: bytes.length,
          encryptedInvoiceHash: meta.hash,
          encryptedInvoiceSize: meta.size,
          encryptedInvoiceContent: toBase64(encrypted),
          offlineMode: isOffline(row, today),
        };
      } catch (error) {
        await refusedOne(run, row, error, true);
        continue;
      }
      let reference: string;
      try {
        ({ referenceNumber: reference } = await call(run, nip, pacer, 'sendInvoice', (token) =>
          run.api.sendOnlineInvoice(token, session, body),
        ));
      } catch (error) {
        if (error instanceof KsefRefused && (error.has(21155) || error.has(21180) || error.has(21173)))
          throw new SessionFull(error.message);
        if (error instanceof KsefRefused && error.status !== 401) {
          await refusedOne(run, row, error);
          continue;
        }
        throw error;
      }
      await run.options.afterSend?.(row.id);
      await sentStatement(run.db, row.id, session, reference, body.offlineMode, run.clock.now()).run();
      run.report.sent++;
      await renew(run);
    }
  } finally {
    await closeSession(run, nip, pacer, session, 'online');
  }
}

/** The session takes no more invoices (its limit, its status): the rest go in another session. */
class SessionFull extends KsefError {}

async function closeSession(run: Run, nip: string, pacer: Pacer, session: string, kind: 'online' | 'batch') {
  try {
    await call(run, nip, pacer, kind === 'online' ? 'closeOnline' : 'closeBatch', (token) =>
      kind === 'online' ? run.api.closeOnlineSession(token, session) : run.api.closeBatchSession(token, session),
    );
    await sessionClosed(run.db, session, run.clock.now());
  } catch (error) {
    // Already closed (21180): noted. KSeF away or our time up: an open online session closes
    // itself after 12 hours and its invoices are processed either way; a later run tries again.
    if (error instanceof KsefRefused && error.has(21180)) await sessionClosed(run.db, session, run.clock.now());
    else if (error instanceof OutOfTime || error instanceof KsefError)
      console.warn('KSeF: session not closed now', { session, error: message(error) });
    else throw error;
  }
}

/** A batch session: the invoices in a ZIP, encrypted in parts, uploaded, the session closed. */
async function sendBatch(run: Run, nip: string, pacer: Pacer, rows: ClaimedInvoice[], offlineMode: boolean) {
  const entries: { name: string; data: Uint8Array<ArrayBuffer> }[] = [];
  const ready: ClaimedInvoice[] = [];
  for (const row of rows) {
    try {
      entries.push({ name: `${row.id}.xml`, data: (await invoiceBytes(row)).bytes });
      ready.push(row);
    } catch (error) {
      await refusedOne(run, row, error, true);
    }
  }
  if (!ready.length) return;
  const archive = await zip(entries);
  const key = await newSessionKey();
  const parts: { ordinalNumber: number; bytes: Uint8Array<ArrayBuffer>; hash: string; size: number }[] = [];
  const count = Math.ceil(archive.length / PART_BYTES);
  for (let n = 0; n < count; n++) {
    const bytes = await aesEncrypt(key, archive.slice(n * PART_BYTES, (n + 1) * PART_BYTES));
    parts.push({ ordinalNumber: n + 1, bytes, ...(await fileMeta(bytes)) });
  }
  const archiveMeta = await fileMeta(archive);
  const opened = await openWithKey(run, key, (encryption) =>
    call(run, nip, pacer, 'openBatch', (token) =>
      run.api.openBatchSession(token, {
        batchFile: { fileSize: archiveMeta.size, fileHash: archiveMeta.hash, fileParts: parts },
        encryption,
        offlineMode,
      }),
    ),
  );
  const session = opened.referenceNumber;
  const now = run.clock.now();
  await recordSession(run.db, { ref: session, kind: 'batch', nip, count: ready.length }, now);
  run.report.sessions.push({ ref: session, kind: 'batch', invoices: ready.length });
  const readyIds = ready.map((row) => row.id);
  const sentMany: D1PreparedStatement[] = [];
  for (let i = 0; i < readyIds.length; i += 500)
    sentMany.push(sentManyStatement(run.db, readyIds.slice(i, i + 500), session, offlineMode, now));
  await runStatements(run.db, sentMany);
  try {
    for (const part of parts) {
      const upload = opened.partUploadRequests.find((p) => p.ordinalNumber === part.ordinalNumber);
      if (!upload) throw new KsefError(`KSeF gave no upload address for part ${part.ordinalNumber}`);
      await run.api.uploadPart(upload, part.bytes);
      await renew(run);
    }
    await run.options.afterSend?.(session);
    await call(run, nip, pacer, 'closeBatch', (token) => run.api.closeBatchSession(token, session));
    await sessionClosed(run.db, session, run.clock.now());
    run.report.sent += ready.length;
  } catch (error) {
    // KSeF processes a batch only once it is closed; never closed, it is cancelled. Its
    // invoices go again (a close that did reach KSeF shows later as 440s, adopted).
    const wait = waitFor(run, error);
    if (!wait) throw error;
    await putBack(run, ready, 'sent', wait);
    if (error instanceof KsefUnavailable) throw error;
  }
}

/** Sends what is due for seller `nip`: online while the limits' windows have room, else batch. */
async function deliver(run: Run, nip: string, pacer: Pacer): Promise<void> {
  while (run.clock.now() < run.deadline) {
    // A queue batch's run takes every due invoice, not only its own ids: the month's invoices
    // go in as few sessions as the limits allow (the other messages then find theirs sent).
    const rows = await claimDue(run.db, {
      now: run.clock.now(),
      limit: BATCH_MAX,
      handoverMs: run.options.ids ? 0 : (run.options.handoverMs ?? HANDOVER_MS),
      sellerNip: nip,
    });
    if (!rows.length) return;
    run.report.claimed += rows.length;
    try {
      if (rows.length <= pacer.room('sendInvoice')) await sendOnline(run, nip, pacer, rows);
      else if (pacer.room('openBatch') > 0) {
        const today = warsawDay(new Date(run.clock.now()));
        const online = rows.filter((row) => !isOffline(row, today));
        const offline = rows.filter((row) => isOffline(row, today));
        if (online.length) await sendBatch(run, nip, pacer, online, false);
        if (offline.length) await sendBatch(run, nip, pacer, offline, true);
      } else throw new OutOfTime(Math.min(pacer.nextAt('openBatch'), pacer.nextAt('sendInvoice')));
    } catch (error) {
      const wait = waitFor(run, error);
      if (!wait) throw error;
      // What was not sent waits (rows KSeF took are 'sent' and stay so).
      await putBack(run, rows, 'sending', wait);
      if (wait.kind === 'offline') throw error;
      if (!(error instanceof SessionFull)) {
        if (wait.kind === 'retry') console.error('KSeF: delivery refused', { nip, error: wait.error });
        return;
      }
    }
  }
}

/** The UPO of an accepted invoice: its download link (outside the limits), else the API. */
async function fetchUpo(
  run: Run,
  nip: string,
  pacer: Pacer,
  session: string,
  ksefNumber: string,
  link?: string | null,
): Promise<string | null> {
  try {
    const upo = link
      ? await run.api.download(link)
      : await call(run, nip, pacer, 'sessionsOther', (token) => run.api.invoiceUpo(token, session, ksefNumber));
    if (!upo.includes(ksefNumber)) throw new Error('the UPO does not name the invoice');
    return upo;
  } catch (error) {
    if (error instanceof OutOfTime) return null;
    console.warn('KSeF: UPO not fetched now', { session, ksefNumber, error: message(error) });
    return null;
  }
}

/** What settling one row takes: an acceptance (written many to a statement), or its own statement. */
type Settled =
  | { acceptance: Acceptance; count: 'accepted' | 'duplicates' }
  | { statement: D1PreparedStatement; count: 'rejected' | 'requeued' };

/** The UPO of an accepted invoice while the run's share lasts (the rest are fetched by later runs). */
async function upoIfBudget(
  run: Run,
  nip: string,
  pacer: Pacer,
  session: string,
  ksefNumber: string,
  link?: string | null,
) {
  if (run.upoBudget <= 0) return null;
  run.upoBudget--;
  return fetchUpo(run, nip, pacer, session, ksefNumber, link);
}

/** An invoice's status in KSeF, as what its row needs; `null` while KSeF still processes it. */
async function settle(
  run: Run,
  nip: string,
  pacer: Pacer,
  row: SentInvoice,
  entry: SessionInvoice,
  session: string,
): Promise<Settled | null> {
  const { code } = entry.status;
  const now = run.clock.now();
  if (code === 100 || code === 150) return null;
  if (code === 200 && entry.ksefNumber && isKsefNumber(entry.ksefNumber))
    return {
      acceptance: {
        id: row.id,
        ksefNumber: entry.ksefNumber,
        session,
        code,
        acquiredAt: entry.acquisitionDate ?? null,
        upo: await upoIfBudget(run, nip, pacer, session, entry.ksefNumber, entry.upoDownloadUrl),
      },
      count: 'accepted',
    };
  if (code === 440) {
    // A duplicate: KSeF has this invoice already, and says under which number and session.
    const extensions = entry.status.extensions ?? {};
    const text = (entry.status.details ?? []).join(' ');
    const original = extensions.originalKsefNumber ?? /numerze KSeF: (\S+)/.exec(text)?.[1]?.replace(/[.,]$/, '');
    const originalSession = extensions.originalSessionReferenceNumber ?? /w sesji: (\S+)/.exec(text)?.[1];
    if (original && isKsefNumber(original) && originalSession) {
      console.log('KSeF: duplicate, the original number adopted', { id: row.id, ksefNumber: original });
      return {
        acceptance: {
          id: row.id,
          ksefNumber: original,
          session: originalSession,
          code,
          acquiredAt: null,
          upo: await upoIfBudget(run, nip, pacer, originalSession, original),
        },
        count: 'duplicates',
      };
    }
  }
  const reason = [entry.status.description, ...(entry.status.details ?? [])].join(' — ');
  if (RETRYABLE_INVOICE.has(code))
    return {
      statement: requeueStatement(
        run.db,
        row.id,
        'sent',
        { status: row.offline ? 'offline' : 'queued', nextAttemptAt: retryAt(now, row.attempts), error: reason, code },
        now,
      ),
      count: 'requeued',
    };
  console.error('KSeF: invoice rejected', { id: row.id, code, reason });
  return { statement: rejectedStatement(run.db, row.id, code, reason, now), count: 'rejected' };
}

/**
 * Writes what the rows' statuses say: acceptances 100 to a statement (a run stays within D1's
 * statements per invocation), the rest one each; counts the rows it changed.
 */
async function applySettled(run: Run, settled: Settled[]): Promise<void> {
  const acceptances = settled.filter((s): s is Extract<Settled, { acceptance: Acceptance }> => 'acceptance' in s);
  const kinds = new Map(acceptances.map((s) => [s.acceptance.id, s.count]));
  for (let i = 0; i < acceptances.length; i += 100) {
    const chunk = acceptances.slice(i, i + 100).map((s) => s.acceptance);
    const { results } = await acceptedManyStatement(run.db, chunk, run.clock.now()).all<{ invoice_id: string }>();
    for (const { invoice_id } of results) {
      run.report.accepted++;
      if (kinds.get(invoice_id) === 'duplicates') run.report.duplicates++;
    }
  }
  const others = settled.filter((s): s is Extract<Settled, { statement: D1PreparedStatement }> => 'statement' in s);
  for (let i = 0; i < others.length; i += 50) {
    const chunk = others.slice(i, i + 50);
    const results = await run.db.batch(chunk.map((s) => s.statement));
    results.forEach((result, n) => {
      if (result.meta.changes) run.report[(chunk[n] as (typeof chunk)[number]).count]++;
    });
  }
}

/** All of a session's invoices as KSeF lists them (pages of 1 000). */
async function sessionInvoices(run: Run, nip: string, pacer: Pacer, session: string): Promise<SessionInvoice[]> {
  const all: SessionInvoice[] = [];
  let next: string | undefined;
  do {
    const page = await call(run, nip, pacer, 'sessionInvoices', (token) =>
      run.api.sessionInvoices(token, session, next),
    );
    all.push(...page.invoices);
    next = page.continuationToken ?? undefined;
  } while (next);
  return all;
}

/** Polls the sessions of seller `nip`'s sent invoices until each has its status (or the poll's time is up). */
async function pollSent(run: Run, nip: string, pacer: Pacer): Promise<void> {
  // Sessions a dead run left open are closed first (an online session's invoices are processed anyway).
  for (const open of await openSessions(run.db, nip, run.clock.now() - 2 * 60_000))
    await closeSession(run, nip, pacer, open.reference_number, open.kind);
  const rows = await sentInvoices(run.db, { now: run.clock.now(), limit: 10_000, sellerNip: nip });
  const bySession = new Map<string, SentInvoice[]>();
  for (const row of rows) bySession.set(row.session_ref, [...(bySession.get(row.session_ref) ?? []), row]);
  const until = Math.min(run.deadline, run.clock.now() + POLL_BUDGET_MS);
  for (const [session, sessionRows] of bySession) {
    let pending = sessionRows;
    for (let wait = 500; pending.length && run.clock.now() < until; wait = Math.min(wait * 2, 10_000)) {
      const status = await call(run, nip, pacer, 'sessionsOther', (token) => run.api.sessionStatus(token, session));
      const final = FINAL_SESSION.has(status.status.code);
      if (status.status.code === 445)
        console.warn('KSeF: session without a correct invoice (445): each invoice by its own status', { session });
      const listed = await sessionInvoices(run, nip, pacer, session);
      const byRef = new Map(listed.map((entry) => [entry.referenceNumber, entry]));
      const byFile = new Map(listed.filter((e) => e.invoiceFileName).map((e) => [e.invoiceFileName as string, e]));
      const byHash = new Map(listed.map((entry) => [entry.invoiceHash, entry]));
      const still: SentInvoice[] = [];
      const settled: Settled[] = [];
      for (const row of pending) {
        const hash = base64UrlToBase64(row.xml_sha256);
        const entry =
          (row.invoice_ref ? byRef.get(row.invoice_ref) : undefined) ?? byFile.get(`${row.id}.xml`) ?? byHash.get(hash);
        if (entry) {
          const done = await settle(run, nip, pacer, row, entry, session);
          if (done) settled.push(done);
          else still.push(row);
        } else if (final) {
          // KSeF never took it into the session (a batch that failed whole, a cancelled session): again.
          const now = run.clock.now();
          settled.push({
            statement: requeueStatement(
              run.db,
              row.id,
              'sent',
              {
                status: row.offline ? 'offline' : 'queued',
                nextAttemptAt: now,
                error: `KSeF: sesja ${session} zakończona kodem ${status.status.code} (${status.status.description})`,
                code: status.status.code,
              },
              now,
            ),
            count: 'requeued',
          });
        } else still.push(row);
      }
      await applySettled(run, settled);
      pending = still;
      if (final) await sessionClosed(run.db, session, run.clock.now(), status.status.code);
      if (pending.length) await run.clock.sleep(Math.min(wait, Math.max(0, until - run.clock.now())));
      await renew(run);
    }
  }
  // UPOs not fetched yet (a large batch's beyond this run's share, a failed download): some each
  // run, by the download links a session's list gives (outside the API's limits), the API else.
  const missing = await acceptedWithoutUpo(run.db, nip, Math.max(0, run.upoBudget));
  const upos: { id: string; upo: string }[] = [];
  const links = new Map<string, Map<string, string | null | undefined>>();
  for (const row of missing) {
    if (run.clock.now() >= until || run.upoBudget <= 0) break;
    let bySession = links.get(row.session_ref);
    if (!bySession) {
      bySession = new Map();
      try {
        for (const entry of await sessionInvoices(run, nip, pacer, row.session_ref))
          if (entry.ksefNumber) bySession.set(entry.ksefNumber, entry.upoDownloadUrl);
      } catch (error) {
        if (!(error instanceof KsefError || error instanceof OutOfTime)) throw error;
      }
      links.set(row.session_ref, bySession);
    }
    const upo = await upoIfBudget(run, nip, pacer, row.session_ref, row.ksef_number, bySession.get(row.ksef_number));
    if (upo) upos.push({ id: row.id, upo });
  }
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < upos.length; i += 50)
    statements.push(uposStatement(run.db, upos.slice(i, i + 50), run.clock.now()));
  await runStatements(run.db, statements);
}

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
  const run: Run = {
    db: env.DB,
    api: new KsefApi({ baseUrl: env.KSEF_API_URL, fetch: options.fetch }),
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
    await releaseLease(env.DB, holder);
  }
  if (report.claimed || report.accepted || report.requeued || report.offline || report.rejected)
    console.log('KSeF: run', { ...report, sessions: report.sessions.length });
  return report;
}
