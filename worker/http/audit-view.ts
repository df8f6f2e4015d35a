/**
 * The mark of a read that hands out personal or billing data in bulk, for the audit log
 * (the access middleware writes the row through accounts/model-audit.ts `recordView`).
 * Shared by every feature's admin routes, so it lives here rather than in a feature.
 */
import type { Context } from 'hono';

/** A read the log keeps once per view: its action, what it names, its details. */
export interface AuditedView {
  action: string;
  /** The view's own address: the request's path and query without the paging (`after`, `limit`). */
  path: string;
  details: Record<string, unknown>;
}

const views = new WeakMap<Request, AuditedView>();

/** How long the pages of one view (the same person, action and address) add to one row. */
export const VIEW_MINUTES = 30;

/** The request's address as a view: its path and query without the paging parameters. */
export function viewPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('after');
  url.searchParams.delete('limit');
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * Marks a read that hands out personal or billing data in bulk (a list, a bill, the
 * billing of a month, a person's summary) for the log, ONCE PER VIEW: the guard writes one
 * row the first time this person reads this view (`path`: the request's own address
 * without its paging, or one the route gives for a family of addresses, e.g. every
 * contract's bill of a month), and the pages read in it for `VIEW_MINUTES` after add to
 * that row (`pages`, `rows`), never a row each. `rows` is how many records this page gave.
 */
export function auditView(
  c: Context,
  action: string,
  more: { rows: number } & Record<string, unknown>,
  path = viewPath(c.req.raw),
): void {
  views.set(c.req.raw, { action, path, details: { pages: 1, ...more } });
}

/** The view a route marked for the log, if any. */
export const auditedViewOf = (request: Request): AuditedView | undefined => views.get(request);
