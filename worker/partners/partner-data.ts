/**
 * What a signed-in partner sees on /partner, worked out from its own rows only (the partner
 * comes from its session, never from the address): its numbers per month, its leads without
 * personal data, its contracts' commission and the month statements. Months in Warsaw time.
 */
import { warsawDay } from '../../widgets/core/warsaw-time.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import type { PartnerCommission } from '../admin-shared/partner-validation.ts';
import { leadStatusLabel } from '../admin-shared/pipeline.ts';
import { type Statement, paidNetGr, statementOf } from './commission.ts';
import type { PartnerInvoiceRow, PartnerLeadRow } from './model-partner-stats.ts';
import type { SettledStatement } from './model.ts';

export interface MonthNumbers {
  month: string;
  leads: number;
  quotes: number;
  ordersSigned: number;
  installed: number;
  invoicedNetGr: number;
  paidNetGr: number;
  commissionGr: number;
  settled: SettledStatement | null;
}

/** A lead as a partner may see it: no name, e-mail, phone, message; a company only once its order is signed. */
export interface PartnerLeadView {
  date: string;
  city: string | null;
  device: string | null;
  package: string | null;
  stage: string;
  company: string | null;
}

export interface ContractCommission {
  contractNumber: string;
  companyName: string;
  paidNetGr: number;
  commissionGr: number;
}

const monthOf = (iso: string | null): string | null => (iso ? warsawDay(new Date(iso)).slice(0, 7) : null);

/** The `count` months up to and including `now`'s, newest first. */
export function lastMonths(now: Date, count = 12): string[] {
  const [y = 0, m = 1] = warsawDay(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export function monthNumbers(
  months: readonly string[],
  commission: PartnerCommission,
  leads: readonly PartnerLeadRow[],
  invoices: readonly PartnerInvoiceRow[],
  settled: readonly SettledStatement[],
): { rows: MonthNumbers[]; statements: Map<string, Statement> } {
  const statements = new Map<string, Statement>();
  const rows = months.map((month) => {
    const ofMonth = leads.filter((l) => monthOf(l.created_at) === month);
    const contracts = new Set(invoices.filter((r) => monthOf(r.installed_at) === month).map((r) => r.contract_id));
    const billed = invoices.filter((r) => r.period === month && r.net_gr !== null);
    const statement = statementOf(month, commission, invoices);
    statements.set(month, statement);
    return {
      month,
      leads: ofMonth.length,
      quotes: ofMonth.filter((l) => l.has_quote).length,
      ordersSigned: leads.filter((l) => l.accepted_at && monthOf(l.accepted_at) === month).length,
      installed: contracts.size,
      invoicedNetGr: billed.reduce((s, r) => s + (r.net_gr ?? 0), 0),
      paidNetGr: billed.reduce((s, r) => s + paidNetGr(r.net_gr ?? 0, r.due_gr ?? 0, r.paid_gr ?? 0), 0),
      commissionGr: settled.find((s) => s.month === month)?.commission_gr ?? statement.commissionGr,
      settled: settled.find((s) => s.month === month) ?? null,
    };
  });
  return { rows, statements };
}

export const leadView = (l: PartnerLeadRow): PartnerLeadView => ({
  date: warsawDay(new Date(l.created_at)),
  city: l.city,
  device: l.device_name,
  package: l.level ? (LEVEL_NAMES[l.level as PackageLevel] ?? l.level) : null,
  stage: leadStatusLabel(l.stage),
  company: l.company_name,
});

/** Commission per contract over every month billed so far. */
export function contractCommissions(commission: PartnerCommission, invoices: readonly PartnerInvoiceRow[]) {
  const periods = [...new Set(invoices.map((r) => r.period ?? monthOf(r.installed_at)).filter(Boolean))] as string[];
  if (commission.kind === 'fixed')
    for (const r of invoices) {
      const m = monthOf(r.installed_at);
      if (m && !periods.includes(m)) periods.push(m);
    }
  const byContract = new Map<string, ContractCommission>();
  for (const month of periods)
    for (const line of statementOf(month, commission, invoices).lines) {
      const seen = byContract.get(line.contractNumber) ?? {
        contractNumber: line.contractNumber,
        companyName: line.companyName,
        paidNetGr: 0,
        commissionGr: 0,
      };
      seen.paidNetGr += line.paidNetGr;
      seen.commissionGr += line.commissionGr;
      byContract.set(line.contractNumber, seen);
    }
  return [...byContract.values()];
}
