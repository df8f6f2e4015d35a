/**
 * The audit log, read-only: `GET /api/admin/audit` (`area`, `account`, `target`, `from`,
 * `to` as RRRR-MM-DD), newest first, a keyset page (`limit` ≤ 500, `after` = the `next` of
 * the page before; `next: null` on the last page). Rows are written by the access
 * middleware (worker/middleware/access), never through this API.
 */
import { Hono } from 'hono';
import { type AuditKey, auditKey, findAudit } from './model-audit.ts';
import { ACCOUNT_API_ERRORS, ADMIN_ERRORS } from '../http/errors.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import type { AdminEnv } from '../middleware/admin-guard/index.ts';
import type { AuditList, AuditLogEntry } from '../admin-shared/admin-api.ts';
import { ADMIN_INPUT_ERRORS } from '../admin-shared/admin-validation.ts';

export const auditRoutes = new Hono<AdminEnv>();

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

auditRoutes.get('/', async (c) => {
  const q = (name: string) => c.req.query(name)?.trim().slice(0, 200) || undefined;
  const from = q('from');
  const to = q('to');
  if ((from && !isDate(from)) || (to && !isDate(to))) return c.json({ error: ADMIN_INPUT_ERRORS.date }, 400);
  const account = q('account');
  const accountId = account === undefined ? undefined : Number(account);
  if (accountId !== undefined && !Number.isInteger(accountId))
    return c.json({ error: ACCOUNT_API_ERRORS.accountId }, 400);
  const page = pageRequest<AuditKey>(c.req.query('limit'), c.req.query('after'), 1);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows, next } = pageOf(
    await findAudit(c.env.DB, { area: q('area'), accountId, target: q('target'), from, to }, page),
    page.limit,
    auditKey,
  );
  return c.json({
    limit: page.limit,
    next,
    entries: rows.map((r): AuditLogEntry => {
      let details: AuditLogEntry['details'] = {};
      try {
        details = JSON.parse(r.details);
      } catch {}
      return {
        id: r.id,
        at: r.at,
        accountId: r.account_id,
        actor: r.actor,
        role: r.role,
        action: r.action,
        area: r.area,
        target: r.target,
        method: r.method,
        path: r.path,
        status: r.status,
        details,
        ip: r.ip,
      };
    }),
  } satisfies AuditList);
});
