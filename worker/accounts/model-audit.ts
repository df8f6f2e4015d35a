/**
 * The audit log (migration 0030): who did what and when. The admin guard writes
 * one row for every admin write that succeeded (and for every export), so no route can
 * forget it. A route that wants to say more calls the one-line helper:
 *
 *   auditDetails(c, { from: 'nowy', to: 'w kontakcie' });
 *
 * which adds those details (never a password) to the row of the current request.
 */
import type { Context } from 'hono';
import type { AuditLogEntry } from '../../widgets/core/admin/admin-api.ts';

const details = new WeakMap<Request, Record<string, unknown>>();

/** Adds details to the audit row of this request (merged; the last value of a key wins). */
export function auditDetails(c: Context, more: Record<string, unknown>): void {
  details.set(c.req.raw, { ...details.get(c.req.raw), ...more });
}

const targets = new WeakMap<Request, string>();

/**
 * Names the record of this request's audit row by its human number (a ticket's SR-…, a
 * quote's KS-…) instead of the id in the path, which for a ticket is its page's secret.
 */
export function auditTarget(c: Context, name: string): void {
  targets.set(c.req.raw, name);
}

/** The human name a route gave the record, for the guard. */
export const targetOf = (request: Request): string | undefined => targets.get(request);

/** What the route said about the request, for the guard. */
export const detailsOf = (request: Request): Record<string, unknown> => details.get(request) ?? {};

const auditedReads = new WeakMap<Request, string>();

/**
 * Marks a read the log keeps, like an export, under `action` (a bulk read of personal
 * data the panel itself never makes, e.g. leads page after page), with `more` details.
 */
export function auditRead(c: Context, action: string, more: Record<string, unknown>): void {
  auditedReads.set(c.req.raw, action);
  auditDetails(c, more);
}

/** The action of a read a route marked for the log, if any. */
export const auditedReadOf = (request: Request): string | undefined => auditedReads.get(request);

/** What the guard records: an entry of the log as `GET /api/admin/audit` answers it, before it has an id and a time. */
export type AuditEntry = Omit<AuditLogEntry, 'id' | 'at'>;

export async function recordAudit(db: D1Database, e: AuditEntry): Promise<void> {
  await auditStatement(db, e).run();
}

/**
 * The statement of one audit row, for a batch: with `exists` (a `SELECT 1 …`, `?`
 * placeholders) written only when that finds a row in the batch, as for a change a
 * customer's action causes (an order signed closes its lead).
 */
export function auditStatement(
  db: D1Database,
  e: AuditEntry,
  exists?: { sql: string; values: unknown[] },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (account_id, actor, role, action, area, target, method, path, status, details, ip)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${exists ? ` WHERE EXISTS (${exists.sql})` : ''}`,
    )
    .bind(
      e.accountId,
      e.actor,
      e.role,
      e.action,
      e.area,
      e.target,
      e.method,
      e.path.slice(0, 500),
      e.status,
      JSON.stringify(e.details).slice(0, 4000),
      e.ip,
      ...(exists?.values ?? []),
    );
}

export interface AuditRow {
  id: number;
  at: string;
  account_id: number | null;
  actor: string;
  role: string | null;
  action: string;
  area: string;
  target: string | null;
  method: string;
  path: string;
  status: number;
  details: string;
  ip: string | null;
}

export interface AuditFilter {
  area?: string | undefined;
  accountId?: number | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Where a page of the log starts: after the entry with this id (newest first). */
export type AuditKey = [id: number];

export const auditKey = (row: AuditRow): AuditKey => [row.id];

/**
 * Newest first, filtered; `to` is inclusive of its whole day. A keyset page: `limit + 1`
 * entries after `after` (so the caller knows whether there is more).
 */
export async function findAudit(
  db: D1Database,
  f: AuditFilter,
  { limit = 100, after }: { limit?: number; after?: AuditKey | undefined } = {},
): Promise<AuditRow[]> {
  const where: string[] = [];
  const binds: unknown[] = [];
  if (after) where.push('id < ?') && binds.push(after[0]);
  if (f.area) where.push('area = ?') && binds.push(f.area);
  if (f.accountId !== undefined) where.push('account_id = ?') && binds.push(f.accountId);
  if (f.target) where.push('target = ?') && binds.push(f.target);
  if (f.from) where.push('at >= ?') && binds.push(f.from);
  if (f.to) where.push("at < strftime('%Y-%m-%dT%H:%M:%fZ', ?, '+1 day')") && binds.push(f.to);
  const { results } = await db
    .prepare(`SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`)
    .bind(...binds, limit + 1)
    .all<AuditRow>();
  return results;
}

/**
 * Entries about a person: their address (lower-case) as the target, in any case, or one of
 * `targets` (their leads' and tickets' ids); oldest first.
 */
export async function auditAbout(db: D1Database, email: string, targets: string[]): Promise<AuditRow[]> {
  const { results } = await db
    .prepare(
      'SELECT * FROM audit_log WHERE lower(target) = ?1 OR target IN (SELECT value FROM json_each(?2)) ORDER BY id',
    )
    .bind(email, JSON.stringify(targets))
    .all<AuditRow>();
  return results;
}
