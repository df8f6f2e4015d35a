/**
 * The email outbox: `GET /api/admin/outbox` (`state` = pending | sending | sent | failed |
 * dead | unsent; a keyset page: `limit`, `after` = the `next` of the page before) and `POST /api/admin/outbox/:id/resend` ('Wyślij ponownie': back in line
 * and onto the queue; the sweep picks it up if the queue is down), `GET /api/admin/outbox/alerts`
 * (how many e-mails are dead, for the alert in the panel's header).
 */
import { auditView } from '../http/audit-view.ts';
import { Hono } from 'hono';
import { enqueueNotification } from './delivery.ts';
import { type OutboxKey, listOutbox, notificationById, outboxKey } from './model.ts';
import { countDead, requeueNotification } from './model-outbox-delivery.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { outboxFilterSchema } from '../admin-shared/admin-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { ADMIN_ERRORS } from '../http/errors.ts';
import type { AdminEnv } from '../middleware/admin-guard/index.ts';
import type { OutboxEntry, OutboxList } from '../admin-shared/admin-api.ts';

export const outboxRoutes = new Hono<AdminEnv>();

outboxRoutes.get('/', async (c) => {
  const parsed = check(outboxFilterSchema, { state: c.req.query('state') || undefined });
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const page = pageRequest<OutboxKey>(c.req.query('limit'), c.req.query('after'), 1);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows, next } = pageOf(await listOutbox(c.env.DB, parsed.data.state, page), page.limit, outboxKey);
  auditView(c, 'outbox.view', { rows: rows.length });
  return c.json({
    limit: page.limit,
    next,
    notifications: rows.map(
      (r): OutboxEntry => ({
        id: r.id,
        leadId: r.lead_id,
        leadName: r.lead_name,
        leadKind: r.lead_kind,
        recipient: r.recipient,
        subject: r.subject,
        state: r.state,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        sentAt: r.sent_at,
      }),
    ),
  } satisfies OutboxList);
});

/** `GET /api/admin/outbox/alerts`: `{dead}`, the count the panel's header shows as an alert. */
outboxRoutes.get('/alerts', async (c) => c.json({ dead: await countDead(c.env.DB) }));

outboxRoutes.post('/:id/resend', async (c) => {
  const id = Number(c.req.param('id'));
  const row = Number.isInteger(id) && id > 0 ? await notificationById(c.env.DB, id) : null;
  if (!row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (row.state === 'sent') return c.json({ error: ADMIN_ERRORS.alreadySent }, 409);
  if (row.state === 'sending') return c.json({ error: ADMIN_ERRORS.sending }, 409);
  await requeueNotification(c.env.DB, id);
  const queued = await enqueueNotification(c.env, id);
  return c.json({ ok: true, queued });
});
