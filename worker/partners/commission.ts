/**
 * The commission rule (docs/partners.md "Commission"), pure. A partner earns on what was paid:
 *  - `share`: for each VAT invoice of one of its contracts whose month is within the contract's
 *    first `months` months (the start's month is the first), the paid part of the invoice's net
 *    (net × paid ÷ due, paid capped at due; corrections included) times the share, each rounded
 *    half up to the grosz by the kernel's rule; the statement of month M counts the invoices
 *    of period M, with what was paid of them until the statement is read (or settled);
 *  - `fixed`: the amount once per contract, in the month its order was installed (Warsaw).
 * Only a confirmed `partner` of the lead counts (worker/leads/partners.ts).
 */
import { toGrosze, toPln } from '../../widgets/core/pricing.ts';
import { warsawDay } from '../../widgets/core/warsaw-time.ts';
import type { PartnerCommission } from '../admin-shared/partner-validation.ts';
import type { PartnerStatementAnswer, PartnerStatementLine } from '../admin-shared/admin-api-partners.ts';
import type { PartnerInvoiceRow } from './model-partner-stats.ts';

const monthIndex = (yyyyMm: string): number => Number(yyyyMm.slice(0, 4)) * 12 + Number(yyyyMm.slice(5, 7)) - 1;

/** The paid part of an invoice's net, in grosze. */
export function paidNetGr(netGr: number, dueGr: number, paidGr: number): number {
  if (dueGr <= 0 || paidGr <= 0) return 0;
  return toGrosze((toPln(netGr) * Math.min(paidGr, dueGr)) / dueGr);
}

/** A contract's invoice of the month and its commission; the month's statement (as the admin API answers them). */
export type StatementLine = PartnerStatementLine;
export type Statement = PartnerStatementAnswer['statement'];

/** The statement of `month` (YYYY-MM) from the partner's contracts' invoices. */
export function statementOf(
  month: string,
  commission: PartnerCommission,
  rows: readonly PartnerInvoiceRow[],
): Statement {
  const lines: StatementLine[] = [];
  if (commission.kind === 'share') {
    for (const r of rows) {
      if (r.period !== month || r.net_gr === null) continue;
      const within = monthIndex(month) - monthIndex(r.start_date) < commission.months;
      const paid = paidNetGr(r.net_gr, r.due_gr ?? 0, r.paid_gr ?? 0);
      lines.push({
        contractNumber: r.contract_number,
        companyName: r.company_name,
        invoiceNumber: r.invoice_number,
        netGr: r.net_gr,
        paidNetGr: paid,
        commissionGr: within ? toGrosze((toPln(paid) * commission.shareBp) / 10_000) : 0,
      });
    }
  } else {
    const seen = new Set<string>();
    for (const r of rows) {
      if (seen.has(r.contract_id) || !r.installed_at || warsawDay(new Date(r.installed_at)).slice(0, 7) !== month)
        continue;
      seen.add(r.contract_id);
      lines.push({
        contractNumber: r.contract_number,
        companyName: r.company_name,
        invoiceNumber: null,
        netGr: 0,
        paidNetGr: 0,
        commissionGr: commission.amountGr,
      });
    }
  }
  const sum = (k: 'netGr' | 'paidNetGr' | 'commissionGr') => lines.reduce((s, l) => s + l[k], 0);
  return { month, lines, netGr: sum('netGr'), paidNetGr: sum('paidNetGr'), commissionGr: sum('commissionGr') };
}
