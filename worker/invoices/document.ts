/**
 * The invoice as a document: what an FA(3) invoice of a contract's month says, made purely
 * from the month's bill (worker/meter/bill.ts), the contract's buyer and the seller. One
 * line per device fee, and one per device and colour for the pages over the allowance (the
 * pages as the quantity, the per-page rate as the unit price), each with the counters the
 * pages come from. Money in whole grosze, each amount as the bill rounded it (once per
 * amount, widgets/core/pricing.ts): the lines add up to the bill's net, VAT is the bill's.
 * The same document is kept as JSON with the invoice, so the customer's copy, the register
 * and a later correction read what was issued, never a recomputation.
 */
import type { Bill, BillLine } from '../meter/bill.ts';
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { VAT_PERCENT, toGrosze, toPln } from '../../widgets/core/pricing.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { type Company, company as ourCompany } from '../../widgets/core/company.ts';
import { PAYMENT_DAYS } from '../../widgets/core/terms.ts';
import { dateText } from '../../widgets/core/dates.ts';
import type { InvoiceBills } from './compose.ts';

export { PAYMENT_DAYS } from '../../widgets/core/terms.ts';

export interface Seller {
  nip: string;
  name: string;
  /** The registered address, one line as registered. */
  address: string;
  email: string;
  /** 26 digits (NRB), the account the invoice is paid to. */
  bankAccount: string;
  /** Where invoices are issued (FA(3) P_1M). */
  city: string;
}

export interface Buyer {
  /** Digits only; null for a buyer without a NIP (BrakID). */
  nip: string | null;
  name: string;
  /** The registered address as the register gives it, one line; null when not known. */
  address: string | null;
  /** A subordinate unit of local government (JST) is the buyer. */
  jst: boolean;
  /** The buyer is a member of a VAT group. */
  gv: boolean;
  /**
   * With `jst` or `gv`: the unit that receives the invoice (FA(3) Podmiot3, role 8 for a JST's
   * subordinate unit, 10 for a VAT group's member); the buyer itself is the JST or the group.
   */
  unit?: { name: string; nip: string; address: string | null } | null;
}

/** A counter's state on a day: where an overage line's pages start or end. */
export interface CounterState {
  readOn: string;
  value: number;
}

export interface InvoiceLine {
  kind: 'fee' | 'mono' | 'color';
  serial: string;
  /** FA(3) P_7: what is sold, in Polish. */
  name: string;
  /** FA(3) P_8A: 'mies.' for a whole month's fee, 'usł.' for the fee of a part-month (pro rata by days), 'str.' for pages. */
  unit: 'mies.' | 'usł.' | 'str.';
  /** FA(3) P_8B: 1 month (or the part-month's service), or the pages over the allowance. */
  quantity: number;
  /** FA(3) P_9A: the unit's net price in zł (a per-page rate may have more than two decimals). */
  unitPrice: number;
  /** FA(3) P_11: the line's net in grosze. */
  netGr: number;
  /** The months whose pages and allowance the line counts ('YYYY-MM'); a fee's: its month. */
  months: string[];
  /** An overage line's counters: the reading its pages count from (none: the first reading in the month) and the last one. */
  counters?: { from: CounterState | null; to: CounterState; reset: boolean };
}

export interface InvoiceTotals {
  netGr: number;
  vatGr: number;
  grossGr: number;
}

export interface CorrectedInvoice {
  number: string;
  issueDate: string;
  /** The corrected invoice's number in KSeF (a correction is issued only once KSeF gave it one). */
  ksefNumber: string;
}

export interface InvoiceDocument extends InvoiceTotals {
  kind: 'VAT' | 'KOR';
  number: string;
  /** 'YYYY-MM-DD' (Warsaw): FA(3) P_1. */
  issueDate: string;
  dueDate: string;
  /** When the XML was made (FA(3) DataWytworzeniaFa), an ISO instant. */
  createdAt: string;
  /** The billed month, 'YYYY-MM'. */
  period: string;
  /** FA(3) P_6_Od / P_6_Do: the days of its own month the invoice's fee is for (the contract's days of `period`). */
  periodFrom: string;
  periodTo: string;
  /**
   * The months ('YYYY-MM') whose pages over the allowance the invoice bills: the month before (in
   * arrears), and its own in a contract's last month. Absent from the invoices issued before the
   * fee went in advance: those billed their own month's pages (compose.ts).
   */
  pagesOf?: string[];
  contract: { number: string; date: string };
  seller: Seller;
  buyer: Buyer;
  lines: InvoiceLine[];
  /** A correction: why, which invoice, and its lines and totals before (as last issued). */
  correction?: {
    reason: string;
    /** FA(3) TypKorekty (`correctionEffect`); absent on corrections issued before it was written. */
    type?: CorrectionEffect;
    corrected: CorrectedInvoice;
    before: InvoiceLine[];
    beforeTotals: InvoiceTotals;
    /** The buyer as the corrected invoice named them, when that differs (FA(3) Podmiot2K). */
    buyerBefore?: Buyer;
  };
}

/** The seller of every invoice: the company's supplied data (samples locally; the launch check refuses them). */
export function sellerOf(c: Company = ourCompany): Seller {
  return {
    nip: c.nip.replace(/\D/g, ''),
    name: c.legalName,
    address: c.registeredAddress,
    email: c.email,
    bankAccount: (c.bankAccount ?? '').replace(/\D/g, ''),
    city: c.base.city,
  };
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The due date of an invoice issued on `issueDate`: `PAYMENT_DAYS` from its delivery, and a
 * KSeF invoice is delivered on its issue day (it goes to KSeF and to the billing e-mail that day;
 * the terms § 3 say so: `BILLING_TERMS`, widgets/core/terms.ts).
 */
export const dueDateOf = (issueDate: string): string => addDays(issueDate, PAYMENT_DAYS);

const monthText = (period: string): string => `${period.slice(5, 7)}.${period.slice(0, 4)}`;

function linesOf(line: BillLine): InvoiceLine[] {
  const device = `${line.device} (nr seryjny ${line.serial})`;
  const lines: InvoiceLine[] = [];
  const counters = (key: 'mono' | 'color'): Pick<InvoiceLine, 'counters'> =>
    line.counters
      ? {
          counters: {
            from: line.counters.from && { readOn: line.counters.from.readOn, value: line.counters.from[key] ?? 0 },
            to: { readOn: line.counters.to.readOn, value: line.counters.to[key] ?? 0 },
            reset: line.counters.reset,
          },
        }
      : {};
  const months = ` za ${line.months.map(monthText).join(' i ')}`;
  if (line.overMono > 0)
    lines.push({
      kind: 'mono',
      serial: line.serial,
      name: `Strony mono ponad limit${months} – ${device}`,
      unit: 'str.',
      quantity: line.overMono,
      unitPrice: line.rateMono,
      netGr: toGrosze(line.amountMono),
      months: line.months,
      ...counters('mono'),
    });
  if (line.overColor > 0)
    lines.push({
      kind: 'color',
      serial: line.serial,
      name: `Strony kolorowe ponad limit${months} – ${device}`,
      unit: 'str.',
      quantity: line.overColor,
      unitPrice: line.rateColor,
      netGr: toGrosze(line.amountColor),
      months: line.months,
      ...counters('color'),
    });
  return lines;
}

/** The fee's days: 'za 11.2026', or a part-month pro rata 'za 01.11.2026–14.11.2026 (14 z 30 dni)'. */
const feeSpan = (bill: Bill): string =>
  bill.days === bill.monthDays
    ? monthText(bill.period)
    : `${dateText(bill.from)}–${dateText(bill.to)} (${bill.days} z ${bill.monthDays} dni, proporcjonalnie)`;

/**
 * The lines of an invoice: per device (by serial) its fee of the invoice's month (in advance),
 * then its pages over the allowance of each bill the invoice bills pages of (in arrears).
 */
export function invoiceLines(bills: InvoiceBills): InvoiceLine[] {
  const { fee } = bills;
  const serials = [...new Set([fee, ...bills.pages].flatMap((b) => b.lines.map((l) => l.serial)))].sort();
  const whole = fee.days === fee.monthDays;
  return serials.flatMap((serial) => {
    const l = fee.lines.find((x) => x.serial === serial);
    return [
      ...(l
        ? [
            {
              kind: 'fee' as const,
              serial,
              name: `Najem urządzenia ${l.device} (nr seryjny ${serial}), pakiet ${LEVEL_NAMES[l.level]} – abonament za ${feeSpan(fee)}`,
              unit: whole ? ('mies.' as const) : ('usł.' as const),
              quantity: 1,
              unitPrice: l.fee,
              netGr: toGrosze(l.fee),
              months: [fee.period],
            },
          ]
        : []),
      ...bills.pages.flatMap((b) => b.lines.filter((x) => x.serial === serial).flatMap(linesOf)),
    ];
  });
}

/** Net, VAT (23 % of the net, rounded once) and gross of lines, in grosze. */
export function totalsOf(lines: readonly InvoiceLine[]): InvoiceTotals {
  const netGr = lines.reduce((sum, l) => sum + l.netGr, 0);
  const vatGr = Math.round(+((netGr * VAT_PERCENT) / 100).toFixed(6));
  return { netGr, vatGr, grossGr: netGr + vatGr };
}

export interface InvoiceFacts {
  number: string;
  issueDate: string;
  createdAt: string;
  /** The contract's number and the day it was signed (FA(3) DataUmowy). */
  contract: { number: string; date: string };
  seller: Seller;
  buyer: Buyer;
}

/** The VAT invoice of a contract's month: its fee, and the pages of the bills it bills pages of (compose.ts). */
export function invoiceOf(bills: InvoiceBills, facts: InvoiceFacts): InvoiceDocument {
  const lines = invoiceLines(bills);
  return {
    kind: 'VAT',
    number: facts.number,
    issueDate: facts.issueDate,
    dueDate: dueDateOf(facts.issueDate),
    createdAt: facts.createdAt,
    period: bills.fee.period,
    periodFrom: bills.fee.from,
    periodTo: bills.fee.to,
    pagesOf: bills.pages.map((b) => b.period),
    contract: { number: facts.contract.number, date: facts.contract.date },
    seller: facts.seller,
    buyer: facts.buyer,
    lines,
    ...totalsOf(lines),
  };
}

const sameBuyer = (a: Buyer, b: Buyer): boolean =>
  a.nip === b.nip &&
  a.name === b.name &&
  a.address === b.address &&
  a.jst === b.jst &&
  a.gv === b.gv &&
  JSON.stringify(a.unit ?? null) === JSON.stringify(b.unit ?? null);

/** The state an invoice is in now: as issued, or as its latest correction left it. */
export function stateOf(doc: InvoiceDocument): { lines: InvoiceLine[]; buyer: Buyer } & InvoiceTotals {
  return { lines: doc.lines, buyer: doc.buyer, netGr: doc.netGr, vatGr: doc.vatGr, grossGr: doc.grossGr };
}

/**
 * FA(3) TypKorekty: when the correction counts in the VAT records. 1 — in the period of the
 * corrected invoice; 2 — in the period of the correction. Ours correct the month billed again (a
 * reading corrected, the buyer's data): a raise corrects an error the invoice had when it was
 * issued, so it counts where the invoice did (1); a lowering counts when the correction is issued
 * (2: art. 29a ust. 13 of the VAT Act); one that changes no amount (the buyer's data) is 1.
 */
export type CorrectionEffect = 1 | 2;
export const correctionEffect = (grossDifferenceGr: number): CorrectionEffect => (grossDifferenceGr < 0 ? 2 : 1);

/**
 * A correction (KOR) of an invoice: its lines before (as the corrected invoice, or its latest
 * correction, left them) and after (the month billed again now), and the totals as the
 * difference after − before, as FA(3) asks of a correction. Undefined when nothing differs.
 */
export function correctionOf(
  before: { lines: InvoiceLine[]; buyer: Buyer } & InvoiceTotals,
  original: InvoiceDocument,
  now: InvoiceDocument,
  facts: { number: string; issueDate: string; createdAt: string; reason: string; ksefNumber: string },
): InvoiceDocument | undefined {
  const after = totalsOf(now.lines);
  const linesSame = JSON.stringify(before.lines) === JSON.stringify(now.lines);
  if (linesSame && sameBuyer(before.buyer, now.buyer)) return undefined;
  return {
    ...now,
    kind: 'KOR',
    number: facts.number,
    issueDate: facts.issueDate,
    dueDate: dueDateOf(facts.issueDate),
    createdAt: facts.createdAt,
    netGr: after.netGr - before.netGr,
    vatGr: after.vatGr - before.vatGr,
    grossGr: after.grossGr - before.grossGr,
    correction: {
      reason: facts.reason,
      type: correctionEffect(after.grossGr - before.grossGr),
      corrected: { number: original.number, issueDate: original.issueDate, ksefNumber: facts.ksefNumber },
      before: before.lines,
      beforeTotals: { netGr: before.netGr, vatGr: before.vatGr, grossGr: before.grossGr },
      ...(sameBuyer(before.buyer, now.buyer) ? {} : { buyerBefore: before.buyer }),
    },
  };
}

/** Days within which an overpayment a lowering correction leaves is sent back. */
export const REFUND_DAYS = 14;

/**
 * What happens to the difference of a correction that lowers the amount (FA(3) carries no
 * payment order for it): paid already, the difference goes back to the account it came from
 * within `REFUND_DAYS`; not paid yet, only the amount after the correction is owed. Undefined
 * for an invoice or a correction that does not lower the amount. At most 256 characters
 * (FA(3) TZnakowy: it goes in `DodatkowyOpis`).
 */
export function correctionSettlement(doc: InvoiceDocument): string | undefined {
  const k = doc.correction;
  if (doc.kind !== 'KOR' || !k || doc.grossGr >= 0) return undefined;
  const less = formatPln(toPln(-doc.grossGr), 2);
  const after = formatPln(toPln(k.beforeTotals.grossGr + doc.grossGr), 2);
  return `Zmniejszenie o ${less} brutto. Jeśli faktura ${k.corrected.number} jest zapłacona, zwrócimy ${less} na rachunek, z którego przyszła zapłata, w ciągu ${REFUND_DAYS} dni od daty korekty; jeśli nie, zapłać tylko kwotę po korekcie: ${after}.`;
}

/** The state after a correction: its lines and buyer after, and the totals before plus the difference. */
export function stateAfter(kor: InvoiceDocument): { lines: InvoiceLine[]; buyer: Buyer } & InvoiceTotals {
  const before = kor.correction?.beforeTotals ?? { netGr: 0, vatGr: 0, grossGr: 0 };
  return {
    lines: kor.lines,
    buyer: kor.buyer,
    netGr: before.netGr + kor.netGr,
    vatGr: before.vatGr + kor.vatGr,
    grossGr: before.grossGr + kor.grossGr,
  };
}
