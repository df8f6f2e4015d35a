/**
 * The `orders` table (migration 0141): orders placed online from a quote. An order is
 * written with its e-mail in one batch, and each change of its state (a new code, the
 * acceptance, the installation) is one guarded statement whose e-mails and webhook event
 * are written in the same batch only when the change applied (`…IfStatement`).
 */
import { eventIfStatements, takeUnqueuedStatement, claimedIds } from '../webhooks/index.ts';
import { type Notification, notificationIfStatement, notificationStatement } from '../outbox/index.ts';

import type { LeadOrder, OrderListRow, OrderStatus } from '../admin-shared/admin-api-orders.ts';
import type { OrderVerification } from '../admin-shared/admin-api-payments.ts';
import type { CompanyData } from '../company/whitelist-client.ts';

export type { OrderStatus };

/**
 * How long an acceptance code is valid, how many guesses it allows, how many codes an order
 * may be sent, and how many wrong codes an order allows in all (migration 0362).
 *
 * The arithmetic of guessing: a code is one of 10^6, drawn uniformly. Someone who has the
 * order's secret page (its quote's 192-bit id) but not the signer's mailbox guesses right
 * with a probability of at most `guessesInAll` / 10^6 = 1 in 100 000 per order, however
 * many new codes they ask for (each new code resets its own five tries, never the order's
 * ten). Before the count in all, five codes × five tries made it 25 in 10^6. After the ten,
 * the order can be finished only with the team ('Napisz do nas').
 */
export const CODE_LIMITS = { validMinutes: 15, attempts: 5, codesPerOrder: 5, guessesInAll: 10 } as const;

/**
 * A row of `orders`: the columns the team's list shows (worker/admin-shared/admin-api-orders.ts
 * `OrderListRow`, the one declaration of them) and those it never shows.
 */
export interface OrderRow extends Omit<OrderListRow, 'quote_number'> {
  submission_id: string;
  body_hash: string;
  marketing_consent: number;
  document: string;
  code_hash: string | null;
  updated_at: string;
}

/** The parties and the delivery of an order: what the form gives, the document names and the row keeps. */
export interface OrderParties {
  nip: string;
  companyName: string;
  companyAddress: string;
  regon: string | null;
  krs: string | null;
  vatStatus: string | null;
  signerName: string;
  signerPosition: string;
  signerEmail: string;
  signerPhone: string;
  city: string;
  date: string;
  deliveryAddress: string;
  /** The register's answer the company data came from: its id and time (the document names them). */
  register?: { requestId: string | null; at: string | null } | undefined;
}

/** The White List's answer an order keeps (its `register_answer`), or null for an order typed by hand before. */
export function registerAnswerOf(o: Pick<OrderRow, 'register_answer'>): CompanyData | null {
  if (!o.register_answer) return null;
  try {
    return JSON.parse(o.register_answer) as CompanyData;
  } catch {
    return null;
  }
}

/** An order's parties as its row keeps them. */
export const partiesOfOrder = (o: OrderRow): OrderParties => ({
  nip: o.company_nip,
  companyName: o.company_name,
  companyAddress: o.company_address,
  regon: o.company_regon,
  krs: o.company_krs,
  vatStatus: o.vat_status,
  signerName: o.signer_name,
  signerPosition: o.signer_position,
  signerEmail: o.signer_email,
  signerPhone: o.signer_phone,
  city: o.delivery_city,
  date: o.delivery_date,
  deliveryAddress: o.delivery_address,
  register: (() => {
    const answer = registerAnswerOf(o);
    return answer ? { requestId: answer.requestId, at: answer.requestDateTime } : undefined;
  })(),
});

export interface NewOrder extends OrderParties {
  id: string;
  quoteId: string;
  leadId: string;
  submissionId: string;
  bodyHash: string;
  /** The quote's lead's attribution (JSON), carried into the order. */
  attribution: string;
  marketingConsent: boolean;
  termsVersion: string;
  termsSha256: string;
  document: string;
  documentSha256: string;
  /** The White List's answer (JSON of `CompanyData`) the company data came from. */
  registerAnswer: string;
}

/** A new acceptance code, 6 digits, uniformly drawn. */
export function newAcceptanceCode(): string {
  const max = 4_294_967_296 - (4_294_967_296 % 1_000_000);
  for (;;) {
    const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (n < max) return String(n % 1_000_000).padStart(6, '0');
  }
}

export async function orderOfQuote(db: D1Database, quoteId: string): Promise<OrderRow | null> {
  return db.prepare('SELECT * FROM orders WHERE quote_id = ?').bind(quoteId).first<OrderRow>();
}

/** Whether a lead has an order placed online (its erasure would take the contract document with it). */
export async function leadHasOrder(db: D1Database, leadId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM orders WHERE lead_id = ?').bind(leadId).first()) !== null;
}

/** The order placed from a lead's quote, as the lead's detail links it. */
export async function orderOfLead(db: D1Database, leadId: string): Promise<LeadOrder | null> {
  return db
    .prepare(
      'SELECT id, status, company_name AS companyName, delivery_date AS deliveryDate FROM orders WHERE lead_id = ?',
    )
    .bind(leadId)
    .first<LeadOrder>();
}

export async function orderById(db: D1Database, id: string): Promise<OrderRow | null> {
  return db.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first<OrderRow>();
}

const isoAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

/**
 * Stores the order of a quote with its code e-mail, in one batch: a new order, or the
 * unsigned order of the same quote written over (new data, new document, new code, its
 * attempts reset), while it has codes left. Answers the stored row, or undefined when
 * nothing was written (signed already, or no codes left).
 */
export async function saveOrder(
  db: D1Database,
  order: NewOrder,
  codeHash: string,
  codeMail: Notification,
  now = new Date(),
): Promise<{ order: OrderRow | undefined; notificationId: number | undefined }> {
  const o = order;
  const upsert = db
    .prepare(
      `INSERT INTO orders (id, quote_id, lead_id, submission_id, body_hash, company_nip, company_name, company_address,
         company_regon, company_krs, vat_status, signer_name, signer_position, signer_email, signer_phone, delivery_city,
         delivery_date, delivery_address, attribution, marketing_consent, terms_version, terms_sha256, document, document_sha256, code_hash,
         code_expires_at, code_attempts, codes_sent, created_at, updated_at, register_answer, code_sent_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?28, ?20, ?21, ?22,
         ?23, ?24, ?25, 0, 1, ?26, ?26, ?29, ?26)
       ON CONFLICT (quote_id) DO UPDATE SET submission_id = excluded.submission_id, body_hash = excluded.body_hash,
         company_nip = excluded.company_nip, company_name = excluded.company_name,
         company_address = excluded.company_address, company_regon = excluded.company_regon,
         company_krs = excluded.company_krs, vat_status = excluded.vat_status, signer_name = excluded.signer_name,
         signer_position = excluded.signer_position, signer_email = excluded.signer_email,
         signer_phone = excluded.signer_phone, delivery_city = excluded.delivery_city,
         delivery_date = excluded.delivery_date, delivery_address = excluded.delivery_address,
         marketing_consent = excluded.marketing_consent, terms_version = excluded.terms_version, terms_sha256 = excluded.terms_sha256, document = excluded.document,
         document_sha256 = excluded.document_sha256, code_hash = excluded.code_hash,
         code_expires_at = excluded.code_expires_at, code_attempts = 0, codes_sent = orders.codes_sent + 1,
         updated_at = excluded.updated_at, register_answer = excluded.register_answer, code_sent_at = excluded.code_sent_at
       WHERE orders.status = 'awaiting_acceptance' AND orders.codes_sent < ?27 AND orders.wrong_codes < ?30`,
    )
    .bind(
      o.id,
      o.quoteId,
      o.leadId,
      o.submissionId,
      o.bodyHash,
      o.nip,
      o.companyName,
      o.companyAddress,
      o.regon,
      o.krs,
      o.vatStatus,
      o.signerName,
      o.signerPosition,
      o.signerEmail,
      o.signerPhone,
      o.city,
      o.date,
      o.deliveryAddress,
      o.attribution,
      o.termsVersion,
      o.termsSha256,
      o.document,
      o.documentSha256,
      codeHash,
      isoAfter(now, CODE_LIMITS.validMinutes),
      now.toISOString(),
      CODE_LIMITS.codesPerOrder,
      o.marketingConsent ? 1 : 0,
      o.registerAnswer,
      CODE_LIMITS.guessesInAll,
    );
  const written = { sql: 'SELECT 1 FROM orders WHERE quote_id = ? AND code_hash = ?', values: [o.quoteId, codeHash] };
  const read = db.prepare('SELECT * FROM orders WHERE quote_id = ?1 AND code_hash = ?2').bind(o.quoteId, codeHash);
  const results = await db.batch([upsert, notificationIfStatement(db, o.leadId, codeMail, written), read]);
  const row = results[2]?.results[0] as OrderRow | undefined;
  return { order: row, notificationId: (results[1]?.results[0] as { id: number } | undefined)?.id };
}

/** A new code for an unsigned order with codes left, with its e-mail; false when none was given. */
export async function renewCode(
  db: D1Database,
  order: OrderRow,
  codeHash: string,
  codeMail: Notification,
  now = new Date(),
): Promise<{ renewed: boolean; notificationId: number | undefined }> {
  const [update, mail] = await db.batch([
    db
      .prepare(
        `UPDATE orders SET code_hash = ?2, code_expires_at = ?3, code_attempts = 0, codes_sent = codes_sent + 1,
           updated_at = ?4, code_sent_at = ?4
         WHERE id = ?1 AND status = 'awaiting_acceptance' AND codes_sent < ?5 AND wrong_codes < ?6`,
      )
      .bind(
        order.id,
        codeHash,
        isoAfter(now, CODE_LIMITS.validMinutes),
        now.toISOString(),
        CODE_LIMITS.codesPerOrder,
        CODE_LIMITS.guessesInAll,
      ),
    notificationIfStatement(db, order.lead_id, codeMail, {
      sql: 'SELECT 1 FROM orders WHERE id = ? AND code_hash = ?',
      values: [order.id, codeHash],
    }),
  ]);
  return {
    renewed: (update?.meta.changes ?? 0) > 0,
    notificationId: (mail?.results[0] as { id: number } | undefined)?.id,
  };
}

/**
 * Counts one wrong guess, of the code and of the order in all (one conditional UPDATE, so
 * parallel guesses cannot slip past either count); answers both counts after it, or
 * undefined when either was used up already.
 */
export async function countWrongCode(
  db: D1Database,
  id: string,
): Promise<{ codeAttempts: number; wrongCodes: number } | undefined> {
  const row = await db
    .prepare(
      `UPDATE orders SET code_attempts = code_attempts + 1, wrong_codes = wrong_codes + 1,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?1 AND status = 'awaiting_acceptance' AND code_hash IS NOT NULL AND code_attempts < ?2
         AND wrong_codes < ?3
       RETURNING code_attempts, wrong_codes`,
    )
    .bind(id, CODE_LIMITS.attempts, CODE_LIMITS.guessesInAll)
    .first<{ code_attempts: number; wrong_codes: number }>();
  return row ? { codeAttempts: row.code_attempts, wrongCodes: row.wrong_codes } : undefined;
}

/** Signed orders (and installed ones) per delivery day from `from` on: the calendar's booked days. */
export async function bookedDays(db: D1Database, from: string): Promise<Record<string, number>> {
  const { results } = await db
    .prepare(
      `SELECT delivery_date AS day, COUNT(*) AS n FROM orders
       WHERE delivery_date >= ?1 AND status IN ('signed', 'installed') GROUP BY delivery_date`,
    )
    .bind(from)
    .all<{ day: string; n: number }>();
  return Object.fromEntries(results.map((r) => [r.day, r.n]));
}

export interface Acceptance {
  codeHash: string;
  at: Date;
  ip: string;
  userAgent: string;
  /** The team's installations per day: the day must still have room. */
  installationsPerDay: number;
}

/** The guard of what an acceptance at `at` causes: a `SELECT 1 …` finding the order signed by it. */
export const signedBy = (orderId: string, at: Date): { sql: string; values: unknown[] } => ({
  sql: "SELECT 1 FROM orders WHERE id = ? AND status = 'signed' AND accepted_at = ?",
  values: [orderId, at.toISOString()],
});

/**
 * Accepts the order with the code whose hash is `codeHash`, in one batch: the order
 * becomes signed when that code is its live one (not used, not expired, attempts left)
 * and its delivery day still has room; then, only if it did, the e-mails, the
 * `order.signed` event and `leadStatements` (the lead won, guarded by `signedBy(order.id, a.at)`).
 * Answers whether it was signed, and the webhook deliveries claimed.
 */
export async function acceptOrder(
  db: D1Database,
  order: OrderRow,
  a: Acceptance,
  mails: Notification[],
  event: Record<string, unknown>,
  leadStatements: D1PreparedStatement[],
): Promise<{ signed: boolean; notificationIds: number[]; webhookIds: number[] }> {
  const at = a.at.toISOString();
  const applied = signedBy(order.id, a.at);
  const results = await db.batch([
    db
      .prepare(
        `UPDATE orders SET status = 'signed', code_hash = NULL, accepted_at = ?3, accepted_ip = ?4,
           accepted_user_agent = ?5, updated_at = ?3
         WHERE id = ?1 AND status = 'awaiting_acceptance' AND code_hash = ?2 AND code_expires_at > ?3
           AND code_attempts < ?6
           AND (SELECT COUNT(*) FROM orders o WHERE o.delivery_date = orders.delivery_date
                AND o.status IN ('signed', 'installed')) < ?7`,
      )
      .bind(order.id, a.codeHash, at, a.ip, a.userAgent.slice(0, 500), CODE_LIMITS.attempts, a.installationsPerDay),
    ...mails.map((mail) => notificationIfStatement(db, order.lead_id, mail, applied)),
    ...eventIfStatements(db, 'order.signed', event, applied),
    // The sales team's lead of the quote is won.
    ...leadStatements,
    takeUnqueuedStatement(db),
  ]);
  return {
    signed: (results[0]?.meta.changes ?? 0) > 0,
    notificationIds: results
      .slice(1, 1 + mails.length)
      .map((r) => (r.results[0] as { id: number } | undefined)?.id)
      .filter((id): id is number => id !== undefined),
    webhookIds: claimedIds(results.at(-1)?.results),
  };
}

/** An order as the team's list shows it (without the document). */
export type OrderSummary = Omit<OrderRow, 'document' | 'code_hash'> & { quote_number: string | null };

/** Where a page of orders starts: after the order with this time and id (newest first). */
export type OrderKey = [createdAt: string, id: string];

export const orderKey = (row: { created_at: string; id: string }): OrderKey => [row.created_at, row.id];

/** Orders, newest first, optionally of one status; a keyset page: `limit + 1` rows after `after`. */
export async function listOrders(
  db: D1Database,
  status?: OrderStatus,
  { limit = 100, after }: { limit?: number; after?: OrderKey | undefined } = {},
): Promise<OrderSummary[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.quote_id, o.lead_id, o.submission_id, o.body_hash, o.status, o.company_nip, o.company_name,
         o.company_address, o.company_regon, o.company_krs, o.vat_status, o.signer_name, o.signer_position,
         o.signer_email, o.signer_phone, o.delivery_city, o.delivery_date, o.delivery_address, o.attribution, o.marketing_consent,
         o.terms_version, o.terms_sha256, o.document_sha256, o.code_expires_at, o.code_attempts, o.codes_sent,
         o.accepted_at, o.accepted_ip, o.accepted_user_agent, o.installed_at, o.installation, o.created_at,
         o.updated_at, o.code_sent_at, o.register_answer, o.verified_at, o.verified_method, o.verified_by,
         o.verified_note, o.verified_line, q.number AS quote_number
       FROM orders o LEFT JOIN quotes q ON q.id = o.quote_id
       WHERE ${status ? 'o.status = ?1' : '?1 IS NULL'}${after ? ' AND (o.created_at, o.id) < (?3, ?4)' : ''}
       ORDER BY o.created_at DESC, o.id DESC LIMIT ?2`,
    )
    .bind(status ?? null, limit + 1, ...(after ?? []))
    .all<OrderSummary>();
  return results;
}

/** Signed and installed orders by delivery day and city, from `from` to `to` (inclusive). */
export async function deliveryCalendar(
  db: D1Database,
  from: string,
  to: string,
): Promise<{ day: string; city: string; orders: number; installed: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT delivery_date AS day, delivery_city AS city, COUNT(*) AS orders, SUM(status = 'installed') AS installed
       FROM orders WHERE delivery_date BETWEEN ?1 AND ?2 AND status IN ('signed', 'installed')
       GROUP BY delivery_date, delivery_city ORDER BY delivery_date, delivery_city`,
    )
    .bind(from, to)
    .all<{ day: string; city: string; orders: number; installed: number }>();
  return results;
}

export interface Installation {
  installedOn: string;
  serial: string;
  mono: number;
  color: number | null;
  contractId: string;
  recordedBy: string;
}

/**
 * Records the installation protocol and starts the contract, in one batch: the order
 * becomes installed (only from signed), the contract's statements run (contracts.ts
 * `contractStatements`: the contract, its device, its frozen rates; a second contract of
 * the same order fails the batch on `contracts_one_per_order`), then the customer's e-mail
 * and the `order.installed` event, written only when the order's update applied.
 */
export async function installOrder(
  db: D1Database,
  order: OrderRow,
  installation: Installation,
  contractStatements: D1PreparedStatement[],
  mail: Notification,
  event: Record<string, unknown>,
): Promise<{ installed: boolean; notificationId: number | undefined; webhookIds: number[] }> {
  const at = new Date().toISOString();
  const applied = {
    sql: "SELECT 1 FROM orders WHERE id = ? AND status = 'installed' AND installed_at = ?",
    values: [order.id, at],
  };
  const results = await db.batch([
    db
      .prepare(
        `UPDATE orders SET status = 'installed', installed_at = ?2, installation = ?3, updated_at = ?2
         WHERE id = ?1 AND status = 'signed'`,
      )
      .bind(order.id, at, JSON.stringify(installation)),
    ...contractStatements,
    notificationIfStatement(db, order.lead_id, mail, applied),
    ...eventIfStatements(db, 'order.installed', event, applied),
    takeUnqueuedStatement(db),
  ]);
  const mailAt = 1 + contractStatements.length;
  return {
    installed: (results[0]?.meta.changes ?? 0) > 0,
    notificationId: (results[mailAt]?.results[0] as { id: number } | undefined)?.id,
    webhookIds: claimedIds(results.at(-1)?.results),
  };
}

/*
 * A person's data (worker/privacy): the online orders an address signed or began, found by
 * the signer's address. An order still awaiting acceptance is no contract: the person's
 * erasure and the retention period delete it. A signed order is the evidence of a concluded
 * contract (the document as accepted with its SHA-256, the terms' version and the
 * acceptance trail: when, from which IP, in which browser), kept for as long as claims
 * under the contract and the accounting rules require (README, privacy policy); of it
 * only the optional marketing consent and the spent code's traces go.
 */

/** The orders signed or begun by `email` (lower-case), oldest first. */
export async function ordersOfEmail(db: D1Database, email: string): Promise<OrderRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM orders WHERE lower(signer_email) = ?1 ORDER BY created_at, id')
    .bind(email)
    .all<OrderRow>();
  return results;
}

/** Orders never signed and begun before `cutoff` (ISO), oldest first, at most `limit`. */
export async function abandonedOrderIds(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM orders WHERE status = 'awaiting_acceptance' AND created_at < ?1 ORDER BY created_at LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * The statements that erase orders (JSON array of ids): the unsigned ones are deleted, the
 * signed ones kept as the contract's evidence without the marketing consent and the code.
 * The first statement's `changes` is how many were deleted.
 */
export const eraseOrdersStatements = (db: D1Database, idsJson: string): D1PreparedStatement[] => [
  db
    .prepare(`DELETE FROM orders WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'awaiting_acceptance'`)
    .bind(idsJson),
  db
    .prepare(
      `UPDATE orders SET marketing_consent = 0, code_hash = NULL, code_expires_at = NULL,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(idsJson),
];

/*
 * Verification before the contract starts: an order signed by the code is verified by a
 * transfer from an account the register lists for its NIP (matched from a bank statement,
 * worker/payments) or by the team's recorded check; only then may the installation start
 * the contract.
 */

/** An order's verification as the admin API answers it (DESIGN §9). */
export const verificationOf = (o: Pick<OrderRow, 'verified_at' | 'verified_method'>): OrderVerification =>
  o.verified_at && o.verified_method
    ? { state: 'verified', method: o.verified_method, at: o.verified_at }
    : { state: 'pending' };

/** Who verified an order by a statement's transfer (the `verified_by` the evidence shows). */
export const VERIFIED_BY_TRANSFER = 'przelew z wyciągu bankowego';

/**
 * The statement that verifies signed order `orderId` by the bank statement line `lineKey`,
 * for the import's batch (worker/payments/import.ts): applied only while the order is signed
 * and unverified and the line is stored as this order's verification.
 */
export function verifiedByTransferStatement(
  db: D1Database,
  orderId: string,
  at: Date,
  lineKey: string,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE orders SET verified_at = ?2, verified_method = 'transfer', verified_by = ?3, updated_at = ?2,
         verified_line = (SELECT b.id FROM bank_lines b WHERE b.line_key = ?4 AND b.order_id = ?1 AND b.match_kind = 'verification')
       WHERE id = ?1 AND status = 'signed' AND verified_at IS NULL
         AND EXISTS (SELECT 1 FROM bank_lines b WHERE b.line_key = ?4 AND b.order_id = ?1 AND b.match_kind = 'verification')`,
    )
    .bind(orderId, at.toISOString(), VERIFIED_BY_TRANSFER, lineKey);
}

/** The guard of what a verification at `at` causes: a `SELECT 1 …` finding the order verified by it. */
export const verifiedBy = (orderId: string, at: Date): { sql: string; values: unknown[] } => ({
  sql: 'SELECT 1 FROM orders WHERE id = ? AND verified_at = ?',
  values: [orderId, at.toISOString()],
});

/**
 * The team's verification of signed order `orderId`, with who did it and the note of what
 * they checked, in one batch with `mails` (each written only when the order was verified
 * by it). Answers whether it applied (not when the order is unsigned or verified already).
 */
export async function verifyOrderByHand(
  db: D1Database,
  order: OrderRow,
  by: string,
  note: string,
  mails: Notification[],
  at = new Date(),
): Promise<{ verified: boolean; notificationIds: number[] }> {
  const results = await db.batch([
    db
      .prepare(
        `UPDATE orders SET verified_at = ?2, verified_method = 'manual', verified_by = ?3, verified_note = ?4, updated_at = ?2
         WHERE id = ?1 AND status = 'signed' AND verified_at IS NULL`,
      )
      .bind(order.id, at.toISOString(), by, note),
    ...mails.map((m) => notificationIfStatement(db, order.lead_id, m, verifiedBy(order.id, at))),
  ]);
  return {
    verified: (results[0]?.meta.changes ?? 0) > 0,
    notificationIds: results
      .slice(1)
      .map((r) => (r.results[0] as { id: number } | undefined)?.id)
      .filter((id): id is number => id !== undefined),
  };
}

/** Signed orders not yet verified, with their quote's number: what a statement's transfer may verify. */
export async function ordersAwaitingVerification(db: D1Database): Promise<(OrderRow & { quote_number: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT o.*, q.number AS quote_number FROM orders o JOIN quotes q ON q.id = o.quote_id
       WHERE o.status = 'signed' AND o.verified_at IS NULL ORDER BY o.accepted_at`,
    )
    .all<OrderRow & { quote_number: string }>();
  return results;
}

/*
 * Orders waiting for the register (`order_requests`): the form as sent, while the White
 * List could not be asked about the NIP. The cron asks again and makes the order then.
 */

export interface OrderRequestRow {
  quote_id: string;
  lead_id: string;
  submission_id: string;
  body_hash: string;
  nip: string;
  signer_email: string;
  body: string;
  origin: string;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
}

/** Stores (or replaces) the waiting order of a quote. */
export async function saveOrderRequest(
  db: D1Database,
  r: {
    quoteId: string;
    leadId: string;
    submissionId: string;
    bodyHash: string;
    input: { nip: string; signerEmail: string };
    origin: string;
    nextAttemptAt: Date;
  },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO order_requests (quote_id, lead_id, submission_id, body_hash, nip, signer_email, body, origin, next_attempt_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
       ON CONFLICT (quote_id) DO UPDATE SET submission_id = excluded.submission_id, body_hash = excluded.body_hash,
         nip = excluded.nip, signer_email = excluded.signer_email, body = excluded.body, origin = excluded.origin,
         next_attempt_at = excluded.next_attempt_at`,
    )
    .bind(
      r.quoteId,
      r.leadId,
      r.submissionId,
      r.bodyHash,
      r.input.nip,
      r.input.signerEmail.toLowerCase(),
      JSON.stringify(r.input),
      r.origin,
      r.nextAttemptAt.toISOString(),
    )
    .run();
}

export async function orderRequestOfQuote(db: D1Database, quoteId: string): Promise<OrderRequestRow | null> {
  return db.prepare('SELECT * FROM order_requests WHERE quote_id = ?1').bind(quoteId).first<OrderRequestRow>();
}

/** Waiting orders whose next attempt is due, oldest first. */
export async function dueOrderRequests(db: D1Database, now: Date, limit: number): Promise<OrderRequestRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM order_requests WHERE next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2')
    .bind(now.toISOString(), limit)
    .all<OrderRequestRow>();
  return results;
}

export async function postponeOrderRequest(db: D1Database, quoteId: string, next: Date): Promise<void> {
  await db
    .prepare('UPDATE order_requests SET attempts = attempts + 1, next_attempt_at = ?2 WHERE quote_id = ?1')
    .bind(quoteId, next.toISOString())
    .run();
}

export async function deleteOrderRequest(db: D1Database, quoteId: string): Promise<void> {
  await db.prepare('DELETE FROM order_requests WHERE quote_id = ?1').bind(quoteId).run();
}

/** A person's erasure: the waiting orders they sent (no contract, nothing to keep). */
export const deleteOrderRequestsOfEmailStatement = (db: D1Database, email: string): D1PreparedStatement =>
  db.prepare('DELETE FROM order_requests WHERE signer_email = ?1').bind(email);

/** Queues an e-mail of lead `leadId` (a waiting order's outcome to its signer); answers its outbox id. */
export async function mailAboutLead(db: D1Database, leadId: string, mail: Notification): Promise<number | undefined> {
  const row = await notificationStatement(db, leadId, mail).first<{ id: number }>();
  return row?.id;
}
