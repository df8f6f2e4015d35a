/** A partner's row as the form and the rules read it (worker/admin-shared/partner-validation.ts). */
import type { PartnerForm } from '../admin-shared/partner-validation.ts';
import type { PartnerRow } from './model.ts';

const domainsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
};

export const partnerForm = (r: PartnerRow): PartnerForm => ({
  id: r.id,
  name: r.name,
  nip: r.nip,
  email: r.contact_email,
  domains: domainsOf(r.domains),
  commission:
    r.commission_kind === 'fixed'
      ? { kind: 'fixed', amountGr: r.fixed_gr }
      : { kind: 'share', shareBp: r.share_bp, months: r.share_months },
  windowDays: r.window_days,
  active: r.active === 1,
});
