/**
 * `GET /api/catalogue`: the live catalogue as JSON. No D1 query per request and no hashing
 * of the body: the isolate holds the live version and its JSON (catalogue/model.ts), and
 * the version is the validator (`ETag`, `304`). Browsers revalidate every time, so a
 * publish reaches them as soon as it reaches the isolate (docs/catalogue.md "The live version and its caches").
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { liveVersion } from './model.ts';
import { REVALIDATE, matchesEtag } from '../http/etag.ts';

export const catalogue = new Hono<AppEnv>();

catalogue.get('/', async (c) => {
  const live = await liveVersion(c.env);
  const etag = `"${live.tag}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', REVALIDATE);
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(live.json);
});
