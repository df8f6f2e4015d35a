/**
 * `POST /api/quotes` (a configurator quote, DESIGN §4) and `GET /wycena/{id}` (its
 * printable page). The quote goes through the same intake guard as the contact form
 * (rate limit, JSON only, 16 KB, honeypot, submission id) and is stored as a lead of kind
 * 'quote' with its quote row and its notification in one D1 batch. The price is
 * recomputed here from the live catalogue: whatever price a browser sends is ignored.
 */
import { attributed } from '../leads/partners.ts';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { API_ERRORS } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import { liveVersion } from '../catalogue/index.ts';
import { bodyHash } from '../http/body-hash.ts';
import { PAGE_ID_PATTERN, newPageId } from '../http/auth.ts';
import { SubmissionConflict, storeLead } from '../leads/index.ts';
import { type DeferredLead, deferLead } from '../leads/deferred.ts';
import { leadStoreMs, withDeadline } from '../http/deadline.ts';
import { company as kserowo } from '../../widgets/core/company.ts';
import { type StoredQuote, quoteById, quoteOfRows, quoteOfSubmissionStatement, quoteStatements } from './model.ts';
import { quoteNotification } from './quote-email.ts';
import { quotePageCsp, renderMissingQuotePage, renderQuotePage } from './page.tsx';
import { priceQuote } from '../../widgets/core/quote.ts';
import { QUOTE_ERRORS } from '../../widgets/core/quote-validation.ts';
import { quoteWithEstimateSchema } from './estimate-schema.ts';
import { check } from '../../widgets/core/validation.ts';
import { recomputeEstimate } from '../../widgets/core/estimate-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { findDevice, findPackage } from '../../widgets/core/model.ts';
import { quoteAdvice } from '../../widgets/core/advisor.ts';

export const quotes = new Hono<IntakeEnv>();

/** A filled honeypot gets an answer shaped like a real one, and nothing is stored. */
const spamAnswer = (c: Context<IntakeEnv>) => {
  const id = newPageId();
  const number = `KS-${new Date().getUTCFullYear()}-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const origin = new URL(c.req.url).origin;
  return c.json({ ok: true, id, number, url: `${origin}/wycena/${id}`, orderUrl: `${origin}/zamowienie/${id}` }, 201);
};

quotes.post('/', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId, origin } = c.get('intake');
  const parsed = check(quoteWithEstimateSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const q = parsed.data;

  // Priced with the live version the isolate holds (the pages' version; no D1 query of its own).
  let catalogue: Awaited<ReturnType<typeof liveVersion>>['catalogue'];
  try {
    ({ catalogue } = await liveVersion(c.env));
  } catch (error) {
    console.error('quotes: reading the catalogue failed', error);
    return c.json({ error: API_ERRORS.quoteStorage }, 503);
  }
  const device = findDevice(catalogue, q.deviceId);
  if (!device) return c.json({ error: QUOTE_ERRORS.device, field: 'deviceId' }, 400);
  const pkg = findPackage(device, q.level);
  if (!pkg) return c.json({ error: QUOTE_ERRORS.level, field: 'level' }, 400);
  const figures = recomputeEstimate(
    catalogue,
    device,
    pkg.level,
    q.volume ? { mono: q.volume.mono ?? 0, color: q.volume.color ?? 0 } : undefined,
    q.estimate ?? undefined,
    q.comparison ?? undefined,
    warsawToday(),
  );
  if (!figures.ok) return c.json({ error: figures.error }, 400);
  const price = priceQuote(device, pkg, q.term, q.paper, figures.volume);

  const { name, email, phone, company, message, nip, city, marketingConsent } = q.contact;
  // Its id and time are fixed here, so a quote kept on the queue is stored as it was answered.
  const createdAt = new Date().toISOString();
  const lead: DeferredLead['lead'] = {
    id: crypto.randomUUID(),
    createdAt,
    kind: 'quote',
    submissionId,
    name,
    email,
    phone,
    company,
    message,
    marketingConsent,
    attribution: await attributed(c.env.DB, q.attribution, origin, { nip, at: createdAt }),
    origin,
    bodyHash: await bodyHash('quote', {
      deviceId: q.deviceId,
      level: q.level,
      term: q.term,
      paper: q.paper,
      volume: q.volume,
      contact: q.contact,
    }),
  };
  const quote = {
    id: newPageId(),
    price,
    catalogueVersion: catalogue.version,
    nip,
    city,
    marketingConsent,
    estimate: figures.estimate,
    comparison: figures.comparison,
    advice: figures.volume
      ? quoteAdvice(
          catalogue,
          { deviceId: device.id, level: pkg.level, term: q.term },
          figures.volume,
          q.clicked ?? undefined,
          { a3: q.a3 === true },
        )
      : undefined,
  };
  const pageUrl = (id: string) => `${new URL(c.req.url).origin}/wycena/${id}`;
  let stored: StoredQuote | undefined;
  try {
    // A locked D1 may never answer: past the deadline the quote goes to the queue like a refused one.
    const result = await withDeadline(
      storeLead(
        c.env.DB,
        lead,
        (leadId) => quoteNotification(leadId, lead, quote, pageUrl(quote.id), kserowo.salesEmail),
        (leadId) => quoteStatements(c.env.DB, leadId, quote),
        // Read back in the same batch: one D1 round trip per quote. A replayed submission
        // (same body, else SubmissionConflict) answers the quote stored the first time.
        quoteOfSubmissionStatement(c.env.DB, submissionId),
      ),
      leadStoreMs(c.env),
      'quotes: storing the quote',
    );
    stored = quoteOfRows(result.readBack);
    c.set('webhooksClaimed', result.webhookIds);
    if (!stored) throw new Error(`quotes: lead ${result.id} has no quote`);
    if (result.notificationId !== undefined) await enqueueNotification(c.env, result.notificationId);
  } catch (error) {
    if (error instanceof SubmissionConflict) return c.json({ error: API_ERRORS.replayed }, 409);
    // D1 did not take it: the queue keeps the quote until D1 answers again (leads/deferred.ts).
    // The visitor gets the same success with the page address and the prices; the number
    // (consecutive per year, given by D1) comes with the stored quote: its page and e-mail.
    console.error('quotes: storing the quote failed, deferring it to the queue', error);
    const notification = quoteNotification(lead.id, lead, quote, pageUrl(quote.id), kserowo.salesEmail);
    if (await deferLead(c.env, { lead, notification, quote }))
      return c.json(
        {
          ok: true,
          id: quote.id,
          number: null,
          url: pageUrl(quote.id),
          orderUrl: `${new URL(c.req.url).origin}/zamowienie/${quote.id}`,
          quote: price,
          ...(figures.comparison ? { savingsMonthly: figures.comparison.result.monthly.net } : {}),
        },
        202,
      );
    return c.json({ error: API_ERRORS.quoteStorage }, 503);
  }
  return c.json(
    {
      ok: true,
      id: stored.id,
      number: stored.number,
      url: pageUrl(stored.id),
      // The order page of the quote: 'Zamów online' at the end of the configurator.
      orderUrl: `${new URL(c.req.url).origin}/zamowienie/${stored.id}`,
      quote: stored.price,
      ...(stored.comparison ? { savingsMonthly: stored.comparison.result.monthly.net } : {}),
    },
    201,
  );
});

export const quotePage = new Hono<AppEnv>();

quotePage.get('/:id', async (c) => {
  const id = c.req.param('id');
  const quote = PAGE_ID_PATTERN.test(id) ? await quoteById(c.env.DB, id) : undefined;
  const expired = !!quote && Date.parse(quote.expiresAt) <= Date.now();
  // A CSP of its own; the other headers of a private page come from the security middleware.
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await quotePageCsp());
  if (!quote || expired) return c.html(renderMissingQuotePage(expired), expired ? 410 : 404);
  return c.html(renderQuotePage(quote));
});
