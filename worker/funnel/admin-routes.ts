/**
 * "Od kliknięcia do przelewu" ('Liczby'): `GET /api/admin/stats/funnel?from=&to=&by=`
 * answers the rows per partner, utm_source, utm_medium, utm_campaign or host page's path;
 * `GET /api/admin/stats/funnel.csv` (same query) the CSV. Both read the per-day counters
 * (worker/funnel/model.ts): they cost what the days and keys asked cost, not the leads stored.
 */
import { Hono } from 'hono';
import type { AdminEnv } from '../middleware/admin-guard/index.ts';
import type { FunnelReport } from '../admin-shared/admin-api-funnel.ts';
import { funnelCsv, funnelQueryOf, funnelReport } from './report.ts';

export const funnelRoutes = new Hono<AdminEnv>();

funnelRoutes.get('/', async (c) => {
  const q = funnelQueryOf(c.req.query());
  if ('error' in q) return c.json({ error: q.error, field: q.field }, 400);
  return c.json((await funnelReport(c.env.DB, q)) satisfies FunnelReport);
});

/** Mounted at `/stats/funnel.csv` (a prefix of its own: Hono joins a sub-app's paths with a slash). */
export const funnelCsvRoutes = new Hono<AdminEnv>();

funnelCsvRoutes.get('/', async (c) => {
  const q = funnelQueryOf(c.req.query());
  if ('error' in q) return c.json({ error: q.error, field: q.field }, 400);
  const csv = funnelCsv(await funnelReport(c.env.DB, q));
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="od-klikniecia-do-przelewu-${q.by}-${q.from}-${q.to}.csv"`,
  });
});
