/**
 * Lead ownership:
 *  - `GET /leads/people`: who a lead can be given to;
 *  - `POST /leads/:id/assign` `{accountId: number | null}` and `POST /leads/:id/take`
 *    (to me): the new owner gets an e-mail, a colleague whose lead was taken over too
 *    (worker/leads/assignment.ts), the webhook `lead.assigned` goes out, the audit row says who.
 * Registered before the lead routes, so `/leads/people` is not taken for a lead id.
 */
import { type Context, Hono } from 'hono';
import { enqueueNotification } from '../outbox/delivery.ts';
import { auditDetails, auditTarget } from '../http/audit-notes.ts';
import { assignLead, assignablePeople } from './model-lead-ownership.ts';
import { leadById } from './model.ts';
import { assignmentPlan } from './assignment.ts';
import { leadAuditName } from './lead-work.ts';
import { ACCOUNT_API_ERRORS, ADMIN_ERRORS } from '../http/errors.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { PeopleList } from '../admin-shared/admin-api.ts';

export const ownershipRoutes = new Hono<AdminEnv>();

ownershipRoutes.get('/people', async (c) => c.json({ people: await assignablePeople(c.env.DB) } satisfies PeopleList));

async function assign(c: Context<AdminEnv>, accountId: number | null) {
  const lead = await leadById(c.env.DB, c.req.param('id') ?? '');
  if (!lead) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const people = await assignablePeople(c.env.DB);
  const person = accountId === null ? null : people.find((p) => p.id === accountId);
  if (person === undefined) return c.json({ error: ACCOUNT_API_ERRORS.person }, 400);
  const plan = assignmentPlan(lead, person, people, c.get('session'), new URL(c.req.url).origin);
  const result = await assignLead(c.env.DB, lead.id, person?.id ?? null, plan.notifications, plan.events);
  if (!result) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  await Promise.all(result.notificationIds.map((id) => enqueueNotification(c.env, id)));
  auditTarget(c, await leadAuditName(c.env.DB, lead));
  auditDetails(c, plan.auditDetails);
  return c.json({
    ok: true,
    assignedTo: person?.id ?? null,
    emailed: plan.emailsOwner && result.notificationIds.length > 0,
    colleagueEmailed: plan.emailsColleague,
  });
}

ownershipRoutes.post('/:id/assign', async (c) => {
  const body = (await jsonBody(c)) as { accountId?: unknown } | undefined;
  const id = body?.accountId;
  if (!body || !(id === null || (typeof id === 'number' && Number.isInteger(id))))
    return c.json({ error: ACCOUNT_API_ERRORS.person }, 400);
  return assign(c, id as number | null);
});

ownershipRoutes.post('/:id/take', (c) => assign(c, c.get('session').accountId));
