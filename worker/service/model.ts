/**
 * Service tickets (migration 0020): a fault report with its SLA deadline, its status
 * history and its e-mail to the service team, stored in one D1 batch. Numbered
 * SR-<year>-<6 digits>; `id` is the secret of the status page.
 */
import type { Notification } from '../outbox/index.ts';
import { eventDataFrom, sqlJsonObject, sqlLabel, webhookEventStatements } from '../webhooks/index.ts';
import type { TicketStatus } from '../../widgets/core/service-validation.ts';
import { TICKET_STATUS_LABELS } from '../../widgets/core/service-fields.ts';
import type { SlaMonth } from '../admin-shared/admin-api.ts';

/** SQL: the `ticket.created` event's data from a service_tickets row (17 members). */
const TICKET_EVENT_DATA = sqlJsonObject([
  ['number', 'number'],
  ['serial', 'serial'],
  ['knownDevice', "json(CASE known_device WHEN 1 THEN 'true' ELSE 'false' END)"],
  ['level', 'level'],
  ['slaHours', 'sla_hours'],
  ['category', 'category'],
  ['errorCode', 'error_code'],
  ['description', 'description'],
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['company', 'company'],
  ['nip', 'nip'],
  ['status', 'status'],
  ['statusLabel', sqlLabel('status', TICKET_STATUS_LABELS)],
  ['createdAt', 'created_at'],
  ['dueAt', 'due_at'],
]);

/** Written into the notification before the batch; the batch replaces it with the ticket's number. */
export const TICKET_NUMBER_PLACEHOLDER = '{{NUMER_ZGLOSZENIA}}';

/** The name under which the customer's own report shows in the history. */
export const CUSTOMER_ACTOR = 'klient';

export interface NewTicket {
  id: string;
  submissionId: string;
  bodyHash: string;
  serial: string;
  deviceRow: number | null;
  level: string | null;
  slaHours: number;
  category: string;
  errorCode?: string | null | undefined;
  description: string;
  name: string;
  email: string;
  phone: string;
  company?: string | null | undefined;
  nip?: string | null | undefined;
  contactWhen?: string | null | undefined;
  marketingConsent: boolean;
  attribution?: Record<string, unknown> | undefined;
  origin?: string | null | undefined;
  createdAt: Date;
  dueAt: Date;
  /** The key of the customer's own link to the status page (`customerTicketPath`), or none. */
  customerKey?: string | null | undefined;
}

export interface TicketRow {
  id: string;
  submission_id: string;
  body_hash: string;
  number: string;
  year: number;
  seq: number;
  serial: string;
  device_row: number | null;
  known_device: number;
  level: string | null;
  sla_hours: number;
  category: string;
  error_code: string | null;
  description: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  nip: string | null;
  contact_when: string | null;
  marketing_consent: number;
  attribution: string;
  origin: string | null;
  status: TicketStatus;
  created_at: string;
  due_at: string;
  first_response_at: string | null;
  closed_at: string | null;
  customer_key: string | null;
}

export interface TicketEventRow {
  id: number;
  ticket_id: string;
  status: TicketStatus;
  note: string | null;
  actor: string;
  created_at: string;
}

export interface StoredTicket {
  ticket: TicketRow;
  created: boolean;
  notificationId: number | undefined;
  /** Every e-mail the batch queued: the team's, then the reporter's confirmation when there is one. */
  notificationIds?: number[];
}

/**
 * Stores the ticket, its first history entry, the team's notification and the customer's
 * confirmations in one batch. A replayed `submissionId` inserts nothing and answers the first ticket.
 */
export async function storeTicket(
  db: D1Database,
  t: NewTicket,
  notification: Notification,
  confirmations: readonly Notification[] = [],
): Promise<StoredTicket> {
  const year = t.createdAt.getUTCFullYear();
  const created = t.createdAt.toISOString();
  const insert = db
    .prepare(
      `INSERT INTO service_tickets (id, submission_id, body_hash, number, year, seq, serial, device_row, known_device, level,
         sla_hours, category, error_code, description, name, email, phone, company, nip, contact_when, marketing_consent,
         attribution, origin, created_at, due_at, customer_key)
       SELECT ?1, ?2, ?3, ?4 || substr('000000' || n, -6), ?5, n, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
         ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25
       FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM service_tickets WHERE year = ?5)
       WHERE true
       ON CONFLICT (submission_id) DO NOTHING`,
    )
    .bind(
      t.id,
      t.submissionId,
      t.bodyHash,
      `SR-${year}-`,
      year,
      t.serial,
      t.deviceRow,
      t.deviceRow === null ? 0 : 1,
      t.level,
      t.slaHours,
      t.category,
      t.errorCode ?? null,
      t.description,
      t.name,
      t.email,
      t.phone,
      t.company ?? null,
      t.nip ?? null,
      t.contactWhen ?? null,
      t.marketingConsent ? 1 : 0,
      JSON.stringify(t.attribution ?? {}),
      t.origin ?? null,
      created,
      t.dueAt.toISOString(),
      t.customerKey ?? null,
    );
  const event = db
    .prepare(
      `INSERT INTO service_ticket_events (ticket_id, status, actor, created_at)
       SELECT ?1, 'new', ?2, ?3 WHERE EXISTS (SELECT 1 FROM service_tickets WHERE id = ?1)`,
    )
    .bind(t.id, CUSTOMER_ACTOR, created);
  // The ticket's secret status-page id stays out of the event: its number identifies it.
  const webhook = webhookEventStatements(
    db,
    'ticket.created',
    eventDataFrom(`SELECT ${TICKET_EVENT_DATA} AS data FROM service_tickets WHERE id = ?`, t.id),
  );
  // Each e-mail gets the ticket's number, which only the batch knows, in place of the placeholder.
  const mailOf = (n: Notification) =>
    db
      .prepare(
        `INSERT INTO outbox (ticket_id, recipient, reply_to, subject, body)
         SELECT ?1, ?2, ?3, replace(?4, ?6, number), replace(?5, ?6, number) FROM service_tickets WHERE id = ?1
         RETURNING id`,
      )
      .bind(t.id, n.recipient, n.replyTo ?? null, n.subject, n.body, TICKET_NUMBER_PLACEHOLDER);
  const results = await db.batch([
    insert,
    event,
    mailOf(notification),
    ...confirmations.map(mailOf),
    ...webhook,
    db.prepare('SELECT * FROM service_tickets WHERE submission_id = ?').bind(t.submissionId),
  ]);
  const ticket = results.at(-1)?.results[0] as TicketRow | undefined;
  if (!ticket) throw new Error('storeTicket: the ticket is not in D1 after its batch');
  const isNew = ticket.id === t.id;
  const idOf = (i: number) => (results[i]?.results[0] as { id: number } | undefined)?.id;
  const notificationId = isNew ? idOf(2) : undefined;
  const notificationIds = isNew
    ? [2, ...confirmations.map((_, i) => 3 + i)].map(idOf).filter((id): id is number => id !== undefined)
    : [];
  return { ticket, created: isNew, notificationId, notificationIds };
}

export async function ticketById(db: D1Database, id: string): Promise<TicketRow | null> {
  return db.prepare('SELECT * FROM service_tickets WHERE id = ?').bind(id).first<TicketRow>();
}

export async function ticketEvents(db: D1Database, ticketId: string): Promise<TicketEventRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM service_ticket_events WHERE ticket_id = ? ORDER BY id')
    .bind(ticketId)
    .all<TicketEventRow>();
  return results;
}

/** The tickets of the given devices (JSON array of registry ids), newest first. */
export async function ticketsOfDevices(db: D1Database, deviceRowsJson: string): Promise<TicketRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM service_tickets WHERE device_row IN (SELECT value FROM json_each(?1))
       ORDER BY created_at DESC LIMIT 200`,
    )
    .bind(deviceRowsJson)
    .all<TicketRow>();
  return results;
}

/** A ticket by its number and the address it was reported with (case-insensitive), or null. */
export async function ticketByNumberAndEmail(db: D1Database, number: string, email: string): Promise<TicketRow | null> {
  return db
    .prepare('SELECT * FROM service_tickets WHERE number = ?1 AND lower(email) = ?2 AND anonymised_at IS NULL')
    .bind(number, email.toLowerCase())
    .first<TicketRow>();
}

/**
 * Where a page of tickets starts: open ones run by deadline, earliest first, after
 * `[due_at, id]`; closed ones and all of them newest first, after `[created_at, id]`.
 */
export type TicketKey = [time: string, id: string];

export const ticketKey =
  (which: 'open' | 'closed' | 'all') =>
  (row: TicketRow): TicketKey =>
    which === 'open' ? [row.due_at, row.id] : [row.created_at, row.id];

/**
 * Open tickets, the least time left first; or the latest closed ones (or all). A keyset
 * page: `limit + 1` rows after `after`, each order read along its own index (migration 0210).
 */
export async function listTickets(
  db: D1Database,
  which: 'open' | 'closed' | 'all',
  { limit = 100, after }: { limit?: number; after?: TicketKey | undefined } = {},
): Promise<TicketRow[]> {
  const where = which === 'open' ? ["status != 'closed'"] : which === 'closed' ? ["status = 'closed'"] : [];
  if (after) where.push(which === 'open' ? '(due_at, id) > (?, ?)' : '(created_at, id) < (?, ?)');
  const order = which === 'open' ? 'ORDER BY due_at, id' : 'ORDER BY created_at DESC, id DESC';
  const { results } = await db
    .prepare(`SELECT * FROM service_tickets ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${order} LIMIT ?`)
    .bind(...(after ?? []), limit + 1)
    .all<TicketRow>();
  return results;
}

/**
 * Records a status change by `actor`: the first one is the ticket's first response;
 * 'closed' closes it. False when there is no such ticket.
 */
export async function setTicketStatus(
  db: D1Database,
  id: string,
  status: Exclude<TicketStatus, 'new'>,
  note: string | null | undefined,
  actor: string,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  // The event reads the ticket before the UPDATE: only a real change of status is one.
  const webhook = webhookEventStatements(
    db,
    'ticket.status_changed',
    eventDataFrom(
      `SELECT json_object('number', number, 'serial', serial, 'status', ?, 'statusLabel', ?,
           'previousStatus', status, 'previousStatusLabel', ${sqlLabel('status', TICKET_STATUS_LABELS)}, 'changedAt', ?)
         AS data FROM service_tickets WHERE id = ? AND status IS NOT ?`,
      status,
      TICKET_STATUS_LABELS[status],
      at,
      id,
      status,
    ),
  );
  const [update] = await db
    .batch([
      ...webhook,
      db
        .prepare(
          `UPDATE service_tickets SET status = ?2, first_response_at = COALESCE(first_response_at, ?3),
           closed_at = CASE WHEN ?2 = 'closed' THEN ?3 ELSE NULL END
         WHERE id = ?1`,
        )
        .bind(id, status, at),
      db
        .prepare(
          `INSERT INTO service_ticket_events (ticket_id, status, note, actor, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM service_tickets WHERE id = ?1)`,
        )
        .bind(id, status, note ?? null, actor, at),
    ])
    .then((results) => results.slice(webhook.length));
  return (update?.meta.changes ?? 0) > 0;
}

/** Share of tickets answered within the promise, per month of report (the figure behind the site's claim). */
export async function slaByMonth(db: D1Database, now = new Date()): Promise<SlaMonth[]> {
  const { results } = await db
    .prepare(
      `SELECT substr(created_at, 1, 7) AS month, COUNT(*) AS tickets,
         SUM(first_response_at IS NOT NULL AND first_response_at <= due_at) AS withinPromise,
         SUM((first_response_at IS NOT NULL AND first_response_at > due_at) OR (first_response_at IS NULL AND due_at < ?1)) AS late,
         SUM(first_response_at IS NULL AND due_at >= ?1) AS pending
       FROM service_tickets WHERE created_at >= strftime('%Y-%m-01', ?1, '-23 months')
       GROUP BY month ORDER BY month DESC LIMIT 24`,
    )
    .bind(now.toISOString())
    .all<Omit<SlaMonth, 'sharePercent'>>();
  return results.map((r) => {
    const decided = r.withinPromise + r.late;
    return { ...r, sharePercent: decided ? Math.round((1000 * r.withinPromise) / decided) / 10 : null };
  });
}

/*
 * Retention and a person's data (migration 0046): as leads (leads/model.ts),
 * a ticket is anonymised, not deleted, so the SLA numbers per month stay true.
 */

/** Tickets created before `cutoff` (ISO) that still hold a person's data, oldest first, at most `limit`. */
export async function ticketIdsToAnonymise(db: D1Database, cutoff: string, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      'SELECT id FROM service_tickets WHERE anonymised_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2',
    )
    .bind(cutoff, limit)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The tickets of one address (lower-case), not anonymised, oldest first. */
export async function ticketsOfEmail(db: D1Database, email: string): Promise<TicketRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM service_tickets WHERE lower(email) = ?1 AND anonymised_at IS NULL ORDER BY created_at')
    .bind(email)
    .all<TicketRow>();
  return results;
}

/** The history of the given tickets (JSON array of ids). */
export async function eventsOfTickets(db: D1Database, idsJson: string): Promise<TicketEventRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM service_ticket_events WHERE ticket_id IN (SELECT value FROM json_each(?1)) ORDER BY id')
    .bind(idsJson)
    .all<TicketEventRow>();
  return results;
}

/**
 * The statements that anonymise tickets (JSON array of ids): the person's name, address,
 * phone, company, NIP, when to call, the description (free text), attribution, origin,
 * the idempotency hash and the notes of the history go; number, serial, category, error
 * code, status, SLA and dates stay. The submission id becomes `usunięto:<id>`.
 */
export function anonymiseTicketsStatements(db: D1Database, idsJson: string, erasedName: string): D1PreparedStatement[] {
  return [
    db
      .prepare('UPDATE service_ticket_events SET note = NULL WHERE ticket_id IN (SELECT value FROM json_each(?1))')
      .bind(idsJson),
    db
      .prepare(
        `UPDATE service_tickets SET name = ?2, email = '', phone = '', company = NULL, nip = NULL, contact_when = NULL,
           description = '', attribution = '{}', origin = NULL, body_hash = '', submission_id = 'usunięto:' || id,
           anonymised_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id IN (SELECT value FROM json_each(?1)) AND anonymised_at IS NULL`,
      )
      .bind(idsJson, erasedName),
  ];
}
