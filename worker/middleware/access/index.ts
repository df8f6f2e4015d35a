/**
 * Who may do what in the admin API, after the session gate (worker/middleware/admin-guard):
 *  - a session opened with a password that has since changed (the account's, or the
 *    ADMIN_PASSWORD_HASH secret of the first owner) is ended;
 *  - the role must be allowed the route's prefix by the ONE table `ROUTE_ROLES`
 *    (worker/admin-shared/roles.ts), for reads and writes alike: 403 otherwise;
 *  - every write that succeeded and every export (a CSV, an `/export`, a billing download,
 *    a read a route marks as one: `auditRead`) goes to the audit log, and every read a route
 *    marks as a view of personal or billing data in bulk (`auditView`), once per view (its
 *    later pages add to its row).
 * The sessions and the log are the accounts feature's: worker/admin-api.ts hands them in.
 */
import type { MiddlewareHandler } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { mayUse, restrictionOf, rolesOfRequest, routePrefix } from '../../admin-shared/roles.ts';
import { SESSION_COOKIE, clientIp, credentialFingerprint } from '../../http/auth.ts';
import { auditedReadOf, detailsOf, targetOf } from '../../http/audit-notes.ts';
import { auditedViewOf } from '../../http/audit-view.ts';
import { ACCOUNT_API_ERRORS } from '../../http/errors.ts';
import type { AuditLogEntry } from '../../admin-shared/admin-api.ts';
import type { AdminEnv } from '../admin-guard/index.ts';

/** What the access control needs of the accounts: ending a session, writing a row of the audit log. */
export interface AccessRecords {
  endSession(db: D1Database, id: string): Promise<void>;
  /** An entry of the log as `GET /api/admin/audit` answers it, before it has an id and a time. */
  recordAudit(db: D1Database, entry: Omit<AuditLogEntry, 'id' | 'at'>): Promise<void>;
  /** The row of a view: added to this person's row of the same view in the last half hour, or written. */
  recordView(db: D1Database, entry: Omit<AuditLogEntry, 'id' | 'at'>): Promise<void>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A read that hands out personal or billing data in bulk: a CSV, an export, the billing of a month. */
const isExport = (path: string) => /\.csv$/.test(path) || /\/export(\/|$)/.test(path) || /\/billing$/.test(path);

/** 'leads.update', 'outbox.resend', 'accounts.create', 'leads.export' … */
function actionOf(method: string, path: string, area: string): string {
  const parts = path.replace(/^\/api\/admin\/?/, '').split('/');
  if (READS.has(method)) return `${area}.export`;
  // `/me/password`, `/me/sessions/…`: the second segment names the action.
  if (area === 'me' && parts[1]) return `me.${method === 'DELETE' ? 'sessions' : parts[1]}`;
  const last = parts.length > 2 ? parts[parts.length - 1] : undefined;
  if (last && !/^\d+$/.test(last)) return `${area}.${last}`;
  return `${area}.${method === 'DELETE' ? 'delete' : method === 'POST' ? 'create' : 'update'}`;
}

/**
 * After `adminGuard`: ends a session whose password has changed (401), refuses a role the
 * route's prefix is not allowed by `ROUTE_ROLES` (403; a prefix missing from the table is the
 * owner's alone), and writes an audit row for every write that succeeded and every export.
 * A route adds details with `auditDetails(c, {…})` (worker/http/audit-notes.ts).
 * @example adminApi.use('*', adminGuard(findSession)); adminApi.use('*', accessControl({ endSession, recordAudit, recordView }));
 */
export const accessControl =
  ({ endSession, recordAudit, recordView }: AccessRecords): MiddlewareHandler<AdminEnv> =>
  async (c, next) => {
    const session = c.get('session');
    if (!session) return next(); // the open routes (login, set-password)
    const secret = (c.env as { ADMIN_PASSWORD_HASH?: string }).ADMIN_PASSWORD_HASH ?? '';
    const current = session.passwordHash ?? secret;
    if (!current || (await credentialFingerprint(current)) !== session.credential) {
      await endSession(c.env.DB, c.get('sessionId'));
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
      return c.json({ error: ACCOUNT_API_ERRORS.passwordChanged }, 401);
    }
    const area = routePrefix(c.req.path);
    if (!mayUse(session.role, area)) return c.json({ error: ACCOUNT_API_ERRORS.forbidden }, 403);
    if (!rolesOfRequest(c.req.method, c.req.path).includes(session.role))
      return c.json({ error: restrictionOf(c.req.method, c.req.path)?.error ?? ACCOUNT_API_ERRORS.forbidden }, 403);
    await next();
    const method = c.req.method;
    const view = READS.has(method) ? auditedViewOf(c.req.raw) : undefined;
    const markedRead = auditedReadOf(c.req.raw);
    const audited = !READS.has(method) || isExport(c.req.path) || !!view || !!markedRead;
    if (!audited || c.res.status >= 400 || area === 'logout') return;
    const parts = c.req.path.replace(/^\/api\/admin\/?/, '').split('/');
    // A route may name its record by its human number (SR-…, KS-…): then the raw id, which
    // may be the secret of a customer's page, appears neither as the target nor in the path.
    const named = targetOf(c.req.raw);
    const rawId = parts[1] ? decodeURIComponent(parts[1]) : undefined;
    const path = named && parts[1] ? c.req.path.replace(`/${parts[1]}`, `/${encodeURIComponent(named)}`) : c.req.path;
    const entry = {
      accountId: session.accountId,
      actor: session.email === 'admin' ? session.user : `${session.user} <${session.email}>`,
      role: session.role,
      action: view?.action ?? markedRead ?? actionOf(method, c.req.path, area),
      area,
      target: (named ?? rawId)?.slice(0, 200) ?? null,
      method,
      path: view?.path ?? `${path}${new URL(c.req.url).search}`,
      status: c.res.status,
      details: view ? { ...view.details, ...detailsOf(c.req.raw) } : detailsOf(c.req.raw),
      ip: clientIp(c.req.raw),
    };
    try {
      // A view (a bulk read the route marked) is one row per view, its pages added to it.
      await (view ? recordView(c.env.DB, entry) : recordAudit(c.env.DB, entry));
    } catch (error) {
      // The write itself is done; a lost audit row is logged, not turned into an error.
      console.error('audit: could not record', c.req.method, c.req.path, error);
    }
  };
