/**
 * `POST /api/quotes` (a configurator quote, DESIGN §4) and `GET /wycena/{id}` (its
 * printable page). The price is recomputed here from the live catalogue; whatever
 * price a browser sends is ignored.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app.ts';
import { liveCatalogue } from '../models/catalogue.ts';
import { type QuoteContact, createQuote, findQuote } from '../models/quotes.ts';
import { PACKAGE_LEVELS, findDevice, findPackage } from '../../widgets/core/model.ts';
import { priceQuote } from '../../widgets/core/quote.ts';
import { isValidNip } from '../../widgets/core/nip.ts';
import { quotePageCsp, renderMissingQuotePage, renderQuotePage } from '../quote-page.ts';

/** Largest request body we read. */
export const MAX_QUOTE_BODY = 16 * 1024;

const ERR = {
  tooLarge: 'Zapytanie jest zbyt duże.',
  notJson: 'Zapytanie musi być w formacie JSON.',
  badJson: 'Nie udało się odczytać zapytania.',
  device: 'Nie znamy wybranego urządzenia. Wybierz urządzenie z listy.',
  level: 'Nie znamy wybranego pakietu. Wybierz Basic, Business lub Premium.',
  term: 'Wybierz okres umowy: 24 lub 36 miesięcy albo krótszy okres do uzgodnienia.',
  required: 'Proszę wypełnić wszystkie wymagane pola (imię i email)',
  email: 'Proszę podać prawidłowy adres email',
  nip: 'Nieprawidłowy NIP – sprawdź numer.',
  volume: 'Podaj liczbę stron jako liczbę całkowitą od 0 do 1 000 000.',
  tooLong: (field: string, max: number) => `Pole „${field}” może mieć najwyżej ${max} znaków.`,
  invalid: 'Nieprawidłowe dane zapytania. Odśwież stronę i spróbuj ponownie.',
  storage: 'Nie udało się zapisać wyceny. Spróbuj ponownie za chwilę.',
} as const;

const text = (field: string, max: number) =>
  v.optional(v.pipe(v.string(ERR.tooLong(field, max)), v.trim(), v.maxLength(max, ERR.tooLong(field, max))));
const pages = v.optional(v.pipe(v.number(ERR.volume), v.integer(ERR.volume), v.minValue(0, ERR.volume), v.maxValue(1_000_000, ERR.volume)));
const STRICT_EMAIL = /^[^\s@,;<>"()\x00-\x1f\x7f]+@[^\s@,;<>"()\x00-\x1f\x7f]+\.[^\s@,;<>"()\x00-\x1f\x7f]+$/;

const ContactSchema = v.object({
  name: v.pipe(v.string(ERR.required), v.trim(), v.nonEmpty(ERR.required), v.maxLength(100, ERR.tooLong('Imię i nazwisko', 100))),
  email: v.pipe(v.string(ERR.required), v.trim(), v.nonEmpty(ERR.required), v.maxLength(254, ERR.email), v.regex(STRICT_EMAIL, ERR.email)),
  phone: text('Telefon', 30),
  company: text('Firma', 150),
  nip: v.optional(v.pipe(v.string(ERR.nip), v.trim(), v.check((n) => n === '' || isValidNip(n), ERR.nip))),
  city: text('Miejscowość', 80),
  message: text('Wiadomość', 2000),
  marketingConsent: v.optional(v.boolean(), false),
});

const ATTRIBUTION_KEYS = ['page', 'origin', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'partner'] as const;

const QuoteSchema = v.object({
  deviceId: v.pipe(v.string(ERR.device), v.maxLength(64, ERR.device)),
  level: v.picklist(PACKAGE_LEVELS, ERR.level),
  term: v.picklist([24, 36, 'short'], ERR.term),
  paper: v.optional(v.boolean(), false),
  volume: v.optional(v.object({ mono: pages, color: pages })),
  contact: ContactSchema,
  submissionId: v.optional(v.pipe(v.string(), v.uuid())),
  attribution: v.optional(v.record(v.string(), v.unknown())),
  website: v.optional(v.string()),
});

/** Known attribution fields only, as short strings. */
function cleanAttribution(raw: Record<string, unknown> | undefined, requestOrigin: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = raw?.[key];
    if (typeof value === 'string' && value) out[key] = value.slice(0, 500);
  }
  if (requestOrigin) out.requestOrigin = requestOrigin.slice(0, 200);
  return out;
}

export const quotes = new Hono<AppEnv>();

quotes.post('/', async (c) => {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) return c.json({ error: ERR.notJson }, 415);
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (declared > MAX_QUOTE_BODY) return c.json({ error: ERR.tooLarge }, 413);
  const raw = await c.req.text();
  if (new TextEncoder().encode(raw).length > MAX_QUOTE_BODY) return c.json({ error: ERR.tooLarge }, 413);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return c.json({ error: ERR.badJson }, 400);
  }
  const given = (json as { contact?: unknown } | null)?.contact;
  if (typeof given !== 'object' || given === null) return c.json({ error: ERR.required }, 400);
  const parsed = v.safeParse(QuoteSchema, json, { message: ERR.invalid });
  if (!parsed.success) return c.json({ error: parsed.issues[0]?.message ?? ERR.badJson }, 400);
  const body = parsed.output;
  // The honeypot: people never see the field, so whoever fills it is answered and forgotten.
  if (body.website) return c.json({ ok: true }, 201);

  const catalogue = await liveCatalogue(c.env.DB);
  const device = findDevice(catalogue, body.deviceId);
  if (!device) return c.json({ error: ERR.device }, 400);
  const pkg = findPackage(device, body.level);
  if (!pkg) return c.json({ error: ERR.level }, 400);

  const contact: QuoteContact = {
    name: body.contact.name,
    email: body.contact.email,
    marketingConsent: body.contact.marketingConsent,
  };
  for (const key of ['phone', 'company', 'nip', 'city', 'message'] as const) {
    const value = body.contact[key];
    if (value) contact[key] = value;
  }
  const price = priceQuote(device, pkg, body.term, body.paper, body.volume && { mono: body.volume.mono ?? 0, color: body.volume.color ?? 0 });
  try {
    const stored = await createQuote(c.env.DB, {
      price,
      catalogueVersion: catalogue.version,
      contact,
      attribution: cleanAttribution(body.attribution, c.req.header('Origin')),
      ...(body.submissionId ? { submissionId: body.submissionId } : {}),
    });
    const url = `${new URL(c.req.url).origin}/wycena/${stored.id}`;
    return c.json({ ok: true, id: stored.id, number: stored.number, url, quote: stored.price }, 201);
  } catch (error) {
    console.error('quote not stored', error);
    return c.json({ error: ERR.storage }, 503);
  }
});

export const quotePage = new Hono<AppEnv>();

quotePage.get('/:id', async (c) => {
  const id = c.req.param('id');
  const quote = /^[A-Za-z0-9_-]{32}$/.test(id) ? await findQuote(c.env.DB, id) : undefined;
  const expired = !!quote && Date.parse(quote.expiresAt) <= Date.now();
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'private, no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', await quotePageCsp());
  if (!quote || expired) return c.html(renderMissingQuotePage(expired), expired ? 410 : 404);
  return c.html(renderQuotePage(quote));
});
