/** The leads inbox's filter, read from the query string of the list, the CSV and the numbers. */
import { leadFilterSchema } from '../admin-shared/admin-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import type { LeadFilter } from './model-lead-inbox.ts';

/**
 * The inbox filter of a query string (`owner=me` is the asking account), or the Polish
 * reason it is not one; the list, its CSV and the numbers read the same filter.
 */
export function leadFilterOf(
  query: Record<string, string>,
  accountId: number | undefined,
): LeadFilter | { error: string; field: string | undefined } {
  const parsed = check(leadFilterSchema, query);
  if (!parsed.ok) return { error: parsed.error, field: parsed.field };
  const f = parsed.data;
  return {
    kind: f.kind,
    status: f.status,
    from: f.from,
    to: f.to,
    utmSource: f.utm_source,
    utmCampaign: f.utm_campaign,
    partner: f.partner,
    q: f.q,
    owner: f.owner === 'me' ? (accountId ?? 0) : f.owner === 'none' ? 'none' : f.owner ? Number(f.owner) : undefined,
    stage: f.stage,
    overdueAt: f.overdue ? new Date().toISOString() : undefined,
  };
}
