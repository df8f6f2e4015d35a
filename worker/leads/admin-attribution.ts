/**
 * A lead's partner, by the team, every change audited with its reason:
 *  - `POST /api/admin/leads/:id/partner {confirm: true}`: the partner kept as
 *    `partner_unconfirmed` (its request came from outside the partner's domains, or while it
 *    was paused) becomes the lead's `partner`: from then it counts and earns;
 *  - `POST /api/admin/leads/:id/partner {partner, reason}`: the lead's partner moved to another
 *    registered partner, or an unregistered value (`partner_unregistered`) assigned to the
 *    partner since registered; `partner: null` takes the partner away. The old value stays in
 *    the attribution as `partner_moved_from`.
 */
import { Hono } from 'hono';
import { ADMIN_ERRORS } from '../http/errors.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { PARTNER_ERRORS, PARTNER_LIMITS } from '../admin-shared/partner-validation.ts';
import { partnerById } from '../partners/index.ts';
import { leadById } from './model.ts';
import { setLeadAttribution } from './model-lead-attribution.ts';
import { parseAttribution } from './lead-view.ts';

export const attributionRoutes = new Hono<AdminEnv>();

export const ATTRIBUTION_ERRORS = {
  nothingToConfirm: 'Ten lead nie ma niepotwierdzonego partnera do potwierdzenia.',
  partner: 'Wybierz zarejestrowanego partnera (albo brak partnera).',
} as const;

attributionRoutes.post('/:id/partner', async (c) => {
  const row = await leadById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = (await jsonBody(c)) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const attribution = parseAttribution(row.attribution) as Record<string, unknown>;
  const {
    partner: before,
    partner_unconfirmed: unconfirmed,
    partner_unregistered: unregistered,
    ...rest
  } = attribution;
  let next: Record<string, unknown>;
  if (body.confirm === true) {
    if (typeof unconfirmed !== 'string' || !(await partnerById(c.env.DB, unconfirmed)))
      return c.json({ error: ATTRIBUTION_ERRORS.nothingToConfirm, field: 'confirm' }, 409);
    next = {
      ...rest,
      ...(unregistered === undefined ? {} : { partner_unregistered: unregistered }),
      partner: unconfirmed,
    };
    auditDetails(c, { action: 'confirm', partner: unconfirmed });
  } else {
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (reason.length < 3 || reason.length > PARTNER_LIMITS.reason)
      return c.json({ error: PARTNER_ERRORS.reason, field: 'reason' }, 400);
    const to = body.partner;
    if (to !== null && (typeof to !== 'string' || !(await partnerById(c.env.DB, to))))
      return c.json({ error: ATTRIBUTION_ERRORS.partner, field: 'partner' }, 400);
    const from = before ?? unconfirmed ?? unregistered ?? null;
    next = { ...rest, ...(to === null ? {} : { partner: to }), ...(from === null ? {} : { partner_moved_from: from }) };
    auditDetails(c, { action: 'move', from, to, reason });
  }
  await setLeadAttribution(c.env.DB, row.id, JSON.stringify(next));
  return c.json({ ok: true, attribution: next });
});
