/**
 * A contract device's frozen prices (`contract_rates`, migration 0100): the first row is
 * copied from the catalogue version live at signing; an amendment adds a row from its
 * effective date. Rows are never edited or deleted, so every past bill can be made again
 * from them.
 */
import type { FrozenRates } from '../meter/bill.ts';

export interface RatesRow {
  id: number;
  device_row: number;
  effective_from: string;
  catalogue_version: number | null;
  device_id: string;
  device_name: string;
  device_type: 'mono' | 'color';
  level: FrozenRates['level'];
  monthly_price: number;
  monthly_limit: number;
  color_limit: number | null;
  overage_mono: number;
  overage_color: number | null;
  reason: string | null;
  created_by: string;
  created_at: string;
}

export const asFrozenRates = (r: RatesRow): FrozenRates => ({
  effectiveFrom: r.effective_from,
  catalogueVersion: r.catalogue_version,
  deviceId: r.device_id,
  deviceName: r.device_name,
  deviceType: r.device_type,
  level: r.level,
  monthlyPrice: r.monthly_price,
  monthlyLimit: r.monthly_limit,
  colorLimit: r.color_limit,
  overageMono: r.overage_mono,
  overageColor: r.overage_color,
});

/**
 * The statement that stores a device's rates, naming the device by its serial so it can
 * follow the device's own insert in one batch.
 */
export function ratesStatement(
  db: D1Database,
  serial: string,
  rates: FrozenRates,
  reason: string | null,
  createdBy: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type,
         level, monthly_price, monthly_limit, color_limit, overage_mono, overage_color, reason, created_by)
       SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14 FROM devices WHERE serial = ?1`,
    )
    .bind(
      serial,
      rates.effectiveFrom,
      rates.catalogueVersion,
      rates.deviceId,
      rates.deviceName,
      rates.deviceType,
      rates.level,
      rates.monthlyPrice,
      rates.monthlyLimit,
      rates.colorLimit,
      rates.overageMono,
      rates.overageColor,
      reason,
      createdBy,
    );
}

/** Every rates row of the given devices, oldest first. */
export async function ratesOfDevices(db: D1Database, deviceRows: readonly number[]): Promise<RatesRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM contract_rates WHERE device_row IN (SELECT value FROM json_each(?1))
       ORDER BY device_row, effective_from, id`,
    )
    .bind(JSON.stringify(deviceRows))
    .all<RatesRow>();
  return results;
}

/** Adds an amendment; false when the device already has rates from that day (one change per day). */
export async function addRates(
  db: D1Database,
  serial: string,
  rates: FrozenRates,
  reason: string,
  createdBy: string,
): Promise<boolean> {
  try {
    const { meta } = await ratesStatement(db, serial, rates, reason, createdBy).run();
    return meta.changes === 1;
  } catch (error) {
    if (String(error).includes('UNIQUE')) return false;
    throw error;
  }
}
