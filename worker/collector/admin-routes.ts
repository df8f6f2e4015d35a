/**
 * Collectors in the admin (docs/collector.md "Worker side"):
 *  - `POST /api/admin/collectors` `{contractId}` (owner) → `201 {id, code, expiresAt}`: a collector for
 *    the contract's site, its enrolment code shown this once (7 days, single use; stored hashed);
 *  - `POST /api/admin/collectors/:id/code` (owner): a new code for the site (a new machine, a lost
 *    state file): enrolling with it replaces the key;
 *  - `GET /api/admin/collectors`: each site's state: enrolled, its last push and last device report,
 *    the failed polls of its last push, its devices and the serials it reported that are not on
 *    the contract (listed for the team, never billed);
 *  - `POST /api/admin/collectors/:id/devices` `{serial}` (owner): a device of the registry moved to this
 *    site (carried to another office, or another contract's device on this network): this site's collector
 *    reads it from then on, under its own contract; moved to its own contract's site, the move is undone;
 *  - `POST /api/admin/collectors/readings/:id/checked` (owner, service): a reading held because its profile
 *    was not checked, compared with the device's counter screen and found the same: accepted as it
 *    stands, and the device's later readings of that profile no longer held for it.
 * Every write is in the audit log (the admin gate), with the contract.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ADMIN_ERRORS } from '../http/errors.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { contractById, contractDevices, deviceBySerial, readingDeviceOf } from '../contracts/index.ts';
import { check } from '../../widgets/core/validation.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { CollectorCreated, CollectorList } from '../admin-shared/admin-api.ts';
import { normaliseCode, randomToken, sha256Hex } from './key-crypto.ts';
import { createCode, createSite, listSites, siteById } from './model.ts';
import { moveDevice } from './model-moves.ts';
import { heldForProfile, markCounterChecked, silentDevicesOf } from './model-reports.ts';
import { acceptHeldReading } from '../meter/index.ts';
import { COLLECTOR_ERRORS } from './push.ts';

export const collectorRoutes = new Hono<AdminEnv>();

/** How long an enrolment code may be used. */
const CODE_DAYS = 7;
/** The code's letters: no 0/O, 1/I/L (read aloud or typed from a screen). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 16 letters (~79 bits), shown in groups of four: 'K7QM-…'. */
function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const letters = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return letters.match(/.{4}/g)?.join('-') ?? letters;
}

const createSchema = v.object(
  { contractId: v.pipe(v.string(COLLECTOR_ERRORS.contract), v.trim(), v.nonEmpty(COLLECTOR_ERRORS.contract)) },
  COLLECTOR_ERRORS.contract,
);

const expiry = () => new Date(Date.now() + CODE_DAYS * 86_400_000).toISOString();

collectorRoutes.post('/', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(createSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: 'contractId' }, 400);
  const contract = await contractById(c.env.DB, parsed.data.contractId);
  if (!contract) return c.json({ error: COLLECTOR_ERRORS.contract, field: 'contractId' }, 404);
  const id = `col_${randomToken(12)}`;
  const code = newCode();
  const expiresAt = expiry();
  await createSite(c.env.DB, {
    id,
    contractId: contract.id,
    createdBy: c.get('session').user,
    codeHash: await sha256Hex(normaliseCode(code)),
    expiresAt,
  });
  auditDetails(c, { collector: id, contract: contract.number });
  return c.json({ id, code, expiresAt } satisfies CollectorCreated, 201);
});

collectorRoutes.post('/:id/code', async (c) => {
  const site = await siteById(c.env.DB, c.req.param('id'));
  if (!site) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const code = newCode();
  const expiresAt = expiry();
  await createCode(c.env.DB, site.id, await sha256Hex(normaliseCode(code)), expiresAt);
  auditDetails(c, { collector: site.id, newCode: true });
  return c.json({ id: site.id, code, expiresAt }, 201);
});

collectorRoutes.get('/', async (c) => {
  const [sites, silent] = await Promise.all([listSites(c.env.DB), silentDevicesOf(c.env.DB)]);
  return c.json({
    collectors: sites.map((s) => ({
      id: s.id,
      contractId: s.contract_id,
      contract: s.contract_number,
      company: s.company,
      createdAt: s.created_at,
      enrolledAt: s.enrolled_at,
      lastPushAt: s.last_push_at,
      lastReportAt: s.last_report_at,
      devices: s.devices,
      failures: JSON.parse(s.last_failures) as { host: string; at: string; reason: string }[],
      unknownSerials: JSON.parse(s.unknown_serials) as string[],
      // Listed at the site the device last reported to (its own contract's, or where the team moved it).
      fallenOff: silent
        .filter((d) => (d.site_id ? d.site_id === s.id : d.contract_id === s.contract_id))
        .map((d) => ({ serial: d.serial, since: d.opened_at })),
    })),
  } satisfies CollectorList);
});

export const MOVE_ERRORS = {
  serial: 'Podaj numer seryjny urządzenia, które przenosisz do tego kolektora.',
  unknown: 'W rejestrze nie ma urządzenia pod umową o tym numerze seryjnym: najpierw dodaj je w „Urządzenia”.',
} as const;

const moveSchema = v.object(
  {
    serial: v.pipe(
      v.string(MOVE_ERRORS.serial),
      v.trim(),
      v.nonEmpty(MOVE_ERRORS.serial),
      v.maxLength(64, MOVE_ERRORS.serial),
    ),
  },
  MOVE_ERRORS.serial,
);

collectorRoutes.post('/:id/devices', async (c) => {
  const site = await siteById(c.env.DB, c.req.param('id'));
  if (!site) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(moveSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: 'serial' }, 400);
  const row = await deviceBySerial(c.env.DB, parsed.data.serial.toUpperCase());
  if (!row?.contract_id) return c.json({ error: MOVE_ERRORS.unknown, field: 'serial' }, 404);
  // Back at a site of its own contract: no move left to remember.
  const home = row.contract_id === site.contract_id;
  const { from } = await moveDevice(c.env.DB, row.id, home ? null : site.id, c.get('session').user);
  auditDetails(c, { serial: row.serial, collector: site.id, from, home });
  return c.json({ ok: true, serial: row.serial, collector: site.id, home });
});

export const CHECKED_ERRORS = {
  notHeld:
    'Ten odczyt nie czeka na sprawdzenie profilu licznika (przyjęty, wycofany albo wstrzymany z innego powodu). Odśwież listę.',
} as const;

collectorRoutes.post('/readings/:id/checked', async (c) => {
  const id = Number(c.req.param('id'));
  if (!Number.isInteger(id) || id <= 0) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const held = await heldForProfile(c.env.DB, id);
  if (!held) return c.json({ error: CHECKED_ERRORS.notHeld }, 409);
  const contract = await contractById(c.env.DB, held.contract_id);
  const device = (await contractDevices(c.env.DB, held.contract_id)).find((d) => d.deviceRow === held.device_row);
  if (!contract || !device) return c.json({ error: CHECKED_ERRORS.notHeld }, 409);
  const by = c.get('session').user;
  const accepted = await acceptHeldReading(
    c.env.DB,
    readingDeviceOf(contract, device),
    id,
    by,
    `Licznik zgodny z ekranem liczników urządzenia (profil ${held.profile}).`,
  );
  if (accepted.kind !== 'stored') return c.json({ error: CHECKED_ERRORS.notHeld }, 409);
  await markCounterChecked(c.env.DB, held.device_row, held.profile, by);
  auditDetails(c, { reading: id, profile: held.profile, accepted: accepted.row.id });
  return c.json({ ok: true, id: accepted.row.id, profile: held.profile }, 201);
});
