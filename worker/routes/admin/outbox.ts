/**
 * The email outbox: `GET /api/admin/outbox` (`state` = pending | sending | sent | failed |
 * dead | unsent) and `POST /api/admin/outbox/:id/resend` ('Wyślij ponownie': back in line
 * and onto the queue; the sweep picks it up if the queue is down).
 */
import { Hono } from 'hono';
import { enqueueNotification } from '../../email/delivery.ts';
import { listOutbox } from '../../models/lead-inbox.ts';
import { notificationById, requeueNotification } from '../../models/outbox.ts';
import { ADMIN_ERRORS, type AdminEnv } from './guard.ts';

export const outboxRoutes = new Hono<AdminEnv>();

const STATES = ['pending', 'sending', 'sent', 'failed', 'dead', 'unsent'];

outboxRoutes.get('/outbox', async (c) => {
  const state = c.req.query('state') || undefined;
  if (state && !STATES.includes(state)) return c.json({ error: 'Nieprawidłowy stan wiadomości.' }, 400);
  const rows = await listOutbox(c.env.DB, state);
  return c.json({
    notifications: rows.map((r) => ({
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
    })),
  });
});

outboxRoutes.post('/outbox/:id/resend', async (c) => {
  const id = Number(c.req.param('id'));
  const row = Number.isInteger(id) && id > 0 ? await notificationById(c.env.DB, id) : null;
  if (!row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (row.state === 'sent') return c.json({ error: 'Ta wiadomość została już wysłana.' }, 409);
  if (row.state === 'sending') return c.json({ error: 'Ta wiadomość jest właśnie wysyłana.' }, 409);
  await requeueNotification(c.env.DB, id);
  const queued = await enqueueNotification(c.env, id);
  return c.json({ ok: true, queued });
});
