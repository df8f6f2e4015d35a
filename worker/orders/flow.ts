/**
 * The steps of an order placed online, one home for both ways the page sends them: the
 * JSON API its script calls (`/api/orders/…`) and the plain HTML forms it posts without
 * JavaScript (`/zamowienie/<quote id>/…`). Each step checks the input with the same
 * schema, calls the same model functions and answers a result the caller turns into JSON
 * or a page: `{ok: true, …}` or a refusal `{ok: false, status, error, field?}` in Polish.
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { codeMail, type OrderLinks, type VerificationAsk, salesOrderMail, signedMail } from './emails.ts';
import { type PaymentsEnv, verificationTransfer } from '../payments/config.ts';
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
import {
  deleteOrderRequest,
  dueOrderRequests,
  mailAboutLead,
  postponeOrderRequest,
  saveOrderRequest,
} from './model-order-requests.ts';
import { type StoredQuote, quoteById } from '../quotes/index.ts';
import { leadWonByOrderStatements } from '../leads/lead-work.ts';
import type { CompanyData } from '../company/whitelist-client.ts';
import { type CompanyLookup, findCompany, whitelistOptions } from '../company/lookup.ts';
import { company } from '../../widgets/core/company.ts';
import { DELIVERY, deliveryDays } from '../admin-shared/delivery.ts';
import { ORDER_ERRORS, type OrderInput, acceptSchema, orderSchema } from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { check } from '../../widgets/core/validation.ts';
import { SAMPLE_MARK, contractDocument } from './document.ts';
import { RENTAL_TERMS_VERSION, rentalTermsText } from './rental-terms.ts';
import { orderEvent } from './events.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { bodyHash } from '../http/body-hash.ts';
import {
  REGISTER_TEXTS,
  type RegisterRefusal,
  refusalText,
  refusedOrderToSales,
  registerVerdict,
  salesContact,
  verifyFrom,
} from './register.ts';

export const ORDER_ID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

export interface Refusal {
  ok: false;
  status: 400 | 404 | 409 | 410 | 422 | 429 | 503;
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
const refusalOf = (register: CompanyLookup): RegisterRefusal | undefined =>
  register.kind === 'found'
    ? registerVerdict(register.company)
    : register.kind === 'notFound'
      ? { kind: 'notFound' }
      : undefined;

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
async function makeOrder(
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

/** How the cron asks the register again about a waiting order: soon, then backing off, for at most three days. */
export const REGISTER_RETRY = { firstMinutes: 2, maxMinutes: 240, giveUpHours: 72, perRun: 10 } as const;

/**
 * The cron's part: each waiting order whose time has come asks the register again. When it
 * answers, the order is made and its code e-mailed (the delivery day moved to the first free
 * one when the chosen day went meanwhile: the document says which), or the signer learns why
 * the company cannot order online (and the sales team gets the lead); when it still does
 * not, the order waits longer, and after `giveUpHours` the signer is told to write to us.
 */
export async function finishWaitingOrders(
  env: Env,
  now = new Date(),
): Promise<{ made: number; refused: number; waiting: number }> {
  const done = { made: 0, refused: 0, waiting: 0 };
  for (const request of await dueOrderRequests(env.DB, now, REGISTER_RETRY.perRun)) {
    let input: OrderInput;
    try {
      input = JSON.parse(request.body) as OrderInput;
    } catch {
      await deleteOrderRequest(env.DB, request.quote_id);
      continue;
    }
    const quote = await liveQuote(env.DB, request.quote_id);
    const tellSigner = async (subject: string, text: string) => {
      const id = await mailAboutLead(env.DB, request.lead_id, {
        recipient: input.signerEmail,
        replyTo: company.salesEmail,
        subject,
        body: ['Dzień dobry,', '', text, '', `${company.brand} · ${company.salesEmail}`].join('\n'),
      });
      if (id !== undefined) await enqueueNotification(env, id);
    };
    if (typeof quote === 'string') {
      await deleteOrderRequest(env.DB, request.quote_id);
      await tellSigner(
        'Zamówienie online: wycena wygasła',
        `${ORDER_API_ERRORS.quoteExpired} Pytania: ${salesContact()}.`,
      );
      done.refused++;
      continue;
    }
    const register = await findCompany(env.DB, request.nip, whitelistOptions(env));
    if (register.kind === 'unavailable') {
      const age = now.getTime() - Date.parse(request.created_at);
      if (age > REGISTER_RETRY.giveUpHours * 3_600_000) {
        await deleteOrderRequest(env.DB, request.quote_id);
        await tellSigner(
          `Zamówienie online do wyceny ${quote.number}: nie udało się sprawdzić firmy`,
          `Przez ${REGISTER_RETRY.giveUpHours} godziny wykaz podatników VAT Ministerstwa Finansów nie odpowiadał, więc nie przygotowaliśmy umowy. Napisz do nas: ${salesContact()} – dokończymy zamówienie z Tobą.`,
        );
        done.refused++;
      } else {
        const minutes = Math.min(REGISTER_RETRY.firstMinutes * 2 ** (request.attempts + 1), REGISTER_RETRY.maxMinutes);
        await postponeOrderRequest(env.DB, request.quote_id, new Date(now.getTime() + minutes * 60_000));
        done.waiting++;
      }
      continue;
    }
    const refusal = refusalOf(register);
    if (refusal || register.kind !== 'found') {
      if (!refusal) continue;
      await deleteOrderRequest(env.DB, request.quote_id);
      await refusedOrderToSales(env, quote, input, refusal);
      await tellSigner(
        `Zamówienie online do wyceny ${quote.number}: nie możemy zawrzeć umowy online`,
        refusalText(refusal, quote.number),
      );
      done.refused++;
      continue;
    }
    const days = deliveryDays(input.city, warsawToday(now), await bookedDays(env.DB, warsawToday(now)));
    const date = days.includes(input.date) ? input.date : (days[0] ?? input.date);
    const existing = await orderOfQuote(env.DB, quote.id);
    if (existing && existing.status !== 'awaiting_acceptance') {
      await deleteOrderRequest(env.DB, request.quote_id);
      continue;
    }
    const made = await makeOrder(env, quote, { ...input, date }, register.company, {
      submissionId: request.submission_id,
      bodyHash: request.body_hash,
      origin: request.origin,
      existing,
    });
    if (made.ok) {
      await deleteOrderRequest(env.DB, request.quote_id);
      done.made++;
    } else console.error('orders: a waiting order could not be made', request.quote_id, made.error);
  }
  return done;
}

/** The verification transfer asked of a signed order (its e-mail's part; the page says the same). */
export function verificationAsk(env: PaymentsEnv, order: OrderRow, orderNumber: string): VerificationAsk {
  const transfer = verificationTransfer(env);
  const account = company.bankAccount ?? '';
  return {
    amountText: transfer.amountText,
    title: transfer.title(orderNumber),
    account: company.samples.includes('bankAccount') ? `${account} ${SAMPLE_MARK}` : account,
    from: verifyFrom(order),
  };
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
  if (order.wrong_codes >= CODE_LIMITS.guessesInAll) return refuse(429, ORDER_API_ERRORS.noGuessesLeft);
  if (order.code_attempts >= CODE_LIMITS.attempts) return refuse(429, ORDER_API_ERRORS.noAttempts);
  if (!order.code_expires_at || Date.parse(order.code_expires_at) <= Date.now())
    return refuse(410, ORDER_API_ERRORS.codeExpired);
  const codeHash = await codeHashOf(order.id, parsed.data.code);
  if (codeHash !== order.code_hash) {
    const used = await countWrongCode(env.DB, order.id);
    if (used === undefined) {
      const now = await orderById(env.DB, order.id);
      const spent = (now?.wrong_codes ?? 0) >= CODE_LIMITS.guessesInAll;
      return refuse(429, spent ? ORDER_API_ERRORS.noGuessesLeft : ORDER_API_ERRORS.noAttempts);
    }
    // The tries left: of this code, or of the order in all when fewer (then no new code helps).
    const orderLeft = CODE_LIMITS.guessesInAll - used.wrongCodes;
    if (orderLeft === 0) return refuse(400, ORDER_API_ERRORS.wrongLastCode, 'code');
    return refuse(
      400,
      ORDER_API_ERRORS.wrongCode(Math.min(CODE_LIMITS.attempts - used.codeAttempts, orderLeft)),
      'code',
    );
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
    [
      signedMail(signedRow, quote, acceptedAt, links, verificationAsk(env, signedRow, quote.number)),
      salesOrderMail(signedRow, quote, links),
    ],
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
  if (order.wrong_codes >= CODE_LIMITS.guessesInAll) return refuse(429, ORDER_API_ERRORS.noGuessesLeft);
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
