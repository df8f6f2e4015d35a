/**
 * `POST /api/send-contact-email`: the contact form (spec §7, DESIGN §4). The lead and its
 * notification are in D1 before the answer says ok; a replayed `submissionId` answers
 * the first lead's id and stores nothing more. The email goes out through the queue
 * (worker/email/delivery.ts).
 */
import { Hono } from 'hono';
import { contactNotification } from '../email/contact-notification.ts';
import { enqueueNotification } from '../email/delivery.ts';
import { API_ERRORS } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../http/intake.ts';
import { type NewLead, type StoredLead, storeLead } from '../models/leads.ts';
import { parseContact } from '../../widgets/core/validation.ts';

export const contact = new Hono<IntakeEnv>();

contact.post('/', leadIntake(), async (c) => {
  const { body, submissionId, origin } = c.get('intake');
  const parsed = parseContact(body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);

  const { name, email, phone, message, attribution } = parsed.data;
  const lead: NewLead = { kind: 'contact', submissionId, name, email, phone, message, attribution, origin };
  let stored: StoredLead;
  try {
    stored = await storeLead(c.env.DB, lead, (id) => contactNotification(id, lead, c.env.SALES_EMAIL));
  } catch (error) {
    console.error('contact: storing the lead failed', error);
    return c.json({ error: API_ERRORS.contactStorage }, 503);
  }
  // Stored means safe: a failed enqueue is logged and left to the sweep.
  if (stored.notificationId !== undefined) await enqueueNotification(c.env, stored.notificationId);
  return c.json({ ok: true, id: stored.id });
});
