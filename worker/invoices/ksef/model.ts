/**
 * The SQL of an invoice's way into KSeF (ksef_invoices, migrations 0250 and 0320): claiming due
 * invoices, recording each step, reading what waits. Every change of a row's status is one
 * guarded UPDATE, so a step repeated by a resumed run changes nothing twice. The lease, the
 * sessions and the request log have their own model-ksef-*.ts.
 */

/**
 * An invoice's state in KSeF (`ksef_invoices.status`): a key; the register and the copy name it
 * with `KSEF_STATUS_LABELS` (worker/admin-shared/admin-api-invoices.ts).
 */
export type KsefStatus = 'queued' | 'sending' | 'sent' | 'accepted' | 'offline' | 'rejected';

/** An invoice claimed for sending, with what the sending needs. */
export interface ClaimedInvoice {
  id: string;
  number: string;
  kind: 'VAT' | 'KOR';
  issue_date: string;
  seller_nip: string;
  xml: string;
  xml_sha256: string;
  offline: number;
  send_by: string | null;
  attempts: number;
}

/** A row KSeF has (or had): what the status polling needs. */
export interface SentInvoice {
  id: string;
  seller_nip: string;
  session_ref: string;
  invoice_ref: string | null;
  xml_sha256: string;
  offline: number;
  attempts: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Rows a dead run left claimed ('sending') go back to the queue: whether or not their request
 * reached KSeF, sending them again is safe (a duplicate is answered with the original number).
 * Only the lease's holder calls it, so no live run is claiming at the same time.
 */
export async function requeueOrphans(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare(
      "UPDATE ksef_invoices SET status = 'queued', next_attempt_at = ?1, updated_at = ?1 WHERE status = 'sending'",
    )
    .bind(iso(now))
    .run();
  return result.meta.changes;
}

export interface ClaimOptions {
  now: number;
  limit: number;
  /** A 'queued' row is taken once it has waited this long for the queue (0: at once). */
  handoverMs: number;
  /** Only invoices of this seller (one KSeF context per session). */
  sellerNip?: string | undefined;
}

/**
 * Claims due invoices ('queued' or 'offline', past `next_attempt_at`) for this run: status
 * 'sending', one attempt more. A correction waits until the invoice it corrects has its KSeF
 * number (KSeF takes a correction only after the original). Oldest numbers first.
 */
export async function claimDue(db: D1Database, options: ClaimOptions): Promise<ClaimedInvoice[]> {
  const now = iso(options.now);
  const which = "(k.status = 'offline' OR k.next_attempt_at IS NOT NULL OR k.updated_at <= ?3)";
  const { results: claimed } = await db
    .prepare(
      `UPDATE ksef_invoices SET status = 'sending', attempts = attempts + 1, updated_at = ?1
        WHERE invoice_id IN (
          SELECT k.invoice_id FROM ksef_invoices k JOIN invoices i ON i.id = k.invoice_id
           WHERE k.status IN ('queued', 'offline') AND (k.next_attempt_at IS NULL OR k.next_attempt_at <= ?1)
             AND ${which}
             AND (?4 IS NULL OR i.seller_nip = ?4)
             AND (i.corrects_id IS NULL OR EXISTS (
                   SELECT 1 FROM ksef_invoices o WHERE o.invoice_id = i.corrects_id AND o.ksef_number IS NOT NULL))
           ORDER BY i.year, i.seq LIMIT ?2)
          AND status IN ('queued', 'offline')
        RETURNING invoice_id`,
    )
    .bind(now, options.limit, iso(options.now - options.handoverMs), options.sellerNip ?? null)
    .all<{ invoice_id: string }>();
  if (!claimed.length) return [];
  const { results } = await db
    .prepare(
      `SELECT i.id, i.number, i.kind, i.issue_date, i.seller_nip, i.xml, i.xml_sha256, k.offline, k.send_by, k.attempts
         FROM invoices i JOIN ksef_invoices k ON k.invoice_id = i.id
        WHERE i.id IN (SELECT value FROM json_each(?)) ORDER BY i.year, i.seq`,
    )
    .bind(JSON.stringify(claimed.map((c) => c.invoice_id)))
    .all<ClaimedInvoice>();
  return results;
}

/** The sellers (KSeF contexts) with due invoices. */
export async function dueSellers(db: D1Database, now: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT i.seller_nip FROM ksef_invoices k JOIN invoices i ON i.id = k.invoice_id
        WHERE k.status IN ('queued', 'offline') AND (k.next_attempt_at IS NULL OR k.next_attempt_at <= ?1)`,
    )
    .bind(iso(now))
    .all<{ seller_nip: string }>();
  return results.map((r) => r.seller_nip);
}

/** KSeF took the invoice into `session` (online: with its own reference; batch: the reference comes with its status). */
export const sentStatement = (
  db: D1Database,
  id: string,
  session: string,
  invoiceRef: string | null,
  offline: boolean,
  now: number,
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE ksef_invoices SET status = 'sent', session_ref = ?2, invoice_ref = ?3, offline = MAX(offline, ?4),
              next_attempt_at = NULL, error = NULL, sent_at = ?5, updated_at = ?5
        WHERE invoice_id = ?1 AND status = 'sending'`,
    )
    .bind(id, session, invoiceRef, offline ? 1 : 0, iso(now));

/** Many invoices KSeF took into a batch `session`: one statement (a run stays within D1's statements per invocation). */
export const sentManyStatement = (
  db: D1Database,
  ids: readonly string[],
  session: string,
  offline: boolean,
  now: number,
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE ksef_invoices SET status = 'sent', session_ref = ?2, invoice_ref = NULL, offline = MAX(offline, ?3),
              next_attempt_at = NULL, error = NULL, sent_at = ?4, updated_at = ?4
        WHERE invoice_id IN (SELECT value FROM json_each(?1)) AND status = 'sending'`,
    )
    .bind(JSON.stringify(ids), session, offline ? 1 : 0, iso(now));

export interface Acceptance {
  id: string;
  ksefNumber: string;
  session: string;
  code: number;
  acquiredAt: string | null;
  upo: string | null;
}

/**
 * Many acceptances in one statement (each row its own number, session, code, date and UPO),
 * guarded like one: answers, through RETURNING, the rows it accepted now.
 */
export const acceptedManyStatement = (
  db: D1Database,
  accepted: readonly Acceptance[],
  now: number,
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE ksef_invoices SET status = 'accepted', ksef_number = a.n, session_ref = a.s, status_code = a.c,
              accepted_at = a.t, upo = a.u, error = NULL, next_attempt_at = NULL, updated_at = ?2
         FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.n') AS n, json_extract(value, '$.s') AS s,
                      json_extract(value, '$.c') AS c, json_extract(value, '$.t') AS t, json_extract(value, '$.u') AS u
                 FROM json_each(?1)) AS a
        WHERE ksef_invoices.invoice_id = a.id AND ksef_invoices.status IN ('sent', 'sending')
        RETURNING ksef_invoices.invoice_id`,
    )
    .bind(
      JSON.stringify(
        accepted.map((x) => ({ id: x.id, n: x.ksefNumber, s: x.session, c: x.code, t: x.acquiredAt, u: x.upo })),
      ),
      iso(now),
    );

/** UPOs fetched for accepted invoices, many in one statement. */
export const uposStatement = (db: D1Database, upos: readonly { id: string; upo: string }[], now: number) =>
  db
    .prepare(
      `UPDATE ksef_invoices SET upo = a.u, updated_at = ?2
         FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.u') AS u FROM json_each(?1)) AS a
        WHERE ksef_invoices.invoice_id = a.id AND ksef_invoices.status = 'accepted' AND ksef_invoices.upo IS NULL`,
    )
    .bind(JSON.stringify(upos.map((x) => ({ id: x.id, u: x.upo }))), iso(now));

/** Accepted invoices whose customer e-mail is still to be queued. */
export async function acceptedUnmailed(db: D1Database, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT invoice_id FROM ksef_invoices INDEXED BY ksef_invoices_unmailed
        WHERE status = 'accepted' AND mailed_at IS NULL ORDER BY accepted_at LIMIT ?`,
    )
    .bind(limit)
    .all<{ invoice_id: string }>();
  return results.map((r) => r.invoice_id);
}

/** The customer e-mails of these invoices are in the outbox (or there was nothing to send). */
export const mailedStatement = (db: D1Database, ids: readonly string[], now: number): D1PreparedStatement =>
  db
    .prepare(
      "UPDATE ksef_invoices SET mailed_at = ?2 WHERE invoice_id IN (SELECT value FROM json_each(?1)) AND status = 'accepted'",
    )
    .bind(JSON.stringify(ids), iso(now));

/** KSeF refused the invoice itself (its status 4xx): it stays refused until a person acts. */
export const rejectedStatement = (db: D1Database, id: string, code: number, error: string, now: number) =>
  db
    .prepare(
      `UPDATE ksef_invoices SET status = 'rejected', status_code = ?2, error = ?3, updated_at = ?4
        WHERE invoice_id = ?1 AND status IN ('sent', 'sending')`,
    )
    .bind(id, code, error, iso(now));

export interface Requeue {
  status: Extract<KsefStatus, 'queued' | 'offline' | 'rejected'>;
  nextAttemptAt: number | null;
  error: string;
  /** The offline mode's last day (set once, when the invoice first waits for KSeF). */
  sendBy?: string | undefined;
  code?: number | undefined;
  /** Give back the attempt the claim counted (the invoice only waited its turn). */
  notAnAttempt?: boolean | undefined;
}

/**
 * The invoice goes back to wait (or is given up as 'rejected'): from 'sending' (claimed, not in
 * KSeF as far as we know) or from 'sent' (KSeF had it in a session that came to nothing).
 */
export const requeueStatement = (
  db: D1Database,
  id: string,
  from: 'sending' | 'sent',
  requeue: Requeue,
  now: number,
): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE ksef_invoices SET status = ?2, next_attempt_at = ?3, error = ?4, send_by = COALESCE(send_by, ?5),
              offline = CASE WHEN ?2 = 'offline' THEN 1 ELSE offline END, status_code = COALESCE(?6, status_code),
              attempts = attempts - ?8, session_ref = NULL, invoice_ref = NULL, updated_at = ?7
        WHERE invoice_id = ?1 AND status = ?9`,
    )
    .bind(
      id,
      requeue.status,
      requeue.nextAttemptAt === null ? null : iso(requeue.nextAttemptAt),
      requeue.error,
      requeue.sendBy ?? null,
      requeue.code ?? null,
      iso(now),
      requeue.notAnAttempt ? 1 : 0,
      from,
    );

/** Rows in KSeF waiting for their status, oldest first; `olderThanMs` leaves a live run's fresh ones alone. */
export async function sentInvoices(
  db: D1Database,
  options: { now: number; limit: number; sellerNip?: string | undefined },
): Promise<SentInvoice[]> {
  const { results } = await db
    .prepare(
      `SELECT k.invoice_id AS id, i.seller_nip, k.session_ref, k.invoice_ref, i.xml_sha256, k.offline, k.attempts
         FROM ksef_invoices k JOIN invoices i ON i.id = k.invoice_id
        WHERE k.status = 'sent' AND (?2 IS NULL OR i.seller_nip = ?2)
        ORDER BY k.sent_at LIMIT ?1`,
    )
    .bind(options.limit, options.sellerNip ?? null)
    .all<SentInvoice>();
  return results;
}

/**
 * Sellers with invoices in KSeF waiting for a status or a UPO. Accepted invoices are the whole
 * history: those still without a UPO are read through their own partial index, named so that
 * the planner never walks all accepted ones.
 */
export async function sellersToPoll(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT i.seller_nip FROM ksef_invoices k JOIN invoices i ON i.id = k.invoice_id WHERE k.status = 'sent'
       UNION
       SELECT DISTINCT i.seller_nip FROM ksef_invoices k INDEXED BY ksef_invoices_missing_upo JOIN invoices i ON i.id = k.invoice_id
        WHERE k.status = 'accepted' AND k.upo IS NULL`,
    )
    .all<{ seller_nip: string }>();
  return results.map((r) => r.seller_nip);
}

/** Accepted invoices whose UPO could not be fetched yet. */
export async function acceptedWithoutUpo(
  db: D1Database,
  sellerNip: string,
  limit: number,
): Promise<{ id: string; session_ref: string; ksef_number: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT k.invoice_id AS id, k.session_ref, k.ksef_number
         FROM ksef_invoices k INDEXED BY ksef_invoices_missing_upo JOIN invoices i ON i.id = k.invoice_id
        WHERE k.status = 'accepted' AND k.upo IS NULL AND k.session_ref IS NOT NULL AND i.seller_nip = ?
        ORDER BY k.accepted_at LIMIT ?`,
    )
    .bind(sellerNip, limit)
    .all<{ id: string; session_ref: string; ksef_number: string }>();
  return results;
}

/** Offline invoices past their time limit, for the log (and the register's attention). */
export async function overdueOffline(db: D1Database, today: string): Promise<{ id: string; send_by: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT invoice_id AS id, send_by FROM ksef_invoices
        WHERE status IN ('offline', 'queued', 'sending') AND send_by IS NOT NULL AND send_by < ? LIMIT 100`,
    )
    .bind(today)
    .all<{ id: string; send_by: string }>();
  return results;
}
