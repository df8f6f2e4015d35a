/**
 * `POST /api/send-contact-email`: the contact form (spec §7, DESIGN §4). The lead and its
 * notification are in D1 before the answer says ok; a replayed `submissionId` with the
 * same body answers the first lead's id and stores nothing more; with another body, 409
 * (DESIGN §7). The email goes out through the queue
 * (worker/outbox/delivery.ts).
 */
import { attributed } from '../leads/partners.ts';
import { Hono } from 'hono';
import { contactNotification } from './contact-email.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { API_ERRORS } from '../http/errors.ts';
import { type IntakeEnv, leadIntake } from '../middleware/intake/index.ts';
import { bodyHash } from '../http/body-hash.ts';
import { type StoredLead, SubmissionConflict, storeLead } from './model.ts';
import { type DeferredLead, deferLead } from './deferred.ts';
import { parseContact } from '../../widgets/core/validation.ts';
import { company } from '../../widgets/core/company.ts';
import { leadStoreMs, withDeadline } from '../http/deadline.ts';

export const contact = new Hono<IntakeEnv>();

contact.post('/', leadIntake(), async (c) => {
  const { body, submissionId, origin } = c.get('intake');
  const parsed = parseContact(body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);

  const { name, email, phone, message } = parsed.data;
  const attribution = await attributed(c.env.DB, parsed.data.attribution, origin);
  // Not given unless sent as true; the hash leaves it out then, so `false` and absent are one body.
  const marketingConsent = parsed.data.marketingConsent === true;
  // Its id and time are fixed here, so a lead kept on the queue is stored as it was answered.
  const lead: DeferredLead['lead'] = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    kind: 'contact',
    submissionId,
    name,
    email,
    phone,
    message,
    marketingConsent,
    attribution,
    origin,
    bodyHash: await bodyHash('contact', {
      name,
      email,
      phone,
      message,
      marketingConsent: marketingConsent || undefined,
    }),
  };
  let stored: StoredLead;
  try {
    // A locked D1 may never answer: past the deadline the lead goes to the queue like a refused one.
    stored = await withDeadline(
      storeLead(c.env.DB, lead, (id) => contactNotification(id, lead, company.salesEmail)),
      leadStoreMs(c.env),
      'contact: storing the lead',
    );
  } catch (error) {
    if (error instanceof SubmissionConflict) return c.json({ error: API_ERRORS.replayed }, 409);
    // D1 did not take it: the queue keeps the lead until D1 answers again (leads/deferred.ts),
    // and the visitor sees the same success. Only when the queue refuses too, 503.
    console.error('contact: storing the lead failed, deferring it to the queue', error);
    if (await deferLead(c.env, { lead, notification: contactNotification(lead.id, lead, company.salesEmail) }))
      return c.json({ ok: true, id: lead.id }, 202);
    return c.json({ error: API_ERRORS.contactStorage }, 503);
  }
  c.set('webhooksClaimed', stored.webhookIds);
  // Stored means safe: a failed enqueue is logged and left to the sweep.
  if (stored.notificationId !== undefined) await enqueueNotification(c.env, stored.notificationId);
  return c.json({ ok: true, id: stored.id });
});
