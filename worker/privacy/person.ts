/**
 * One person's data, by their e-mail address: what the admin's export shows and what the
 * erasure takes. Collects from every table that holds it, through the models (no SQL
 * here): the forms' leads, quotes, tickets and readings, the customer's page (sign-ins,
 * sessions, toner orders), the online orders they signed or began, a team member's known
 * browsers, and every e-mail to or about them. Erasure anonymises or deletes in one D1
 * batch, as the retention job does (worker/privacy/retention.ts), so both leave the same
 * anonymous rows behind. A signed online order is kept (orders/model-order-privacy.ts): the export
 * says so, with the legal basis the privacy policy states (`SIGNED_ORDER_KEPT`), and so are
 * the invoices of their contracts, for the tax law's period (`INVOICE_KEPT`): an erasure
 * neither deletes nor changes an invoice or its UPO. So is a contract whose billing e-mail
 * is the address (`CONTRACT_KEPT`): the erasure takes the address off it, so it signs in
 * to /konto no more, and the team sets a new one.
 */
import { ERASED_NAME, type PersonCounts } from '../admin-shared/privacy-validation.ts';
import { type AuditRow, auditAbout, deleteLoginDevicesOfStatement, loginDevicesOf } from '../accounts/index.ts';
import { type DeviceRow, clearDeviceContactStatement, devicesOfEmail } from '../contracts/index.ts';
import { type LeadRow, anonymiseLeadsStatements, leadsOfEmail } from '../leads/index.ts';
import { type LeadNoteRow, deleteNotesOfLeadsStatement, notesOfLeads } from '../leads/index.ts';
import { type NotificationRow, deleteNotificationsStatement, notificationsOfPerson } from '../outbox/index.ts';
import {
  type OrderRow,
  deleteOrderRequestsOfEmailStatement,
  eraseOrdersStatements,
  ordersOfEmail,
} from '../orders/index.ts';
import {
  type PortalSessionExport,
  deletePortalSessionsOfEmailStatement,
  portalSessionsOfEmail,
} from '../portal/index.ts';
import { type SignInExport, deleteSignInsOfEmailStatement, signInsOfEmail } from '../portal/index.ts';
import { type TonerOrderRow, anonymiseTonerOrdersStatement, tonerOrdersOfEmail } from '../portal/index.ts';
import { CONTRACT_KEPT, INVOICE_KEPT, SIGNED_ORDER_KEPT, invoiceKeptUntil } from '../../widgets/core/privacy.ts';
import { type Contract, contractsForEmail, releaseBillingEmailStatement } from '../contracts/index.ts';
import { type PersonInvoice, invoicesOfPerson } from '../invoices/retention.ts';
import { anonymiseQuotesOfLeadsStatement, quoteRowsOfLeads } from '../quotes/index.ts';
import { type ReadingRow, anonymiseReadingsStatement, readingsOfEmail } from '../meter/index.ts';
import {
  type TicketEventRow,
  type TicketRow,
  anonymiseTicketsStatements,
  eventsOfTickets,
  ticketsOfEmail,
} from '../service/index.ts';
import { type EventRow, deleteEventsStatements, eventsAbout } from '../webhooks/index.ts';

/** Everything stored about one address, as the tables hold it. */
export interface PersonData {
  email: string;
  leads: LeadRow[];
  quotes: Record<string, unknown>[];
  emails: (NotificationRow & { ticket_id: string | null })[];
  tickets: TicketRow[];
  ticketHistory: TicketEventRow[];
  readings: (ReadingRow & { serial: string })[];
  devices: DeviceRow[];
  webhookEvents: EventRow[];
  /** The team's notes on the person's leads (who wrote what, when). */
  leadNotes: LeadNoteRow[];
  orders: OrderRow[];
  /** The contracts whose billing e-mail the address is. */
  contracts: Contract[];
  tonerOrders: TonerOrderRow[];
  signIns: SignInExport[];
  portalSessions: PortalSessionExport[];
  loginDevices: { login: string; created_at: number; last_used_at: number }[];
  /** The invoices of the contracts billed to the address: kept after an erasure (`INVOICE_KEPT`). */
  invoices: PersonInvoice[];
}

/** Collects what is stored about `email` (already trimmed and lower-cased). */
export async function findPerson(db: D1Database, email: string): Promise<PersonData> {
  const [
    leads,
    tickets,
    readings,
    devices,
    orders,
    contracts,
    tonerOrders,
    signIns,
    portalSessions,
    loginDevices,
    invoices,
  ] = await Promise.all([
    leadsOfEmail(db, email),
    ticketsOfEmail(db, email),
    readingsOfEmail(db, email),
    devicesOfEmail(db, email),
    ordersOfEmail(db, email),
    contractsForEmail(db, email),
    tonerOrdersOfEmail(db, email),
    signInsOfEmail(db, email),
    portalSessionsOfEmail(db, email),
    loginDevicesOf(db, email),
    invoicesOfPerson(db, email),
  ]);
  const leadIds = JSON.stringify(leads.map((l) => l.id));
  const ticketIds = JSON.stringify(tickets.map((t) => t.id));
  const tonerNumbers = [...new Set(tonerOrders.map((o) => o.order_no))];
  // The confirmations of their readings and toner orders name what they are about.
  const about = JSON.stringify([...readings.map((r) => `reading:${r.id}`), ...tonerNumbers.map((n) => `toner:${n}`)]);
  const [quotes, emails, ticketHistory, webhookEvents, leadNotes] = await Promise.all([
    quoteRowsOfLeads(db, leadIds),
    notificationsOfPerson(db, email, leadIds, ticketIds, about),
    eventsOfTickets(db, ticketIds),
    eventsAbout(
      db,
      email,
      // An online order's events carry its id as `id`, like a lead's.
      JSON.stringify([...leads.map((l) => l.id), ...orders.map((o) => o.id)]),
      JSON.stringify(tickets.map((t) => t.number)),
      JSON.stringify(readings.map((r) => r.sent_by)),
      JSON.stringify(tonerNumbers),
    ),
    notesOfLeads(db, leadIds),
  ]);
  return {
    email,
    leads,
    quotes,
    emails,
    tickets,
    ticketHistory,
    readings,
    devices,
    webhookEvents,
    leadNotes,
    orders,
    contracts,
    tonerOrders,
    signIns,
    portalSessions,
    loginDevices,
    invoices,
  };
}

export const countsOf = (p: PersonData): PersonCounts => ({
  leads: p.leads.length,
  quotes: p.quotes.length,
  emails: p.emails.length,
  tickets: p.tickets.length,
  readings: p.readings.length,
  devices: p.devices.length,
  webhookEvents: p.webhookEvents.length,
  orders: p.orders.length,
  contracts: p.contracts.length,
  invoices: p.invoices.length,
  tonerOrders: p.tonerOrders.length,
  signIns: p.signIns.length,
  portalSessions: p.portalSessions.length,
  loginDevices: p.loginDevices.length,
});

const isSigned = (o: Pick<OrderRow, 'status'>): boolean => o.status !== 'awaiting_acceptance';

/** A JSON column as its value (text that is not JSON stays text). */
const parsed = (text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const withJson = <T extends object>(row: T, columns: string[]): T => {
  const out = { ...row } as Record<string, unknown>;
  for (const c of columns) if (c in out) out[c] = parsed(out[c]);
  return out as T;
};

const flag = (row: object): boolean | undefined => {
  const v = (row as { marketing_consent?: unknown }).marketing_consent;
  return v === undefined || v === null ? undefined : v === 1 || v === true;
};

/**
 * The export (JSON): every record, its e-mails, the marketing consents given with each
 * form, and the audit entries about the address and its records.
 */
export async function exportPerson(db: D1Database, p: PersonData, now = new Date()) {
  // Audit rows name a lead by its id or its quote's KS number, a ticket by its SR number (older rows: its id).
  const audit: AuditRow[] = await auditAbout(db, p.email, [
    ...p.leads.map((l) => l.id),
    ...p.quotes.map((q) => String(q.number)),
    ...p.tickets.flatMap((t) => [t.id, t.number]),
  ]);
  const consents = [
    ...p.leads.flatMap((l) => {
      const given = flag(l);
      return given === undefined ? [] : [{ form: l.kind, leadId: l.id, marketingConsent: given, at: l.created_at }];
    }),
    ...p.quotes.map((q) => ({
      form: 'quote',
      quoteNumber: q.number,
      marketingConsent: flag(q) ?? false,
      at: q.created_at,
    })),
    ...p.tickets.map((t) => ({
      form: 'service',
      ticketNumber: t.number,
      marketingConsent: t.marketing_consent === 1,
      at: t.created_at,
    })),
    ...p.readings.map((r) => ({
      form: 'meter',
      readingId: r.id,
      marketingConsent: r.marketing_consent === 1,
      at: r.created_at,
    })),
    ...p.orders.map((o) => ({
      form: 'order',
      orderId: o.id,
      marketingConsent: o.marketing_consent === 1,
      at: o.created_at,
    })),
  ];
  return {
    email: p.email,
    exportedAt: now.toISOString(),
    counts: countsOf(p),
    leads: p.leads.map((l) => withJson(l, ['attribution'])),
    leadNotes: p.leadNotes,
    quotes: p.quotes.map((q) => withJson(q, ['estimate', 'comparison'])),
    emails: p.emails,
    serviceTickets: p.tickets.map((t) => withJson(t, ['attribution'])),
    serviceTicketHistory: p.ticketHistory,
    meterReadings: p.readings,
    devices: p.devices,
    consents,
    webhookEvents: p.webhookEvents.map((e) => withJson(e, ['data'])),
    // Online orders without the acceptance code's hash; a signed one says why it outlives an erasure.
    orders: p.orders.map(({ code_hash: _, ...o }) => ({
      ...withJson(o, ['attribution', 'installation']),
      ...(isSigned(o) ? { keptAfterErasure: SIGNED_ORDER_KEPT } : {}),
    })),
    // Contracts billed to the address: kept through an erasure (without the address), and why.
    contracts: p.contracts.map((c) => ({
      number: c.number,
      company: c.company,
      nip: c.nip,
      billingEmail: c.billingEmail,
      startDate: c.startDate,
      endDate: c.endDate,
      keptAfterErasure: CONTRACT_KEPT,
    })),
    tonerOrders: p.tonerOrders,
    // Invoices stay after an erasure, for the tax law's period: the export says until when and why.
    invoices: p.invoices.map((i) => ({ ...i, keptUntil: invoiceKeptUntil(i.year), keptAfterErasure: INVOICE_KEPT })),
    portalSignIns: p.signIns,
    portalSessions: p.portalSessions,
    loginDevices: p.loginDevices,
    auditEntries: audit.map((a) => withJson(a, ['details'])),
  };
}

/**
 * Erases everything of `p` in one batch: its e-mails, webhook events, sign-ins, sessions
 * and known browsers are deleted, and its unsigned orders; its leads, quotes, tickets,
 * readings and toner orders anonymised; its address and phone taken off the devices it is
 * the contact of, and its address off the contracts it is the billing e-mail of (the
 * contract stays; the team sets a new address). A signed order stays as the contract's
 * evidence, without the marketing consent. Answers what was found.
 */
export async function erasePerson(db: D1Database, p: PersonData): Promise<PersonCounts> {
  const leads = JSON.stringify(p.leads.map((l) => l.id));
  const tickets = JSON.stringify(p.tickets.map((t) => t.id));
  await db.batch([
    deleteNotificationsStatement(db, JSON.stringify(p.emails.map((e) => e.id))),
    ...deleteEventsStatements(db, JSON.stringify(p.webhookEvents.map((e) => e.id))),
    anonymiseQuotesOfLeadsStatement(db, leads),
    ...anonymiseLeadsStatements(db, leads, ERASED_NAME),
    deleteNotesOfLeadsStatement(db, leads),
    ...anonymiseTicketsStatements(db, tickets, ERASED_NAME),
    anonymiseReadingsStatement(db, JSON.stringify(p.readings.map((r) => r.id)), ERASED_NAME),
    clearDeviceContactStatement(db, p.email),
    ...eraseOrdersStatements(db, JSON.stringify(p.orders.map((o) => o.id))),
    // An order still waiting for the register is no contract: it goes whole.
    deleteOrderRequestsOfEmailStatement(db, p.email),
    anonymiseTonerOrdersStatement(db, JSON.stringify(p.tonerOrders.map((o) => o.id)), ERASED_NAME),
    deleteSignInsOfEmailStatement(db, p.email),
    deletePortalSessionsOfEmailStatement(db, p.email),
    deleteLoginDevicesOfStatement(db, p.email),
    releaseBillingEmailStatement(db, p.email),
  ]);
  return countsOf(p);
}
