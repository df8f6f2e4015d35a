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
