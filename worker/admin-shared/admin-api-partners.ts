/** The admin API's partner answers ('Partnerzy'): what the panel and the worker share. */
import type { PartnerCommission } from './partner-validation.ts';

/** `GET /api/admin/partners` → `{partners: PartnerSummary[]}` (a contract outside checks rely on). */
export interface PartnerSummary {
  id: string;
  name: string;
  nip: string | null;
  domains: string[];
  commission: PartnerCommission;
  active: boolean;
}

export interface PartnerList {
  partners: PartnerSummary[];
}

/** `GET /api/admin/partners/:id`: everything the form edits, and the company from the White List. */
export interface PartnerDetail extends PartnerSummary {
  email: string | null;
  windowDays: number;
  company: { name: string; address: string | null } | null;
  createdAt: string;
  updatedAt: string;
}

/** A line of a partner's month statement: a contract's invoice of the month and its commission (grosze). */
export interface PartnerStatementLine {
  contractNumber: string;
  companyName: string;
  invoiceNumber: string | null;
  netGr: number;
  paidNetGr: number;
  commissionGr: number;
}

/**
 * `GET /api/admin/partners/:id/statements/:month`: the month's statement as the partner sees it,
 * and, once the owner marked it settled (`POST …/settle`), the frozen total with who and when.
 */
export interface PartnerStatementAnswer {
  statement: {
    month: string;
    lines: PartnerStatementLine[];
    /** The lines' sums (grosze). */
    netGr: number;
    paidNetGr: number;
    commissionGr: number;
  };
  settled: { month: string; commission_gr: number; settled_by: string; settled_at: string } | null;
}
