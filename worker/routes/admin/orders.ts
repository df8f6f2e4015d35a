/**
 * The team's orders placed online (`/api/admin/orders`, roles of `orders` in roles.ts):
 *  - `GET /api/admin/orders?status=` the list, newest first (without the documents);
 *  - `GET /api/admin/orders/calendar?from=&to=` signed orders by delivery day and city,
 *    with the installations per day the team can do;
 *  - `GET /api/admin/orders/:id` one order with its document and acceptance trail, and
 *    its contract once installed;
 *  - `POST /api/admin/orders/:id/installation` the installation protocol (date, serial,
 *    starting counters) that starts the contract with the quote's frozen prices: exactly
 *    one contract and its device, no device typed by hand; the starting counters become
 *    the device's first reading, the customer is e-mailed and `order.installed` sent.
 */
import { Hono } from 'hono';
import { enqueueNotification } from '../../email/delivery.ts';
import { installedMail } from '../../email/order-notification.ts';
import { ADMIN_ERRORS, ORDER_API_ERRORS } from '../../http/errors.ts';
import { liveVersion } from '../../models/catalogue.ts';
import { contractById, contractDevices, contractStatements, recordContractReading } from '../../models/contracts.ts';
import {
  type OrderKey,
  type OrderStatus,
  deliveryCalendar,
  installOrder,
  listOrders,
  orderById,
  orderKey,
} from '../../models/orders.ts';
import { pageOf, pageRequest } from '../../http/paging.ts';
import { quoteById } from '../../models/quotes.ts';
import { orderEvent } from '../../orders/events.ts';
import { DELIVERY } from '../../../widgets/core/delivery.ts';
import { INSTALLATION_ERRORS, installationSchema } from '../../../widgets/core/order-validation.ts';
import { warsawToday } from '../../../widgets/core/service-fields.ts';
import { check } from '../../../widgets/core/validation.ts';
import { type AdminEnv, jsonBody } from '../../middleware/admin-guard/index.ts';

export const orderRoutes = new Hono<AdminEnv>();

const STATUSES: readonly OrderStatus[] = ['awaiting_acceptance', 'signed', 'installed'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ORDER_ID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

orderRoutes.get('/', async (c) => {
  const status = c.req.query('status');
  if (status !== undefined && status !== '' && !STATUSES.includes(status as OrderStatus))
    return c.json({ error: ORDER_API_ERRORS.status }, 400);
  const page = pageRequest<OrderKey>(c.req.query('limit'), c.req.query('after'), 2);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const found = await listOrders(c.env.DB, (status || undefined) as OrderStatus | undefined, page);
  const { rows, next } = pageOf(found, page.limit, orderKey);
  return c.json({ orders: rows, limit: page.limit, next });
});

orderRoutes.get('/calendar', async (c) => {
  const from = c.req.query('from') || warsawToday();
  const to = c.req.query('to') || `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`;
  if (!DAY.test(from) || !DAY.test(to)) return c.json({ error: 'Podaj daty jako RRRR-MM-DD.' }, 400);
  return c.json({
    installationsPerDay: DELIVERY.installationsPerDay,
    days: await deliveryCalendar(c.env.DB, from, to),
  });
});

orderRoutes.get('/:id', async (c) => {
  const id = c.req.param('id');
  const order = ORDER_ID.test(id) ? await orderById(c.env.DB, id) : null;
  if (!order) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const installation = order.installation ? (JSON.parse(order.installation) as { contractId?: string }) : undefined;
  const contract = installation?.contractId ? await contractById(c.env.DB, installation.contractId) : null;
  const { code_hash: _secret, ...shown } = order;
  const quote = await quoteById(c.env.DB, order.quote_id);
  return c.json({
    order: shown,
    quote: quote && {
      number: quote.number,
      deviceName: quote.price.deviceName,
      levelName: quote.price.levelName,
      term: quote.price.term,
      monthlyNet: quote.price.monthlyNet,
      colour: quote.price.overageColor !== undefined,
    },
    contract: contract ? { ...contract, devices: await contractDevices(c.env.DB, contract.id) } : null,
  });
});

orderRoutes.post('/:id/installation', async (c) => {
  const id = c.req.param('id');
  const order = ORDER_ID.test(id) ? await orderById(c.env.DB, id) : null;
  if (!order) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(installationSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  const p = parsed.data;
  if (order.status !== 'signed') return c.json({ error: INSTALLATION_ERRORS.notSigned }, 409);
  if (p.installedOn > warsawToday())
    return c.json({ error: INSTALLATION_ERRORS.installedOn, field: 'installedOn' }, 400);
  const quote = await quoteById(c.env.DB, order.quote_id);
  if (!quote) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const price = quote.price;
  const colour = price.overageColor !== undefined;
  if (!colour && p.color !== null) return c.json({ error: INSTALLATION_ERRORS.noColor, field: 'color' }, 400);
  if (colour && p.color === null) return c.json({ error: INSTALLATION_ERRORS.color, field: 'color' }, 400);
  const termMonths = price.term === 'short' ? p.termMonths : price.term;
  if (!termMonths) return c.json({ error: INSTALLATION_ERRORS.termMonths, field: 'termMonths' }, 400);

  const session = c.get('session');
  const recordedBy = session.email === 'admin' ? session.user : `${session.user} <${session.email}>`;
  const { catalogue } = await liveVersion(c.env);
  // The quote's prices, frozen: the catalogue only names the version they came from.
  const made = contractStatements(c.env.DB, {
    customer: { company: order.company_name, nip: order.company_nip, billingEmail: order.signer_email },
    devices: [
      {
        serial: p.serial,
        deviceId: price.deviceId,
        level: price.level,
        rates: {
          catalogueVersion: quote.catalogueVersion,
          deviceId: price.deviceId,
          deviceName: price.deviceName,
          deviceType: colour ? 'color' : 'mono',
          level: price.level,
          monthlyPrice: price.monthlyNet,
          monthlyLimit: price.monthlyLimit,
          colorLimit: colour ? (price.colorLimit ?? 0) : null,
          overageMono: price.overageMono,
          overageColor: colour ? (price.overageColor ?? 0) : null,
        },
      },
    ],
    startDate: p.installedOn,
    termMonths,
    catalogue: { ...catalogue, version: quote.catalogueVersion },
    createdBy: recordedBy,
    origin: 'order',
    orderRef: order.id,
  });
  if ('error' in made) return c.json({ error: INSTALLATION_ERRORS.unknownDevice }, 400);
  const installation = {
    installedOn: p.installedOn,
    serial: p.serial,
    mono: p.mono,
    color: p.color,
    contractId: made.id,
    recordedBy,
  };
  const installedRow = { ...order, status: 'installed' as const };
  const page = `${new URL(c.req.url).origin}/zamowienie/${quote.id}`;
  let result: Awaited<ReturnType<typeof installOrder>>;
  try {
    result = await installOrder(
      c.env.DB,
      order,
      installation,
      made.statements,
      installedMail(installedRow, quote, p.installedOn, [p.serial], { page, document: `${page}/umowa.txt` }),
      {
        ...orderEvent(installedRow, quote),
        installation: { installedOn: p.installedOn, serial: p.serial },
        contractId: made.id,
      },
    );
  } catch (error) {
    if (!/UNIQUE/.test(String(error))) throw error;
    const again = await orderById(c.env.DB, order.id);
    if (again?.status !== 'signed') return c.json({ error: INSTALLATION_ERRORS.notSigned }, 409);
    return c.json({ error: INSTALLATION_ERRORS.serialTaken, field: 'serial' }, 409);
  }
  if (!result.installed) return c.json({ error: INSTALLATION_ERRORS.notSigned }, 409);
  c.set('webhooksClaimed', result.webhookIds);
  if (result.notificationId !== undefined) await enqueueNotification(c.env, result.notificationId);

  const contract = await contractById(c.env.DB, made.id);
  const devices = contract ? await contractDevices(c.env.DB, made.id) : [];
  const device = devices[0];
  // The starting counters: the device's first reading under its contract.
  if (contract && device) {
    const reading = await recordContractReading(c.env.DB, contract, device, {
      readOn: p.installedOn,
      mono: p.mono,
      color: p.color,
      sentBy: recordedBy,
      source: 'team',
      note: 'Stan początkowy z protokołu instalacji',
    });
    if (reading.kind !== 'stored') console.error('orders: the starting counters were not stored', reading);
  }
  return c.json({ ok: true, contract: contract ? { ...contract, devices } : null }, 201);
});
