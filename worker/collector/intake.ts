/**
 * What becomes of one reading of a collector's push (docs/collector.md "Worker side"):
 *  - kept as a report with its raw counters, once (unique on serial, time and counters);
 *  - a serial not on the site's contract: listed for the team ('unknown'), never billed;
 *  - otherwise a reading of the meter under the same counter's rules as any reading
 *    (meter `recordReading`: never lower, jumps held, the contract's frozen prices), its source
 *    'collector' ("licznik urządzenia"): at most one a day, and each later one of the month's last
 *    day, so the month ends on its last counters. Held for the desk: a profile not checked
 *    against the counter screen (the profile's flag, or the service's check at this device:
 *    `POST /api/admin/collectors/readings/:id/checked`), counters in sheets, a colour device without colour counters, a
 *    jump; a counter lower than the last (a board swapped) is stored held, never negative usage:
 *    the desk confirms a new counter epoch (`POST /api/admin/readings/reset`, audited);
 *  - toner at or under 20 %, or lasting ~30 days or fewer at the device's pace: one toner order per
 *    cartridge until delivered ("some remaining" and unknown levels never order);
 *  - a service call, or a jam in 3 reports within 7 days: one service ticket per fault, with
 *    the device's SLA.
 */
import {
  type Contract,
  type ContractDevice,
  type DeviceRow,
  contractById,
  contractDevices,
  deviceBySerial,
  recordContractReading,
} from '../contracts/index.ts';
import type { SiteMoves } from './model-moves.ts';
import { storeHeldReading } from '../meter/index.ts';
import { ColourInFlight, ORDER_NUMBER_PLACEHOLDER, storeTonerOrder } from '../portal/index.ts';
import { tonerTeamNotification } from '../portal/emails.ts';
import { storeTicket } from '../service/index.ts';
import { ticketNotification } from '../service/ticket-email.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { newPageId } from '../http/auth.ts';
import { bodyHash } from '../http/body-hash.ts';
import { addBusinessHours } from '../admin-shared/business-hours.ts';
import { slaHoursOf } from '../../widgets/core/terms.ts';
import type { ServiceRequestInput } from '../../widgets/core/service-validation.ts';
import { company } from '../../widgets/core/company.ts';
import { TONER_COLOUR_NAMES, TONER_STATUS_LABELS } from '../../widgets/core/toner.ts';
import { monthBounds } from '../../widgets/core/meter.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import { countText } from '../../widgets/core/plural.ts';
import { DAYS } from '../../widgets/core/nouns.ts';
import { warsawDay, warsawToday } from '../../widgets/core/warsaw-time.ts';
import {
  type Fault,
  clearFault,
  hasReadingOfDay,
  insertReport,
  openFault,
  reportsWithError,
  setFaultTicket,
  setOutcome,
  setTonerBases,
  tonerBasesOf,
  touchDevice,
} from './model-reports.ts';
import { type CollectorReading, billingCounters, lowToner, tonerTrend } from './push.ts';
import { profileHeldNote } from '../admin-shared/collector-notes.ts';

/** Who a collector's reading is from, in the readings' `sent_by` and wherever its source shows. */
export const COLLECTOR_SENDER = 'licznik urządzenia';
/** Who ordered a toner by level, and who opened a ticket of a fault the device reported. */
export const COLLECTOR_ACTOR = 'kolektor (automatycznie)';

/** Why a reading waits for the desk, as the panel's readings list shows it (the reading's note). */
export const HELD_NOTES = {
  profile: profileHeldNote,
  sheets: () => 'Licznik urządzenia: licznik w arkuszach, nie w odbitkach – sprawdź przed rozliczeniem.',
  counters: (profile: string) =>
    `Licznik urządzenia: profil ${profile} nie podaje liczników kolorowych – odczyt czeka na decyzję serwisu.`,
  lower: () =>
    'Licznik urządzenia niższy niż poprzedni odczyt (wymiana płyty?) – potwierdź nowy licznik (Reset licznika) albo wycofaj odczyt.',
} as const;

export type Outcome = 'stored' | 'held' | 'unknown' | 'duplicate' | 'refused' | 'same-day';

export interface SiteContract {
  siteId: string;
  contract: Contract;
  devices: ContractDevice[];
  origin: string;
  /** The devices the team moved to this site or away from it (model-moves.ts), read once a push. */
  moves?: SiteMoves;
}

/**
 * The contract a report of device `row` counts under at this site: the site's own for its contract's
 * devices (unless the team moved one away), the device's own for a device the team moved here
 * (loaded once a push), none for any other serial.
 */
async function scopeOf(
  db: D1Database,
  site: SiteContract,
  row: { id: number; contract_id: string | null },
  others: Map<string, SiteContract | undefined>,
): Promise<SiteContract | undefined> {
  if (site.moves?.away.has(row.id)) return undefined;
  if (row.contract_id === site.contract.id) return site;
  const contractId = site.moves?.into.get(row.id);
  if (!contractId) return undefined;
  if (!others.has(contractId)) {
    const contract = await contractById(db, contractId);
    others.set(
      contractId,
      contract ? { ...site, contract, devices: await contractDevices(db, contractId) } : undefined,
    );
  }
  return others.get(contractId);
}

/** The contracts of devices moved to a site, as a push loads them (one push, one map). */
export const movedContracts = (): Map<string, SiteContract | undefined> => new Map();

/** A jam in this many reports within `JAM_DAYS` is a fault for the service. */
export const JAM_REPORTS = 3;
const JAM_DAYS = 7;

export async function takeReading(
  env: Env,
  site: SiteContract,
  r: CollectorReading,
  now: Date,
  others = movedContracts(),
): Promise<Outcome> {
  const db = env.DB;
  const serial = r.serial.trim().toUpperCase();
  const row = await deviceBySerial(db, serial);
  // The contract it counts under: the site's, or its own when the team moved it here.
  const scope = row ? await scopeOf(db, site, row, others) : undefined;
  const device = row && scope ? scope.devices.find((d) => d.deviceRow === row.id) : undefined;
  const counters = device && scope ? billingCounters(r, device.rates.deviceType, scope.contract.spotColour) : undefined;
  const reportId = await insertReport(db, {
    siteId: site.siteId,
    serial,
    deviceRow: device ? device.deviceRow : null,
    at: r.at,
    identity: `${serial}|${r.at}|${JSON.stringify(r.counters)}`,
    model: r.model,
    profile: r.profile,
    profileChecked: r.profileChecked,
    unit: r.unit,
    counters: JSON.stringify(r.counters),
    markerLife: JSON.stringify(r.markerLife),
    toner: JSON.stringify(r.toner),
    status: JSON.stringify(r.status),
    mono: counters?.mono ?? null,
    color: counters?.color ?? null,
  });
  if (reportId === undefined) return 'duplicate';
  if (!device || !row || !scope) {
    await setOutcome(db, reportId, 'unknown', null, null);
    return 'unknown';
  }
  // A report again: a device listed as fallen off is back.
  const { checkedProfile } = await touchDevice(db, {
    deviceRow: device.deviceRow,
    siteId: site.siteId,
    serial,
    at: r.at,
  });
  await clearFault(db, device.deviceRow, 'silent', now.toISOString());
  // Checked at this device's counter screen by the service: its profile counts as checked here.
  const checked = r.profileChecked || checkedProfile === r.profile;
  const outcome = await recordMeter(db, scope, device, { ...r, profileChecked: checked }, counters, reportId);
  await orderToner(env, scope, device, row, r, now);
  await reportFaults(env, scope, device, row, r, now);
  return outcome;
}

async function recordMeter(
  db: D1Database,
  site: SiteContract,
  device: ContractDevice,
  r: CollectorReading,
  counters: { mono: number; color: number | null } | undefined,
  reportId: number,
): Promise<Outcome> {
  const readOn = warsawDay(new Date(r.at));
  const lastDay = readOn === monthBounds(readOn.slice(0, 7)).to;
  if (!lastDay && (await hasReadingOfDay(db, device.deviceRow, readOn))) {
    await setOutcome(db, reportId, 'same-day', null, null);
    return 'same-day';
  }
  const reason = !counters
    ? 'counters'
    : r.unit !== 'impressions'
      ? 'sheets'
      : !r.profileChecked
        ? 'profile'
        : undefined;
  const note = reason ? HELD_NOTES[reason](r.profile) : null;
  // A colour device's reading without colour counters still keeps its place for the desk.
  const values = counters ?? { mono: 0, color: device.rates.deviceType === 'color' ? 0 : null };
  const result = await recordContractReading(db, site.contract, device, {
    readOn,
    mono: values.mono,
    color: values.color,
    note,
    sentBy: COLLECTOR_SENDER,
    source: 'collector',
    confirm: true,
    hold: reason !== undefined,
    today: warsawToday(),
  });
  if (result.kind === 'stored') {
    const held = result.row.held === 1;
    await setOutcome(db, reportId, held ? 'held' : 'recorded', held ? (reason ?? 'jump') : null, result.row.id);
    return held ? 'held' : 'stored';
  }
  if (result.kind === 'refused' && result.reason === 'lower') {
    const held = await storeHeldReading(db, device.deviceRow, {
      readOn,
      mono: values.mono,
      color: values.color,
      note: HELD_NOTES.lower(),
      sentBy: COLLECTOR_SENDER,
      source: 'collector',
    });
    await setOutcome(db, reportId, 'held', 'lower', held.id);
    return 'held';
  }
  await setOutcome(db, reportId, 'refused', result.kind === 'refused' ? result.reason : result.kind, null);
  return 'refused';
}

/**
 * One toner order per cartridge at or under 20 %, or lasting about 30 days or fewer at the device's
 * pace (`tonerTrend`), for the contract's address; a colour in flight orders nothing.
 */
async function orderToner(
  env: Env,
  site: SiteContract,
  device: ContractDevice,
  row: DeviceRow,
  r: CollectorReading,
  now: Date,
) {
  const colours: readonly string[] =
    device.rates.deviceType === 'mono' ? ['black'] : ['black', 'cyan', 'magenta', 'yellow'];
  const trend = tonerTrend(r.toner, r.at, await tonerBasesOf(env.DB, device.deviceRow));
  await setTonerBases(env.DB, device.deviceRow, trend.newBases);
  const due = [
    ...lowToner(r.toner).map((l) => ({ colour: l.colour, percent: l.percent, why: `poziom tonera ${l.percent} %` })),
    ...trend.runningOut.map((t) => ({
      colour: t.colour,
      percent: t.percent,
      why: `poziom tonera ${t.percent} %, przy tempie urządzenia (${formatNumber(t.perDay, 1)} % dziennie) wystarczy na ok. ${countText(Math.floor(t.daysLeft), DAYS)}`,
    })),
  ].filter((d) => colours.includes(d.colour));
  for (const low of due) {
    const address = site.contract.companyAddress ?? row.city ?? '';
    const note = `Automatycznie: ${low.why} (licznik urządzenia). Dostawa na adres umowy ${site.contract.number}${address ? `: ${address}` : ''}.`;
    const details = {
      device: device.rates.deviceName,
      serial: device.serial,
      colours: [TONER_COLOUR_NAMES[low.colour]],
      needsApproval: false,
    };
    try {
      const stored = await storeTonerOrder(
        env.DB,
        {
          deviceRow: device.deviceRow,
          lines: [{ colour: low.colour, justified: true }],
          counters: undefined,
          orderedBy: COLLECTOR_ACTOR,
          note,
          now,
          event: {
            contract: site.contract.number,
            serial: device.serial,
            deviceId: device.rates.deviceId,
            company: site.contract.company,
            colours: [low.colour],
            lines: [{ colour: low.colour, status: 'accepted', statusLabel: TONER_STATUS_LABELS.accepted }],
            needsApproval: false,
            orderedBy: COLLECTOR_ACTOR,
            level: low.percent,
            createdAt: now.toISOString(),
          },
        },
        [
          tonerTeamNotification(env.SERVICE_EMAIL || company.salesEmail, env.SERVICE_EMAIL || company.salesEmail, {
            reference: ORDER_NUMBER_PLACEHOLDER,
            company: site.contract.company,
            note,
            ...details,
          }),
        ],
      );
      for (const id of stored.mailIds) await enqueueNotification(env, id);
    } catch (error) {
      if (!(error instanceof ColourInFlight)) throw error;
    }
  }
}

/** The faults the report names: a service call; a jam seen in `JAM_REPORTS` reports within `JAM_DAYS` days. */
async function reportFaults(
  env: Env,
  site: SiteContract,
  device: ContractDevice,
  row: DeviceRow,
  r: CollectorReading,
  now: Date,
) {
  const errors = r.status.errors;
  const since = new Date(Date.parse(r.at) - JAM_DAYS * 86_400_000).toISOString();
  const faults: Record<Exclude<Fault, 'silent'>, boolean> = {
    service: errors.includes('serviceRequested'),
    jams:
      errors.includes('jammed') && (await reportsWithError(env.DB, device.deviceRow, 'jammed', since)) >= JAM_REPORTS,
  };
  for (const fault of ['service', 'jams'] as const) {
    const nowIso = now.toISOString();
    if (!faults[fault]) {
      await clearFault(env.DB, device.deviceRow, fault, nowIso);
      continue;
    }
    const faultId = await openFault(env.DB, device.deviceRow, fault, nowIso);
    if (faultId === undefined) continue;
    const ticketId = await openTicket(env, site, device, row, r, fault, faultId, now);
    await setFaultTicket(env.DB, faultId, ticketId);
  }
}

async function openTicket(
  env: Env,
  site: SiteContract,
  device: ContractDevice,
  row: DeviceRow,
  r: CollectorReading,
  fault: Fault,
  faultId: number,
  now: Date,
): Promise<string> {
  const level = device.rates.level;
  const slaHours = slaHoursOf(level);
  const dueAt = addBusinessHours(now, slaHours);
  const alert = r.status.alerts.find((a) => a.description) ?? r.status.alerts[0];
  const description =
    fault === 'service'
      ? `Urządzenie samo zgłosiło wezwanie serwisu${alert?.description ? `: ${alert.description}` : ''} (licznik urządzenia, ${r.at}).`
      : `Urządzenie zgłosiło zacięcie papieru w ${JAM_REPORTS} odczytach w ciągu ${JAM_DAYS} dni (licznik urządzenia, ostatnio ${r.at}).`;
  const input: ServiceRequestInput = {
    serial: device.serial,
    nip: site.contract.nip ?? undefined,
    category: fault === 'service' ? 'code' : 'paper',
    errorCode: fault === 'service' && alert ? String(alert.code) : undefined,
    description,
    name: COLLECTOR_ACTOR,
    email: row.email ?? site.contract.billingEmail ?? company.salesEmail,
    phone: row.phone ?? '',
    company: site.contract.company,
    contactWhen: undefined,
    marketingConsent: false,
    submissionId: undefined,
    attribution: undefined,
    website: undefined,
  };
  const id = newPageId();
  const url = `${site.origin}/serwis/zgloszenie/${id}`;
  const stored = await storeTicket(
    env.DB,
    {
      id,
      submissionId: `collector-fault-${faultId}`,
      bodyHash: await bodyHash('collector-fault', { serial: device.serial, fault, faultId }),
      serial: device.serial,
      deviceRow: device.deviceRow,
      level,
      slaHours,
      category: input.category,
      errorCode: input.errorCode,
      description,
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      nip: site.contract.nip,
      marketingConsent: false,
      attribution: { source: 'collector', site: site.siteId },
      origin: site.origin,
      createdAt: now,
      dueAt,
    },
    ticketNotification(
      input,
      { serial: device.serial, known: true, level, slaHours, dueAt, deviceName: device.rates.deviceName },
      url,
      env.SERVICE_EMAIL || company.salesEmail,
    ),
  );
  if (stored.notificationId !== undefined) await enqueueNotification(env, stored.notificationId);
  return stored.ticket.id;
}
