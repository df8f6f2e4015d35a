/**
 * The device registry: `GET /api/admin/devices` (with each device's last reading, by
 * serial, a keyset page: `limit`, `after` = the `next` of the page before),
 * `POST /api/admin/devices` (add: a device is rented under a contract, so adding one signs
 * a contract for it at the live catalogue's prices), `PUT /api/admin/devices/:id` (edit the
 * contact data; model, package and contract dates are the contract's, changed only by an
 * amendment), `POST /api/admin/devices/import` (`{csv}`: one row per device, a new serial
 * signs a contract, a known one updates its contact data; all rows or none),
 * `GET /api/admin/devices.csv` (export, the import's columns, streamed page by page).
 */
import { Hono } from 'hono';
import { csvStream, parseCsv } from '../http/csv.ts';
import { keysetPages, pageOf, pageRequest } from '../http/paging.ts';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS } from '../http/errors.ts';
import { liveCatalogue } from '../catalogue/index.ts';
import { type ContractInput, createContract } from './model.ts';
import { contractsStatements, deviceWithoutRates } from './model-contract-import.ts';
import {
  type DeviceRow,
  deviceById,
  deviceBySerial,
  type DeviceKey,
  devicesContactStatements,
  deviceKey,
  devicesPage,
  listDevices,
  updateDevice,
} from './model-devices.ts';
import { warsawDay } from '../../widgets/core/warsaw-time.ts';
import { findDevice } from '../../widgets/core/model.ts';
import { type DeviceInput, SERVICE_ERRORS } from '../../widgets/core/service-validation.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import {
  DEVICE_CSV_COLUMNS,
  DEVICE_EXPORT_COLUMNS,
  changesContract,
  checkDevice,
  contractFor,
  deviceExportRow,
  deviceOfCsvRow,
} from './device-registry.ts';
import type { DeviceList } from '../admin-shared/admin-api.ts';

export const deviceRoutes = new Hono<AdminEnv>();
/** Mounted at `/devices.csv` (a prefix of its own: Hono joins a sub-app's paths with a slash). */
export const deviceCsvRoutes = new Hono<AdminEnv>();

deviceRoutes.get('/', async (c) => {
  const page = pageRequest<DeviceKey>(c.req.query('limit'), c.req.query('after'), 1);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const [found, catalogue] = await Promise.all([devicesPage(c.env.DB, page), liveCatalogue(c.env.DB)]);
  const { rows: devices, next } = pageOf(found, page.limit, deviceKey);
  auditView(c, 'devices.view', { rows: devices.length });
  return c.json({
    devices: devices.map((d) => ({ ...d, device_name: findDevice(catalogue, d.device_id)?.name ?? d.device_id })),
    models: catalogue.devices.map((d) => ({ id: d.id, name: d.name, type: d.type })),
    limit: page.limit,
    next,
  } satisfies DeviceList);
});

deviceRoutes.post('/', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const catalogue = await liveCatalogue(c.env.DB);
  const checked = checkDevice(catalogue, body);
  if (!checked.ok) return c.json({ error: checked.error }, 400);
  const made = await createContract(c.env.DB, contractFor(catalogue, checked.data, c.get('session').user));
  if (made === 'serial-taken') return c.json({ error: SERVICE_ADMIN_ERRORS.serialTaken }, 409);
  if ('error' in made) return c.json({ error: SERVICE_ERRORS.deviceModel }, 400);
  const device = await deviceBySerial(c.env.DB, checked.data.serial);
  auditDetails(c, { contract: made.number, serial: checked.data.serial });
  return c.json({ ok: true, device, contract: { id: made.id, number: made.number } }, 201);
});

deviceRoutes.put('/:id', async (c) => {
  const id = Number(c.req.param('id'));
  if (!Number.isInteger(id) || id <= 0) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const checked = checkDevice(await liveCatalogue(c.env.DB), body);
  if (!checked.ok) return c.json({ error: checked.error }, 400);
  const current = await deviceById(c.env.DB, id);
  if (!current) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (changesContract(current, checked.data)) return c.json({ error: SERVICE_ADMIN_ERRORS.contractTerms }, 409);
  const result = await updateDevice(c.env.DB, id, checked.data);
  if (result === 'missing') return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (result === 'taken') return c.json({ error: SERVICE_ADMIN_ERRORS.serialTaken }, 409);
  return c.json({ ok: true, device: result });
});

deviceRoutes.post('/import', async (c) => {
  const body = (await jsonBody(c)) as { csv?: unknown } | undefined;
  if (!body || typeof body.csv !== 'string') return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const [header, ...rows] = parseCsv(body.csv);
  if (!header || rows.length === 0) return c.json({ error: SERVICE_ADMIN_ERRORS.csvEmpty }, 400);
  if (rows.length > 1000) return c.json({ error: SERVICE_ADMIN_ERRORS.csvTooMany }, 400);
  const names = header.map((h) => h.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  if (at(DEVICE_CSV_COLUMNS[0]) < 0) return c.json({ error: SERVICE_ADMIN_ERRORS.csvHeader }, 400);
  const catalogue = await liveCatalogue(c.env.DB);
  const known = new Map<string, DeviceRow>((await listDevices(c.env.DB)).map((d) => [d.serial.toUpperCase(), d]));
  const added = new Set<string>();
  const updates: { id: number; device: DeviceInput }[] = [];
  const signed: ContractInput[] = [];
  const user = c.get('session').user;
  for (const [index, row] of rows.entries()) {
    const cell = (name: string) => {
      const i = at(name);
      return i < 0 ? undefined : (row[i] ?? '');
    };
    const checked = checkDevice(catalogue, deviceOfCsvRow(cell));
    if (!checked.ok) return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, checked.error) }, 400);
    if (added.has(checked.data.serial))
      return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, SERVICE_ADMIN_ERRORS.serialTaken) }, 400);
    const existing = known.get(checked.data.serial);
    if (existing) {
      if (changesContract(existing, checked.data))
        return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, SERVICE_ADMIN_ERRORS.contractTerms) }, 400);
      updates.push({ id: existing.id, device: checked.data });
      continue;
    }
    const contract = contractFor(catalogue, checked.data, user);
    if (deviceWithoutRates(contract) !== undefined)
      return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, SERVICE_ERRORS.deviceModel) }, 400);
    signed.push(contract);
    added.add(checked.data.serial);
  }
  // All rows or none, in one batch of a few set-based statements (a row a statement would pass
  // D1's 1 000 queries per invocation at 334 new devices).
  const made = contractsStatements(c.env.DB, signed);
  if ('error' in made) return c.json({ error: SERVICE_ERRORS.deviceModel }, 400);
  try {
    await c.env.DB.batch([...devicesContactStatements(c.env.DB, updates), ...made.statements]);
  } catch (error) {
    if (String(error).includes('UNIQUE')) return c.json({ error: SERVICE_ADMIN_ERRORS.importRace }, 409);
    throw error;
  }
  auditDetails(c, { rows: rows.length });
  return c.json({ ok: true, imported: rows.length });
});

/** Devices per query of the CSV stream. */
const CSV_PAGE = 500;

deviceCsvRoutes.get('/', async (c) => {
  const db = c.env.DB;
  const catalogue = await liveCatalogue(db);
  const pages = keysetPages((page) => devicesPage(db, page), deviceKey, CSV_PAGE);
  const nextRows = async () => (await pages())?.map((d) => deviceExportRow(d, catalogue)) ?? null;
  const day = warsawDay(new Date());
  return c.body(csvStream(DEVICE_EXPORT_COLUMNS, nextRows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="urzadzenia-${day}.csv"`,
  });
});
