/**
 * One person's data, by their e-mail address (issue 13): what the admin's export shows
 * and what the erasure takes. Collects from every table that holds it, through the models
 * (no SQL here). Erasure anonymises in one D1 batch, as the retention job does
 * (worker/privacy/retention.ts), so both leave the same anonymous rows behind.
 */
import { ERASED_NAME, type PersonCounts } from '../../widgets/core/admin/privacy-validation.ts';
import { type AuditRow, auditAbout } from '../models/audit.ts';
import { type DeviceRow, clearDeviceContactStatement, devicesOfEmail } from '../models/devices.ts';
import { type LeadRow, anonymiseLeadsStatement, leadsOfEmail } from '../models/leads.ts';
import { type LeadNoteRow, deleteNotesOfLeadsStatement, notesOfLeads } from '../models/lead-notes.ts';
import { type NotificationRow, deleteNotificationsAboutStatement, notificationsAbout } from '../models/outbox.ts';
import { anonymiseQuotesOfLeadsStatement, quoteRowsOfLeads } from '../models/quotes.ts';
import { type ReadingRow, anonymiseReadingsStatement, readingsOfEmail } from '../models/readings.ts';
import {
  type TicketEventRow,
  type TicketRow,
  anonymiseTicketsStatements,
  eventsOfTickets,
  ticketsOfEmail,
} from '../models/tickets.ts';
import { type EventRow, deleteEventsStatements, eventsAbout } from '../models/webhooks.ts';

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
}

/** Collects what is stored about `email` (already trimmed and lower-cased). */
export async function findPerson(db: D1Database, email: string): Promise<PersonData> {
  const [leads, tickets, readings, devices] = await Promise.all([
    leadsOfEmail(db, email),
    ticketsOfEmail(db, email),
    readingsOfEmail(db, email),
    devicesOfEmail(db, email),
  ]);
  const leadIds = JSON.stringify(leads.map((l) => l.id));
  const ticketIds = JSON.stringify(tickets.map((t) => t.id));
  const [quotes, emails, ticketHistory, webhookEvents, leadNotes] = await Promise.all([
    quoteRowsOfLeads(db, leadIds),
    notificationsAbout(db, leadIds, ticketIds),
    eventsOfTickets(db, ticketIds),
    eventsAbout(
      db,
      email,
      leadIds,
      JSON.stringify(tickets.map((t) => t.number)),
      JSON.stringify(readings.map((r) => r.sent_by)),
    ),
    notesOfLeads(db, leadIds),
  ]);
  return { email, leads, quotes, emails, tickets, ticketHistory, readings, devices, webhookEvents, leadNotes };
}

export const countsOf = (p: PersonData): PersonCounts => ({
  leads: p.leads.length,
  quotes: p.quotes.length,
  emails: p.emails.length,
  tickets: p.tickets.length,
  readings: p.readings.length,
  devices: p.devices.length,
  webhookEvents: p.webhookEvents.length,
});

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
    auditEntries: audit.map((a) => withJson(a, ['details'])),
  };
}

/**
 * Erases everything of `p` in one batch: its e-mails and webhook events are deleted; its
 * leads, quotes, tickets and readings anonymised; its address and phone taken off the
 * devices it is the contact of. Answers what went.
 */
export async function erasePerson(db: D1Database, p: PersonData): Promise<PersonCounts> {
  const leads = JSON.stringify(p.leads.map((l) => l.id));
  const tickets = JSON.stringify(p.tickets.map((t) => t.id));
  await db.batch([
    deleteNotificationsAboutStatement(db, leads, tickets),
    ...deleteEventsStatements(db, JSON.stringify(p.webhookEvents.map((e) => e.id))),
    anonymiseQuotesOfLeadsStatement(db, leads),
    anonymiseLeadsStatement(db, leads, ERASED_NAME),
    deleteNotesOfLeadsStatement(db, leads),
    ...anonymiseTicketsStatements(db, tickets, ERASED_NAME),
    anonymiseReadingsStatement(db, JSON.stringify(p.readings.map((r) => r.id)), ERASED_NAME),
    clearDeviceContactStatement(db, p.email),
  ]);
  return countsOf(p);
}
