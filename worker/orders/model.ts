/**
 * The `orders` table (migration 0141): orders placed online from a quote. An order is
 * written with its e-mail in one batch, and each change of its state (a new code, the
 * acceptance, the installation) is one guarded statement whose e-mails and webhook event
 * are written in the same batch only when the change applied (`…IfStatement`).
 */
import { funnelStatements } from '../funnel/index.ts';
import { eventIfStatements, takeUnqueuedStatement, claimedIds } from '../webhooks/index.ts';
import { type Notification, notificationIfStatement } from '../outbox/index.ts';

import type { LeadOrder, OrderListRow, OrderStatus } from '../admin-shared/admin-api-orders.ts';
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

/** When the orders of `ids` were signed (the code typed, an ISO instant), by order id: a contract's date on its invoices. */
export async function acceptedAtOf(db: D1Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare(
      'SELECT id, accepted_at FROM orders WHERE id IN (SELECT value FROM json_each(?1)) AND accepted_at IS NOT NULL',
    )
    .bind(JSON.stringify(ids))
    .all<{ id: string; accepted_at: string }>();
  return new Map(results.map((r) => [r.id, r.accepted_at]));
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

/**
 * The orders that hold their delivery day (SQL over `orders` or an alias `o`): installed, or
 * signed and verified. A signature alone proves a mailbox, so it holds no day: a
 * stranger's unverified orders cannot fill the calendar.
 */
export const holdsDay = (alias = 'orders'): string =>
  `(${alias}.status = 'installed' OR (${alias}.status = 'signed' AND ${alias}.verified_at IS NOT NULL))`;

/** Orders holding their day (verified or installed) per delivery day from `from` on: the calendar's booked days. */
export async function bookedDays(db: D1Database, from: string): Promise<Record<string, number>> {
  const { results } = await db
    .prepare(
      `SELECT delivery_date AS day, COUNT(*) AS n FROM orders
       WHERE delivery_date >= ?1 AND ${holdsDay()} GROUP BY delivery_date`,
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
 * `order.signed` event and `leadStatements` (guarded by `signedBy(order.id, a.at)`; none today:
 * the lead is won at the verification, worker/orders/verified-lead.ts).
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
                AND ${holdsDay('o')}) < ?7`,
      )
      .bind(order.id, a.codeHash, at, a.ip, a.userAgent.slice(0, 500), CODE_LIMITS.attempts, a.installationsPerDay),
    ...mails.map((mail) => notificationIfStatement(db, order.lead_id, mail, applied)),
    ...eventIfStatements(db, 'order.signed', event, applied),
    // The sales team's lead of the quote is won.
    ...leadStatements,
    // "Od kliknięcia do przelewu": the lead's order signed and its days from lead to signed.
    ...funnelStatements(db, { order: order.id }),
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
