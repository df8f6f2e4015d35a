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
 * Without JavaScript the page's forms post to the page itself (`POST /zamowienie/<quote id>`,
 * `…/akceptacja`, `…/kod`) and get the next step rendered by the server, through the same
 * steps (worker/orders/flow.ts). The order belongs to the quote's lead (the sales team's
 * inbox) and carries its attribution.
 */
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { type FormFields, type PageFormEnv, pageFormGuard } from '../http/page-form.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import { orderOfQuote } from './model.ts';
import { orderRequestOfQuote } from './model-order-requests.ts';
import { verificationOf } from './model-order-verification.ts';
import { REGISTER_TEXTS, verifyFrom } from './register.ts';
import { verificationTransfer } from '../payments/config.ts';
import { type Refusal, freeDays, liveQuote, orderBodyOfForm, placeOrder } from './flow.ts';
import { acceptByCode, sendNewCode } from './acceptance.ts';
import { RENTAL_TERMS_VERSION } from './rental-terms.ts';
import { orderPageCsp, renderOrderPage } from './page.tsx';
import type { FormState } from './page-form.tsx';
import { renderMissingQuotePage } from '../quotes/page.tsx';
import { dispatchLater } from '../webhooks/delivery.ts';
import { deliveryWishText } from './emails.ts';
import { dateTimeText } from '../../widgets/core/dates.ts';
import { NIP_ERROR, isValidNip, normalizeNip } from '../../widgets/core/nip.ts';
import { ORDER_API_ERRORS } from '../http/errors.ts';
import { overLimit } from '../middleware/intake/index.ts';
import { findCompany, whitelistOptions } from '../company/lookup.ts';

export const orderPage = new Hono<AppEnv & PageFormEnv>();

const originOf = (c: Context) => new URL(c.req.url).origin;

/** The order page of a live quote in its order's state, with what a form without JavaScript left in it. */
async function page(c: Context<AppEnv & PageFormEnv>, state: FormState = {}, status: 200 | Refusal['status'] = 200) {
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await orderPageCsp());
  const quote = await liveQuote(c.env.DB, c.req.param('id') ?? '');
  if (quote === 'missing' || quote === 'expired')
    return c.html(renderMissingQuotePage(quote === 'expired'), quote === 'expired' ? 410 : 404);
  const order = await orderOfQuote(c.env.DB, quote.id);
  const waiting = await orderRequestOfQuote(c.env.DB, quote.id);
  return c.html(
    renderOrderPage(quote, order ?? undefined, await freeDays(c.env.DB), state, {
      waiting: waiting ? REGISTER_TEXTS.waiting(waiting.signer_email) : undefined,
      transfer: verificationTransfer(c.env),
    }),
    status,
  );
}

orderPage.get('/:id', (c) => page(c));

orderPage.get('/:id/umowa.txt', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const order = await orderOfQuote(c.env.DB, c.req.param('id'));
  if (!order) return c.text('Nie znaleziono umowy o tym adresie.', 404);
  c.header('Content-Disposition', `inline; filename="umowa-najmu-${order.id.slice(0, 8)}.txt"`);
  c.header('X-Document-SHA256', order.document_sha256);
  return c.body(order.document, 200, { 'Content-Type': 'text/plain; charset=utf-8' });
});

// The forms without JavaScript: each answers the next step (303 to the page) or the page with the error by its field.
const formGuard = pageFormGuard<AppEnv & PageFormEnv>();
const one = (form: FormFields, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};
const backToPage = (c: Context, quoteId: string, step: 'accept' | 'done' | 'waiting' | 'company') =>
  c.redirect(`/zamowienie/${quoteId}#${step}`, 303);

orderPage.post('/:id', formGuard, async (c) => {
  const form = c.get('form');
  const quoteId = c.req.param('id');
  // A filled honeypot: the page as if sent, nothing stored.
  if (one(form, 'website')) return backToPage(c, quoteId, 'accept');
  const submissionId = one(form, 'submissionId') || crypto.randomUUID();
  const placed = await placeOrder(c.env, quoteId, orderBodyOfForm(form), submissionId, originOf(c));
  if (!placed.ok) return page(c, { values: form, refusal: placed }, placed.status);
  return backToPage(c, quoteId, 'order' in placed ? 'accept' : 'waiting');
});

// The look-up button without the script: the page again with the register's company (or why not), the fields kept.
orderPage.post('/:id/firma', formGuard, async (c) => {
  const form = c.get('form');
  const nip = normalizeNip(one(form, 'nip'));
  if (!isValidNip(nip)) return page(c, { values: form, refusal: { error: NIP_ERROR, field: 'nip' } }, 400);
  const ip = c.req.header('CF-Connecting-IP');
  if (ip && (await overLimit(c.env.COMPANY_LOOKUP_RATE_LIMIT, ip, 'company look-up')))
    return page(c, { values: form, refusal: { error: ORDER_API_ERRORS.lookupTooMany, field: 'nip' } }, 429);
  const found = await findCompany(c.env.DB, nip, whitelistOptions(c.env));
  if (found.kind === 'notFound')
    return page(c, { values: form, refusal: { error: ORDER_API_ERRORS.companyNotFound, field: 'nip' } }, 404);
  if (found.kind === 'unavailable')
    return page(c, { values: form, refusal: { error: ORDER_API_ERRORS.companyUnavailable, field: 'nip' } }, 503);
  const { name, address, regon, krs, vatStatus } = found.company;
  return page(c, { values: form, company: { name, address, regon, krs, vatStatus } });
});

/** The unsigned order of the page's quote, for the code forms. */
const orderIdOfPage = async (c: Context<AppEnv & PageFormEnv>) =>
  (await orderOfQuote(c.env.DB, c.req.param('id') ?? ''))?.id ?? '';

orderPage.post('/:id/akceptacja', formGuard, async (c) => {
  const form = c.get('form');
  const signed = await acceptByCode(
    c.env,
    await orderIdOfPage(c),
    { code: form.code },
    {
      ip: c.req.header('CF-Connecting-IP') ?? 'nieznany',
      userAgent: c.req.header('User-Agent') ?? '',
      origin: originOf(c),
      path: new URL(c.req.url).pathname,
    },
  );
  if (!signed.ok) return page(c, { refusal: { ...signed, field: signed.field ?? 'code' } }, signed.status);
  try {
    dispatchLater(c.env, c.executionCtx, signed.webhookIds);
  } catch {
    // called without a context (app.fetch in tests): the cron dispatches later
  }
  return backToPage(c, c.req.param('id'), 'done');
});

orderPage.post('/:id/kod', formGuard, async (c) => {
  const sent = await sendNewCode(c.env, await orderIdOfPage(c), originOf(c));
  if (!sent.ok) return page(c, { refusal: { ...sent, field: 'code-again' } }, sent.status);
  return page(c, { codeSent: true });
});

export const orders = new Hono<IntakeEnv>();

/** A filled honeypot: an answer shaped like a real one, nothing stored, no code sent. */
const spamAnswer = (c: Context<IntakeEnv>) =>
  c.json(
    { ok: true, id: crypto.randomUUID(), document: '', documentSha256: '', termsVersion: RENTAL_TERMS_VERSION },
    201,
  );

const refused = (c: Context<IntakeEnv>, r: Refusal) =>
  c.json(r.field ? { error: r.error, field: r.field } : { error: r.error }, r.status);

orders.post('/:quoteId', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId } = c.get('intake');
  const placed = await placeOrder(c.env, c.req.param('quoteId'), body, submissionId, originOf(c));
  if (!placed.ok) return refused(c, placed);
  // The register did not answer: the order waits for it (the cron finishes it and e-mails the code).
  if (!('order' in placed)) return c.json({ ok: true, waiting: true, message: placed.message }, 202);
  const o = placed.order;
  return c.json(
    {
      ok: true,
      id: o.id,
      document: o.document,
      documentSha256: o.document_sha256,
      termsVersion: o.terms_version,
      expiresAt: o.code_expires_at,
    },
    201,
  );
});

orders.post('/:orderId/accept', leadIntake(), async (c) => {
  const signed = await acceptByCode(c.env, c.req.param('orderId'), c.get('intake').body, {
    ip: c.get('intake').ip,
    userAgent: c.req.header('User-Agent') ?? '',
    origin: originOf(c),
    path: new URL(c.req.url).pathname,
  });
  if (!signed.ok) return refused(c, signed);
  const order = signed.order;
  c.set('webhooksClaimed', signed.webhookIds);
  return c.json({
    ok: true,
    id: order.id,
    status: 'signed',
    acceptedAt: order.accepted_at,
    // As the page writes it (Warsaw time): the page's script shows this text, formatting nothing itself.
    acceptedAtText: dateTimeText(order.accepted_at ?? new Date(), 'numeric', { seconds: true }),
    documentSha256: order.document_sha256,
    delivery: deliveryWishText(order),
    // After the acceptance the order waits for the company's verification transfer (or the team's check).
    verification: { ...verificationOf(order), from: verifyFrom(order) },
  });
});

orders.post('/:orderId/code', leadIntake(), async (c) => {
  const sent = await sendNewCode(c.env, c.req.param('orderId'), originOf(c));
  if (!sent.ok) return refused(c, sent);
  return c.json({ ok: true, id: c.req.param('orderId') });
});
