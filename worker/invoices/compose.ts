/**
 * What each invoice of a contract bills: the one rule of when a month's money is invoiced,
 * the rule the rental terms state (§ 3, `BILLING_TERMS` in widgets/core/terms.ts) and the
 * reminders and the order page repeat. Pure.
 *
 * - The invoice of a month ('YYYY-MM') bills that month's **fee in advance**: it is issued at the
 *   month's start (the run of the month, `issueMonth`), for the days of the month the contract
 *   runs (a first month from its start day, pro rata by days: worker/meter/bill.ts).
 * - On the same invoice, **in arrears**, the pages over the allowance of the month before (that
 *   month's bill: its pages, allowance and rates; pages of a month without a reading are that
 *   bill's, spanning it, and the line says which months).
 * - The **last month** (the one the contract's last day falls in) is invoiced after that day,
 *   once its final reading is in: its fee for the days up to the end, the month before's pages
 *   and its own pages up to the final reading. Nothing is billed after it.
 * - A month's pages are billed once: not again when the invoice of that month billed them
 *   itself (the invoices issued before this rule billed a month's fee and pages together, in
 *   arrears; the document's `pagesOf` names the months whose pages an invoice billed).
 */
import type { Bill } from '../meter/bill.ts';
import { contractEndOf } from '../../widgets/core/meter.ts';
import { monthBefore } from '../admin-shared/admin-api-invoices.ts';

/** The bills an invoice is made of: the month's bill for its fee, and the bills whose pages it bills. */
export interface InvoiceBills {
  fee: Bill;
  /** The bills whose overage the invoice bills, oldest first (the month before, and the last month itself). */
  pages: Bill[];
}

/** The month ('YYYY-MM') a contract's last day falls in. */
export const lastMonthOf = (c: { startDate: string; termMonths: number }): string =>
  contractEndOf(c.startDate, c.termMonths).slice(0, 7);

/**
 * Whether a month's invoice may be issued on `issueDate` ('YYYY-MM-DD'): any month but the
 * last from the start of the month's run; the last only after the contract's last day.
 */
export function isDue(month: string, c: { startDate: string; termMonths: number }, issueDate: string): boolean {
  if (month !== lastMonthOf(c)) return month <= issueDate.slice(0, 7);
  return contractEndOf(c.startDate, c.termMonths) < issueDate;
}

/**
 * The bills of a contract's invoice for `month`: its bill for the fee, the month before's for
 * the pages unless that month's pages were billed already (`pagesBilled`), and its own pages
 * too when it is the contract's last month. Undefined when the contract does not run then.
 */
export function invoiceBills(
  month: string,
  billOf: (period: string) => Bill | undefined,
  c: { startDate: string; termMonths: number },
  pagesBilled: boolean,
): InvoiceBills | undefined {
  const fee = billOf(month);
  if (!fee) return undefined;
  const before = pagesBilled ? undefined : billOf(monthBefore(month));
  return { fee, pages: [...(before ? [before] : []), ...(month === lastMonthOf(c) ? [fee] : [])] };
}

/** Whether bills have anything to invoice: a device's fee or a page over the allowance. */
export const hasLines = (b: InvoiceBills): boolean =>
  b.fee.lines.length > 0 || b.pages.some((p) => p.lines.some((l) => l.overMono > 0 || l.overColor > 0));
