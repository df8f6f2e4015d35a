/**
 * A KSeF sender run's sending: the due invoices of a seller claimed and sent, online while the
 * limits' windows have room (each invoice encrypted and sent at KSeF's pace), else in batch
 * sessions (a ZIP encrypted in parts and uploaded), and each session closed.
 */
import { warsawDay } from '../../../widgets/core/warsaw-time.ts';
import { type Encryption, KsefError, KsefRefused, KsefUnavailable, type SendInvoice } from './api.ts';
import {
  aesEncrypt,
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
import type { Pacer } from './pacer.ts';
import { type ClaimedInvoice, claimDue, sentManyStatement, sentStatement } from './model.ts';
import { recordSession, sessionClosed } from './model-ksef-sessions.ts';
import { zip } from './zip.ts';
import {
  BATCH_MAX,
  HANDOVER_MS,
  type Run,
  SessionFull,
  OutOfTime,
  call,
  message,
  putBack,
  refusedOne,
  renew,
  runStatements,
  waitFor,
} from './run.ts';

/** A batch part before encryption (KSeF: at most 100 MB). */
const PART_BYTES = 100_000_000;

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

export async function closeSession(run: Run, nip: string, pacer: Pacer, session: string, kind: 'online' | 'batch') {
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
export async function deliver(run: Run, nip: string, pacer: Pacer): Promise<void> {
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
