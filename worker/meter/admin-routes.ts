/**
 * Counter readings in the admin:
 *  - `GET /api/admin/readings?serial=&month=&held=1`: every row, corrected ones included (the
 *    panel strikes them through, with who corrected them, when and why), newest first, a
 *    keyset page (`limit`, `after` = the `next` of the page before); `held` flags a
 *    customer's confirmed implausible reading waiting for the desk, and `held=1` lists only
 *    those not decided yet (a correction with the same counters accepts one, a withdrawal drops it);
 *  - `POST /api/admin/readings` `{serial, readOn, mono, color?, note?, confirm?}`: the team's
 *    reading, under the same counter's rules as the customer's (a jump asks to confirm);
 *  - `POST /api/admin/readings/reset` `{serial, readOn, mono, color?, reason}`: a counter
 *    replaced or zeroed after a repair, with the new counter's starting values;
 *  - `POST /api/admin/readings/:id/correction` `{readOn, mono, color?, reason, withdraw?}`: a
 *    new row that supersedes the reading (or withdraws it), with its reason;
 *  - `GET /api/admin/readings/missing?period=YYYY-MM`: the devices under contract that month with no
 *    reading of it in the accepted series (the list before the month's invoices), each with its
 *    reading link (owner and service only) as the way out; the first `MISSING_LIMIT`, `more` past them;
 *  - `GET /api/admin/readings/billing?period=YYYY-MM` (`&format=json` for the panel,
 *    `&summary=customers` for the per-customer CSV): the month's bills of every contract
 *    (worker/meter/bill.ts), by the contracts' frozen rates and the accepted readings.
 * Every write is recorded with the session's user, and every billing export is audited.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { csvStream, toCsv } from '../http/csv.ts';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS, SERVICE_API_ERRORS, readingRefusal } from '../http/errors.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import {
  type Contract,
  billsOf,
  contractById,
  contractDevices,
  contractKey,
  contractsPage,
  readingDeviceOf,
  readingLink,
} from '../contracts/index.ts';
import { type DeviceRow, deviceById, deviceBySerial } from '../contracts/index.ts';
import { type ReadingKey, correctionsOf, listReadings, readingById, readingKey, recordReading } from './model.ts';
import { correctReading, recordCounterReset } from './model-reading-corrections.ts';
import { devicesWithoutReading } from './model-missing-readings.ts';
import { keysetPages, pageOf, pageRequest } from '../http/paging.ts';
import {
  CUSTOMER_COLUMNS,
  CustomerTally,
  DEVICE_COLUMNS,
  addToSums,
  customerRows,
  deviceLines,
  totalRow,
} from './billing-export.ts';
import {
  SERVICE_ERRORS,
  SERVICE_LIMITS,
  meterReadingSchema,
  requiredSerialSchema,
} from '../../widgets/core/service-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { check } from '../../widgets/core/validation.ts';
import { judgeReset, monthBounds } from '../../widgets/core/meter.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { Bill, Billing, MissingReadings, ReadingList, ReadingListed } from '../admin-shared/admin-api.ts';
import { READING_LINK_ROLES } from '../admin-shared/roles.ts';
import type { Context } from 'hono';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

const reasonSchema = v.pipe(
  v.optional(v.string(SERVICE_ADMIN_ERRORS.reason), ''),
  v.trim(),
  v.nonEmpty(SERVICE_ADMIN_ERRORS.reason),
  v.maxLength(SERVICE_LIMITS.reason, SERVICE_ADMIN_ERRORS.reason),
);

const teamReadingSchema = v.object(
  {
    serial: requiredSerialSchema,
    mono: meterReadingSchema.entries.mono,
    color: meterReadingSchema.entries.color,
    readOn: meterReadingSchema.entries.readOn,
    note: meterReadingSchema.entries.note,
    confirm: v.optional(v.boolean(SERVICE_ERRORS.confirm), false),
  },
  SERVICE_ERRORS.body,
);

const resetSchema = v.object(
  {
    serial: requiredSerialSchema,
    mono: meterReadingSchema.entries.mono,
    color: meterReadingSchema.entries.color,
    readOn: meterReadingSchema.entries.readOn,
    reason: reasonSchema,
  },
  SERVICE_ERRORS.body,
);

const correctionSchema = v.object(
  {
    mono: meterReadingSchema.entries.mono,
    color: meterReadingSchema.entries.color,
    readOn: meterReadingSchema.entries.readOn,
    reason: reasonSchema,
    withdraw: v.optional(v.boolean(SERVICE_ERRORS.body), false),
  },
  SERVICE_ERRORS.body,
);

export const readingRoutes = new Hono<AdminEnv>();

/** The contract and device of a device row, for the counter's rules; undefined for a device under no contract. */
async function contractDeviceOf(db: D1Database, row: DeviceRow | null) {
  if (!row?.contract_id) return undefined;
  const contract = await contractById(db, row.contract_id);
  const device = (await contractDevices(db, row.contract_id)).find((d) => d.deviceRow === row.id);
  return contract && device ? { contract, device } : undefined;
}

const refusal = (
  c: Context<AdminEnv>,
  result: {
    reason: Parameters<typeof readingRefusal>[0];
    neighbour?: Parameters<typeof readingRefusal>[1]['neighbour'];
  },
  contract: { startDate: string; endDate: string },
) =>
  c.json(
    {
      error: readingRefusal(result.reason, {
        neighbour: result.neighbour,
        contractStart: contract.startDate,
        contractEnd: contract.endDate,
      }),
    },
    400,
  );

readingRoutes.get('/', async (c) => {
  const serial = c.req.query('serial')?.trim();
  const month = c.req.query('month')?.trim() || undefined;
  // `held=1`: the customers' confirmed implausible readings the desk has not decided yet.
  const held = c.req.query('held') === '1';
  if (month && !PERIOD.test(month)) return c.json({ error: SERVICE_ADMIN_ERRORS.period }, 400);
  let deviceRow: number | undefined;
  if (serial) {
    const device = await deviceBySerial(c.env.DB, serial.toUpperCase());
    if (!device) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
    deviceRow = device.id;
  }
  const page = pageRequest<ReadingKey>(c.req.query('limit'), c.req.query('after'), 2);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const found = await listReadings(c.env.DB, {
    ...(deviceRow ? { deviceRow } : {}),
    ...(month ? { month } : {}),
    ...(held ? { held } : {}),
    ...page,
  });
  const { rows, next } = pageOf(found, page.limit, readingKey);
  auditView(c, 'readings.view', { rows: rows.length });
  // A correction may sit on another page than the reading it corrects (another day).
  const corrections = rows.length ? await correctionsOf(c.env.DB, JSON.stringify(rows.map((r) => r.id))) : [];
  const correctedBy = new Map(corrections.map((r) => [r.supersedes, r]));
  return c.json({
    limit: page.limit,
    next,
    readings: rows.map((r): ReadingListed => {
      const correction = correctedBy.get(r.id);
      return {
        id: r.id,
        serial: r.serial,
        company: r.company,
        readOn: r.read_on,
        mono: r.mono,
        color: r.color,
        note: r.note,
        sentBy: r.sent_by,
        reset: r.reset === 1,
        createdAt: r.created_at,
        source: r.source,
        supersedes: r.supersedes,
        reason: r.reason,
        withdrawn: r.voided === 1,
        held: r.held === 1,
        correctedBy: correction ? { id: correction.id, by: correction.sent_by, at: correction.created_at } : null,
      };
    }),
  } satisfies ReadingList);
});

/** Devices listed without a reading at most (each a few index look-ups). */
export const MISSING_LIMIT = 500;

readingRoutes.get('/missing', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: SERVICE_ADMIN_ERRORS.period, field: 'period' }, 400);
  const { from, to } = monthBounds(period);
  const found = await devicesWithoutReading(c.env.DB, from, to, MISSING_LIMIT);
  const rows = found.slice(0, MISSING_LIMIT);
  const origin = new URL(c.req.url).origin;
  // A reading link is the key to a device's bill: only the roles that send it to customers see it.
  const showLinks = READING_LINK_ROLES.includes(c.get('session').role);
  auditView(c, 'readings.missing', { rows: rows.length, readingLinks: showLinks });
  return c.json({
    period,
    more: found.length > MISSING_LIMIT,
    devices: rows.map((r) => ({
      serial: r.serial,
      deviceName: r.device_name ?? '',
      contractId: r.contract_id,
      contract: r.contract_number,
      company: r.company,
      lastReadOn: r.last_read_on,
      heldInMonth: r.held_in_month === 1,
      readingLink: showLinks && r.reading_token ? `${origin}${readingLink(r.reading_token)}` : null,
    })),
  } satisfies MissingReadings);
});

readingRoutes.post('/', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(teamReadingSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const r = parsed.data;
  const found = await contractDeviceOf(c.env.DB, await deviceBySerial(c.env.DB, r.serial));
  if (!found) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
  const result = await recordReading(c.env.DB, readingDeviceOf(found.contract, found.device), {
    readOn: r.readOn,
    mono: r.mono,
    color: r.color ?? null,
    note: r.note,
    sentBy: c.get('session').user,
    source: 'team',
    confirm: r.confirm,
    today: warsawToday(),
  });
  if (result.kind === 'refused') return refusal(c, result, found.contract);
  if (result.kind === 'jump')
    return c.json(
      { error: SERVICE_API_ERRORS.jump(result.monthlyNow, result.monthlyAverage, result.basis), confirm: true },
      422,
    );
  if (result.kind !== 'stored') return c.json({ error: SERVICE_API_ERRORS.readingReplayConflict }, 409);
  auditDetails(c, { serial: r.serial, readOn: r.readOn, mono: r.mono, color: r.color ?? null });
  return c.json({ ok: true, id: result.row.id }, 201);
});

readingRoutes.post('/reset', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(resetSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const r = parsed.data;
  const found = await contractDeviceOf(c.env.DB, await deviceBySerial(c.env.DB, r.serial));
  if (!found) return c.json({ error: SERVICE_ADMIN_ERRORS.unknownSerial }, 404);
  const refused = judgeReset(
    { readOn: r.readOn, color: r.color ?? null },
    { deviceType: found.device.rates.deviceType, contractStart: found.contract.startDate },
  );
  if (refused) return refusal(c, { reason: refused }, found.contract);
  const row = await recordCounterReset(c.env.DB, found.device.deviceRow, {
    readOn: r.readOn,
    mono: r.mono,
    color: r.color ?? null,
    reason: r.reason,
    by: c.get('session').user,
  });
  auditDetails(c, { serial: r.serial, readOn: r.readOn, mono: r.mono, color: r.color ?? null, reason: r.reason });
  return c.json({ ok: true, id: row.id }, 201);
});

readingRoutes.post('/:id/correction', async (c) => {
  const id = Number(c.req.param('id'));
  if (!Number.isInteger(id) || id <= 0) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(correctionSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const r = parsed.data;
  const old = await readingById(c.env.DB, id);
  const device = old ? await contractDeviceOf(c.env.DB, await deviceById(c.env.DB, old.device_row)) : undefined;
  if (!old || !device) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const result = await correctReading(c.env.DB, readingDeviceOf(device.contract, device.device), {
    readingId: id,
    readOn: r.readOn,
    mono: r.mono,
    color: r.color ?? null,
    withdraw: r.withdraw,
    reason: r.reason,
    by: c.get('session').user,
    today: warsawToday(),
  });
  if (result.kind === 'missing') return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (result.kind === 'superseded') return c.json({ error: SERVICE_ADMIN_ERRORS.alreadyCorrected }, 409);
  if (result.kind === 'refused') return refusal(c, result, device.contract);
  auditDetails(c, {
    from: { readOn: old.read_on, mono: old.mono, color: old.color },
    to: r.withdraw ? 'wycofany' : { readOn: r.readOn, mono: r.mono, color: r.color ?? null },
    reason: r.reason,
  });
  return c.json({ ok: true, id: result.row.id }, 201);
});

/** Contracts per batch of a billing export: their devices, rates and readings of the month in three queries. */
const BILLING_BATCH = 200;

/** The month's bills batch by batch of contracts (by number); null after the last. */
function billBatches(db: D1Database, period: string): () => Promise<Bill[] | null> {
  const contracts = keysetPages<Contract, [string]>((page) => contractsPage(db, page), contractKey, BILLING_BATCH);
  return async () => {
    const batch = await contracts();
    return batch ? billsOf(db, batch, period) : null;
  };
}

readingRoutes.get('/billing', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: SERVICE_ADMIN_ERRORS.period }, 400);
  const db = c.env.DB;
  const summary = c.req.query('summary') === 'customers';
  const format = c.req.query('format') === 'json' ? 'json' : summary ? 'customers' : 'devices';
  // The CSVs stream while they are made, so the log names the export, not its counts.
  auditDetails(c, { period, format });
  const next = billBatches(db, period);
  if (format === 'devices') {
    // One line per device as each batch of contracts is billed; the month's sums at the end.
    const sums = { overage: 0, fees: 0 };
    let ended = false;
    const lines = async () => {
      if (ended) return null;
      const bills = await next();
      if (bills) {
        addToSums(sums, bills);
        return deviceLines(bills, period);
      }
      ended = true;
      return [totalRow(sums, period)];
    };
    return c.body(csvStream(DEVICE_COLUMNS, lines), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="rozliczenie-${period}.csv"`,
    });
  }
  // Per customer: one sum per customer is held while the bills pass, never the bills.
  const tally = new CustomerTally();
  const bills: Bill[] = [];
  let contracts = 0;
  for (let batch = await next(); batch; batch = await next()) {
    tally.add(batch);
    contracts += batch.length;
    if (format === 'json') bills.push(...batch);
  }
  const customers = tally.totals();
  auditDetails(c, { contracts, customers: customers.length });
  if (format === 'json') {
    // What 'Odczyty' shows of the month: a view (once per view), not an export; the CSVs are exports.
    auditView(c, 'readings.billing', { rows: bills.length });
    return c.json({ period, bills, customers } satisfies Billing);
  }
  return c.body(toCsv(CUSTOMER_COLUMNS, customerRows(customers, period)), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="rozliczenie-klienci-${period}.csv"`,
  });
});
