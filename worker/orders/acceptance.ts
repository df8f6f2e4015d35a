/**
 * The acceptance of an order by the code e-mailed to its signer, and a new code when asked:
 * the last steps of an order placed online, for the API and the plain forms alike (flow.ts).
 */
import { enqueueNotification } from '../outbox/delivery.ts';
import { codeMail, type VerificationAsk, salesOrderMail, signedMail } from './emails.ts';
import { type PaymentsEnv, verificationTransfer } from '../payments/config.ts';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import {
  CODE_LIMITS,
  type OrderRow,
  acceptOrder,
  countWrongCode,
  newAcceptanceCode,
  orderById,
  renewCode,
} from './model.ts';
import { quoteById } from '../quotes/index.ts';
import { company } from '../../widgets/core/company.ts';
import { DELIVERY } from '../admin-shared/delivery.ts';
import { acceptSchema } from './order-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { SAMPLE_MARK } from './document.ts';
import { orderEvent } from './events.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { verifyFrom } from './register.ts';
import { ORDER_ID_PATTERN, type Refusal, codeHashOf, orderLinks, refuse } from './flow.ts';
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
 * confirmation with the document to the signer, the sales team's notice and `order.signed`,
 * all in one batch; the lead is won only by the company's verification (verified-lead.ts).
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
    // The lead is not won by a signature (it proves a mailbox): the verification wins it (verified-lead.ts).
    [],
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
