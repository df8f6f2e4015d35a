/**
 * A month's bills of contracts (worker/meter/bill.ts `billFor` on D1's data): each device's
 * frozen rates and its accepted readings of the month with the last one before it, read for a
 * batch of contracts at once and grouped by device.
 */
import { type Bill, type BilledContract, billFor } from '../meter/bill.ts';
import { monthBounds } from '../../widgets/core/meter.ts';
import { asFrozenRates, ratesOfDevices } from './model-contract-rates.ts';
import { devicesOfContracts } from './model-devices.ts';
import { acceptedReadingsOfPeriod, asReading } from '../meter/index.ts';
import { type Contract, contractById, groupBy } from './model.ts';

/**
 * What `billFor` needs of contracts for a month ('YYYY-MM'): their devices' rates, and each
 * device's own accepted readings of the month with the last one before it. Grouped once
 * by device (linear in readings, whatever the number of devices).
 */
export async function billedContracts(
  db: D1Database,
  contracts: Contract[],
  period: string,
  lastPeriod = period,
): Promise<BilledContract[]> {
  const devices = await devicesOfContracts(
    db,
    contracts.map((c) => c.id),
  );
  const rows = devices.map((d) => d.id);
  const { from } = monthBounds(period);
  const { to } = monthBounds(lastPeriod);
  const [rates, readings] = await Promise.all([
    ratesOfDevices(db, rows),
    acceptedReadingsOfPeriod(db, JSON.stringify(rows), from, to),
  ]);
  const ratesOf = groupBy(rates, (r) => r.device_row);
  const readingsOf = groupBy(readings, (r) => r.device_row);
  const devicesOf = groupBy(devices, (d) => d.contract_id);
  return contracts.map((c) => ({
    number: c.number,
    company: c.company,
    nip: c.nip,
    startDate: c.startDate,
    termMonths: c.termMonths,
    devices: (devicesOf.get(c.id) ?? []).map((d) => ({
      serial: d.serial,
      rates: (ratesOf.get(d.id) ?? []).map(asFrozenRates),
      readings: (readingsOf.get(d.id) ?? []).map(asReading),
    })),
  }));
}

/** The bill of one contract for a month ('YYYY-MM'); undefined when it does not run then. */
export async function billOfContract(db: D1Database, contractId: string, period: string): Promise<Bill | undefined> {
  const contract = await contractById(db, contractId);
  if (!contract) return undefined;
  const [billed] = await billedContracts(db, [contract], period);
  return billed ? billFor(billed, period) : undefined;
}

/**
 * The bills of a batch of contracts for each of `periods` ('YYYY-MM', oldest first, in a row):
 * period → contract id → bill, for the contracts running then. Three queries for all the months
 * (the readings from the first month's start with the last one before it).
 */
export async function billsOfMonths(
  db: D1Database,
  contracts: Contract[],
  periods: readonly string[],
): Promise<Map<string, Map<string, Bill>>> {
  const first = periods[0];
  const out = new Map(periods.map((p) => [p, new Map<string, Bill>()]));
  if (!first || contracts.length === 0) return out;
  const billed = await billedContracts(db, contracts, first, periods.at(-1));
  billed.forEach((c, i) => {
    for (const p of periods) {
      const bill = billFor(c, p);
      if (bill) out.get(p)?.set((contracts[i] as Contract).id, bill);
    }
  });
  return out;
}

/** The bills of a batch of contracts for a month ('YYYY-MM'): those running then, by contract number. */
export async function billsOf(db: D1Database, contracts: Contract[], period: string): Promise<Bill[]> {
  const billed = await billedContracts(db, contracts, period);
  return billed.flatMap((c) => billFor(c, period) ?? []);
}
