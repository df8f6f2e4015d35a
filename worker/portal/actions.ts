/**
 * What a signed-in customer sees and does on /konto, always on their own devices
 * (portal/customer.ts): the overview (devices with package, term and SLA, readings,
 * tickets with their history, toner orders), a fault report on a chosen device (its
 * package sets the clock: Premium's SLA, otherwise the standard response), a reading
 * (checked against the device's history like the public form's) and a toner order (the
 * device's colours only, one cartridge per colour in flight, 'do akceptacji' when the
 * readings do not justify it by the cartridge yield of widgets/core/toner.ts). Each
 * sends its confirmation to the signed-in address only.
 */
import { enqueueNotification } from '../email/delivery.ts';
import { ticketNotification } from '../email/ticket-notification.ts';
import {
  faultConfirmation,
  readingConfirmation,
  tonerConfirmation,
  tonerTeamNotification,
} from '../email/portal-notifications.ts';
import { liveCatalogue } from '../models/catalogue.ts';
import type { DeviceRow } from '../models/devices.ts';
import { standaloneNotificationStatement } from '../models/outbox.ts';
import { type ReadingRow, judgeReading, readingsOfDevice, storeReading } from '../models/readings.ts';
import {
  TICKET_NUMBER_PLACEHOLDER,
  type TicketEventRow,
  type TicketRow,
  eventsOfTickets,
  storeTicket,
  ticketsOfDevices,
} from '../models/tickets.ts';
import {
  ColourInFlight,
  IN_FLIGHT,
  ORDER_NUMBER_PLACEHOLDER,
  type TonerOrderRow,
  lastOrderPerColour,
  storeTonerOrder,
  tonerOrdersOfDevices,
} from '../models/toner-orders.ts';
import { newQuoteId } from '../models/quotes.ts';
import { bodyHash, slaHoursOf } from '../routes/service.ts';
import { SERVICE_API_ERRORS } from '../http/errors.ts';
import { customerDevice, customerDevices } from './customer.ts';
import { addBusinessHours } from '../../widgets/core/business-hours.ts';
import { company } from '../../widgets/core/company.ts';
import { type Device, findDevice } from '../../widgets/core/model.ts';
import type { PortalFaultInput, PortalReadingInput, PortalTonerInput } from '../../widgets/core/portal-validation.ts';
import { PORTAL_ERRORS } from '../../widgets/core/portal-validation.ts';
import { FAULT_CATEGORIES } from '../../widgets/core/service-fields.ts';
import { TONER_COLOUR_NAMES, type TonerColour, colourOptions, orderJustified } from '../../widgets/core/toner.ts';

export interface PortalDevice {
  row: DeviceRow;
  name: string;
  type: Device['type'];
  slaHours: number;
  /** The last day of the term ('YYYY-MM-DD'), when start and term are known. */
  termEnd: string | null;
  readings: ReadingRow[];
  colours: TonerColour[];
  /** Colours with a cartridge in flight. */
  inFlight: TonerColour[];
}

export interface PortalOverview {
  email: string;
  company: string;
  devices: PortalDevice[];
  tickets: (TicketRow & { events: TicketEventRow[] })[];
  orders: TonerOrderRow[];
}

/** The day before the same date `months` later: a term of 24 months from 2026-01-15 ends 2028-01-14. */
export function termEnd(start: string | null, months: number | null): string | null {
  if (!start || !months || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return null;
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, d) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

export async function portalOverview(env: Env, email: string): Promise<PortalOverview> {
  const rows = await customerDevices(env.DB, email);
  const ids = JSON.stringify(rows.map((r) => r.id));
  const catalogue = await liveCatalogue(env.DB);
  const [tickets, orders, readings] = await Promise.all([
    ticketsOfDevices(env.DB, ids),
    tonerOrdersOfDevices(env.DB, ids),
    Promise.all(rows.map((r) => readingsOfDevice(env.DB, r.id))),
  ]);
  const events = await eventsOfTickets(env.DB, JSON.stringify(tickets.map((t) => t.id)));
  const devices = rows.map((row, i): PortalDevice => {
    const device = findDevice(catalogue, row.device_id);
    const type = device?.type ?? 'mono';
    return {
      row,
      name: device?.name ?? row.device_id,
      type,
      slaHours: slaHoursOf(row.level),
      termEnd: termEnd(row.contract_start, row.term_months),
      readings: readings[i] ?? [],
      colours: colourOptions(type),
      inFlight: orders.filter((o) => o.device_row === row.id && IN_FLIGHT.includes(o.status)).map((o) => o.colour),
    };
  });
  return {
    email,
    company: rows[0]?.company ?? '',
    devices,
    tickets: tickets.map((t) => ({ ...t, events: events.filter((e) => e.ticket_id === t.id) })),
    orders,
  };
}

export type ActionResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 404 | 409 | 422; error: string; field?: string };

const notYours = { ok: false, status: 404, error: PORTAL_ERRORS.device, field: 'device' } as const;

async function deviceName(env: Env, row: DeviceRow): Promise<{ name: string; type: Device['type'] }> {
  const device = findDevice(await liveCatalogue(env.DB), row.device_id);
  return { name: device?.name ?? row.device_id, type: device?.type ?? 'mono' };
}

/** A fault report on the customer's device `input.device`, with the device's SLA. */
export async function reportFault(
  env: Env,
  email: string,
  input: PortalFaultInput,
  origin: string,
  now = new Date(),
): Promise<ActionResult<{ number: string; url: string; slaHours: number; dueAt: string }>> {
  const row = await customerDevice(env.DB, email, input.device);
  if (!row) return notYours;
  const { name } = await deviceName(env, row);
  const slaHours = slaHoursOf(row.level);
  const dueAt = addBusinessHours(now, slaHours);
  const id = newQuoteId();
  const url = `${origin}/serwis/zgloszenie/${id}`;
  const report = {
    serial: row.serial,
    category: input.category,
    errorCode: input.errorCode || undefined,
    description: input.description,
    name: input.name,
    email,
    phone: input.phone,
    company: row.company,
    marketingConsent: false,
  };
  const stored = await storeTicket(
    env.DB,
    {
      id,
      submissionId: crypto.randomUUID(),
      bodyHash: await bodyHash(report),
      serial: row.serial,
      deviceRow: row.id,
      level: row.level,
      slaHours,
      category: input.category,
      errorCode: report.errorCode,
      description: input.description,
      name: input.name,
      email,
      phone: input.phone,
      company: row.company,
      nip: row.nip,
      marketingConsent: false,
      attribution: { page: '/konto' },
      origin,
      createdAt: now,
      dueAt,
    },
    ticketNotification(
      { ...report, nip: row.nip ?? undefined },
      { serial: row.serial, known: true, level: row.level, slaHours, dueAt, deviceName: name },
      url,
      env.SERVICE_EMAIL || company.salesEmail,
    ),
    faultConfirmation(email, {
      number: TICKET_NUMBER_PLACEHOLDER,
      url,
      device: name,
      serial: row.serial,
      slaHours,
      dueAt,
      category: FAULT_CATEGORIES[input.category],
    }),
  );
  for (const mailId of stored.notificationIds ?? []) await enqueueNotification(env, mailId);
  return { ok: true, value: { number: stored.ticket.number, url, slaHours, dueAt: stored.ticket.due_at } };
}

/** A reading of the customer's device: counts at once; lower answers 400, a big jump asks to confirm (422). */
export async function sendReading(
  env: Env,
  email: string,
  input: PortalReadingInput,
): Promise<ActionResult<{ reference: string; readOn: string }>> {
  const row = await customerDevice(env.DB, email, input.device);
  if (!row) return notYours;
  const { name, type } = await deviceName(env, row);
  const color = type === 'color' ? input.color : null;
  if (type === 'color' && color === null)
    return { ok: false, status: 400, error: PORTAL_ERRORS.colorRequired, field: 'color' };
  const verdict = await judgeReading(env.DB, row.id, { readOn: input.readOn, mono: input.mono, color });
  if (verdict.kind === 'lower')
    return {
      ok: false,
      status: 400,
      error: SERVICE_API_ERRORS.lower(verdict.previous.mono, verdict.previous.color, verdict.previous.readOn),
      field: 'mono',
    };
  if (verdict.kind === 'jump' && input.confirm !== '1')
    return {
      ok: false,
      status: 422,
      error: SERVICE_API_ERRORS.jump(verdict.monthlyNow, verdict.monthlyAverage),
      field: 'confirm',
    };
  const { row: reading } = await storeReading(env.DB, {
    deviceRow: row.id,
    readOn: input.readOn,
    mono: input.mono,
    color,
    sentBy: `Strefa klienta <${email}>`,
    submissionId: crypto.randomUUID(),
  });
  const reference = `ODC-${reading.id}`;
  const [mail] = await env.DB.batch([
    standaloneNotificationStatement(
      env.DB,
      `reading:${reading.id}`,
      readingConfirmation(email, {
        device: name,
        serial: row.serial,
        readOn: reading.read_on,
        mono: reading.mono,
        color: reading.color,
        reference,
      }),
    ),
  ]);
  const mailId = (mail?.results[0] as { id: number } | undefined)?.id;
  if (mailId !== undefined) await enqueueNotification(env, mailId);
  return { ok: true, value: { reference, readOn: reading.read_on } };
}

/** Pages printed since each colour's last cartridge: from the counter at its last order, else the first reading. */
function printedSince(
  readings: ReadingRow[],
  baseline: TonerOrderRow | undefined,
): { mono: number; color: number } | undefined {
  const series = readings.filter((r) => r.reset === 0);
  const last = series.at(-1);
  const from = baseline && baseline.mono_at !== null ? { mono: baseline.mono_at, color: baseline.color_at } : series[0];
  if (!last || !from) return undefined;
  return { mono: Math.max(0, last.mono - from.mono), color: Math.max(0, (last.color ?? 0) - (from.color ?? 0)) };
}

export async function orderToner(
  env: Env,
  email: string,
  input: PortalTonerInput,
  now = new Date(),
): Promise<ActionResult<{ number: string; lines: { colour: TonerColour; status: string }[]; needsApproval: boolean }>> {
  const row = await customerDevice(env.DB, email, input.device);
  if (!row) return notYours;
  const { name, type } = await deviceName(env, row);
  const allowed = colourOptions(type);
  if (!input.colours.every((c) => allowed.includes(c)))
    return { ok: false, status: 400, error: PORTAL_ERRORS.colours, field: 'colours' };
  const [readings, last] = await Promise.all([readingsOfDevice(env.DB, row.id), lastOrderPerColour(env.DB, row.id)]);
  const busy = input.colours.filter((c) => last.some((o) => o.colour === c && IN_FLIGHT.includes(o.status)));
  if (busy.length) return { ok: false, status: 409, error: inFlightError(busy), field: 'colours' };
  const lines = input.colours.map((colour) => ({
    colour,
    justified: orderJustified(
      row.device_id,
      colour,
      printedSince(
        readings,
        last.find((o) => o.colour === colour),
      ),
    ),
  }));
  const needsApproval = lines.some((l) => !l.justified);
  const latest = readings.at(-1);
  const colourNames = input.colours.map((c) => TONER_COLOUR_NAMES[c]);
  const details = { device: name, serial: row.serial, colours: colourNames, needsApproval };
  try {
    const stored = await storeTonerOrder(
      env.DB,
      {
        deviceRow: row.id,
        lines,
        counters: latest ? { mono: latest.mono, color: latest.color } : undefined,
        orderedBy: email,
        note: input.note || null,
        now,
        event: {
          serial: row.serial,
          deviceId: row.device_id,
          company: row.company,
          colours: input.colours,
          lines: lines.map((l) => ({ colour: l.colour, status: l.justified ? 'przyjęte' : 'do akceptacji' })),
          needsApproval,
          orderedBy: email,
          createdAt: now.toISOString(),
        },
      },
      [
        tonerConfirmation(email, { reference: ORDER_NUMBER_PLACEHOLDER, ...details }),
        tonerTeamNotification(env.SERVICE_EMAIL || company.salesEmail, email, {
          reference: ORDER_NUMBER_PLACEHOLDER,
          company: row.company,
          note: input.note,
          ...details,
        }),
      ],
    );
    for (const id of stored.mailIds) await enqueueNotification(env, id);
    return {
      ok: true,
      value: {
        number: stored.orderNo,
        lines: stored.lines.map((l) => ({ colour: l.colour, status: l.status })),
        needsApproval,
      },
    };
  } catch (error) {
    if (error instanceof ColourInFlight)
      return { ok: false, status: 409, error: inFlightError(input.colours), field: 'colours' };
    throw error;
  }
}

export const inFlightError = (colours: TonerColour[]): string =>
  `Toner ${colours.map((c) => TONER_COLOUR_NAMES[c]).join(', ')} jest już zamówiony i w drodze do Ciebie – zapas jednego wkładu na kolor wystarczy. Nowy zamówisz po jego dostarczeniu.`;
