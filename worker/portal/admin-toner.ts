/**
 * Toner orders of the customer's page, for the service team: `GET /api/admin/toner?status=`
 * (newest first, with the device, its company and whether the readings justified it) and
 * `POST /api/admin/toner/:id/status` (`{status}`: accept an order 'awaiting_approval', mark it
 * shipped or delivered, or refuse it; recorded with the session's user and in the audit log).
 * Statuses are keys (`TONER_STATUS_LABELS` names them); for one release the filter and the body
 * also take the Polish words they took before.
 */
import { auditView } from '../http/audit-view.ts';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  TONER_STATUSES,
  type TonerOrderKey,
  listTonerOrders,
  setTonerStatus,
  tonerOrderKey,
} from './model-toner-orders.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { ADMIN_ERRORS, SERVICE_ADMIN_ERRORS } from '../http/errors.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { check } from '../../widgets/core/validation.ts';
import { TONER_COLOUR_NAMES, TONER_STATUS_LABELS } from '../../widgets/core/toner.ts';
import { keyOfStatus, statusKey } from '../../widgets/core/status-keys.ts';

export const tonerRoutes = new Hono<AdminEnv>();

const STATUS_ERROR = SERVICE_ADMIN_ERRORS.tonerStatus(TONER_STATUSES);
const statusSchema = v.object({ status: statusKey(TONER_STATUSES, TONER_STATUS_LABELS, STATUS_ERROR) }, STATUS_ERROR);

tonerRoutes.get('/', async (c) => {
  const wanted = c.req.query('status');
  const status = wanted ? TONER_STATUSES.find((s) => s === keyOfStatus(TONER_STATUS_LABELS, wanted)) : undefined;
  if (wanted && !status) return c.json({ error: STATUS_ERROR, field: 'status' }, 400);
  const page = pageRequest<TonerOrderKey>(c.req.query('limit'), c.req.query('after'), 2);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows, next } = pageOf(await listTonerOrders(c.env.DB, status, page), page.limit, tonerOrderKey);
  auditView(c, 'toner.view', { rows: rows.length });
  return c.json({
    statuses: TONER_STATUSES,
    limit: page.limit,
    next,
    orders: rows.map((r) => ({
      id: r.id,
      number: r.order_no,
      serial: r.serial,
      company: r.company,
      deviceId: r.device_id,
      colour: r.colour,
      colourName: TONER_COLOUR_NAMES[r.colour],
      status: r.status,
      justified: r.justified === 1,
      counters: { mono: r.mono_at, color: r.color_at },
      orderedBy: r.ordered_by,
      note: r.note,
      handledBy: r.handled_by,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  });
});

tonerRoutes.post('/:id/status', async (c) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(statusSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const row = await setTonerStatus(c.env.DB, id, parsed.data.status, c.get('session').user);
  if (!row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ ok: true, id: row.id, number: row.order_no, status: row.status });
});
