/**
 * Webhooks, owners only: `GET /webhooks` (endpoints with their secrets, the
 * event types), `POST /webhooks` (`{url, events, active?}`), `PATCH /webhooks/:id`
 * (`{events?, active?, rotateSecret?}`), `DELETE /webhooks/:id`, `POST /webhooks/:id/test`
 * ('Wyślij zdarzenie testowe'), `GET /webhooks/deliveries` (`state`, `endpoint`),
 * `GET /webhooks/deliveries/:id` (with every attempt), `POST /webhooks/deliveries/:id/resend`,
 * `GET /webhooks/alerts` (how many deliveries are dead, for the panel's header).
 */
import { auditView } from '../http/audit-view.ts';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  WEBHOOK_EVENTS,
  endpointChangeSchema,
  endpointSchema,
  webhookUrlProblem,
} from '../admin-shared/webhook-validation.ts';
import { auditDetails } from '../http/audit-notes.ts';
import {
  type DeliveryListing,
  attemptsOf,
  countDeadDeliveries,
  deliveryById,
  type DeliveryKey,
  deliveryKey,
  listDeliveries,
  requeueDelivery,
} from './model-webhook-deliveries.ts';
import {
  type EndpointRow,
  createEndpoint,
  deleteEndpoint,
  endpointById,
  listEndpoints,
  updateEndpoint,
} from './model-webhook-endpoints.ts';
import { createTestDelivery } from './model.ts';
import { MissingKey } from '../http/sealed.ts';
import { newSealedSecret, openSecret } from './secrets.ts';
import { allowLocalWebhooks, dispatchWebhooks } from './delivery.ts';
import { ADMIN_ERRORS, WEBHOOK_API_ERRORS } from '../http/errors.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
} from '../admin-shared/admin-api.ts';

export const webhookRoutes = new Hono<AdminEnv>();

const STATES = ['pending', 'sending', 'delivered', 'failed', 'dead'];

const allowLocal = (c: Context<AdminEnv>) => allowLocalWebhooks(c.env);

/** An endpoint as the owner sees it: its secret opened (D1 holds it sealed, worker/webhooks/secrets.ts). */
const endpointJson = async (env: object, e: EndpointRow): Promise<WebhookEndpoint> => ({
  id: e.id,
  url: e.url,
  secret: await openSecret(env, e.secret),
  events: JSON.parse(e.events) as WebhookEndpoint['events'],
  active: !!e.active,
  createdAt: e.created_at,
  updatedAt: e.updated_at,
});

const deliveryJson = (d: DeliveryListing): WebhookDelivery => ({
  id: d.id,
  eventId: d.event_id,
  type: d.type,
  endpointId: d.endpoint_id,
  url: d.url,
  state: d.state,
  attempts: d.attempts,
  lastStatus: d.last_status,
  lastError: d.last_error,
  createdAt: d.created_at,
  updatedAt: d.updated_at,
  deliveredAt: d.delivered_at,
});

const idOf = (text: string | undefined) => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};
const firstIssue = (issues: readonly { message: string }[]) => issues[0]?.message ?? ADMIN_ERRORS.badJson;

/** Without WEBHOOK_SECRETS_KEY no secret can be stored or shown: 503, the missing secret named. */
webhookRoutes.onError((error, c) => {
  if (error instanceof MissingKey) return c.json({ error: error.message }, 503);
  throw error;
});

webhookRoutes.get('/', async (c) =>
  c.json({
    endpoints: await Promise.all((await listEndpoints(c.env.DB)).map((e) => endpointJson(c.env, e))),
    events: WEBHOOK_EVENTS,
  } satisfies WebhookEndpointList),
);

/** `GET /webhooks/alerts`: `{dead}`, dead deliveries, the header's alert beside the dead e-mails'. */
webhookRoutes.get('/alerts', async (c) => c.json({ dead: await countDeadDeliveries(c.env.DB) }));

webhookRoutes.post('/', async (c) => {
  const parsed = v.safeParse(endpointSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const problem = webhookUrlProblem(parsed.output.url, allowLocal(c));
  if (problem) return c.json({ error: problem }, 400);
  const endpoint = await createEndpoint(c.env.DB, parsed.output, (await newSealedSecret(c.env)).sealed);
  auditDetails(c, { url: endpoint.url, events: parsed.output.events.join(', ') });
  return c.json({ ok: true, endpoint: await endpointJson(c.env, endpoint) }, 201);
});

webhookRoutes.get('/deliveries', async (c) => {
  const state = c.req.query('state') || undefined;
  if (state && !STATES.includes(state)) return c.json({ error: WEBHOOK_API_ERRORS.state }, 400);
  const endpointId = idOf(c.req.query('endpoint'));
  const page = pageRequest<DeliveryKey>(c.req.query('limit'), c.req.query('after'), 1);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows, next } = pageOf(await listDeliveries(c.env.DB, { state, endpointId }, page), page.limit, deliveryKey);
  auditView(c, 'webhooks.view', { rows: rows.length });
  return c.json({ deliveries: rows.map(deliveryJson), limit: page.limit, next } satisfies WebhookDeliveryList);
});

webhookRoutes.get('/deliveries/:id', async (c) => {
  const id = idOf(c.req.param('id'));
  const row = id ? await deliveryById(c.env.DB, id) : null;
  if (!id || !row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const attempts = await attemptsOf(c.env.DB, id);
  return c.json({
    delivery: deliveryJson(row),
    attempts: attempts.map((a) => ({ at: a.at, status: a.status, error: a.error, durationMs: a.duration_ms })),
  } satisfies WebhookDeliveryDetail);
});

webhookRoutes.post('/deliveries/:id/resend', async (c) => {
  const id = idOf(c.req.param('id'));
  const row = id ? await deliveryById(c.env.DB, id) : null;
  if (!id || !row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (row.state === 'delivered') return c.json({ error: WEBHOOK_API_ERRORS.delivered }, 409);
  if (!(await requeueDelivery(c.env.DB, id))) return c.json({ error: WEBHOOK_API_ERRORS.inLine }, 409);
  let queued = true;
  try {
    await c.env.WEBHOOK_QUEUE.send({ deliveryId: id });
  } catch (error) {
    console.error('webhook: resend enqueue failed, the cron will send it', { id, error });
    queued = false;
  }
  auditDetails(c, { event: row.type, url: row.url });
  return c.json({ ok: true, queued });
});

webhookRoutes.patch('/:id', async (c) => {
  const parsed = v.safeParse(endpointChangeSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const id = idOf(c.req.param('id'));
  const secret = parsed.output.rotateSecret ? (await newSealedSecret(c.env)).sealed : undefined;
  const after = id ? await updateEndpoint(c.env.DB, id, parsed.output, secret) : null;
  if (!after) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  auditDetails(c, {
    url: after.url,
    ...(parsed.output.rotateSecret ? { secret: 'nowy' } : {}),
    ...(parsed.output.active === undefined ? {} : { active: parsed.output.active }),
    ...(parsed.output.events ? { events: parsed.output.events.join(', ') } : {}),
  });
  return c.json({ ok: true, endpoint: await endpointJson(c.env, after) });
});

webhookRoutes.delete('/:id', async (c) => {
  const id = idOf(c.req.param('id'));
  const before = id ? await endpointById(c.env.DB, id) : null;
  if (!id || !before || !(await deleteEndpoint(c.env.DB, id))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  auditDetails(c, { url: before.url });
  return c.json({ ok: true });
});

webhookRoutes.post('/:id/test', async (c) => {
  const id = idOf(c.req.param('id'));
  const endpoint = id ? await endpointById(c.env.DB, id) : null;
  if (!id || !endpoint) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const deliveryId = await createTestDelivery(c.env.DB, id);
  await dispatchWebhooks(c.env);
  auditDetails(c, { url: endpoint.url });
  return c.json({ ok: true, deliveryId });
});
