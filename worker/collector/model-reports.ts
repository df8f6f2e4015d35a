/**
 * What the collector's devices reported (migration 0480): every report with its raw counters,
 * toner and state, and what became of it (a reading of the meter, held for the desk, an unknown
 * serial); and the faults a device reported, one service ticket per fault while it lasts.
 */
import type { TonerBase } from './push.ts';

export interface ReportRow {
  id: number;
  site_id: string;
  serial: string;
  device_row: number | null;
  at: string;
  model: string;
  profile: string;
  profile_checked: number;
  unit: string;
  counters: string;
  marker_life: string;
  toner: string;
  status: string;
  mono: number | null;
  color: number | null;
  outcome: ReportOutcome;
  held_reason: string | null;
  reading_id: number | null;
  received_at: string;
}

export type ReportOutcome = 'pending' | 'recorded' | 'held' | 'same-day' | 'unknown' | 'refused';

export interface NewReport {
  siteId: string;
  serial: string;
  deviceRow: number | null;
  at: string;
  identity: string;
  model: string;
  profile: string;
  profileChecked: boolean;
  unit: string;
  counters: string;
  markerLife: string;
  toner: string;
  status: string;
  mono: number | null;
  color: number | null;
}

/** Stores a report once (unique on serial, time and counters): its id, or undefined for a duplicate. */
export async function insertReport(db: D1Database, r: NewReport): Promise<number | undefined> {
  const row = await db
    .prepare(
      `INSERT INTO collector_reports (site_id, serial, device_row, at, identity, model, profile, profile_checked, unit,
         counters, marker_life, toner, status, mono, color, outcome)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 'pending')
       ON CONFLICT (identity) DO NOTHING RETURNING id`,
    )
    .bind(
      r.siteId,
      r.serial,
      r.deviceRow,
      r.at,
      r.identity,
      r.model,
      r.profile,
      r.profileChecked ? 1 : 0,
      r.unit,
      r.counters,
      r.markerLife,
      r.toner,
      r.status,
      r.mono,
      r.color,
    )
    .first<{ id: number }>();
  return row?.id;
}

export async function setOutcome(
  db: D1Database,
  id: number,
  outcome: Exclude<ReportOutcome, 'pending'>,
  heldReason: string | null,
  readingId: number | null,
): Promise<void> {
  await db
    .prepare('UPDATE collector_reports SET outcome = ?2, held_reason = ?3, reading_id = ?4 WHERE id = ?1')
    .bind(id, outcome, heldReason, readingId)
    .run();
}

/**
 * Whether the device already has a reading from the collector on this Warsaw day that should
 * stand for it: true when one was stored that day (a later one of the day adds a row only on
 * the month's last day, so the month ends on its last counters).
 */
export async function hasReadingOfDay(db: D1Database, deviceRow: number, readOn: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS found FROM meter_readings WHERE device_row = ?1 AND read_on = ?2 AND source = 'collector' LIMIT 1`,
    )
    .bind(deviceRow, readOn)
    .first<{ found: number }>();
  return !!row;
}

/** Reports of a device since `sinceIso` whose state names `error` (e.g. 'jammed'), this one included. */
export async function reportsWithError(
  db: D1Database,
  deviceRow: number,
  error: string,
  sinceIso: string,
): Promise<number> {
  const row = await db
    .prepare(
      `SELECT count(*) AS n FROM collector_reports r, json_each(r.status, '$.errors') e
       WHERE r.device_row = ?1 AND r.at >= ?2 AND e.value = ?3`,
    )
    .bind(deviceRow, sinceIso, error)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export type Fault = 'service' | 'jams' | 'silent';

/** Opens a fault of a device; true when it was not open already (then a ticket is to be made). */
export async function openFault(
  db: D1Database,
  deviceRow: number,
  fault: Fault,
  nowIso: string,
): Promise<number | undefined> {
  const row = await db
    .prepare(
      `INSERT INTO collector_faults (device_row, fault, opened_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (device_row, fault) WHERE cleared_at IS NULL DO NOTHING RETURNING id`,
    )
    .bind(deviceRow, fault, nowIso)
    .first<{ id: number }>();
  return row?.id;
}

export async function setFaultTicket(db: D1Database, id: number, ticketId: string): Promise<void> {
  await db.prepare('UPDATE collector_faults SET ticket_id = ?2 WHERE id = ?1').bind(id, ticketId).run();
}

/** A report without the fault clears it: the next one opens a new ticket. */
export async function clearFault(db: D1Database, deviceRow: number, fault: Fault, nowIso: string): Promise<void> {
  await db
    .prepare('UPDATE collector_faults SET cleared_at = ?3 WHERE device_row = ?1 AND fault = ?2 AND cleared_at IS NULL')
    .bind(deviceRow, fault, nowIso)
    .run();
}

/** The last report of each of the given devices (JSON array of registry ids). */
export async function lastReportsOf(db: D1Database, deviceRowsJson: string): Promise<ReportRow[]> {
  const { results } = await db
    .prepare(
      `SELECT r.* FROM json_each(?1) d JOIN collector_reports r ON r.id = (
         SELECT id FROM collector_reports WHERE device_row = d.value AND outcome != 'unknown' ORDER BY at DESC, id DESC LIMIT 1)`,
    )
    .bind(deviceRowsJson)
    .all<ReportRow>();
  return results;
}

/**
 * A report of a contract's device (migration 0511): its last report's time is the latest seen, and a
 * device listed as fallen off is not any more (its next report clears the fault too, intake.ts).
 */
export async function touchDevice(
  db: D1Database,
  d: { deviceRow: number; siteId: string; serial: string; at: string },
): Promise<{ checkedProfile: string | null }> {
  const row = await db
    .prepare(
      `INSERT INTO collector_devices (device_row, site_id, serial, last_at, listed) VALUES (?1, ?2, ?3, ?4, 0)
       ON CONFLICT (device_row) DO UPDATE SET site_id = ?2, serial = ?3, last_at = max(last_at, ?4), listed = 0
       RETURNING checked_profile`,
    )
    .bind(d.deviceRow, d.siteId, d.serial, d.at)
    .first<{ checked_profile: string | null }>();
  return { checkedProfile: row?.checked_profile ?? null };
}

/** The held reading `readingId` of a collector report held for its unchecked profile: its device, contract and profile. */
export const heldForProfile = (db: D1Database, readingId: number) =>
  db
    .prepare(
      `SELECT r.device_row, r.profile, d.contract_id FROM collector_reports r JOIN devices d ON d.id = r.device_row
       WHERE r.reading_id = ?1 AND r.outcome = 'held' AND r.held_reason = 'profile' AND d.contract_id IS NOT NULL LIMIT 1`,
    )
    .bind(readingId)
    .first<{ device_row: number; profile: string; contract_id: string }>();

/** The device's counter checked at its screen for `profile`: its later readings of that profile are not held for it. */
export const markCounterChecked = (db: D1Database, deviceRow: number, profile: string, by: string) =>
  db
    .prepare(
      `UPDATE collector_devices SET checked_profile = ?2, checked_by = ?3,
         checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE device_row = ?1`,
    )
    .bind(deviceRow, profile, by)
    .run();

/**
 * Devices whose last report (of a site's own contract) is older than `beforeIso` and that are not
 * listed as fallen off yet, with their contract: at most `limit`, oldest first. Read along the
 * index of the devices not listed (`collector_quiet`), so a run reads the devices it lists, never
 * the reports.
 */
export async function newlySilentDevices(
  db: D1Database,
  beforeIso: string,
  limit: number,
): Promise<{ device_row: number; serial: string; last_at: string; contract_id: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT c.device_row, c.serial, c.last_at, s.contract_id
       FROM collector_devices c JOIN collector_sites s ON s.id = c.site_id
       WHERE c.listed = 0 AND c.last_at < ?1
       ORDER BY c.last_at LIMIT ?2`,
    )
    .bind(beforeIso, limit)
    .all<{ device_row: number; serial: string; last_at: string; contract_id: string }>();
  return results;
}

/** A device listed as fallen off: the next runs pass it by until it reports again. */
export async function markListed(db: D1Database, deviceRow: number): Promise<void> {
  await db.prepare('UPDATE collector_devices SET listed = 1 WHERE device_row = ?1').bind(deviceRow).run();
}

/** The devices of a contract listed as fallen off, with their last report. */
export async function silentDevicesOf(
  db: D1Database,
): Promise<{ contract_id: string; site_id: string | null; serial: string; opened_at: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT d.contract_id, cd.site_id, d.serial, f.opened_at FROM collector_faults f JOIN devices d ON d.id = f.device_row
         LEFT JOIN collector_devices cd ON cd.device_row = f.device_row
       WHERE f.fault = 'silent' AND f.cleared_at IS NULL ORDER BY d.serial LIMIT 1000`,
    )
    .all<{ contract_id: string; site_id: string | null; serial: string; opened_at: string }>();
  return results;
}

/** Where each cartridge's pace of a device is counted from (migration 0510). */
export async function tonerBasesOf(db: D1Database, deviceRow: number): Promise<TonerBase[]> {
  const { results } = await db
    .prepare(
      'SELECT colour, base_at AS at, base_level AS level, base_max AS max FROM collector_toner_pace WHERE device_row = ?1',
    )
    .bind(deviceRow)
    .all<TonerBase>();
  return results;
}

/** Stores the bases of new cartridges (a first report, a level above the base, another maximum). */
export async function setTonerBases(db: D1Database, deviceRow: number, bases: readonly TonerBase[]): Promise<void> {
  if (bases.length === 0) return;
  await db.batch(
    bases.map((b) =>
      db
        .prepare(
          `INSERT INTO collector_toner_pace (device_row, colour, base_at, base_level, base_max) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (device_row, colour) DO UPDATE SET base_at = ?3, base_level = ?4, base_max = ?5`,
        )
        .bind(deviceRow, b.colour, b.at, b.level, b.max),
    ),
  );
}

/** Deletes at most `limit` reports that made no reading, older than `beforeIso`, oldest first; how many went. */
export async function deleteReportsWithoutReading(db: D1Database, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM collector_reports WHERE id IN (
         SELECT id FROM collector_reports WHERE reading_id IS NULL AND at < ?1 ORDER BY at LIMIT ?2)`,
    )
    .bind(beforeIso, limit)
    .run();
  return result.meta.changes ?? 0;
}
