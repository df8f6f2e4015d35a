/**
 * What the admin API answers (`/api/admin/*`), declared once: the worker builds these JSON
 * shapes and the panel (site/admin) reads them. Pure types only (no D1, no Hono), so both
 * the worker's and the site's tsconfig can see them. The worker's own DB rows stay in
 * worker/<feature>/model*.ts; these are what the routes send. Leads, stats, catalogue and privacy are
 * here; service and team answers are in the two parts re-exported below (300-line rule).
 */
import type { LeadOrder } from './admin-api-orders.ts';
import type { LeadKind, LeadStatus } from './admin-validation.ts';
import type { Catalogue, PackageLevel } from '../../widgets/core/model.ts';
import type { PersonCounts } from './privacy-validation.ts';
import type { NextStep, Stage } from './pipeline.ts';

/** A row of the quote's estimate as the lead's page shows it (worker/quotes/estimate-text.ts writes them). */
export type EstimateRow = [label: string, value: string];

export type * from './admin-api-service.ts';
export type * from './admin-api-tickets.ts';
export type * from './admin-api-team.ts';
export type * from './admin-api-invoices.ts';
export type * from './admin-api-partners.ts';

/** A lead as the API answers it: attribution as an object, camelCase names. */
export interface LeadView {
  id: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  /** The optional marketing consent sent with the form (contact and quote). */
  marketingConsent: boolean;
  notes: string;
  attribution: Record<string, unknown>;
  origin: string | null;
  submissionId: string;
  createdAt: string;
  updatedAt: string;
  /** Who handles it (account id) and when it was first answered. */
  assignedTo: number | null;
  firstResponseAt: string | null;
  /** The owner as a CRM and the panel name them (null: nobody's). */
  owner: { id: number; name: string } | null;
  /** The pipeline (DESIGN §8). */
  stage: Stage;
  lostReason: string | null;
  lostNote: string | null;
  nextStep: NextStep | null;
  /** The first-answer promise's deadline (null for leads older than the promise). */
  firstAnswerDueAt: string | null;
  /** Business hours to the first answer (null while unanswered). */
  firstAnswerHours: number | null;
  /** The state of its e-mail, where the query joined it. */
  emailState?: string | null;
}

/** A quote in short, for the inbox list and the CSV. */
export interface QuoteSummary {
  number: string;
  deviceName: string;
  level: string;
  monthlyNet: number;
}

/** `GET /api/admin/leads`: one lead of the list, a quote with its summary. */
export interface LeadListed extends LeadView {
  quote?: QuoteSummary;
}

/** `GET /api/admin/leads`: one page of the inbox. */
export interface LeadList {
  leads: LeadListed[];
  limit: number;
  /** The `after` of the next page (older leads), or null when this page is the last. */
  next: string | null;
}

/** A stored quote as the panel shows it; `url` is the printable page behind its secret id. */
export interface LeadQuote {
  number: string;
  url: string;
  deviceId: string;
  deviceName: string;
  level: PackageLevel;
  term: string;
  paper: boolean;
  volume: { mono: number; color: number | null };
  monthlyLimit: number;
  colorLimit: number | null;
  overage: { mono: number; color: number | null };
  monthlyNet: number;
  monthlyGross: number;
  estimatedNet: number;
  estimatedGross: number;
  catalogueVersion: number;
  nip: string | null;
  city: string | null;
  marketingConsent: boolean;
  createdAt: string;
  expiresAt: string;
  /** The volume estimate and the comparison with the current contract, as label/value rows. */
  estimateRows: EstimateRow[];
}

/** One e-mail a lead caused, with its delivery state. */
export interface LeadNotification {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** `GET /api/admin/leads/:id`: the lead, its quote (null for a contact message) and its e-mails. */
export interface LeadDetail {
  lead: LeadView;
  quote: LeadQuote | null;
  /** Its order placed online (a quote's lead), linked both ways with the team's orders. */
  order: LeadOrder | null;
  notifications: LeadNotification[];
  /** The notes history, oldest first. */
  notes: LeadNote[];
}

/** One note of a lead's history: who wrote it and when. */
export interface LeadNote {
  id: number;
  author: string;
  text: string;
  createdAt: string;
}

/** `GET /api/admin/leads/people`: someone a lead may be given to (enabled owners and sales). */
export interface Assignee {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** One row of the response-time stats: a month, a person or a source. */
export interface ResponseFigures {
  key: string;
  leads: number;
  answered: number;
  withinTarget: number;
  /** Answered within the target among the answered and the already late; null with none of them. */
  share: number | null;
  medianHours: number | null;
}

/** `GET /api/admin/stats/response`. */
export interface ResponseStats {
  targetHours: number;
  /** The range the figures cover (days, inclusive). */
  from: string;
  to: string;
  /** Monday of each week (RRRR-MM-DD). */
  byWeek: ResponseFigures[];
  byMonth: ResponseFigures[];
  byPerson: ResponseFigures[];
  bySource: ResponseFigures[];
}

/** How many leads (or quotes) share one key. */
export interface Count {
  key: string;
  count: number;
}

/** The lead numbers of `GET /api/admin/stats`. */
export interface LeadNumbers {
  /** Monday of each week (`YYYY-MM-DD`) with the leads of each kind. */
  perWeek: { week: string; contact: number; quote: number }[];
  bySource: Count[];
  byCampaign: Count[];
  byPartner: Count[];
}

/** The quote numbers of `GET /api/admin/stats`. */
export interface QuoteNumbers {
  quotesByDevice: Count[];
  quotesByPackage: Count[];
}

/** `GET /api/admin/stats` (the inbox's filters). */
export type LeadStats = LeadNumbers & QuoteNumbers;

/** One published version of the catalogue. */
export interface CatalogueVersion {
  version: number;
  note: string | null;
  createdBy: string;
  createdAt: string;
}

/** `GET /api/admin/catalogue`: the live catalogue, the built-in one and the history. */
export interface CatalogueAnswer {
  live: Catalogue;
  builtIn: Catalogue;
  versions: CatalogueVersion[];
}

/** `GET /api/admin/privacy/:email`: what is stored for an address. */
export interface PersonFound {
  email: string;
  counts: PersonCounts;
  /** Nothing stored. */
  empty: boolean;
}

/** `DELETE /api/admin/privacy/:email`: what was erased. */
export interface PersonErased {
  email: string;
  erased: PersonCounts;
  /** The contracts whose billing e-mail was the address: kept, and waiting for the team to set a new one. */
  contractsWithoutBillingEmail: string[];
}

/** `GET /api/admin/leads/people`. */
export interface PeopleList {
  people: Assignee[];
}
