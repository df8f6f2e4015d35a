/**
 * The numbers: `GET /api/admin/stats` (`from`, `to` as RRRR-MM-DD, `kind`) answers leads
 * per week, by source, campaign and partner, and quotes by device and package, from the
 * per-day counters (leads/model-lead-counts.ts); `GET /api/admin/stats/response` (`from`, `to`;
 * the last 12 weeks by default) the share first answered within the promise and the median,
 * per week, month, person and source (worker/leads/response-stats.ts). Both cost what the
 * days asked cost, not the leads stored. The inbox's other filters are the list's.
 */
import { Hono } from 'hono';
import { countedNumbers } from './model-lead-counts.ts';
import { ADMIN_INPUT_ERRORS } from '../admin-shared/admin-validation.ts';
import type { AdminEnv } from '../middleware/admin-guard/index.ts';
import type { LeadStats, ResponseStats } from '../admin-shared/admin-api.ts';
import { defaultRange, responseStats } from './response-stats.ts';
import { leadFilterOf } from './lead-filter.ts';

export const statsRoutes = new Hono<AdminEnv>();

statsRoutes.get('/', async (c) => {
  const filter = leadFilterOf(c.req.query(), c.get('session').accountId);
  if ('error' in filter) return c.json({ error: filter.error, field: filter.field }, 400);
  if (filter.status || filter.utmSource || filter.utmCampaign || filter.partner || filter.q)
    return c.json({ error: ADMIN_INPUT_ERRORS.statsFilter }, 400);
  return c.json((await countedNumbers(c.env.DB, filter)) satisfies LeadStats);
});

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

statsRoutes.get('/response', async (c) => {
  const now = new Date();
  const range = defaultRange(now);
  const from = c.req.query('from') || range.from;
  const to = c.req.query('to') || range.to;
  if (!isDate(from) || !isDate(to)) return c.json({ error: ADMIN_INPUT_ERRORS.date }, 400);
  return c.json((await responseStats(c.env.DB, from, to, now)) satisfies ResponseStats);
});
