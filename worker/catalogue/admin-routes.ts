/**
 * Catalogue editing: `GET /api/admin/catalogue` (live catalogue and history),
 * `POST /api/admin/catalogue` (publish a change), `GET /api/admin/catalogue/versions/:version`,
 * `POST /api/admin/catalogue/versions/:version/restore` (rollback as a new version).
 */
import { Hono } from 'hono';
import { CATALOGUE_ERRORS, applyCatalogueChange, restoreNote } from '../admin-shared/catalogue-rules.ts';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { catalogueChangeSchema } from '../admin-shared/admin-validation.ts';
import { check as checkBody } from '../../widgets/core/validation.ts';
import { listVersions, liveCatalogue, publishVersion, versionDevices } from './model.ts';
import { ADMIN_ERRORS } from '../http/errors.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { CatalogueAnswer } from '../admin-shared/admin-api.ts';

export const catalogueRoutes = new Hono<AdminEnv>();

catalogueRoutes.get('/', async (c) => {
  const [live, versions] = await Promise.all([liveCatalogue(c.env.DB), listVersions(c.env.DB)]);
  return c.json({ live, builtIn: defaultCatalogue, versions } satisfies CatalogueAnswer);
});

catalogueRoutes.post('/', async (c) => {
  const body = await jsonBody(c);
  if (!body) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = checkBody(catalogueChangeSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const live = await liveCatalogue(c.env.DB);
  const check = applyCatalogueChange(live, parsed.data);
  if (!check.ok) {
    const first = check.problems[0]?.message ?? CATALOGUE_ERRORS.invalid;
    return c.json({ error: `${CATALOGUE_ERRORS.invalid} ${first}`, problems: check.problems }, 400);
  }
  const version = await publishVersion(c.env.DB, check.devices, parsed.data.note, c.get('session').user);
  return c.json({ ok: true, version }, 201);
});

const versionParam = (text: string): number | undefined => (/^\d{1,9}$/.test(text) ? Number(text) : undefined);

catalogueRoutes.get('/versions/:version', async (c) => {
  const version = versionParam(c.req.param('version'));
  const devices = version === undefined ? undefined : await versionDevices(c.env.DB, version);
  if (version === undefined || !devices) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ version, devices });
});

catalogueRoutes.post('/versions/:version/restore', async (c) => {
  const version = versionParam(c.req.param('version'));
  const devices = version === undefined ? undefined : await versionDevices(c.env.DB, version);
  if (version === undefined || !devices) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const published = await publishVersion(c.env.DB, devices, restoreNote(version), c.get('session').user);
  return c.json({ ok: true, version: published }, 201);
});
