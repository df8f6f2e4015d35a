/**
 * Security headers of everything the worker answers (DESIGN §3, §4), from the one
 * definition the static `_headers` is written from (widgets/core/headers.ts): the kind of answer
 * comes from the path, its headers from `securityHeaders(kind)`. Nothing here reads a
 * body, so answers stream: a page's CSP comes with the page (static pages: `_headers`,
 * passed through by the assets binding; re-rendered pages: computed once per catalogue
 * version, worker/catalogue/prerendered.ts; the quote page: its own), and an HTML answer
 * that brings none gets the strictest page policy.
 */
import type { MiddlewareHandler } from 'hono';
import { answerKind, contentSecurityPolicy, cspFromRoute, securityHeaders } from '../../../widgets/core/headers.ts';

const STRICT_PAGE_CSP = contentSecurityPolicy();

/**
 * Sets the headers of `securityHeaders(answerKind(path))` on every answer after the route has
 * run, copying immutable headers once. No options: the table of widgets/core/headers.ts is the one
 * definition. An HTML page that brings no CSP of its own gets the strictest page policy.
 * @example app.use('*', securityHeadersMiddleware); // first, so 404s and errors get the headers too
 */
export const securityHeadersMiddleware: MiddlewareHandler = async (c, next) => {
  await next();
  const kind = answerKind(c.req.path);
  // Answers from the assets binding or `fetch` have immutable headers: copy them once (the body still streams).
  let headers = c.res.headers;
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
  }
  for (const [name, value] of Object.entries(securityHeaders(kind))) headers.set(name, value);
  const isHtml = (headers.get('content-type') ?? '').includes('text/html');
  if (isHtml && cspFromRoute(kind) && !headers.has('content-security-policy'))
    headers.set('Content-Security-Policy', STRICT_PAGE_CSP);
};
