/** `GET /api/catalogue`: the live catalogue as JSON, with `ETag` and cache headers. */
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../app.ts';
import { liveCatalogue } from '../models/catalogue.ts';

export const catalogue = new Hono<AppEnv>();

catalogue.use('/', etag());

catalogue.get('/', async (c) => {
  const live = await liveCatalogue(c.env.DB);
  // Short freshness, then revalidation by ETag: a published price shows within a minute.
  c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  return c.json(live);
});
