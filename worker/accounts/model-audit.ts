/**
 * The audit log (migration 0030): who did what and when. The admin guard writes
 * one row for every admin write that succeeded (and for every export), so no route can
 * forget it; what a route adds to its request's row it says through worker/http/audit-notes.ts.
 */
import type { AuditLogEntry } from '../admin-shared/admin-api.ts';
import { VIEW_MINUTES } from '../http/audit-view.ts';

/** What the guard records: an entry of the log as `GET /api/admin/audit` answers it, before it has an id and a time. */
export type AuditEntry = Omit<AuditLogEntry, 'id' | 'at'>;

export async function recordAudit(db: D1Database, e: AuditEntry): Promise<void> {
  await auditStatement(db, e).run();
}

/**
 * The row of a view (http/audit-view.ts `auditView`): the pages and rows of this page are added to the row
 * this person's view of the same action and address has had in the last `VIEW_MINUTES`,
 * or, when there is none, a row is written. One batch, so two pages at once make one row.
 */
export async function recordView(db: D1Database, e: AuditEntry): Promise<void> {
  const since = `-${VIEW_MINUTES} minutes`;
  const rows = Number(e.details.rows ?? 0);
  const same = `SELECT id FROM audit_log WHERE area = ?1 AND at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2)
      AND action = ?3 AND path = ?4 AND account_id IS ?5 AND actor = ?6 ORDER BY id DESC LIMIT 1`;
  const key = [e.area, since, e.action, e.path.slice(0, 500), e.accountId, e.actor];
  await db.batch([
    db
      .prepare(
        `UPDATE audit_log SET details = json_set(details, '$.pages', coalesce(json_extract(details, '$.pages'), 1) + 1,
           '$.rows', coalesce(json_extract(details, '$.rows'), 0) + ?7)
         WHERE id = (${same})`,
      )
      .bind(...key, rows),
    auditStatement(db, e, { sql: `SELECT 1 WHERE NOT EXISTS (${same.replace(/\?(\d)/g, '?')})`, values: key }),
  ]);
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

/**
 * A row of `audit_log` as D1 gives it: the admin API's entry (declared once, in
 * worker/admin-shared/admin-api-team.ts) with the column's name for the account and the details
 * as the JSON text stored.
 */
export type AuditRow = Omit<AuditLogEntry, 'accountId' | 'details'> & {
  account_id: AuditLogEntry['accountId'];
  details: string;
};

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
