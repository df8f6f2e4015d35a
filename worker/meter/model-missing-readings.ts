// Before the month's invoices: the devices under contract with no reading of the month ('Faktury').
import { ACCEPTED, UNDECIDED } from './model-series.ts';

/** A device under contract in a month that has no reading of it in the accepted series. */
export interface DeviceWithoutReading {
  serial: string;
  reading_token: string | null;
  contract_id: string;
  contract_number: string;
  company: string;
  device_name: string | null;
  /** Its last accepted reading before the month (where the month's pages would start), if any. */
  last_read_on: string | null;
  /** 1: a reading of the month waits for the desk (held, undecided): it counts once accepted. */
  held_in_month: number;
}

/**
 * The devices of the contracts running in the month `from` … `to` ('YYYY-MM-DD'; started by its last
 * day, not ended before its first, as the reminders count them) with no reading of the month in the
 * accepted series: their month cannot be billed on its pages yet (they go to the next invoice). By
 * contract number and serial; `limit + 1` rows, so the caller knows there are more.
 */
export async function devicesWithoutReading(
  db: D1Database,
  from: string,
  to: string,
  limit: number,
): Promise<DeviceWithoutReading[]> {
  const { results } = await db
    .prepare(
      `SELECT d.serial, d.reading_token, k.id AS contract_id, k.number AS contract_number, k.company,
              (SELECT t.device_name FROM contract_rates t WHERE t.device_row = d.id ORDER BY t.effective_from DESC LIMIT 1)
                AS device_name,
              (SELECT r.read_on FROM meter_readings r WHERE r.device_row = d.id AND r.read_on < ?1 AND ${ACCEPTED}
                ORDER BY r.read_on DESC LIMIT 1) AS last_read_on,
              EXISTS (SELECT 1 FROM meter_readings r WHERE r.device_row = d.id AND r.read_on >= ?1 AND r.read_on <= ?2
                AND r.held = 1 AND ${UNDECIDED}) AS held_in_month
       FROM contracts k JOIN devices d ON d.contract_id = k.id
       WHERE k.start_date <= ?2 AND date(k.start_date, '+' || k.term_months || ' months') > ?1
         AND NOT EXISTS (SELECT 1 FROM meter_readings r WHERE r.device_row = d.id AND r.read_on >= ?1 AND r.read_on <= ?2
           AND ${ACCEPTED})
       ORDER BY k.number, d.serial LIMIT ?3`,
    )
    .bind(from, to, limit + 1)
    .all<DeviceWithoutReading>();
  return results;
}
