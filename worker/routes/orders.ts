/**
 * Orders online (DESIGN §8): the order page `/zamowienie/<quote id>` with its document
 * `/zamowienie/<quote id>/umowa.txt`, and the public API behind it:
 *  - `POST /api/orders/<quote id>`: the order form (the lead forms' intake guard) → the
 *    contract document made from the quote's frozen prices and the versioned rental terms,
 *    its SHA-256, and a 6-digit code e-mailed to the signer (stored with its e-mail in one
 *    batch); `201 {ok, id, document, documentSha256, termsVersion, expiresAt}`;
 *  - `POST /api/orders/<order id>/accept {code}`: the acceptance, stored with the time, IP,
 *    user agent, terms version and document hash; codes expire, are used once and allow
 *    a few attempts;
 *  - `POST /api/orders/<order id>/code`: a new code.
 * The order belongs to the quote's lead (the sales team's inbox) and carries its attribution.
 */
import { orderEvent } from '../orders/events.ts';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { enqueueNotification } from '../email/delivery.ts';
import { codeMail, type OrderLinks, salesOrderMail, signedMail } from '../email/order-notification.ts';
import { sha256Hex } from '../http/auth.ts';
import { API_ERRORS, ORDER_API_ERRORS } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import {
  CODE_LIMITS,
  type NewOrder,
  type OrderRow,
  acceptOrder,
  bookedDays,
  countWrongCode,
  newAcceptanceCode,
  orderById,
  orderOfQuote,
  renewCode,
  saveOrder,
} from '../models/orders.ts';
import { leadById } from '../models/leads.ts';
import { QUOTE_ID_PATTERN, type StoredQuote, quoteById } from '../models/quotes.ts';
import { contractDocument } from '../orders/document.ts';
import { RENTAL_TERMS_VERSION, rentalTermsText } from '../orders/rental-terms.ts';
import { orderPageCsp, renderOrderPage } from '../pages/order.tsx';
import { renderMissingQuotePage } from '../pages/quote.tsx';
import { findCompany, whitelistOptions } from '../whitelist/lookup.ts';
import { DELIVERY, deliveryDayText, deliveryDays } from '../../widgets/core/delivery.ts';
import { ORDER_ERRORS, acceptSchema, orderSchema } from '../../widgets/core/order-validation.ts';
import { warsawToday } from '../../widgets/core/service-fields.ts';
import { check } from '../../widgets/core/validation.ts';

const ORDER_ID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

const linksOf = (c: Context, quoteId: string): OrderLinks => {
  const page = `${new URL(c.req.url).origin}/zamowienie/${quoteId}`;
  return { page, document: `${page}/umowa.txt` };
};

/** A live quote by its secret id; the answer to give when there is none. */
async function liveQuote(db: D1Database, id: string): Promise<StoredQuote | 'missing' | 'expired'> {
  const quote = QUOTE_ID_PATTERN.test(id) ? await quoteById(db, id) : undefined;
  if (!quote) return 'missing';
  return Date.parse(quote.expiresAt) <= Date.now() ? 'expired' : quote;
}

/** The free delivery days of every served city, today in Warsaw. */
async function freeDays(db: D1Database): Promise<Record<string, string[]>> {
  const today = warsawToday();
  const booked = await bookedDays(db, today);
  return Object.fromEntries(
    Object.keys(DELIVERY.leadBusinessDays).map((city) => [city, deliveryDays(city, today, booked)]),
  );
}

export const orderPage = new Hono<AppEnv>();

orderPage.get('/:id', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await orderPageCsp());
  const quote = await liveQuote(c.env.DB, c.req.param('id'));
  if (quote === 'missing' || quote === 'expired')
    return c.html(renderMissingQuotePage(quote === 'expired'), quote === 'expired' ? 410 : 404);
  const order = await orderOfQuote(c.env.DB, quote.id);
  return c.html(renderOrderPage(quote, order ?? undefined, await freeDays(c.env.DB)));
});

orderPage.get('/:id/umowa.txt', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const id = c.req.param('id');
  const order = QUOTE_ID_PATTERN.test(id) ? await orderOfQuote(c.env.DB, id) : null;
  if (!order) return c.text('Nie znaleziono umowy o tym adresie.', 404);
  c.header('Content-Disposition', `inline; filename="umowa-najmu-${order.id.slice(0, 8)}.txt"`);
  c.header('X-Document-SHA256', order.document_sha256);
  return c.body(order.document, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
});

export const orders = new Hono<IntakeEnv>();

const codeHashOf = (orderId: string, code: string) => sha256Hex(`order-code:${orderId}:${code}`);

/** A filled honeypot: an answer shaped like a real one, nothing stored, no code sent. */
const spamAnswer = (c: Context<IntakeEnv>) =>
  c.json(
    { ok: true, id: crypto.randomUUID(), document: '', documentSha256: '', termsVersion: RENTAL_TERMS_VERSION },
    201,
  );

orders.post('/:quoteId', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId } = c.get('intake');
  const parsed = check(orderSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const input = parsed.data;
  const quote = await liveQuote(c.env.DB, c.req.param('quoteId'));
  if (quote === 'missing') return c.json({ error: ORDER_API_ERRORS.noQuote }, 404);
  if (quote === 'expired') return c.json({ error: ORDER_API_ERRORS.quoteExpired }, 410);

  const existing = await orderOfQuote(c.env.DB, quote.id);
  if (existing && existing.status !== 'awaiting_acceptance')
    return c.json({ error: ORDER_API_ERRORS.alreadySigned }, 409);
  const fields = { ...input, submissionId: undefined, website: undefined };
  const bodyHash = await sha256Hex(JSON.stringify(fields));
  if (existing?.submission_id === submissionId) {
    if (existing.body_hash !== bodyHash) return c.json({ error: API_ERRORS.replayed }, 409);
    // A retry of the same form fill: the order and its code as they are, no second e-mail.
    return c.json(orderAnswer(existing), 201);
  }
  if (existing && existing.codes_sent >= CODE_LIMITS.codesPerOrder)
    return c.json({ error: ORDER_API_ERRORS.noMoreCodes }, 429);

  const days = deliveryDays(input.city, warsawToday(), await bookedDays(c.env.DB, warsawToday()));
  if (!days.includes(input.date)) return c.json({ error: ORDER_ERRORS.date, field: 'date' }, 400);

  // The VAT status is the register's, never the browser's: the cached look-up, else none (typed by hand).
  const register = await findCompany(c.env.DB, input.nip, whitelistOptions(c.env));
  const vatStatus = register.kind === 'found' ? register.company.vatStatus : null;
  const lead = await leadById(c.env.DB, quote.leadId);
  const parties = {
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
    bodyHash,
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
      c.env.DB,
      order,
      await codeHashOf(orderId, code),
      codeMail(
        { ...toFacts(order), document_sha256: order.documentSha256 },
        quote,
        code,
        CODE_LIMITS.validMinutes,
        linksOf(c, quote.id),
      ),
    );
    if (!saved.order) return c.json({ error: ORDER_API_ERRORS.alreadySigned }, 409);
    if (saved.notificationId !== undefined) await enqueueNotification(c.env, saved.notificationId);
    return c.json(orderAnswer(saved.order), 201);
  } catch (error) {
    console.error('orders: storing the order failed', error);
    return c.json({ error: ORDER_API_ERRORS.orderStorage }, 503);
  }
});

const toFacts = (o: NewOrder) => ({
  signer_email: o.signerEmail,
  signer_name: o.signerName,
  company_name: o.companyName,
  terms_version: o.termsVersion,
  delivery_date: o.date,
});

const orderAnswer = (o: OrderRow) => ({
  ok: true,
  id: o.id,
  document: o.document,
  documentSha256: o.document_sha256,
  termsVersion: o.terms_version,
  expiresAt: o.code_expires_at,
});

/** The order of an acceptance or code request, or the answer when there is none to act on. */
async function openOrder(c: Context<IntakeEnv>): Promise<OrderRow | Response> {
  const id = c.req.param('orderId') ?? '';
  const order = ORDER_ID_PATTERN.test(id) ? await orderById(c.env.DB, id) : null;
  if (!order) return c.json({ error: ORDER_API_ERRORS.noOrder }, 404);
  if (order.status !== 'awaiting_acceptance') return c.json({ error: ORDER_API_ERRORS.alreadySigned }, 409);
  return order;
}

orders.post('/:orderId/accept', leadIntake(), async (c) => {
  const parsed = check(acceptSchema, c.get('intake').body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: 'code' }, 400);
  const order = await openOrder(c);
  if (order instanceof Response) return order;
  if (!order.code_hash) return c.json({ error: ORDER_API_ERRORS.noCode }, 409);
  if (order.code_attempts >= CODE_LIMITS.attempts) return c.json({ error: ORDER_API_ERRORS.noAttempts }, 429);
  if (!order.code_expires_at || Date.parse(order.code_expires_at) <= Date.now())
    return c.json({ error: ORDER_API_ERRORS.codeExpired }, 410);
  const codeHash = await codeHashOf(order.id, parsed.data.code);
  if (codeHash !== order.code_hash) {
    const used = await countWrongCode(c.env.DB, order.id);
    if (used === undefined) return c.json({ error: ORDER_API_ERRORS.noAttempts }, 429);
    return c.json({ error: ORDER_API_ERRORS.wrongCode(CODE_LIMITS.attempts - used), field: 'code' }, 400);
  }
  const quote = await quoteById(c.env.DB, order.quote_id);
  if (!quote) return c.json({ error: ORDER_API_ERRORS.noQuote }, 404);
  const at = new Date();
  const links = linksOf(c, quote.id);
  const acceptedAt = new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    dateStyle: 'long',
    timeStyle: 'medium',
  }).format(at);
  const signedRow: OrderRow = { ...order, status: 'signed', accepted_at: at.toISOString() };
  const result = await acceptOrder(
    c.env.DB,
    order,
    {
      codeHash,
      at,
      ip: c.get('intake').ip,
      userAgent: c.req.header('User-Agent') ?? '',
      installationsPerDay: DELIVERY.installationsPerDay,
    },
    [signedMail(signedRow, quote, acceptedAt, links), salesOrderMail(signedRow, quote, links)],
    orderEvent(signedRow, quote),
  );
  if (!result.signed) {
    const now = await orderById(c.env.DB, order.id);
    if (now?.status !== 'awaiting_acceptance') return c.json({ error: ORDER_API_ERRORS.alreadySigned }, 409);
    return c.json({ error: ORDER_API_ERRORS.dayFull, field: 'date' }, 409);
  }
  c.set('webhooksClaimed', result.webhookIds);
  for (const id of result.notificationIds) await enqueueNotification(c.env, id);
  return c.json({
    ok: true,
    id: order.id,
    status: 'signed',
    acceptedAt: at.toISOString(),
    documentSha256: order.document_sha256,
    delivery: `Dostawa i instalacja: ${deliveryDayText(order.delivery_date)}, ${order.delivery_address}.`,
  });
});

orders.post('/:orderId/code', leadIntake(), async (c) => {
  const order = await openOrder(c);
  if (order instanceof Response) return order;
  if (order.codes_sent >= CODE_LIMITS.codesPerOrder) return c.json({ error: ORDER_API_ERRORS.noMoreCodes }, 429);
  const quote = await quoteById(c.env.DB, order.quote_id);
  if (!quote) return c.json({ error: ORDER_API_ERRORS.noQuote }, 404);
  const code = newAcceptanceCode();
  const renewed = await renewCode(
    c.env.DB,
    order,
    await codeHashOf(order.id, code),
    codeMail(order, quote, code, CODE_LIMITS.validMinutes, linksOf(c, quote.id)),
  );
  if (!renewed.renewed) return c.json({ error: ORDER_API_ERRORS.noMoreCodes }, 429);
  if (renewed.notificationId !== undefined) await enqueueNotification(c.env, renewed.notificationId);
  return c.json({ ok: true, id: order.id });
});
