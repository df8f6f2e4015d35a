/**
 * The numbers: `GET /api/admin/stats` (`from`, `to` as RRRR-MM-DD, `kind`) answers leads
 * per week, by source, campaign and partner, and quotes by device and package, from the
 * per-day counters (models/lead-counts.ts): its cost grows with the days asked, not with
 * the leads stored. The inbox's other filters (status, source, search…) are the list's.
 */
import { Hono } from 'hono';
import { countedNumbers } from '../../models/lead-counts.ts';
import { ADMIN_INPUT_ERRORS } from '../../../widgets/core/admin/admin-validation.ts';
import type { AdminEnv } from '../../middleware/admin-guard/index.ts';
import type { LeadStats } from '../../../widgets/core/admin/admin-api.ts';
import { leadFilterOf } from '../../sales/lead-filter.ts';

export const statsRoutes = new Hono<AdminEnv>();

statsRoutes.get('/', async (c) => {
  const filter = leadFilterOf(c.req.query(), c.get('session').accountId);
  if ('error' in filter) return c.json({ error: filter.error }, 400);
  if (filter.status || filter.utmSource || filter.utmCampaign || filter.partner || filter.q)
    return c.json({ error: ADMIN_INPUT_ERRORS.statsFilter }, 400);
  return c.json((await countedNumbers(c.env.DB, filter)) satisfies LeadStats);
});
