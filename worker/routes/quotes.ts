/**
 * `POST /api/quotes` (a configurator quote, DESIGN §4) and `GET /wycena/{id}` (its
 * printable page). The quote goes through the same intake guard as the contact form
 * (rate limit, JSON only, 16 KB, honeypot, submission id) and is stored as a lead of kind
 * 'quote' with its quote row and its notification in one D1 batch. The price is
 * recomputed here from the live catalogue: whatever price a browser sends is ignored.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app.ts';
import { enqueueNotification } from '../email/delivery.ts';
import { type IntakeEnv, leadIntake } from '../http/intake.ts';
import { liveCatalogue } from '../models/catalogue.ts';
import { type NewLead, storeLead } from '../models/leads.ts';
import { QUOTE_ID_PATTERN, newQuoteId, quoteById, quoteOfLead, quoteStatements } from '../models/quotes.ts';
import { quoteNotification } from '../email/quote-notification.ts';
import { quotePageCsp, renderMissingQuotePage, renderQuotePage } from '../pages/quote.ts';
import { PAGE_HEADERS } from '../../site/headers.ts';
import { PACKAGE_LEVELS, findDevice, findPackage } from '../../widgets/core/model.ts';
import { isValidNip } from '../../widgets/core/nip.ts';
import { priceQuote } from '../../widgets/core/quote.ts';
import { recomputeEstimate, warsawToday } from '../../widgets/core/estimate-validation.ts';
import { contractInputSchema, estimateInputSchema } from '../../widgets/core/estimate-schema.ts';
import {
  attributionSchema,
  check,
  companySchema,
  emailSchema,
  honeypotSchema,
  messageSchema,
  nameSchema,
  phoneSchema,
  submissionIdSchema,
} from '../../widgets/core/validation.ts';

export const QUOTE_ERRORS = {
  body: 'Nieprawidłowe dane wyceny.',
  device: 'Nie znamy wybranego urządzenia. Wybierz urządzenie z listy.',
  level: 'Nie znamy wybranego pakietu. Wybierz Basic, Business lub Premium.',
  term: 'Wybierz okres umowy: 24 lub 36 miesięcy albo krótszy okres do uzgodnienia.',
  paper: 'Nieprawidłowa opcja papieru.',
  volume: 'Liczba stron miesięcznie musi być liczbą całkowitą od 0 do 1 000 000.',
  contact: 'Proszę wypełnić wszystkie wymagane pola (imię i email)',
  nip: 'Pole „NIP” musi zawierać prawidłowy numer NIP (10 cyfr z poprawną sumą kontrolną).',
  city: 'Pole „Miejscowość” może mieć najwyżej 80 znaków, bez znaków sterujących.',
  consent: 'Nieprawidłowa wartość zgody marketingowej.',
  storage: 'Nie udało się zapisać wyceny. Spróbuj ponownie za chwilę.',
} as const;

const pages = v.optional(
  v.pipe(
    v.number(QUOTE_ERRORS.volume),
    v.integer(QUOTE_ERRORS.volume),
    v.minValue(0, QUOTE_ERRORS.volume),
    v.maxValue(1_000_000, QUOTE_ERRORS.volume),
  ),
);
const blankToUndefined = v.transform((s: string) => s || undefined);

/** The contact fields of a quote: the contact form's, plus company, NIP, city and the marketing consent. */
export const quoteContactSchema = v.object(
  {
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema,
    company: companySchema,
    nip: v.nullish(
      v.pipe(
        v.string(QUOTE_ERRORS.nip),
        v.trim(),
        v.check((n) => n === '' || isValidNip(n), QUOTE_ERRORS.nip),
        blankToUndefined,
      ),
    ),
    city: v.nullish(
      v.pipe(
        v.string(QUOTE_ERRORS.city),
        v.trim(),
        v.maxLength(80, QUOTE_ERRORS.city),
        v.check((s) => !/[\0-\x1f\x7f]/.test(s), QUOTE_ERRORS.city),
        blankToUndefined,
      ),
    ),
    message: messageSchema,
    marketingConsent: v.optional(v.boolean(QUOTE_ERRORS.consent), false),
  },
  QUOTE_ERRORS.contact,
);

/** The quote body of DESIGN §4; unknown fields (a price, say) are dropped. */
export const quoteSchema = v.object(
  {
    deviceId: v.pipe(v.string(QUOTE_ERRORS.device), v.maxLength(64, QUOTE_ERRORS.device)),
    level: v.picklist(PACKAGE_LEVELS, QUOTE_ERRORS.level),
    term: v.picklist([24, 36, 'short'], QUOTE_ERRORS.term),
    paper: v.optional(v.boolean(QUOTE_ERRORS.paper), false),
    volume: v.nullish(v.object({ mono: pages, color: pages }, QUOTE_ERRORS.volume)),
    contact: v.optional(quoteContactSchema, {}),
    /** Issue 16: the inputs only; the worker recomputes the volume and the comparison. */
    estimate: v.nullish(estimateInputSchema),
    comparison: v.nullish(contractInputSchema),
    submissionId: submissionIdSchema,
    attribution: attributionSchema,
    website: honeypotSchema,
  },
  QUOTE_ERRORS.body,
);

export const quotes = new Hono<IntakeEnv>();

/** A filled honeypot gets an answer shaped like a real one, and nothing is stored. */
const spamAnswer = (c: Context<IntakeEnv>) => {
  const id = newQuoteId();
  const number = `KS-${new Date().getUTCFullYear()}-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  return c.json({ ok: true, id, number, url: `${new URL(c.req.url).origin}/wycena/${id}` }, 201);
};

quotes.post('/', leadIntake({ spamAnswer }), async (c) => {
  const { body, submissionId, origin } = c.get('intake');
  const parsed = check(quoteSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const q = parsed.data;

  const catalogue = await liveCatalogue(c.env.DB);
  const device = findDevice(catalogue, q.deviceId);
  if (!device) return c.json({ error: QUOTE_ERRORS.device }, 400);
  const pkg = findPackage(device, q.level);
  if (!pkg) return c.json({ error: QUOTE_ERRORS.level }, 400);
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
  const lead: NewLead = {
    kind: 'quote',
    submissionId,
    name,
    email,
    phone,
    company,
    message,
    attribution: q.attribution,
    origin,
  };
  const quote = {
    id: newQuoteId(),
    price,
    catalogueVersion: catalogue.version,
    nip,
    city,
    marketingConsent,
    estimate: figures.estimate,
    comparison: figures.comparison,
  };
  const pageUrl = (id: string) => `${new URL(c.req.url).origin}/wycena/${id}`;
  let stored: Awaited<ReturnType<typeof quoteOfLead>>;
  try {
    const result = await storeLead(
      c.env.DB,
      lead,
      (leadId) => quoteNotification(leadId, lead, quote, pageUrl(quote.id), c.env.SALES_EMAIL),
      (leadId) => quoteStatements(c.env.DB, leadId, quote),
    );
    // A replayed submission answers the quote stored the first time.
    stored = await quoteOfLead(c.env.DB, result.id);
    if (!stored) throw new Error(`quotes: lead ${result.id} has no quote`);
    if (result.notificationId !== undefined) await enqueueNotification(c.env, result.notificationId);
  } catch (error) {
    console.error('quotes: storing the quote failed', error);
    return c.json({ error: QUOTE_ERRORS.storage }, 503);
  }
  return c.json(
    {
      ok: true,
      id: stored.id,
      number: stored.number,
      url: pageUrl(stored.id),
      quote: stored.price,
      ...(stored.comparison ? { savingsMonthly: stored.comparison.result.monthly.net } : {}),
    },
    201,
  );
});

export const quotePage = new Hono<AppEnv>();

quotePage.get('/:id', async (c) => {
  const id = c.req.param('id');
  const quote = QUOTE_ID_PATTERN.test(id) ? await quoteById(c.env.DB, id) : undefined;
  const expired = !!quote && Date.parse(quote.expiresAt) <= Date.now();
  // The site's page headers, but a referrer policy that never sends the secret path on,
  // and a CSP of its own (kept by the security middleware).
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await quotePageCsp());
  if (!quote || expired) return c.html(renderMissingQuotePage(expired), expired ? 410 : 404);
  return c.html(renderQuotePage(quote));
});
