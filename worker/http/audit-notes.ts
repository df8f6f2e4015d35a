/**
 * What an admin route tells the audit log about its request. The access control
 * (worker/middleware/access) writes one row for every admin write that succeeded (and for
 * every export), so no route can forget it; a route that wants to say more calls the
 * one-line helper:
 *
 *   auditDetails(c, { from: 'new', to: 'contacted' });
 *
 * which adds those details (never a password) to the row of the current request. Shared by
 * every admin area; the notes live as long as the request (no storage here).
 */
import type { Context } from 'hono';

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
 * Marks a read the log keeps like an export, one row EACH time, under `action` (a download
 * of one document: an invoice's XML, an order's evidence), with `more` details. A bulk read
 * the panel shows page after page is a view instead (http/audit-view.ts `auditView`).
 */
export function auditRead(c: Context, action: string, more: Record<string, unknown>): void {
  auditedReads.set(c.req.raw, action);
  auditDetails(c, more);
}

/** The action of a read a route marked for the log, if any. */
export const auditedReadOf = (request: Request): string | undefined => auditedReads.get(request);
