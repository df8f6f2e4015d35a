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
 *    the device's first reading, the customer is e-mailed and `order.installed` sent; refused
 *    with 409 while the order is not verified, and by the person who verified it by hand;
 *  - `POST /api/admin/orders/:id/verify {check, document | phone + phoneSource, note}` the
 *    owner's verification by hand (RESTRICTED_ROUTES): a named document or a call to a number
 *    from a register, not the order's own, with the note of what it confirmed, audited;
 *  - `GET /api/admin/orders/:id/evidence` the evidence pack (JSON download; the owner's), audited.
 */
import { auditView } from '../http/audit-view.ts';
import { Hono } from 'hono';
import { enqueueNotification } from '../outbox/delivery.ts';
import { ADMIN_ERRORS, ORDER_API_ERRORS } from '../http/errors.ts';
import { contractById, contractDevices } from '../contracts/index.ts';
import { type OrderKey, deliveryCalendar, listOrders, orderKey } from './model-order-list.ts';
import { type OrderStatus, orderById } from './model.ts';
import { verificationOf, verifiedByHandBy, verifyOrderByHand } from './model-order-verification.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { quoteById } from '../quotes/index.ts';
import { installFromOrder } from './installation.ts';
import { leadWonByVerificationStatements } from './verified-lead.ts';
import { clientIp } from '../http/auth.ts';
import { evidenceOf } from './evidence.ts';
import { verifiedMail } from './emails.ts';
import { auditDetails, auditRead, auditTarget } from '../http/audit-notes.ts';
import { DELIVERY } from '../admin-shared/delivery.ts';
import {
  INSTALLATION_ERRORS,
  VERIFY_ERRORS,
  installationSchema,
  verifyCheckOf,
  verifyCheckText,
  verifySchema,
} from './order-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { check } from '../../widgets/core/validation.ts';
import { ADMIN_INPUT_ERRORS } from '../admin-shared/admin-validation.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';

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
  auditView(c, 'orders.view', { rows: rows.length });
  return c.json({ orders: rows, limit: page.limit, next });
});

orderRoutes.get('/calendar', async (c) => {
  const from = c.req.query('from') || warsawToday();
  const to = c.req.query('to') || `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`;
  if (!DAY.test(from) || !DAY.test(to)) return c.json({ error: ADMIN_INPUT_ERRORS.date }, 400);
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
    verification: verificationOf(order),
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
  const session = c.get('session');
  const recordedBy = session.email === 'admin' ? session.user : `${session.user} <${session.email}>`;
  // A hand-verified order is installed by a second person: one account alone never starts a contract.
  if (verifiedByHandBy(order, { by: recordedBy, accountId: session.accountId }))
    return c.json({ error: INSTALLATION_ERRORS.samePerson }, 409);
  const done = await installFromOrder(c.env, order, parsed.data, recordedBy, new URL(c.req.url).origin);
  if (!done.ok) return c.json({ error: done.error, ...(done.field ? { field: done.field } : {}) }, done.status);
  c.set('webhooksClaimed', done.webhookIds);
  if (done.notificationId !== undefined) await enqueueNotification(c.env, done.notificationId);
  return c.json({ ok: true, contract: done.contract }, 201);
});

// The owner's verification by hand (RESTRICTED_ROUTES): what was checked, a named document or a
// call to a number from a register (not the order's), and a note; who and when are the session's and now.
orderRoutes.post('/:id/verify', async (c) => {
  const session = c.get('session');
  const id = c.req.param('id');
  const order = ORDER_ID.test(id) ? await orderById(c.env.DB, id) : null;
  if (!order) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(verifySchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field ?? 'check' }, 400);
  const checked = verifyCheckOf(parsed.data, order.signer_phone);
  if (!checked.ok) return c.json({ error: checked.error, field: checked.field }, 400);
  if (order.verified_at) return c.json({ error: VERIFY_ERRORS.already }, 409);
  if (order.status !== 'signed') return c.json({ error: VERIFY_ERRORS.notSigned }, 409);
  const by = session.email === 'admin' ? session.user : `${session.user} <${session.email}>`;
  const quote = await quoteById(c.env.DB, order.quote_id);
  const page = `${new URL(c.req.url).origin}/zamowienie/${order.quote_id}`;
  const at = new Date();
  const done = await verifyOrderByHand(
    c.env.DB,
    order,
    { by, accountId: session.accountId },
    JSON.stringify(checked.check),
    parsed.data.note,
    [
      verifiedMail(order, quote?.number ?? '', 'sprawdzenie przez nasz zespół', {
        page,
        document: `${page}/umowa.txt`,
      }),
    ],
    at,
    // The order is the company's now: its lead is won in the same batch.
    await leadWonByVerificationStatements(
      c.env.DB,
      order,
      quote?.number ?? '',
      `${verifyCheckText(checked.check)} (${by})`,
      { ip: clientIp(c.req.raw), path: c.req.path },
      at,
    ),
  );
  if (!done.verified) return c.json({ error: VERIFY_ERRORS.already }, 409);
  for (const n of done.notificationIds) await enqueueNotification(c.env, n);
  if (quote) auditTarget(c, quote.number);
  auditDetails(c, { verification: 'manual', checked: verifyCheckText(checked.check), note: parsed.data.note });
  const now = await orderById(c.env.DB, order.id);
  return c.json({ ok: true, verification: now ? verificationOf(now) : { state: 'pending' } });
});

// The evidence pack, downloaded by the team: audited like an export.
orderRoutes.get('/:id/evidence', async (c) => {
  const id = c.req.param('id');
  const order = ORDER_ID.test(id) ? await orderById(c.env.DB, id) : null;
  if (!order) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (order.status === 'awaiting_acceptance') return c.json({ error: EVIDENCE_NOT_SIGNED }, 409);
  const installation = order.installation ? (JSON.parse(order.installation) as { contractId?: string }) : undefined;
  const contract = installation?.contractId ? await contractById(c.env.DB, installation.contractId) : null;
  const evidence = await evidenceOf(c.env.DB, order, (await quoteById(c.env.DB, order.quote_id)) ?? null, contract);
  const number = (evidence.order as { number: string | null }).number ?? order.id.slice(0, 8);
  if ((evidence.order as { number: string | null }).number) auditTarget(c, number);
  auditRead(c, 'orders.evidence', { order: order.id });
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Disposition', `attachment; filename="dowody-zamowienia-${number}.json"`);
  return c.body(JSON.stringify(evidence, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
});

/** 409 of the evidence pack of an order not signed yet: nothing was concluded. */
const EVIDENCE_NOT_SIGNED = 'To zamówienie nie zostało jeszcze podpisane: nie ma czego dokumentować.';
