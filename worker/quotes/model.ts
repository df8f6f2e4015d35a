/**
 * The quotes table (migration 0003): a priced configuration stored in the batch of its
 * lead (leads/model.ts `storeLead`), read back with its lead's contact fields for
 * /wycena/{id} and the admin panel (a join of quotes and leads: a quote is shown with
 * the person who asked for it).
 */
import { type QuotePrice, type Term, QUOTE_VALID_DAYS } from '../../widgets/core/quote.ts';
import { type PackageLevel, LEVEL_NAMES } from '../../widgets/core/model.ts';
import type { StoredComparison, StoredEstimate } from '../../widgets/core/estimate-validation.ts';
import type { StoredAdvice } from '../../widgets/core/advisor.ts';
import { eventDataFrom, sqlJsonObject, webhookEventStatements } from '../webhooks/index.ts';
import type { QuoteSummary } from '../admin-shared/admin-api.ts';

/** Written into a notification before the batch; the batch replaces it with the number it gave. */
export const NUMBER_PLACEHOLDER = '{{NUMER_WYCENY}}';

export interface NewQuote {
  /** The secret id of /wycena/{id}. */
  id: string;
  price: QuotePrice;
  catalogueVersion: number;
  nip?: string | null | undefined;
  city?: string | null | undefined;
  marketingConsent: boolean;
  /** Migration 0060: recomputed by the worker from the inputs. */
  estimate?: StoredEstimate | undefined;
  comparison?: StoredComparison | undefined;
  /** Migration 0190: the best offer beside the clicked device, recomputed by the worker (advisor.ts `quoteAdvice`). */
  advice?: StoredAdvice | undefined;
}

export interface QuoteContact {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  nip: string | null;
  city: string | null;
  marketingConsent: boolean;
}

export interface StoredQuote {
  id: string;
  leadId: string;
  number: string;
  createdAt: string;
  expiresAt: string;
  price: QuotePrice;
  contact: QuoteContact;
  attribution: Record<string, unknown>;
  catalogueVersion: number;
  estimate?: StoredEstimate;
  comparison?: StoredComparison;
  advice?: StoredAdvice;
}

interface QuoteRow {
  id: string;
  lead_id: string;
  number: string;
  device_id: string;
  device_name: string;
  level: PackageLevel;
  term: string;
  paper: number;
  volume_mono: number;
  volume_color: number | null;
  monthly_limit: number;
  color_limit: number | null;
  overage_mono: number;
  overage_color: number | null;
  monthly_net: number;
  monthly_vat: number;
  monthly_gross: number;
  estimated_net: number;
  estimated_gross: number;
  catalogue_version: number;
  nip: string | null;
  city: string | null;
  marketing_consent: number;
  estimate: string | null;
  comparison: string | null;
  advice: string | null;
  created_at: string;
  expires_at: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  attribution: string;
}

const DAY_MS = 86_400_000;

/**
 * The statements that store `quote` for lead `leadId` inside the lead's batch: the quote,
 * numbered KS-<year>-<next of that year> in the same statement (D1 runs one statement at a
 * time, so two quotes never share a number), then the number put into the lead's
 * notification. Both do nothing when the lead was not inserted (a replayed submission).
 */
export function quoteStatements(
  db: D1Database,
  leadId: string,
  quote: NewQuote,
  now = new Date(),
): D1PreparedStatement[] {
  const p = quote.price;
  const year = now.getUTCFullYear();
  const insert = db
    .prepare(
      `INSERT INTO quotes (id, lead_id, year, seq, number, device_id, device_name, level, term, paper, volume_mono,
         volume_color, monthly_limit, color_limit, overage_mono, overage_color, monthly_net, monthly_vat, monthly_gross,
         estimated_net, estimated_gross, catalogue_version, nip, city, marketing_consent, created_at, expires_at, estimate,
         comparison, advice)
       SELECT ?1, ?2, ?3, n, ?4 || substr('000000' || n, -6), ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
         ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29
       FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM quotes WHERE year = ?3)
       WHERE EXISTS (SELECT 1 FROM leads WHERE id = ?2)`,
    )
    .bind(
      quote.id,
      leadId,
      year,
      `KS-${year}-`,
      p.deviceId,
      p.deviceName,
      p.level,
      String(p.term),
      p.paper ? 1 : 0,
      p.volume.mono,
      p.volume.color ?? null,
      p.monthlyLimit,
      p.colorLimit ?? null,
      p.overageMono,
      p.overageColor ?? null,
      p.monthlyNet,
      p.monthlyVat,
      p.monthlyGross,
      p.estimatedNet,
      p.estimatedGross,
      quote.catalogueVersion,
      quote.nip ?? null,
      quote.city ?? null,
      quote.marketingConsent ? 1 : 0,
      now.toISOString(),
      new Date(now.getTime() + QUOTE_VALID_DAYS * DAY_MS).toISOString(),
      quote.estimate ? JSON.stringify(quote.estimate) : null,
      quote.comparison ? JSON.stringify(quote.comparison) : null,
      quote.advice ? JSON.stringify(quote.advice) : null,
    );
  const numberTheNotification = db
    .prepare(
      `UPDATE outbox SET
         subject = replace(subject, ?2, (SELECT number FROM quotes WHERE lead_id = ?1)),
         body = replace(body, ?2, (SELECT number FROM quotes WHERE lead_id = ?1))
       WHERE lead_id = ?1 AND EXISTS (SELECT 1 FROM quotes WHERE lead_id = ?1)`,
    )
    .bind(leadId, NUMBER_PLACEHOLDER);
  // Read after the insert, so only a quote this batch stored has its event.
  const event = webhookEventStatements(
    db,
    'quote.created',
    eventDataFrom(
      `SELECT ${QUOTE_EVENT_DATA} AS data FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE q.id = ?`,
      quote.id,
    ),
  );
  return [insert, numberTheNotification, ...event];
}

/** SQL: the `quote.created` event's data from the quote `q` and its lead `l` (21 members). */
const QUOTE_EVENT_DATA = sqlJsonObject([
  ['leadId', 'l.id'],
  ['number', 'q.number'],
  ['deviceId', 'q.device_id'],
  ['deviceName', 'q.device_name'],
  ['level', 'q.level'],
  ['term', 'q.term'],
  ['monthlyNet', 'q.monthly_net'],
  ['monthlyGross', 'q.monthly_gross'],
  ['estimatedNet', 'q.estimated_net'],
  ['estimatedGross', 'q.estimated_gross'],
  // The pages a month the estimate is for (0 mono: none stated), and the estimate ('Nie wiem, ile
  // drukuję') as stored, {inputs, result}, or null.
  ['volume', "json_object('mono', q.volume_mono, 'color', q.volume_color)"],
  ['estimate', 'CASE WHEN json_valid(q.estimate) THEN json(q.estimate) END'],
  ['name', 'l.name'],
  ['email', 'l.email'],
  ['phone', 'l.phone'],
  ['company', 'l.company'],
  ['nip', 'q.nip'],
  ['city', 'q.city'],
  ['attribution', 'CASE WHEN json_valid(l.attribution) THEN json(l.attribution) END'],
  ['owner', "json('null')"],
  ['createdAt', 'q.created_at'],
]);

const SELECT = `SELECT q.*, l.name, l.email, l.phone, l.company, l.message, l.attribution
  FROM quotes q JOIN leads l ON l.id = q.lead_id`;

export async function quoteById(db: D1Database, id: string): Promise<StoredQuote | undefined> {
  const row = await db.prepare(`${SELECT} WHERE q.id = ?`).bind(id).first<QuoteRow>();
  return row ? fromRow(row) : undefined;
}

/**
 * Reads back, inside the storing batch, the quote of a submission: the new one, or on a
 * replay the one stored the first time (so a quote POST is one D1 round trip).
 */
export function quoteOfSubmissionStatement(db: D1Database, submissionId: string): D1PreparedStatement {
  return db.prepare(`${SELECT} WHERE l.submission_id = ?`).bind(submissionId);
}

/** The quote of `quoteOfSubmissionStatement`'s rows. */
export function quoteOfRows(rows: unknown[] | undefined): StoredQuote | undefined {
  const row = rows?.[0] as QuoteRow | undefined;
  return row ? fromRow(row) : undefined;
}

export async function quoteOfLead(db: D1Database, leadId: string): Promise<StoredQuote | undefined> {
  const row = await db.prepare(`${SELECT} WHERE q.lead_id = ?`).bind(leadId).first<QuoteRow>();
  return row ? fromRow(row) : undefined;
}

function fromRow(r: QuoteRow): StoredQuote {
  const term: Term = r.term === 'short' ? 'short' : r.term === '36' ? 36 : 24;
  const price: QuotePrice = {
    deviceId: r.device_id,
    deviceName: r.device_name,
    level: r.level,
    levelName: LEVEL_NAMES[r.level],
    term,
    paper: r.paper === 1,
    monthlyLimit: r.monthly_limit,
    ...(r.color_limit !== null ? { colorLimit: r.color_limit } : {}),
    overageMono: r.overage_mono,
    ...(r.overage_color !== null ? { overageColor: r.overage_color } : {}),
    monthlyNet: r.monthly_net,
    monthlyVat: r.monthly_vat,
    monthlyGross: r.monthly_gross,
    volume: r.volume_color !== null ? { mono: r.volume_mono, color: r.volume_color } : { mono: r.volume_mono },
    estimatedNet: r.estimated_net,
    estimatedGross: r.estimated_gross,
  };
  let attribution: Record<string, unknown> = {};
  try {
    attribution = JSON.parse(r.attribution) as Record<string, unknown>;
  } catch {
    // Stored by us as JSON; an unreadable value is shown as none.
  }
  const estimate = parseJson<StoredEstimate>(r.estimate);
  const comparison = parseJson<StoredComparison>(r.comparison);
  const advice = parseJson<StoredAdvice>(r.advice);
  return {
    id: r.id,
    leadId: r.lead_id,
    number: r.number,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    price,
    contact: {
      name: r.name,
      email: r.email,
      phone: r.phone,
      company: r.company,
      message: r.message,
      nip: r.nip,
      city: r.city,
      marketingConsent: r.marketing_consent === 1,
    },
    attribution,
    catalogueVersion: r.catalogue_version,
    ...(estimate ? { estimate } : {}),
    ...(comparison ? { comparison } : {}),
    ...(advice ? { advice } : {}),
  };
}

/** A JSON column written by us; absent or unreadable → undefined. */
function parseJson<T>(text: string | null | undefined): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The statement that deletes the quote of a lead (for the lead's erasure batch). */
export function deleteQuoteOfLeadStatement(db: D1Database, leadId: string): D1PreparedStatement {
  return db.prepare('DELETE FROM quotes WHERE lead_id = ?').bind(leadId);
}

/** Quote summaries per lead id, for the inbox list and the CSV. */
export async function quoteSummaries(db: D1Database, leadIds: string[]): Promise<Map<string, QuoteSummary>> {
  const map = new Map<string, QuoteSummary>();
  for (let i = 0; i < leadIds.length; i += 90) {
    const ids = leadIds.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `SELECT lead_id, number, device_name, level, monthly_net FROM quotes WHERE lead_id IN (${ids.map(() => '?').join(',')})`,
      )
      .bind(...ids)
      .all<{ lead_id: string; number: string; device_name: string; level: string; monthly_net: number }>();
    for (const r of results)
      map.set(r.lead_id, { number: r.number, deviceName: r.device_name, level: r.level, monthlyNet: r.monthly_net });
  }
  return map;
}

/** The quote rows of leads (JSON array of ids), as stored (for a person's export). */
export async function quoteRowsOfLeads(db: D1Database, leadIdsJson: string): Promise<Record<string, unknown>[]> {
  const { results } = await db
    .prepare('SELECT * FROM quotes WHERE lead_id IN (SELECT value FROM json_each(?1)) ORDER BY created_at')
    .bind(leadIdsJson)
    .all<Record<string, unknown>>();
  return results;
}

/**
 * The statement that anonymises the quotes of leads (JSON array of ids), with their leads
 * (leads/model.ts): the NIP and the city go; the configuration, prices and volumes stay
 * (they describe a copier, not a person) for the numbers by device and package.
 */
export function anonymiseQuotesOfLeadsStatement(db: D1Database, leadIdsJson: string): D1PreparedStatement {
  return db
    .prepare('UPDATE quotes SET nip = NULL, city = NULL WHERE lead_id IN (SELECT value FROM json_each(?1))')
    .bind(leadIdsJson);
}
