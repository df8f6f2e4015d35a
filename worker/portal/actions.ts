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
import { enqueueNotification } from '../outbox/delivery.ts';
import { ticketNotification } from '../service/ticket-email.ts';
import { faultConfirmation, tonerConfirmation, tonerTeamNotification } from './emails.ts';
import { type Contract, billOfContract } from '../contracts/index.ts';
import { type ReadingRow, acceptedReadingsOf, readingReference } from '../meter/index.ts';
import { type ReportRow, lastReportsOf } from '../collector/index.ts';
import { recordCustomerReading } from './customer-reading.ts';
import type { Bill } from '../meter/bill.ts';
import { type CustomerInvoice, invoicesForContracts } from '../invoices/customer.ts';
import {
  TICKET_NUMBER_PLACEHOLDER,
  type TicketEventRow,
  type TicketRow,
  eventsOfTickets,
  storeTicket,
  ticketsOfDevices,
} from '../service/index.ts';
import {
  ColourInFlight,
  IN_FLIGHT,
  ORDER_NUMBER_PLACEHOLDER,
  type TonerOrderRow,
  lastOrderPerColour,
  storeTonerOrder,
  tonerOrdersOfDevices,
} from './model-toner-orders.ts';
import { newPageId } from '../http/auth.ts';
import { customerTicketQuery } from '../service/ticket-link.ts';
import { bodyHash } from '../http/body-hash.ts';
import { slaHoursOf } from '../../widgets/core/terms.ts';
import { SERVICE_API_ERRORS, readingRefusal } from '../http/errors.ts';
import { type CustomerDevice, customerContracts, customerDevice, customerDevices } from './customer.ts';
import { addBusinessHours } from '../admin-shared/business-hours.ts';
import { company } from '../../widgets/core/company.ts';
import type { Device, PackageLevel } from '../../widgets/core/model.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import type { PortalFaultInput, PortalReadingInput, PortalTonerInput } from '../../widgets/core/portal-validation.ts';
import { PORTAL_ERRORS } from '../../widgets/core/portal-validation.ts';
import { FAULT_CATEGORIES } from '../../widgets/core/service-fields.ts';
import { refusedField } from '../../widgets/core/meter.ts';
import {
  TONER_COLOUR_NAMES,
  TONER_STATUS_LABELS,
  type TonerColour,
  colourOptions,
  orderJustified,
} from '../../widgets/core/toner.ts';

export interface PortalDevice extends CustomerDevice {
  name: string;
  type: Device['type'];
  level: PackageLevel;
  slaHours: number;
  readings: ReadingRow[];
  colours: TonerColour[];
  /** Colours with a cartridge in flight. */
  inFlight: TonerColour[];
  /** The device's last report from a collector (its own counter and toner), if it has one. */
  automatic?: ReportRow | undefined;
}

export interface PortalOverview {
  email: string;
  company: string;
  contracts: Contract[];
  devices: PortalDevice[];
  /** The bills of each contract's months so far, newest first (at most `BILL_MONTHS` per contract). */
  bills: Bill[];
  /** The invoices of the customer's contracts, newest month first. */
  invoices: CustomerInvoice[];
  tickets: (TicketRow & { events: TicketEventRow[] })[];
  orders: TonerOrderRow[];
}

/** How many months of bills the page shows per contract. */
export const BILL_MONTHS = 12;

/** The months of a contract that have ended by `today`, newest first ('YYYY-MM'), at most `BILL_MONTHS`. */
export function billedMonths(contract: Contract, today: string): string[] {
  const months: string[] = [];
  const [sy, sm] = contract.startDate.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  for (let i = 0; i < contract.termMonths; i++) {
    const y = sy + Math.floor((sm - 1 + i) / 12);
    const m = ((sm - 1 + i) % 12) + 1;
    if (y > ty || (y === ty && m >= tm)) break;
    months.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return months.reverse().slice(0, BILL_MONTHS);
}

export async function portalOverview(env: Env, email: string, today = warsawToday()): Promise<PortalOverview> {
  const [contracts, owned] = await Promise.all([customerContracts(env.DB, email), customerDevices(env.DB, email)]);
  const ids = JSON.stringify(owned.map((d) => d.device.deviceRow));
  const [tickets, orders, readings, bills, invoices, reports] = await Promise.all([
    ticketsOfDevices(env.DB, ids),
    tonerOrdersOfDevices(env.DB, ids),
    Promise.all(owned.map((d) => acceptedReadingsOf(env.DB, d.device.deviceRow))),
    Promise.all(contracts.flatMap((c) => billedMonths(c, today).map((period) => billOfContract(env.DB, c.id, period)))),
    invoicesForContracts(
      env.DB,
      contracts.map((c) => c.id),
    ),
    lastReportsOf(env.DB, ids),
  ]);
  const events = await eventsOfTickets(env.DB, JSON.stringify(tickets.map((t) => t.id)));
  const devices = owned.map(
    (d, i): PortalDevice => ({
      ...d,
      name: d.device.rates.deviceName,
      type: d.device.rates.deviceType,
      level: d.device.rates.level,
      slaHours: slaHoursOf(d.device.rates.level),
      readings: readings[i] ?? [],
      colours: colourOptions(d.device.rates.deviceType),
      inFlight: orders
        .filter((o) => o.device_row === d.device.deviceRow && IN_FLIGHT.includes(o.status))
        .map((o) => o.colour),
      automatic: reports.find((r) => r.device_row === d.device.deviceRow),
    }),
  );
  return {
    email,
    company: contracts[0]?.company ?? '',
    contracts,
    devices,
    bills: bills.filter((b): b is Bill => b !== undefined),
    invoices,
    tickets: tickets.map((t) => ({ ...t, events: events.filter((e) => e.ticket_id === t.id) })),
    orders,
  };
}

export type ActionResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 404 | 409 | 422; error: string; field?: string };

const notYours = { ok: false, status: 404, error: PORTAL_ERRORS.device, field: 'device' } as const;

/** What the actions need of one of the customer's devices. */
function facts(d: CustomerDevice) {
  const { rates } = d.device;
  return {
    deviceRow: d.device.deviceRow,
    serial: d.device.serial,
    name: rates.deviceName,
    type: rates.deviceType,
    deviceId: rates.deviceId,
    level: rates.level,
    company: d.contract.company,
    nip: d.contract.nip,
  };
}

/** A fault report on the customer's device `input.device`, with the SLA of its contract's package. */
export async function reportFault(
  env: Env,
  email: string,
  input: PortalFaultInput,
  origin: string,
  now = new Date(),
): Promise<ActionResult<{ number: string; url: string; slaHours: number; dueAt: string }>> {
  const owned = await customerDevice(env.DB, email, input.device);
  if (!owned) return notYours;
  const d = facts(owned);
  const slaHours = slaHoursOf(d.level);
  const dueAt = addBusinessHours(now, slaHours);
  const id = newPageId();
  const customerKey = newPageId();
  const url = `${origin}/serwis/zgloszenie/${id}`;
  // The customer's own link: their status page shows the deadline (service/ticket-link.ts).
  const customerUrl = `${url}${customerTicketQuery(customerKey)}`;
  const report = {
    serial: d.serial,
    category: input.category,
    errorCode: input.errorCode || undefined,
    description: input.description,
    name: input.name,
    email,
    phone: input.phone,
    company: d.company,
    marketingConsent: false,
  };
  const stored = await storeTicket(
    env.DB,
    {
      id,
      submissionId: crypto.randomUUID(),
      bodyHash: await bodyHash('service', report),
      serial: d.serial,
      deviceRow: d.deviceRow,
      level: d.level,
      slaHours,
      category: input.category,
      errorCode: report.errorCode,
      description: input.description,
      name: input.name,
      email,
      phone: input.phone,
      company: d.company,
      nip: d.nip,
      marketingConsent: false,
      attribution: { page: '/konto' },
      origin,
      createdAt: now,
      dueAt,
      customerKey,
    },
    ticketNotification(
      { ...report, nip: d.nip ?? undefined },
      { serial: d.serial, known: true, level: d.level, slaHours, dueAt, deviceName: d.name },
      url,
      env.SERVICE_EMAIL || company.salesEmail,
    ),
    [
      faultConfirmation(email, {
        number: TICKET_NUMBER_PLACEHOLDER,
        url: customerUrl,
        device: d.name,
        serial: d.serial,
        slaHours,
        dueAt,
        category: FAULT_CATEGORIES[input.category],
      }),
    ],
  );
  for (const mailId of stored.notificationIds ?? []) await enqueueNotification(env, mailId);
  return {
    ok: true,
    value: { number: stored.ticket.number, url: customerUrl, slaHours, dueAt: stored.ticket.due_at },
  };
}

/**
 * A reading of the customer's device: counts at once under the counter's rules of the
 * contract with its confirmation (./customer-reading.ts, as a reading link's, source
 * 'portal'); a refusal answers 400 with its reason, a big jump 422 until the customer
 * confirms it.
 */
export async function sendReading(
  env: Env,
  email: string,
  input: PortalReadingInput,
): Promise<ActionResult<{ reference: string; readOn: string; held?: true }>> {
  const owned = await customerDevice(env.DB, email, input.device);
  if (!owned) return notYours;
  const d = facts(owned);
  const color = d.type === 'color' ? input.color : null;
  const result = await recordCustomerReading(env, owned.contract, owned.device, {
    readOn: input.readOn,
    mono: input.mono,
    color,
    sentBy: `Strefa klienta <${email}>`,
    source: 'portal',
    submissionId: crypto.randomUUID(),
    confirm: input.confirm === '1',
  });
  if (result.kind === 'refused')
    return {
      ok: false,
      status: 400,
      error: readingRefusal(result.reason, {
        neighbour: result.neighbour,
        contractStart: owned.contract.startDate,
        contractEnd: owned.contract.endDate,
      }),
      field: refusedField(result.reason, { mono: input.mono, color }, result.neighbour),
    };
  if (result.kind === 'jump')
    return {
      ok: false,
      status: 422,
      error: SERVICE_API_ERRORS.jump(result.monthlyNow, result.monthlyAverage, result.basis),
      field: 'confirm',
    };
  if (result.kind === 'conflict') return { ok: false, status: 409, error: PORTAL_ERRORS.body };
  const stored = { reference: readingReference(result.row.id), readOn: result.row.read_on };
  // A confirmed implausible reading waits for the desk: the page says so instead of naming it.
  return { ok: true, value: result.row.held === 1 ? { ...stored, held: true } : stored };
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
  const owned = await customerDevice(env.DB, email, input.device);
  if (!owned) return notYours;
  const d = facts(owned);
  const allowed = colourOptions(d.type);
  if (!input.colours.every((c) => allowed.includes(c)))
    return { ok: false, status: 400, error: PORTAL_ERRORS.colours, field: 'colours' };
  const [readings, last] = await Promise.all([
    acceptedReadingsOf(env.DB, d.deviceRow),
    lastOrderPerColour(env.DB, d.deviceRow),
  ]);
  const busy = input.colours.filter((c) => last.some((o) => o.colour === c && IN_FLIGHT.includes(o.status)));
  if (busy.length) return { ok: false, status: 409, error: inFlightError(busy), field: 'colours' };
  const lines = input.colours.map((colour) => ({
    colour,
    justified: orderJustified(
      d.deviceId,
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
  const details = { device: d.name, serial: d.serial, colours: colourNames, needsApproval };
  try {
    const stored = await storeTonerOrder(
      env.DB,
      {
        deviceRow: d.deviceRow,
        lines,
        counters: latest ? { mono: latest.mono, color: latest.color } : undefined,
        orderedBy: email,
        note: input.note || null,
        now,
        event: {
          contract: owned.contract.number,
          serial: d.serial,
          deviceId: d.deviceId,
          company: d.company,
          colours: input.colours,
          lines: lines.map((l) => {
            const status = l.justified ? 'accepted' : 'awaiting_approval';
            return { colour: l.colour, status, statusLabel: TONER_STATUS_LABELS[status] };
          }),
          needsApproval,
          orderedBy: email,
          createdAt: now.toISOString(),
        },
      },
      [
        tonerConfirmation(email, { reference: ORDER_NUMBER_PLACEHOLDER, ...details }),
        tonerTeamNotification(env.SERVICE_EMAIL || company.salesEmail, email, {
          reference: ORDER_NUMBER_PLACEHOLDER,
          company: d.company,
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
