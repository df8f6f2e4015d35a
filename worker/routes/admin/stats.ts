/**
 * The numbers: `GET /api/admin/stats` (the inbox's filters) answers leads per week, by
 * source, campaign and partner, and (once quotes exist) quotes by device and package.
 */
import { Hono } from 'hono';
import { leadNumbers } from '../../models/leads.ts';
import { quoteNumbers } from '../../models/quotes.ts';
import type { AdminEnv } from './guard.ts';
import type { LeadStats } from '../../../widgets/core/admin-api.ts';
import { filterOf } from './leads.ts';

export const statsRoutes = new Hono<AdminEnv>();

statsRoutes.get('/stats', async (c) => {
  const filter = filterOf(c);
  if ('error' in filter) return c.json({ error: filter.error }, 400);
  const [leads, quotes] = await Promise.all([leadNumbers(c.env.DB, filter), quoteNumbers(c.env.DB, filter)]);
  return c.json({ ...leads, ...quotes } satisfies LeadStats);
});
