/** The quotes table (migration 0003): storing a priced configuration and reading it back for /wycena/{id}. */
import type { QuotePrice, Term } from '../../widgets/core/quote.ts';
import { QUOTE_VALID_DAYS } from '../../widgets/core/quote.ts';
import { type PackageLevel, LEVEL_NAMES } from '../../widgets/core/model.ts';

export interface QuoteContact {
  name: string;
  email: string;
  phone?: string;
  company?: string;
  nip?: string;
  city?: string;
  message?: string;
  marketingConsent: boolean;
}

export interface NewQuote {
  price: QuotePrice;
  catalogueVersion: number;
  contact: QuoteContact;
  attribution: Record<string, string>;
  submissionId?: string;
  leadId?: number | string | null;
}

export interface StoredQuote {
  id: string;
  number: string;
  createdAt: string;
  expiresAt: string;
  price: QuotePrice;
  contact: QuoteContact;
  attribution: Record<string, string>;
  catalogueVersion: number;
  leadId: number | string | null;
}

interface QuoteRow {
  id: string;
  number: string;
  lead_id: number | string | null;
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
  contact: string;
  attribution: string;
  created_at: string;
  expires_at: string;
}

/** The secret id of a quote page: 24 random bytes (192 bits), base64url. */
export function newQuoteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const DAY_MS = 86_400_000;

export function expiryOf(created: Date): Date {
  return new Date(created.getTime() + QUOTE_VALID_DAYS * DAY_MS);
}

/**
 * The statement that stores a quote, numbered KS-<year>-<next number of that year> in the
 * same statement (D1 runs statements one at a time, so two quotes never share a number).
 * A submission id already stored inserts nothing (see `findBySubmission`).
 */
export function insertQuote(db: D1Database, id: string, quote: NewQuote, now = new Date()): D1PreparedStatement {
  const p = quote.price;
  const year = now.getUTCFullYear();
  return db
    .prepare(
      `INSERT INTO quotes (id, year, seq, number, lead_id, submission_id, device_id, device_name, level, term, paper,
         volume_mono, volume_color, monthly_limit, color_limit, overage_mono, overage_color, monthly_net, monthly_vat,
         monthly_gross, estimated_net, estimated_gross, catalogue_version, contact, attribution, created_at, expires_at)
       SELECT ?1, ?2, n, ?26 || substr('000000' || n, -6), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
         ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25
       FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM quotes WHERE year = ?2)
       WHERE true
       ON CONFLICT (submission_id) DO NOTHING`,
    )
    .bind(
      id,
      year,
      quote.leadId ?? null,
      quote.submissionId ?? null,
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
      JSON.stringify(quote.contact),
      JSON.stringify(quote.attribution),
      now.toISOString(),
      expiryOf(now).toISOString(),
      `KS-${year}-`,
    );
}

/** Stores a quote and returns it as stored; a retried submission returns the first one. */
export async function createQuote(db: D1Database, quote: NewQuote, now = new Date()): Promise<StoredQuote> {
  const id = newQuoteId();
  await insertQuote(db, id, quote, now).run();
  const stored = quote.submissionId ? await findBySubmission(db, quote.submissionId) : await findQuote(db, id);
  if (!stored) throw new Error('quote not stored');
  return stored;
}

export async function findQuote(db: D1Database, id: string): Promise<StoredQuote | undefined> {
  const row = await db.prepare('SELECT * FROM quotes WHERE id = ?').bind(id).first<QuoteRow>();
  return row ? fromRow(row) : undefined;
}

export async function findBySubmission(db: D1Database, submissionId: string): Promise<StoredQuote | undefined> {
  const row = await db.prepare('SELECT * FROM quotes WHERE submission_id = ?').bind(submissionId).first<QuoteRow>();
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
  return {
    id: r.id,
    number: r.number,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    price,
    contact: JSON.parse(r.contact) as QuoteContact,
    attribution: JSON.parse(r.attribution) as Record<string, string>,
    catalogueVersion: r.catalogue_version,
    leadId: r.lead_id,
  };
}
