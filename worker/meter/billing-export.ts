/**
 * The billing export for the invoicing program (CSV, worker/http/csv.ts): one line per
 * device as before (the overage of its pages over the allowance, mono and colour apart)
 * with the contract, the monthly fee and the line's total appended at the end, so an
 * import that reads the old columns keeps working; and a summary per customer (NIP, else
 * company): fees, overage, net, VAT and gross of all their contracts in the month. Pure:
 * made from bills (bill.ts), which are made from frozen rates and accepted readings.
 */
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { gross, toGrosze, toPln } from '../../widgets/core/pricing.ts';
import { csvDecimal, csvMoney } from '../../widgets/core/format.ts';
import type { Bill, CustomerTotal } from '../admin-shared/admin-api.ts';
import { monthsCoveredText } from './bill.ts';

const money = csvMoney;
const rate = (n: number): string => csvDecimal(n);

export const DEVICE_COLUMNS = [
  'okres',
  'numer_seryjny',
  'firma',
  'nip',
  'urzadzenie',
  'pakiet',
  'strony_mono',
  'strony_kolor',
  'w_cenie_mono',
  'w_cenie_kolor',
  'ponad_limit_mono',
  'ponad_limit_kolor',
  'stawka_mono_netto',
  'stawka_kolor_netto',
  'kwota_mono_netto',
  'kwota_kolor_netto',
  'kwota_netto',
  'uwagi',
  'umowa',
  'abonament_netto',
  'razem_netto',
];

/** One row per device of the bills (an export writes them batch by batch). */
export function deviceLines(bills: readonly Bill[], period: string): unknown[][] {
  return bills.flatMap((b) =>
    b.lines.map((l) => [
      period,
      l.serial,
      b.company,
      b.nip,
      l.device,
      LEVEL_NAMES[l.level],
      l.usedMono,
      l.usedColor,
      l.includedMono,
      l.includedColor,
      l.overMono,
      l.overColor,
      rate(l.rateMono),
      rate(l.rateColor),
      money(l.amountMono),
      money(l.amountColor),
      money(toPln(toGrosze(l.amountMono) + toGrosze(l.amountColor))),
      l.hasReading ? monthsCoveredText(l.months) : 'brak odczytu w okresie',
      b.contract,
      money(l.fee),
      money(l.net),
    ]),
  );
}

/** The month's sums of overage and fees in grosze, added to batch by batch, for the RAZEM row. */
export interface DeviceSums {
  overage: number;
  fees: number;
}

export function addToSums(sums: DeviceSums, bills: readonly Bill[]): void {
  for (const b of bills) {
    sums.overage += toGrosze(b.overageNet);
    sums.fees += toGrosze(b.feeNet);
  }
}

/** The RAZEM row: overage, fees and both of the whole month. */
export const totalRow = ({ overage, fees }: DeviceSums, period: string): unknown[] => [
  period,
  'RAZEM',
  ...Array(14).fill(''),
  money(toPln(overage)),
  '',
  '',
  money(toPln(fees)),
  money(toPln(overage + fees)),
];

/** One row per device of every bill, and the RAZEM row (overage, fees, both). */
export function deviceRows(bills: readonly Bill[], period: string): unknown[][] {
  const sums = { overage: 0, fees: 0 };
  addToSums(sums, bills);
  return [...deviceLines(bills, period), totalRow(sums, period)];
}

export const CUSTOMER_COLUMNS = [
  'okres',
  'nip',
  'firma',
  'umowy',
  'urzadzenia',
  'abonament_netto',
  'ponad_limit_netto',
  'razem_netto',
  'vat',
  'razem_brutto',
];

/**
 * The month's bills summed per customer (by NIP, else by company), added batch by batch:
 * it holds one sum per customer, never the bills.
 */
export class CustomerTally {
  readonly #byCustomer = new Map<
    string,
    { nip: string | null; company: string; contracts: string[]; devices: number; feeGr: number; overageGr: number }
  >();

  add(bills: readonly Bill[]): void {
    for (const b of bills) {
      const key = b.nip ? `nip:${b.nip}` : `firma:${b.company.toLowerCase()}`;
      const entry = this.#byCustomer.get(key) ?? {
        nip: b.nip,
        company: b.company,
        contracts: [],
        devices: 0,
        feeGr: 0,
        overageGr: 0,
      };
      entry.contracts.push(b.contract);
      entry.devices += b.lines.length;
      entry.feeGr += toGrosze(b.feeNet);
      entry.overageGr += toGrosze(b.overageNet);
      this.#byCustomer.set(key, entry);
    }
  }

  /** The sums, in order of NIP then company. */
  totals(): CustomerTotal[] {
    return [...this.#byCustomer.values()]
      .map((e) => {
        const net = toPln(e.feeGr + e.overageGr);
        const total = gross(net);
        return {
          nip: e.nip,
          company: e.company,
          contracts: e.contracts,
          devices: e.devices,
          feeNet: toPln(e.feeGr),
          overageNet: toPln(e.overageGr),
          net,
          vat: toPln(toGrosze(total) - toGrosze(net)),
          gross: total,
        };
      })
      .sort((a, b) => (a.nip ?? '~').localeCompare(b.nip ?? '~') || a.company.localeCompare(b.company));
  }
}

/** The month's bills summed per customer (by NIP, else by company), in order of NIP then company. */
export function customerTotals(bills: readonly Bill[]): CustomerTotal[] {
  const tally = new CustomerTally();
  tally.add(bills);
  return tally.totals();
}

export function customerRows(totals: readonly CustomerTotal[], period: string): unknown[][] {
  return totals.map((t) => [
    period,
    t.nip,
    t.company,
    t.contracts.join(', '),
    t.devices,
    money(t.feeNet),
    money(t.overageNet),
    money(t.net),
    money(t.vat),
    money(t.gross),
  ]);
}
