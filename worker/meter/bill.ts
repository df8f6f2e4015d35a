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
 * the billed month, and the line and the bill name those months.
 *
 * Every day of a contract is billed once (`coverOf`): a month bills the days of it the
 * contract runs, from its start day to its last day (`contractEndOf`: 15.06 for 5 months runs
 * to 14.11). A month the contract covers in part — its first and its last — bills **pro rata
 * by days**: the fee is the monthly fee × days covered / days of the month, rounded once to the
 * grosz, and the page allowance is the monthly allowance × the same share, rounded once to
 * whole pages (of every month the pages span, summed before the rounding). The last month's
 * pages run to the final reading (no reading is accepted after the contract's last day).
 * Money is summed in grosze and rounded once per amount (widgets/core/pricing.ts).
 */
import { type Reading, contractEndOf, monthBounds, overageOf, usageOfMonth } from '../../widgets/core/meter.ts';
import type { Bill, BillLine, FrozenRates } from '../admin-shared/admin-api.ts';
import { gross, roundToGrosz, toGrosze, toPln } from '../../widgets/core/pricing.ts';
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

/** The days of a month ('YYYY-MM') a contract covers: first and last ('YYYY-MM-DD'), how many, and of how many. */
export interface Cover {
  from: string;
  to: string;
  days: number;
  monthDays: number;
}

const dayCount = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * The days of `period` the contract runs, from its start to its last day (`contractEndOf`);
 * undefined when it runs on none of them. 15.06–14.11: June 15–30 (16 of 30), November 1–14 (14 of 30).
 */
export function coverOf(contract: Pick<BilledContract, 'startDate' | 'termMonths'>, period: string): Cover | undefined {
  const month = monthBounds(period);
  const end = contractEndOf(contract.startDate, contract.termMonths);
  // Days as 'YYYY-MM-DD' compare as text: the later start, the earlier end.
  const from = [contract.startDate, month.from].sort()[1] as string;
  const to = [end, month.to].sort()[0] as string;
  if (from > to) return undefined;
  return { from, to, days: dayCount(from, to), monthDays: dayCount(month.from, month.to) };
}

/** The share of a month's fee and allowance its covered days are (1 for a whole month). */
const shareOf = (cover: Cover | undefined): number => (cover ? cover.days / cover.monthDays : 0);

/** The fee of the covered days: the monthly fee pro rata by days, rounded once to the grosz (195,00 zł × 16/30 = 104,00 zł). */
export const feeOf = (monthlyPrice: number, cover: Cover): number =>
  cover.days === cover.monthDays ? monthlyPrice : roundToGrosz((monthlyPrice * cover.days) / cover.monthDays);

/** The allowance of pages spanning `months`: the monthly allowance × the covered share of each, summed, rounded once to whole pages. */
export const allowanceOf = (monthly: number, shares: readonly number[]): number =>
  Math.round(+(monthly * shares.reduce((sum, s) => sum + s, 0)).toFixed(6));

/** The rates in force in a month: the newest row effective on or before its last day. */
export function ratesIn(rates: readonly FrozenRates[], to: string): FrozenRates | undefined {
  return [...rates]
    .filter((r) => r.effectiveFrom <= to)
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .at(-1);
}

const counterOf = (r: Reading) => ({ readOn: r.readOn, mono: r.mono, color: r.color });

function lineOf(device: BilledDevice, period: string, contract: BilledContract, cover: Cover): BillLine | undefined {
  const rates = ratesIn(device.rates, monthBounds(period).to);
  if (!rates) return undefined;
  const usage = usageOfMonth(device.readings, period, contract.startDate.slice(0, 7));
  const pages = usage?.pages;
  const shares = (usage?.months ?? [period]).map((m) => shareOf(coverOf(contract, m)));
  const pkg = {
    level: rates.level,
    monthlyPrice: rates.monthlyPrice,
    monthlyLimit: allowanceOf(rates.monthlyLimit, shares),
    ...(rates.colorLimit !== null ? { colorLimit: allowanceOf(rates.colorLimit, shares) } : {}),
    overage: { mono: rates.overageMono, ...(rates.overageColor !== null ? { color: rates.overageColor } : {}) },
  };
  const overage = usage ? overageOf(usage.pages, pkg, 1) : undefined;
  const fee = feeOf(rates.monthlyPrice, cover);
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
    includedMono: overage?.included.mono ?? pkg.monthlyLimit,
    includedColor: overage?.included.color ?? pkg.colorLimit ?? 0,
    overMono: overage?.over.mono ?? 0,
    overColor: overage?.over.color ?? 0,
    rateMono: rates.overageMono,
    rateColor: rates.overageColor ?? 0,
    monthlyFee: rates.monthlyPrice,
    fee,
    amountMono: overage?.amountMono ?? 0,
    amountColor: overage?.amountColor ?? 0,
    net: toPln(toGrosze(fee) + toGrosze(overage?.amount ?? 0)),
  };
}

/** The bill of `contract` for `period` ('YYYY-MM'); undefined when the contract does not run then. */
export function billFor(contract: BilledContract, period: string): Bill | undefined {
  const cover = coverOf(contract, period);
  if (!cover) return undefined;
  const lines = [...contract.devices]
    .sort((a, b) => a.serial.localeCompare(b.serial))
    .flatMap((d) => lineOf(d, period, contract, cover) ?? []);
  const feeGr = lines.reduce((sum, l) => sum + toGrosze(l.fee), 0);
  const overageGr = lines.reduce((sum, l) => sum + toGrosze(l.amountMono) + toGrosze(l.amountColor), 0);
  const net = toPln(feeGr + overageGr);
  const total = gross(net);
  return {
    contract: contract.number,
    company: contract.company,
    nip: contract.nip,
    period,
    from: cover.from,
    to: cover.to,
    days: cover.days,
    monthDays: cover.monthDays,
    months: [...new Set([period, ...lines.flatMap((l) => l.months)])].sort(),
    lines,
    feeNet: toPln(feeGr),
    overageNet: toPln(overageGr),
    net,
    vat: toPln(toGrosze(total) - toGrosze(net)),
    gross: total,
  };
}
