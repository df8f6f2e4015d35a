/**
 * The steps of an order placed online, one home for both ways the page sends them: the
 * JSON API its script calls (`/api/orders/…`) and the plain HTML forms it posts without
 * JavaScript (`/zamowienie/<quote id>/…`). Each step checks the input with the same
 * schema, calls the same model functions and answers a result the caller turns into JSON
 * or a page: `{ok: true, …}` or a refusal `{ok: false, status, error, field?}` in Polish.
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { codeMail, type OrderLinks } from './emails.ts';
import { PAGE_ID_PATTERN, sha256Hex } from '../http/auth.ts';
import { API_ERRORS, ORDER_API_ERRORS } from '../http/errors.ts';
import type { FormFields } from '../http/page-form.ts';
import { leadById } from '../leads/index.ts';
import {
  CODE_LIMITS,
  type NewOrder,
  type OrderParties,
  type OrderRow,
  bookedDays,
  newAcceptanceCode,
  orderOfQuote,
  saveOrder,
} from './model.ts';
import { saveOrderRequest } from './model-order-requests.ts';
import { type StoredQuote, quoteById } from '../quotes/index.ts';
import type { CompanyData } from '../company/whitelist-client.ts';
import { type CompanyLookup, findCompany, whitelistOptions } from '../company/lookup.ts';
import { DELIVERY, deliveryDays } from '../admin-shared/delivery.ts';
import { ORDER_ERRORS, type OrderInput, orderSchema } from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { check } from '../../widgets/core/validation.ts';
import { contractDocument } from './document.ts';
import { RENTAL_TERMS_VERSION, rentalTermsText } from './rental-terms.ts';
import { bodyHash } from '../http/body-hash.ts';
import { REGISTER_TEXTS, type RegisterRefusal, refusalText, refusedOrderToSales, registerVerdict } from './register.ts';

export const ORDER_ID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

export interface Refusal {
  ok: false;
  status: 400 | 404 | 409 | 410 | 422 | 429 | 503;
  error: string;
  field?: string | undefined;
}

export const refuse = (status: Refusal['status'], error: string, field?: string): Refusal => ({
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

export const codeHashOf = (orderId: string, code: string) => sha256Hex(`order-code:${orderId}:${code}`);

/**
 * The order form posted without JavaScript, as the JSON body the script sends: a ticked
 * checkbox is `true`, a missing one `false`; every other field as posted (a repeated field
 * stays a list, which the schema refuses). The company's name and address are never taken
 * from a form: the register gives them.
 */
export function orderBodyOfForm(form: FormFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of [
    'nip',
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

/** Why the register's answer does not let the company order online, if it does not. */
export const refusalOf = (register: CompanyLookup): RegisterRefusal | undefined =>
  register.kind === 'found'
    ? registerVerdict(register.company)
    : register.kind === 'notFound'
      ? { kind: 'notFound' }
      : undefined;

/** How the cron asks the register again about a waiting order: soon, then backing off, for at most three days. */
export const REGISTER_RETRY = { firstMinutes: 2, maxMinutes: 240, giveUpHours: 72, perRun: 10 } as const;

/** What the order form answers: the order with its document and code, or the order waiting for the register. */
export type Placed = { ok: true; order: OrderRow } | { ok: true; waiting: true; message: string } | Refusal;

/**
 * The order form: the company from the White List only (name, address, REGON, KRS and VAT
 * status as the register answers, whatever the body says), refused with the way to the
 * sales team when the NIP is not in the register or not an active VAT taxpayer, and kept
 * waiting when the register cannot be asked; else the document made from the quote's
 * frozen prices, the register's company and the versioned terms, stored with its hash and
 * a code e-mailed to the signer. A retry of the same fill answers the stored order without
 * a second e-mail.
 */
export async function placeOrder(
  env: Env,
  quoteId: string,
  body: Record<string, unknown>,
  submissionId: string,
  origin: string,
): Promise<Placed> {
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
  if (existing && existing.wrong_codes >= CODE_LIMITS.guessesInAll) return refuse(429, ORDER_API_ERRORS.noGuessesLeft);

  const days = deliveryDays(input.city, warsawToday(), await bookedDays(env.DB, warsawToday()));
  if (!days.includes(input.date)) return refuse(400, ORDER_ERRORS.date, 'date');

  const register = await findCompany(env.DB, input.nip, whitelistOptions(env));
  if (register.kind === 'unavailable') {
    try {
      await saveOrderRequest(env.DB, {
        quoteId: quote.id,
        leadId: quote.leadId,
        submissionId,
        bodyHash: fingerprint,
        input,
        origin,
        nextAttemptAt: new Date(Date.now() + REGISTER_RETRY.firstMinutes * 60_000),
      });
    } catch (error) {
      console.error('orders: the waiting order could not be stored', error);
      return refuse(503, ORDER_API_ERRORS.orderStorage);
    }
    return { ok: true, waiting: true, message: REGISTER_TEXTS.waiting(input.signerEmail) };
  }
  const refusal = refusalOf(register);
  if (refusal || register.kind !== 'found') {
    if (!refusal) return refuse(503, ORDER_API_ERRORS.orderStorage);
    await refusedOrderToSales(env, quote, input, refusal);
    return refuse(422, refusalText(refusal, quote.number), 'nip');
  }
  return makeOrder(env, quote, input, register.company, { submissionId, bodyHash: fingerprint, origin, existing });
}

/**
 * Makes and stores the order of a form already checked, with the register's company: the
 * document, its hash, a new code and its e-mail in one batch.
 */
export async function makeOrder(
  env: Env,
  quote: StoredQuote,
  input: OrderInput,
  register: CompanyData,
  meta: { submissionId: string; bodyHash: string; origin: string; existing: OrderRow | null },
): Promise<{ ok: true; order: OrderRow } | Refusal> {
  const lead = await leadById(env.DB, quote.leadId);
  const parties: OrderParties = {
    nip: input.nip,
    companyName: register.name,
    companyAddress: register.address ?? '',
    regon: register.regon,
    krs: register.krs,
    vatStatus: register.vatStatus,
    signerName: input.signerName,
    signerPosition: input.signerPosition,
    signerEmail: input.signerEmail,
    signerPhone: input.signerPhone,
    city: input.city,
    date: input.date,
    deliveryAddress: input.deliveryAddress,
    register: { requestId: register.requestId, at: register.requestDateTime },
  };
  const document = contractDocument(quote, parties);
  const order: NewOrder = {
    id: crypto.randomUUID(),
    quoteId: quote.id,
    leadId: quote.leadId,
    submissionId: meta.submissionId,
    bodyHash: meta.bodyHash,
    ...parties,
    attribution: lead?.attribution ?? JSON.stringify(quote.attribution),
    marketingConsent: input.marketingConsent,
    termsVersion: RENTAL_TERMS_VERSION,
    termsSha256: await sha256Hex(rentalTermsText()),
    document,
    documentSha256: await sha256Hex(document),
    registerAnswer: JSON.stringify(register),
  };
  const code = newAcceptanceCode();
  const orderId = meta.existing?.id ?? order.id;
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
        orderLinks(meta.origin, quote.id),
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
