/**
 * The device registry: `GET /api/admin/devices` (with each device's last reading),
 * `POST /api/admin/devices` (add: a device is rented under a contract, so adding one signs
 * a contract for it at the live catalogue's prices), `PUT /api/admin/devices/:id` (edit the
 * contact data; model, package and contract dates are the contract's, changed only by an
 * amendment), `POST /api/admin/devices/import` (`{csv}`: one row per device, a new serial
 * signs a contract, a known one updates its contact data; all rows or none),
 * `GET /api/admin/devices.csv` (export, the import's columns).
 */
import { Hono } from 'hono';
import { parseCsv, toCsv } from '../../http/csv.ts';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS } from '../../http/errors.ts';
import { liveCatalogue } from '../../models/catalogue.ts';
import { contractStatements, createContract } from '../../models/contracts.ts';
import {
  type DeviceRow,
  deviceById,
  deviceBySerial,
  deviceContactStatement,
  listDevices,
  updateDevice,
} from '../../models/devices.ts';
import { CONTRACT_TERMS_MONTHS } from '../../../widgets/core/terms.ts';
import { warsawToday } from '../../../widgets/core/service-fields.ts';
import { LEVEL_NAMES, type Catalogue, findDevice } from '../../../widgets/core/model.ts';
import { type DeviceInput, SERVICE_ERRORS, deviceSchema } from '../../../widgets/core/service-validation.ts';
import { check } from '../../../widgets/core/validation.ts';
import { type AdminEnv, jsonBody } from '../../middleware/admin-guard/index.ts';
import { auditDetails } from '../../models/audit.ts';
import type { DeviceList } from '../../../widgets/core/admin/admin-api.ts';

/** The columns of the export and the import, in order. */
export const DEVICE_CSV_COLUMNS = [
  'numer_seryjny',
  'urzadzenie',
  'pakiet',
  'poczatek_umowy',
  'okres_miesiecy',
  'firma',
  'nip',
  'email',
  'telefon',
  'miejscowosc',
] as const;

export const deviceRoutes = new Hono<AdminEnv>();
/** Mounted at `/devices.csv` (a prefix of its own: Hono joins a sub-app's paths with a slash). */
export const deviceCsvRoutes = new Hono<AdminEnv>();

/** The catalogue device named by its id, its model or its full name (as a CSV may write it). */
function resolveModel(catalogue: Catalogue, text: string): string | undefined {
  const t = text.trim().toLowerCase();
  return catalogue.devices.find(
    (d) => d.id.toLowerCase() === t || d.model.toLowerCase() === t || d.name.toLowerCase() === t,
  )?.id;
}

function checkDevice(
  catalogue: Catalogue,
  body: unknown,
): { ok: true; data: DeviceInput } | { ok: false; error: string } {
  const parsed = check(deviceSchema, body);
  if (!parsed.ok) return parsed;
  const id = resolveModel(catalogue, parsed.data.deviceId);
  if (!id) return { ok: false, error: SERVICE_ERRORS.deviceModel };
  return { ok: true, data: { ...parsed.data, deviceId: id } };
}

deviceRoutes.get('/', async (c) => {
  const [devices, catalogue] = await Promise.all([listDevices(c.env.DB), liveCatalogue(c.env.DB)]);
  return c.json({
    devices: devices.map((d) => ({ ...d, device_name: findDevice(catalogue, d.device_id)?.name ?? d.device_id })),
    models: catalogue.devices.map((d) => ({ id: d.id, name: d.name })),
  } satisfies DeviceList);
});

/** The contract a new device signs: one device, the live catalogue's prices, today or the given start. */
const contractFor = (catalogue: Catalogue, d: DeviceInput, createdBy: string) => ({
  customer: { company: d.company ?? '', nip: d.nip ?? null, billingEmail: d.email ?? '' },
  devices: [{ serial: d.serial, deviceId: d.deviceId, level: d.level, phone: d.phone, city: d.city }],
  startDate: d.contractStart ?? warsawToday(),
  termMonths: d.termMonths ?? CONTRACT_TERMS_MONTHS[0],
  catalogue,
  createdBy,
});

/** A change the registry may not make to a contract's device: its model, package or contract dates. */
const changesContract = (row: DeviceRow, d: DeviceInput): boolean =>
  !!row.contract_id &&
  (row.device_id !== d.deviceId ||
    row.level !== d.level ||
    (d.contractStart !== undefined && row.contract_start !== d.contractStart) ||
    (d.termMonths !== undefined && row.term_months !== d.termMonths));

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
  if (at('numer_seryjny') < 0) return c.json({ error: SERVICE_ADMIN_ERRORS.csvHeader }, 400);
  const catalogue = await liveCatalogue(c.env.DB);
  const known = new Map<string, DeviceRow>((await listDevices(c.env.DB)).map((d) => [d.serial.toUpperCase(), d]));
  const added = new Set<string>();
  const statements: D1PreparedStatement[] = [];
  const user = c.get('session').user;
  for (const [index, row] of rows.entries()) {
    const cell = (name: string) => {
      const i = at(name);
      return i < 0 ? undefined : (row[i] ?? '');
    };
    const checked = checkDevice(catalogue, {
      serial: cell('numer_seryjny'),
      deviceId: cell('urzadzenie') ?? '',
      level: (cell('pakiet') ?? '').trim().toLowerCase(),
      contractStart: cell('poczatek_umowy'),
      termMonths: cell('okres_miesiecy'),
      company: cell('firma'),
      nip: cell('nip'),
      email: cell('email'),
      phone: cell('telefon'),
      city: cell('miejscowosc'),
    });
    if (!checked.ok) return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, checked.error) }, 400);
    if (added.has(checked.data.serial))
      return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, SERVICE_ADMIN_ERRORS.serialTaken) }, 400);
    const existing = known.get(checked.data.serial);
    if (existing) {
      if (changesContract(existing, checked.data))
        return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, SERVICE_ADMIN_ERRORS.contractTerms) }, 400);
      statements.push(deviceContactStatement(c.env.DB, existing.id, checked.data));
      continue;
    }
    const made = contractStatements(c.env.DB, contractFor(catalogue, checked.data, user));
    if ('error' in made)
      return c.json({ error: SERVICE_ADMIN_ERRORS.csvRow(index + 2, SERVICE_ERRORS.deviceModel) }, 400);
    statements.push(...made.statements);
    added.add(checked.data.serial);
  }
  try {
    await c.env.DB.batch(statements);
  } catch (error) {
    if (String(error).includes('UNIQUE')) return c.json({ error: SERVICE_ADMIN_ERRORS.importRace }, 409);
    throw error;
  }
  auditDetails(c, { rows: rows.length });
  return c.json({ ok: true, imported: rows.length });
});

deviceCsvRoutes.get('/', async (c) => {
  const [devices, catalogue] = await Promise.all([listDevices(c.env.DB), liveCatalogue(c.env.DB)]);
  const rows = devices.map((d) => [
    d.serial,
    findDevice(catalogue, d.device_id)?.model ?? d.device_id,
    LEVEL_NAMES[d.level],
    d.contract_start,
    d.term_months,
    d.company,
    d.nip,
    d.email,
    d.phone,
    d.city,
    d.last_read_on,
    d.last_mono,
    d.last_color,
  ]);
  const day = new Date().toISOString().slice(0, 10);
  return c.body(toCsv([...DEVICE_CSV_COLUMNS, 'ostatni_odczyt', 'licznik_mono', 'licznik_kolor'], rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="urzadzenia-${day}.csv"`,
  });
});
