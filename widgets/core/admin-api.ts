/**
 * What the admin API answers (`/api/admin/*`), declared once: the worker builds these JSON
 * shapes and the panel (site/admin) reads them. Pure types only (no D1, no Hono), so both
 * the worker's and the site's tsconfig can see them. The worker's own DB rows stay in
 * worker/models; these are what the routes send.
 */
import type { LeadKind, LeadStatus } from './admin-validation.ts';
import type { Row as EstimateRow } from './estimate-text.ts';
import type { Catalogue, PackageLevel } from './model.ts';
import type { PersonCounts } from './privacy-validation.ts';
import type { Role } from './roles.ts';
import type { TicketStatus } from './service-validation.ts';
import type { WebhookEvent } from './webhook-validation.ts';

/** `GET /api/admin/audit`: one entry of the audit log, newest first. */
export interface AuditLogEntry {
  id: number;
  at: string;
  accountId: number | null;
  actor: string;
  role: string | null;
  action: string;
  area: string;
  target: string | null;
  method: string;
  path: string;
  status: number;
  details: Record<string, unknown>;
  ip: string | null;
}

/**
 * A registered device as stored (migration 0020). The device API answers the row itself, so
 * its fields keep the table's snake_case names; worker/models/devices.ts reads rows as this.
 */
export interface DeviceRecord {
  id: number;
  serial: string;
  device_id: string;
  level: PackageLevel;
  contract_start: string | null;
  term_months: number | null;
  company: string;
  nip: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  created_at: string;
  updated_at: string;
}

/** A device with its last counter reading (none yet: nulls). */
export interface DeviceWithReading extends DeviceRecord {
  last_read_on: string | null;
  last_mono: number | null;
  last_color: number | null;
}

/** A device as `GET /api/admin/devices` lists it: with its last reading and its catalogue name. */
export interface DeviceListed extends DeviceWithReading {
  device_name: string;
}

/** `GET /api/admin/devices`: every device, and the models to choose from. */
export interface DeviceList {
  devices: DeviceListed[];
  models: { id: string; name: string }[];
}

/** `GET /api/admin/readings`: one counter reading. */
export interface ReadingListed {
  id: number;
  serial: string;
  company: string;
  readOn: string;
  mono: number;
  color: number | null;
  note: string | null;
  sentBy: string;
  reset: boolean;
  createdAt: string;
}

/** One device's line of the billing export (`GET /api/admin/readings/billing`). */
export interface BillingLine {
  serial: string;
  company: string;
  nip: string | null;
  device: string;
  level: string;
  /** False: no reading in the period, nothing billed; the team asks the customer. */
  hasReading: boolean;
  usedMono: number;
  usedColor: number;
  includedMono: number;
  includedColor: number;
  overMono: number;
  overColor: number;
  rateMono: number;
  rateColor: number;
  amountMono: number;
  amountColor: number;
  amount: number;
}

/** `GET /api/admin/readings/billing?period=…&format=json`. */
export interface Billing {
  period: string;
  lines: BillingLine[];
  total: number;
}

/** A service ticket as the panel shows it: the SLA clock in business minutes, negative when overdue. */
export interface TicketView {
  id: string;
  number: string;
  status: TicketStatus;
  serial: string;
  knownDevice: boolean;
  level: string | null;
  slaHours: number;
  category: string;
  errorCode: string | null;
  description: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  nip: string | null;
  contactWhen: string | null;
  marketingConsent: boolean;
  createdAt: string;
  dueAt: string;
  firstResponseAt: string | null;
  closedAt: string | null;
  /** Absent once answered. */
  minutesLeft?: number | undefined;
  overdue: boolean;
}

/** `GET /api/admin/tickets/:id`: the ticket with its history. */
export interface TicketDetail {
  ticket: TicketView;
  events: { status: TicketStatus; note: string | null; actor: string; createdAt: string }[];
}

/** `GET /api/admin/tickets/stats`: one month of reports. */
export interface SlaMonth {
  /** 'YYYY-MM' of the report (UTC). */
  month: string;
  tickets: number;
  /** First response at or before the deadline. */
  withinPromise: number;
  /** First response after the deadline, or none and the deadline passed. */
  late: number;
  /** No response yet, deadline still ahead. */
  pending: number;
  /** withinPromise / (withinPromise + late), percent with one decimal; null with nothing decided. */
  sharePercent: number | null;
}

/** `GET /api/admin/outbox`: one notification with whose lead (or ticket) it is. */
export interface OutboxEntry {
  id: number;
  leadId: string;
  leadName: string | null;
  leadKind: string | null;
  recipient: string;
  subject: string;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

/** `GET /api/admin/session` (and the login's answer): who is logged in, until when. */
export interface AdminSession {
  user: string;
  email: string;
  role: Role;
  accountId: number;
  expiresAt: string;
}

/** A team account as `/api/admin/accounts` answers it. */
export interface TeamAccount {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  passwordSet: boolean;
  firstOwner: boolean;
  createdAt: string;
}

/** `GET /api/admin/accounts`: each account with its number of live sessions. */
export interface TeamAccountListed extends TeamAccount {
  sessions: number;
}

/** One live session of an account (`GET /api/admin/accounts/:id/sessions`, `GET /api/admin/me/sessions`). */
export interface SessionListed {
  /** A short prefix of the stored hash: names the session for revoking, useless as a cookie. */
  key: string;
  createdAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session of this request. */
  current: boolean;
}

/** A webhook endpoint (`GET /api/admin/webhooks`), with its signing secret. */
export interface WebhookEndpoint {
  id: number;
  url: string;
  secret: string;
  events: WebhookEvent[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/admin/webhooks/deliveries`: one delivery of an event to an endpoint. */
export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: string;
  endpointId: number;
  url: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

/** One attempt at sending a delivery. */
export interface WebhookAttempt {
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number | null;
}

/** `GET /api/admin/webhooks/deliveries/:id`: the delivery with every attempt. */
export interface WebhookDeliveryDetail {
  delivery: WebhookDelivery;
  attempts: WebhookAttempt[];
}

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
  /** Issue 13: the optional marketing consent sent with the form (contact and quote). */
  marketingConsent: boolean;
  notes: string;
  attribution: Record<string, unknown>;
  origin: string | null;
  submissionId: string;
  createdAt: string;
  updatedAt: string;
  /** Issue 18: who handles it (account id) and when it was first answered. */
  assignedTo: number | null;
  firstResponseAt: string | null;
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
  total: number;
  limit: number;
  offset: number;
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
  /** Issue 16: the volume estimate and the comparison with the current contract, as label/value rows. */
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
  notifications: LeadNotification[];
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

/** `GET /api/admin/privacy/:email`: what is stored for an address (issue 13). */
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
}
