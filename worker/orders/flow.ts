/**
 * The steps of an order placed online, one home for both ways the page sends them: the
 * JSON API its script calls (`/api/orders/…`) and the plain HTML forms it posts without
 * JavaScript (`/zamowienie/<quote id>/…`). Each step checks the input with the same
 * schema, calls the same model functions and answers a result the caller turns into JSON
 * or a page: `{ok: true, …}` or a refusal `{ok: false, status, error, field?}` in Polish.
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { codeMail, type OrderLinks, salesOrderMail, signedMail } from './emails.ts';
import { PAGE_ID_PATTERN, sha256Hex } from '../http/auth.ts';
import { API_ERRORS, ORDER_API_ERRORS } from '../http/errors.ts';
import type { FormFields } from '../http/page-form.ts';
import { leadById } from '../leads/index.ts';
import {
  CODE_LIMITS,
  type NewOrder,
  type OrderParties,
  type OrderRow,
  acceptOrder,
  bookedDays,
  countWrongCode,
  newAcceptanceCode,
  orderById,
  orderOfQuote,
  renewCode,
  saveOrder,
  signedBy,
} from './model.ts';
import { type StoredQuote, quoteById } from '../quotes/index.ts';
import { leadWonByOrderStatements } from '../leads/lead-work.ts';
import { findCompany, whitelistOptions } from '../company/lookup.ts';
import { DELIVERY, deliveryDays } from '../admin-shared/delivery.ts';
import { ORDER_ERRORS, acceptSchema, orderSchema } from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { check } from '../../widgets/core/validation.ts';
import { contractDocument } from './document.ts';
import { RENTAL_TERMS_VERSION, rentalTermsText } from './rental-terms.ts';
import { orderEvent } from './events.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { bodyHash } from '../http/body-hash.ts';

export const ORDER_ID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

export interface Refusal {
  ok: false;
  status: 400 | 404 | 409 | 410 | 429 | 503;
  error: string;
  field?: string | undefined;
}

const refuse = (status: Refusal['status'], error: string, field?: string): Refusal => ({
  ok: false,
  status,
  error,
  ...(field ? { field } : {}),
});

/** The page and the document of an order, as its e-mails link them. */
export const orderLinks = (origin: string, quoteId: string): OrderLinks => {
  const page = `${origin}/zamowienie/${quoteId}`;
  return { page, document: `${page}/umowa.txt` };
};

/** A live quote by its secret id; the answer to give when there is none. */
export async function liveQuote(db: D1Database, id: string): Promise<StoredQuote | 'missing' | 'expired'> {
  const quote = PAGE_ID_PATTERN.test(id) ? await quoteById(db, id) : undefined;
  if (!quote) return 'missing';
  return Date.parse(quote.expiresAt) <= Date.now() ? 'expired' : quote;
}

/** The free delivery days of every served city, today in Warsaw. */
export async function freeDays(db: D1Database): Promise<Record<string, string[]>> {
  const today = warsawToday();
  const booked = await bookedDays(db, today);
  return Object.fromEntries(
    Object.keys(DELIVERY.leadBusinessDays).map((city) => [city, deliveryDays(city, today, booked)]),
  );
}

const codeHashOf = (orderId: string, code: string) => sha256Hex(`order-code:${orderId}:${code}`);

/**
 * The order form posted without JavaScript, as the JSON body the script sends: a ticked
 * checkbox is `true`, a missing one `false`; every other field as posted (a repeated field
 * stays a list, which the schema refuses).
 */
export function orderBodyOfForm(form: FormFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of [
    'nip',
    'companyName',
    'companyAddress',
    'regon',
    'krs',
    'signerName',
    'signerPosition',
    'signerEmail',
    'signerPhone',
    'city',
    'date',
    'deliveryAddress',
    'website',
  ])
    if (form[name] !== undefined) body[name] = form[name];
  body.represents = form.represents === 'on';
  body.marketingConsent = form.marketingConsent === 'on';
  return body;
}

/**
 * The order form: the document made from the quote's frozen prices, the company (its VAT
 * status from the register, never from the browser) and the versioned terms, stored with
 * its hash and a code e-mailed to the signer. A retry of the same fill answers the stored
 * order without a second e-mail.
 */
export async function placeOrder(
  env: Env,
  quoteId: string,
  body: Record<string, unknown>,
  submissionId: string,
  origin: string,
): Promise<{ ok: true; order: OrderRow } | Refusal> {
  const parsed = check(orderSchema, body);
  if (!parsed.ok) return refuse(400, parsed.error, parsed.field);
  const input = parsed.data;
  const quote = await liveQuote(env.DB, quoteId);
  if (quote === 'missing') return refuse(404, ORDER_API_ERRORS.noQuote);
  if (quote === 'expired') return refuse(410, ORDER_API_ERRORS.quoteExpired);

  const existing = await orderOfQuote(env.DB, quote.id);
  if (existing && existing.status !== 'awaiting_acceptance') return refuse(409, ORDER_API_ERRORS.alreadySigned);
  // The fingerprint every public form uses: what was filled in, keys sorted (not the id, not the honeypot).
  const fingerprint = await bodyHash('order', { ...input, submissionId: undefined, website: undefined });
  if (existing?.submission_id === submissionId) {
    if (existing.body_hash !== fingerprint) return refuse(409, API_ERRORS.replayed);
    // A retry of the same form fill: the order and its code as they are, no second e-mail.
    return { ok: true, order: existing };
  }
  if (existing && existing.codes_sent >= CODE_LIMITS.codesPerOrder) return refuse(429, ORDER_API_ERRORS.noMoreCodes);

  const days = deliveryDays(input.city, warsawToday(), await bookedDays(env.DB, warsawToday()));
  if (!days.includes(input.date)) return refuse(400, ORDER_ERRORS.date, 'date');

  const register = await findCompany(env.DB, input.nip, whitelistOptions(env));
  const vatStatus = register.kind === 'found' ? register.company.vatStatus : null;
  const lead = await leadById(env.DB, quote.leadId);
  const parties: OrderParties = {
    nip: input.nip,
    companyName: input.companyName,
    companyAddress: input.companyAddress,
    regon: input.regon,
    krs: input.krs,
    vatStatus,
    signerName: input.signerName,
    signerPosition: input.signerPosition,
    signerEmail: input.signerEmail,
    signerPhone: input.signerPhone,
    city: input.city,
    date: input.date,
    deliveryAddress: input.deliveryAddress,
  };
  const document = contractDocument(quote, parties);
  const order: NewOrder = {
    id: crypto.randomUUID(),
    quoteId: quote.id,
    leadId: quote.leadId,
    submissionId,
    bodyHash: fingerprint,
    ...parties,
    attribution: lead?.attribution ?? JSON.stringify(quote.attribution),
    marketingConsent: input.marketingConsent,
    termsVersion: RENTAL_TERMS_VERSION,
    termsSha256: await sha256Hex(rentalTermsText()),
    document,
    documentSha256: await sha256Hex(document),
  };
  const code = newAcceptanceCode();
  const orderId = existing?.id ?? order.id;
  try {
    const saved = await saveOrder(
      env.DB,
      order,
      await codeHashOf(orderId, code),
      codeMail(
        {
          signer_email: order.signerEmail,
          signer_name: order.signerName,
          company_name: order.companyName,
          terms_version: order.termsVersion,
          delivery_date: order.date,
          document_sha256: order.documentSha256,
        },
        quote,
        code,
        CODE_LIMITS.validMinutes,
        orderLinks(origin, quote.id),
      ),
    );
    if (!saved.order) return refuse(409, ORDER_API_ERRORS.alreadySigned);
    if (saved.notificationId !== undefined) await enqueueNotification(env, saved.notificationId);
    return { ok: true, order: saved.order };
  } catch (error) {
    console.error('orders: storing the order failed', error);
    return refuse(503, ORDER_API_ERRORS.orderStorage);
  }
}

/** The unsigned order an acceptance or a new code is asked for, or the refusal. */
async function openOrder(db: D1Database, orderId: string): Promise<OrderRow | Refusal> {
  const order = ORDER_ID_PATTERN.test(orderId) ? await orderById(db, orderId) : null;
  if (!order) return refuse(404, ORDER_API_ERRORS.noOrder);
  if (order.status !== 'awaiting_acceptance') return refuse(409, ORDER_API_ERRORS.alreadySigned);
  return order;
}

export interface Signing {
  ip: string;
  userAgent: string;
  origin: string;
  /** The path the acceptance was posted to (the audit row's). */
  path: string;
}

/**
 * The acceptance by the e-mailed code: refused when wrong (the attempt counted), expired,
 * used or out of attempts; else the order signed with time, IP and user agent, the
 * confirmation with the document to the signer, the sales team's notice, `order.signed`
 * and the lead won, all in one batch.
 */
export async function acceptByCode(
  env: Env,
  orderId: string,
  body: unknown,
  s: Signing,
): Promise<{ ok: true; order: OrderRow; webhookIds: number[] } | Refusal> {
  const parsed = check(acceptSchema, body);
  if (!parsed.ok) return refuse(400, parsed.error, 'code');
  const order = await openOrder(env.DB, orderId);
  if ('ok' in order) return order;
  if (!order.code_hash) return refuse(409, ORDER_API_ERRORS.noCode);
  if (order.code_attempts >= CODE_LIMITS.attempts) return refuse(429, ORDER_API_ERRORS.noAttempts);
  if (!order.code_expires_at || Date.parse(order.code_expires_at) <= Date.now())
    return refuse(410, ORDER_API_ERRORS.codeExpired);
  const codeHash = await codeHashOf(order.id, parsed.data.code);
  if (codeHash !== order.code_hash) {
    const used = await countWrongCode(env.DB, order.id);
    if (used === undefined) return refuse(429, ORDER_API_ERRORS.noAttempts);
    return refuse(400, ORDER_API_ERRORS.wrongCode(CODE_LIMITS.attempts - used), 'code');
  }
  const quote = await quoteById(env.DB, order.quote_id);
  if (!quote) return refuse(404, ORDER_API_ERRORS.noQuote);
  const at = new Date();
  const links = orderLinks(s.origin, quote.id);
  const acceptedAt = dateTimeText(at, 'long', { seconds: true });
  const signedRow: OrderRow = { ...order, status: 'signed', accepted_at: at.toISOString() };
  const lead = await leadById(env.DB, order.lead_id);
  const leadWon = lead
    ? await leadWonByOrderStatements(
        env.DB,
        lead,
        {
          id: order.id,
          quoteNumber: quote.number,
          signer: { name: order.signer_name, email: order.signer_email, position: order.signer_position },
          ip: s.ip,
          path: s.path,
        },
        signedBy(order.id, at),
        at,
      )
    : [];
  const result = await acceptOrder(
    env.DB,
    order,
    {
      codeHash,
      at,
      ip: s.ip,
      userAgent: s.userAgent,
      installationsPerDay: DELIVERY.installationsPerDay,
    },
    [signedMail(signedRow, quote, acceptedAt, links), salesOrderMail(signedRow, quote, links)],
    orderEvent(signedRow, quote),
    leadWon,
  );
  if (!result.signed) {
    const now = await orderById(env.DB, order.id);
    if (now?.status !== 'awaiting_acceptance') return refuse(409, ORDER_API_ERRORS.alreadySigned);
    return refuse(409, ORDER_API_ERRORS.dayFull, 'date');
  }
  for (const id of result.notificationIds) await enqueueNotification(env, id);
  return { ok: true, order: signedRow, webhookIds: result.webhookIds };
}

/** A new code for an unsigned order with codes left, e-mailed to the signer. */
export async function sendNewCode(env: Env, orderId: string, origin: string): Promise<{ ok: true } | Refusal> {
  const order = await openOrder(env.DB, orderId);
  if ('ok' in order) return order;
  if (order.codes_sent >= CODE_LIMITS.codesPerOrder) return refuse(429, ORDER_API_ERRORS.noMoreCodes);
  const quote = await quoteById(env.DB, order.quote_id);
  if (!quote) return refuse(404, ORDER_API_ERRORS.noQuote);
  const code = newAcceptanceCode();
  const renewed = await renewCode(
    env.DB,
    order,
    await codeHashOf(order.id, code),
    codeMail(order, quote, code, CODE_LIMITS.validMinutes, orderLinks(origin, quote.id)),
  );
  if (!renewed.renewed) return refuse(429, ORDER_API_ERRORS.noMoreCodes);
  if (renewed.notificationId !== undefined) await enqueueNotification(env, renewed.notificationId);
  return { ok: true };
}
