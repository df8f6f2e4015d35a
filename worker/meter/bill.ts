/**
 * The bill of a contract for one month: a pure function of the contract's frozen rates
 * and its devices' accepted readings (corrections applied, nothing superseded, no reading
 * that only named a serial). Nothing here reads the live catalogue or the clock, so the
 * same contract and readings give the same bill, byte for byte, whenever it is made and
 * whatever was published in between.
 *
 * Per device: the monthly fee of the rates in force in that month (the newest rates row
 * effective on or before the month's last day: an amendment starts on the first day of a
 * month), and the overage of the pages printed in the month over the allowance, mono and
 * colour apart. The pages run from the device's last reading before the month (its own,
 * not the first reading ever) to its last reading in the month; a month without a reading
 * of the device bills its fee and no overage, and says so. Pages that span such a month
 * meet the allowance of every month they span (`usageOfMonth`), at the rates in force in
 * the billed month, and the line and the bill name those months. Fees are billed for the
 * start month and the `termMonths − 1` months after it. Money is summed in grosze and
 * rounded once per amount (widgets/core/pricing.ts).
 */
import { type Reading, monthBounds, overageOf, usageOfMonth } from '../../widgets/core/meter.ts';
import type { Bill, BillLine, FrozenRates } from '../admin-shared/admin-api.ts';
import { gross, toGrosze, toPln } from '../../widgets/core/pricing.ts';
import { monthsText } from '../../widgets/core/plural.ts';

export type { Bill, BillLine, FrozenRates } from '../admin-shared/admin-api.ts';

export interface BilledDevice {
  serial: string;
  /** Every rates row of the device, any order. */
  rates: readonly FrozenRates[];
  /** The device's accepted readings (the effective series), any order. */
  readings: readonly Reading[];
}

export interface BilledContract {
  number: string;
  company: string;
  nip: string | null;
  startDate: string;
  termMonths: number;
  devices: readonly BilledDevice[];
}

/**
 * What a line says of pages billed late: '' for the billed month alone, else the months its
 * pages and allowance span ('strony i limit za 2 miesiące: 2026-10, 2026-11').
 */
export const monthsCoveredText = (months: readonly string[]): string =>
  months.length > 1 ? `strony i limit za ${monthsText(months.length)}: ${months.join(', ')}` : '';

/** The first month billed and how many: the start month and `termMonths − 1` after it. */
function runsIn(contract: Pick<BilledContract, 'startDate' | 'termMonths'>, period: string): boolean {
  const [sy, sm] = contract.startDate.split('-').map(Number) as [number, number];
  const [py, pm] = period.split('-').map(Number) as [number, number];
  const index = (py - sy) * 12 + (pm - sm);
  return index >= 0 && index < contract.termMonths;
}

/** The rates in force in a month: the newest row effective on or before its last day. */
export function ratesIn(rates: readonly FrozenRates[], to: string): FrozenRates | undefined {
  return [...rates]
    .filter((r) => r.effectiveFrom <= to)
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .at(-1);
}

const counterOf = (r: Reading) => ({ readOn: r.readOn, mono: r.mono, color: r.color });

function lineOf(device: BilledDevice, period: string, firstMonth: string): BillLine | undefined {
  const rates = ratesIn(device.rates, monthBounds(period).to);
  if (!rates) return undefined;
  const usage = usageOfMonth(device.readings, period, firstMonth);
  const pages = usage?.pages;
  const pkg = {
    level: rates.level,
    monthlyPrice: rates.monthlyPrice,
    monthlyLimit: rates.monthlyLimit,
    ...(rates.colorLimit !== null ? { colorLimit: rates.colorLimit } : {}),
    overage: { mono: rates.overageMono, ...(rates.overageColor !== null ? { color: rates.overageColor } : {}) },
  };
  const overage = usage ? overageOf(usage.pages, pkg, usage.months.length) : undefined;
  return {
    serial: device.serial,
    device: rates.deviceName,
    level: rates.level,
    catalogueVersion: rates.catalogueVersion,
    hasReading: !!pages,
    months: usage?.months ?? [],
    counters: usage
      ? {
          from: usage.counters.from && counterOf(usage.counters.from),
          to: counterOf(usage.counters.to),
          reset: usage.counters.reset,
        }
      : null,
    usedMono: pages?.mono ?? 0,
    usedColor: pages?.color ?? 0,
    includedMono: overage?.included.mono ?? rates.monthlyLimit,
    includedColor: overage?.included.color ?? rates.colorLimit ?? 0,
    overMono: overage?.over.mono ?? 0,
    overColor: overage?.over.color ?? 0,
    rateMono: rates.overageMono,
    rateColor: rates.overageColor ?? 0,
    fee: rates.monthlyPrice,
    amountMono: overage?.amountMono ?? 0,
    amountColor: overage?.amountColor ?? 0,
    net: toPln(toGrosze(rates.monthlyPrice) + toGrosze(overage?.amount ?? 0)),
  };
}

/** The bill of `contract` for `period` ('YYYY-MM'); undefined when the contract does not run then. */
export function billFor(contract: BilledContract, period: string): Bill | undefined {
  if (!runsIn(contract, period)) return undefined;
  const firstMonth = contract.startDate.slice(0, 7);
  const lines = [...contract.devices]
    .sort((a, b) => a.serial.localeCompare(b.serial))
    .flatMap((d) => lineOf(d, period, firstMonth) ?? []);
  const feeGr = lines.reduce((sum, l) => sum + toGrosze(l.fee), 0);
  const overageGr = lines.reduce((sum, l) => sum + toGrosze(l.amountMono) + toGrosze(l.amountColor), 0);
  const net = toPln(feeGr + overageGr);
  const total = gross(net);
  return {
    contract: contract.number,
    company: contract.company,
    nip: contract.nip,
    period,
    months: [...new Set([period, ...lines.flatMap((l) => l.months)])].sort(),
    lines,
    feeNet: toPln(feeGr),
    overageNet: toPln(overageGr),
    net,
    vat: toPln(toGrosze(total) - toGrosze(net)),
    gross: total,
  };
}
