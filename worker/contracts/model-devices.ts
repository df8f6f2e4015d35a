/** The device registry (migration 0020): each rented device with its package and customer. */
import type { DeviceRecord as DeviceRow, DeviceWithReading } from '../admin-shared/admin-api.ts';
import type { DeviceInput } from '../../widgets/core/service-validation.ts';

/** The device's row, and the row with its last reading: one declaration with the admin API that answers them. */
export type { DeviceRecord as DeviceRow, DeviceWithReading } from '../admin-shared/admin-api.ts';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

const values = (d: DeviceInput) => [
  d.serial,
  d.deviceId,
  d.level,
  d.contractStart ?? null,
  d.termMonths ?? null,
  d.company,
  d.nip ?? null,
  d.email ?? null,
  d.phone ?? null,
  d.city ?? null,
];

/** Every device with its latest reading, by serial. */
export async function listDevices(db: D1Database): Promise<DeviceWithReading[]> {
  const { results } = await db
    .prepare(
      `SELECT d.*, r.read_on AS last_read_on, r.mono AS last_mono, r.color AS last_color
       FROM devices d LEFT JOIN meter_readings r ON r.id = (
         SELECT id FROM meter_readings WHERE device_row = d.id ORDER BY read_on DESC, reset DESC, id DESC LIMIT 1)
       ORDER BY d.serial`,
    )
    .all<DeviceWithReading>();
  return results;
}

/** Where a page of the registry starts: after the device with this serial (by serial, as its index compares). */
export type DeviceKey = [serial: string];

export const deviceKey = (d: { serial: string }): DeviceKey => [d.serial];

/** Devices with their latest reading, by serial: a keyset page, `limit + 1` of them after `after`. */
export async function devicesPage(
  db: D1Database,
  { limit = 100, after }: { limit?: number; after?: DeviceKey | undefined } = {},
): Promise<DeviceWithReading[]> {
  const { results } = await db
    .prepare(
      `SELECT d.*, r.read_on AS last_read_on, r.mono AS last_mono, r.color AS last_color
       FROM devices d LEFT JOIN meter_readings r ON r.id = (
         SELECT id FROM meter_readings WHERE device_row = d.id ORDER BY read_on DESC, reset DESC, id DESC LIMIT 1)
       ${after ? 'WHERE d.serial > ?2 ' : ''}ORDER BY d.serial LIMIT ?1`,
    )
    .bind(limit + 1, ...(after ?? []))
    .all<DeviceWithReading>();
  return results;
}

export async function deviceBySerial(db: D1Database, serial: string): Promise<DeviceRow | null> {
  return db.prepare('SELECT * FROM devices WHERE serial = ?').bind(serial).first<DeviceRow>();
}

export async function deviceById(db: D1Database, id: number): Promise<DeviceRow | null> {
  return db.prepare('SELECT * FROM devices WHERE id = ?').bind(id).first<DeviceRow>();
}

export async function devicesByNip(db: D1Database, nip: string): Promise<DeviceRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM devices WHERE nip = ? ORDER BY serial')
    .bind(nip)
    .all<DeviceRow>();
  return results;
}

/** Edits a device; 'missing' when there is none, 'taken' when the new serial is another device's. */
export async function updateDevice(
  db: D1Database,
  id: number,
  d: DeviceInput,
): Promise<DeviceRow | 'missing' | 'taken'> {
  const other = await deviceBySerial(db, d.serial);
  if (other && other.id !== id) return 'taken';
  const row = await db
    .prepare(
      `UPDATE devices SET serial = ?2, device_id = ?3, level = ?4, contract_start = ?5, term_months = ?6, company = ?7,
         nip = ?8, email = ?9, phone = ?10, city = ?11, updated_at = ${NOW}
       WHERE id = ?1 RETURNING *`,
    )
    .bind(id, ...values(d))
    .first<DeviceRow>();
  return row ?? 'missing';
}

/** Devices whose contact address is `email` (lower-case), for a person's export. */
export async function devicesOfEmail(db: D1Database, email: string): Promise<DeviceRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM devices WHERE lower(email) = ?1 ORDER BY id')
    .bind(email)
    .all<DeviceRow>();
  return results;
}

/**
 * The statement that takes a person off the devices they are the contact of (erasure):
 * their address and phone go; the device, its company, NIP and contract stay
 * (the company's contract and its billing, not the person's data).
 */
export function clearDeviceContactStatement(db: D1Database, email: string): D1PreparedStatement {
  return db
    .prepare(`UPDATE devices SET email = NULL, phone = NULL, updated_at = ${NOW} WHERE lower(email) = ?1`)
    .bind(email);
}

/** What a contract's device row is made of (the contract's customer is copied for the registry's lists). */
export interface NewContractDevice {
  contractId: string;
  serial: string;
  deviceId: string;
  level: string;
  startDate: string;
  termMonths: number;
  company: string;
  nip: string | null;
  email: string | null;
  phone?: string | null | undefined;
  city?: string | null | undefined;
  readingToken: string;
}

/**
 * The statement that adds a device of a new contract, for the contract's batch. A serial
 * registered already fails the batch (UNIQUE), so a contract never takes over a device
 * that another contract rents.
 */
export function contractDeviceStatement(db: D1Database, d: NewContractDevice): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, nip, email, contract_id,
         reading_token, phone, city)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      d.serial,
      d.deviceId,
      d.level,
      d.startDate,
      d.termMonths,
      d.company,
      d.nip,
      d.email,
      d.contractId,
      d.readingToken,
      d.phone ?? null,
      d.city ?? null,
    );
}

/** The devices of a contract, by serial. */
export async function devicesOfContract(db: D1Database, contractId: string): Promise<DeviceRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM devices WHERE contract_id = ? ORDER BY serial')
    .bind(contractId)
    .all<DeviceRow>();
  return results;
}

/** The devices of several contracts at once (a billing run), by serial. */
export async function devicesOfContracts(db: D1Database, contractIds: readonly string[]): Promise<DeviceRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM devices WHERE contract_id IN (SELECT value FROM json_each(?1)) ORDER BY serial')
    .bind(JSON.stringify(contractIds))
    .all<DeviceRow>();
  return results;
}

/** The device whose reading link carries `token`; null for any other text. */
export async function deviceByToken(db: D1Database, token: string): Promise<DeviceRow | null> {
  return db.prepare('SELECT * FROM devices WHERE reading_token = ?').bind(token).first<DeviceRow>();
}

/** Gives a device without one (registered by hand) its reading token; the token it has otherwise. */
export async function ensureReadingToken(db: D1Database, deviceRow: number, token: string): Promise<string | null> {
  const row = await db
    .prepare(
      `UPDATE devices SET reading_token = coalesce(reading_token, ?2), updated_at = ${NOW} WHERE id = ?1
       RETURNING reading_token`,
    )
    .bind(deviceRow, token)
    .first<{ reading_token: string }>();
  return row?.reading_token ?? null;
}

/**
 * The statements that update many devices' contact data (the import of known serials), set-based:
 * one statement per 250 devices (model and contract stay).
 */
export function devicesContactStatements(
  db: D1Database,
  changes: readonly { id: number; device: DeviceInput }[],
): D1PreparedStatement[] {
  const rows = changes.map(({ id, device: d }) => ({
    id,
    company: d.company,
    nip: d.nip ?? null,
    email: d.email ?? null,
    phone: d.phone ?? null,
    city: d.city ?? null,
  }));
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < rows.length; at += 250)
    statements.push(
      db
        .prepare(
          `UPDATE devices SET company = json_extract(j.value, '$.company'), nip = json_extract(j.value, '$.nip'),
             email = json_extract(j.value, '$.email'), phone = json_extract(j.value, '$.phone'),
             city = json_extract(j.value, '$.city'), updated_at = ${NOW}
           FROM json_each(?1) j WHERE devices.id = json_extract(j.value, '$.id')`,
        )
        .bind(JSON.stringify(rows.slice(at, at + 250))),
    );
  return statements;
}
