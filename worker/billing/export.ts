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
import type { Bill, CustomerTotal } from '../../widgets/core/admin/admin-api.ts';

const money = (n: number): string => n.toFixed(2).replace('.', ',');
const rate = (n: number): string => String(n).replace('.', ',');

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

/** One row per device of every bill, and the RAZEM row (overage, fees, both). */
export function deviceRows(bills: readonly Bill[], period: string): unknown[][] {
  const rows: unknown[][] = bills.flatMap((b) =>
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
      l.hasReading ? '' : 'brak odczytu w okresie',
      b.contract,
      money(l.fee),
      money(l.net),
    ]),
  );
  const overage = bills.reduce((sum, b) => sum + toGrosze(b.overageNet), 0);
  const fees = bills.reduce((sum, b) => sum + toGrosze(b.feeNet), 0);
  rows.push([
    period,
    'RAZEM',
    ...Array(14).fill(''),
    money(toPln(overage)),
    '',
    '',
    money(toPln(fees)),
    money(toPln(overage + fees)),
  ]);
  return rows;
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

/** The month's bills summed per customer (by NIP, else by company), in order of NIP then company. */
export function customerTotals(bills: readonly Bill[]): CustomerTotal[] {
  const byCustomer = new Map<string, { first: Bill; bills: Bill[] }>();
  for (const b of bills) {
    const key = b.nip ? `nip:${b.nip}` : `firma:${b.company.toLowerCase()}`;
    const entry = byCustomer.get(key) ?? { first: b, bills: [] };
    entry.bills.push(b);
    byCustomer.set(key, entry);
  }
  return [...byCustomer.values()]
    .map(({ first, bills: own }) => {
      const feeGr = own.reduce((s, b) => s + toGrosze(b.feeNet), 0);
      const overageGr = own.reduce((s, b) => s + toGrosze(b.overageNet), 0);
      const net = toPln(feeGr + overageGr);
      const total = gross(net);
      return {
        nip: first.nip,
        company: first.company,
        contracts: own.map((b) => b.contract),
        devices: own.reduce((s, b) => s + b.lines.length, 0),
        feeNet: toPln(feeGr),
        overageNet: toPln(overageGr),
        net,
        vat: toPln(toGrosze(total) - toGrosze(net)),
        gross: total,
      };
    })
    .sort((a, b) => (a.nip ?? '~').localeCompare(b.nip ?? '~') || a.company.localeCompare(b.company));
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
