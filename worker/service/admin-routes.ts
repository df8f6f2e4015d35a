/**
 * The service tab: `GET /api/admin/tickets?show=open|closed|all` (open ones by
 * time left, in business hours; the overdue marked; a keyset page: `limit`, `after` = the
 * `next` of the page before), `GET /api/admin/tickets/stats` (share
 * answered within the promise, per month), `GET /api/admin/tickets/:id` (with its history),
 * `POST /api/admin/tickets/:id/status` (`{status, note?}`, recorded with the session's user),
 * `POST /api/admin/tickets/:id/device` (`{serial, reason}`: the device of a ticket named, or a
 * wrong one corrected; the old one stays in the ticket's history with who, when and why; the
 * deadline is counted again from the report's time on the new device's promise, audited).
 */
import { Hono } from 'hono';
import {
  type TicketKey,
  listTickets,
  ticketKey,
  setTicketStatus,
  slaByMonth,
  ticketById,
  ticketEvents,
  type TicketRow,
} from './model.ts';
import { addBusinessHours, businessMillisBetween } from '../admin-shared/business-hours.ts';
import { slaHoursOf } from '../../widgets/core/terms.ts';
import { findDevice } from '../../widgets/core/model.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { ticketStatusSchema } from '../../widgets/core/service-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS } from '../http/errors.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { auditDetails, auditTarget } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import { deviceBySerial, devicesByNip } from '../contracts/index.ts';
import { changeTicketDevice, deviceChangesOf } from './model-ticket-device-changes.ts';
import { ticketDeviceSchema } from '../../widgets/core/service-validation.ts';
import type { SlaReport, TicketDetail, TicketList, TicketView } from '../admin-shared/admin-api.ts';

export const ticketRoutes = new Hono<AdminEnv>();

/** How many of the NIP's devices a ticket's detail offers the team. */
const COMPANY_DEVICES = 50;

/** A ticket as the panel shows it: the SLA clock in business minutes, negative when overdue. */
export function ticketView(t: TicketRow, now = new Date()): TicketView {
  const due = new Date(t.due_at);
  const answered = t.first_response_at ? new Date(t.first_response_at) : undefined;
  const minutesLeft = answered
    ? undefined
    : now <= due
      ? Math.round(businessMillisBetween(now, due) / 60_000)
      : -Math.round(businessMillisBetween(due, now) / 60_000);
  return {
    id: t.id,
    number: t.number,
    status: t.status,
    serial: t.serial,
    knownDevice: t.known_device === 1,
    level: t.level,
    slaHours: t.sla_hours,
    category: t.category,
    errorCode: t.error_code,
    description: t.description,
    name: t.name,
    email: t.email,
    phone: t.phone,
    company: t.company,
    nip: t.nip,
    contactWhen: t.contact_when,
    marketingConsent: t.marketing_consent === 1,
    createdAt: t.created_at,
    dueAt: t.due_at,
    firstResponseAt: t.first_response_at,
    closedAt: t.closed_at,
    minutesLeft,
    overdue: answered ? answered > due : now > due,
  };
}

ticketRoutes.get('/', async (c) => {
  const show = c.req.query('show') ?? 'open';
  if (show !== 'open' && show !== 'closed' && show !== 'all')
    return c.json({ error: SERVICE_ADMIN_ERRORS.ticketFilter }, 400);
  const page = pageRequest<TicketKey>(c.req.query('limit'), c.req.query('after'), 2);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const now = new Date();
  const { rows, next } = pageOf(await listTickets(c.env.DB, show, page), page.limit, ticketKey(show));
  auditView(c, 'tickets.view', { rows: rows.length });
  return c.json({ tickets: rows.map((t) => ticketView(t, now)), limit: page.limit, next } satisfies TicketList);
});

ticketRoutes.get('/stats', async (c) => c.json({ months: await slaByMonth(c.env.DB) } satisfies SlaReport));

ticketRoutes.get('/:id', async (c) => {
  const ticket = await ticketById(c.env.DB, c.req.param('id'));
  if (!ticket) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const [events, changes, registered] = await Promise.all([
    ticketEvents(c.env.DB, ticket.id),
    deviceChangesOf(c.env.DB, ticket.id),
    ticket.nip ? devicesByNip(c.env.DB, ticket.nip) : [],
  ]);
  return c.json({
    ticket: ticketView(ticket),
    events: events.map((e) => ({ status: e.status, note: e.note, actor: e.actor, createdAt: e.created_at })),
    deviceChanges: changes.map((d) => ({
      fromSerial: d.from_serial,
      toSerial: d.to_serial,
      reason: d.reason,
      actor: d.actor,
      createdAt: d.created_at,
      fromSlaHours: d.from_sla_hours,
      toSlaHours: d.to_sla_hours,
      fromDueAt: d.from_due_at,
      toDueAt: d.to_due_at,
    })),
    companyDevices: registered.slice(0, COMPANY_DEVICES).map((d) => ({
      serial: d.serial,
      // A published catalogue changes prices only, never the models' names: the built-in one names them.
      deviceName: findDevice(defaultCatalogue, d.device_id)?.name ?? d.device_id,
      level: d.level,
    })),
  } satisfies TicketDetail);
});

ticketRoutes.post('/:id/device', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(ticketDeviceSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const ticket = await ticketById(c.env.DB, c.req.param('id'));
  if (!ticket) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const device = await deviceBySerial(c.env.DB, parsed.data.serial);
  if (!device) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
  if (device.id === ticket.device_row) return c.json({ error: SERVICE_ADMIN_ERRORS.sameDevice }, 400);
  // The promise of the device now named, counted from the report as if it had been named then.
  const slaHours = slaHoursOf(device.level);
  const dueAt = addBusinessHours(new Date(ticket.created_at), slaHours).toISOString();
  const changed = await changeTicketDevice(
    c.env.DB,
    ticket.id,
    { deviceRow: ticket.device_row, serial: ticket.serial },
    { deviceRow: device.id, serial: device.serial, level: device.level },
    { slaHours, dueAt },
    parsed.data.reason,
    c.get('session').user,
  );
  if (!changed) return c.json({ error: SERVICE_ADMIN_ERRORS.ticketChanged }, 409);
  // The audit row names the SR number: the id in the path is the status page's secret.
  auditTarget(c, ticket.number);
  auditDetails(c, {
    from: ticket.serial,
    to: device.serial,
    reason: parsed.data.reason,
    slaHours: { from: ticket.sla_hours, to: slaHours },
    dueAt: { from: ticket.due_at, to: dueAt },
  });
  return c.json({ ok: true, slaHours, dueAt });
});

ticketRoutes.post('/:id/status', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(ticketStatusSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const ticket = await ticketById(c.env.DB, c.req.param('id'));
  if (!ticket) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  // The audit row names the SR number: the id in the path is the status page's secret.
  auditTarget(c, ticket.number);
  const done = await setTicketStatus(c.env.DB, ticket.id, parsed.data.status, parsed.data.note, c.get('session').user);
  if (!done) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ ok: true });
});
