/**
 * Only registered partners are attributed, and only from their own pages. A partner is a row of
 * the `partners` table (worker/partners, the panel's 'Partnerzy'), read at every lead, so one
 * added is attributed at once. A lead sent with:
 *  - a `partner` value no row has keeps it as `partner_unregistered` (nothing typed is lost;
 *    the team can assign it later, audited);
 *  - a registered partner, but from an `Origin` outside the partner's domains (or while the
 *    partner is paused, or when the register could not be read) keeps it as
 *    `partner_unconfirmed`: it earns nothing and counts for no partner until the team
 *    confirms it (`POST /api/admin/leads/:id/partner`);
 *  - a registered partner for a company (NIP) another partner brought first, within that
 *    partner's attribution window: the first keeps it (`partner`), the second is kept as
 *    `partner_second`.
 * The statistics, filters, e-mails and CRM see only `partner`.
 */
import { firstPartnerOfNip, partnerById } from '../partners/index.ts';
import { type Attribution, type RegisteredPartner, attributedBy } from './attribution-rule.ts';

const domainsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * `attribution` as it is stored: its partner checked against the register and the request's
 * `Origin`, and, when the lead names a company (`nip`), against the partner that brought it
 * first. A register that cannot be read (D1 away: the lead goes to the queue) leaves the
 * partner unconfirmed, never lost.
 */
export async function attributed<A extends Attribution>(
  db: D1Database,
  attribution: A | undefined,
  origin: string | null | undefined,
  company?: { nip?: string | null | undefined; at: string },
): Promise<Record<string, string | undefined> | undefined> {
  if (!attribution?.partner) return attribution;
  let registered: RegisteredPartner | null | 'unknown';
  try {
    const row = await partnerById(db, attribution.partner);
    registered = row ? { domains: domainsOf(row.domains), active: row.active === 1 } : null;
  } catch (error) {
    console.error('attribution: the partners could not be read; the partner stays unconfirmed', error);
    registered = 'unknown';
  }
  const result = attributedBy(attribution, registered, origin);
  if (!result || !('partner' in result) || !result.partner || !company?.nip) return result;
  try {
    const first = await firstPartnerOfNip(db, company.nip, company.at);
    if (first && first !== result.partner) return { ...result, partner: first, partner_second: result.partner };
  } catch (error) {
    console.error('attribution: the first partner of the company could not be read', error);
  }
  return result;
}
