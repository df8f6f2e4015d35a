/**
 * `GET /admin`: the panel's page. The shell (built by scripts/build.mjs into
 * dist/public/admin.html) holds no data; it shows the login form and loads the admin
 * script, which talks to `/api/admin/*`. Served here for its strict headers.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app.ts';
import { renderAdminUnavailable } from '../../pages/admin-unavailable.tsx';

export const adminPage = new Hono<AppEnv>();

/** Scripts, styles and requests from our own origin only; no inline anything, no framing. */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

adminPage.get('/', async (c) => {
  const shell = await c.env.ASSETS.fetch(new URL('/admin', c.req.url));
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': ADMIN_CSP,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Robots-Tag': 'noindex, nofollow',
  });
  if (!shell.ok) return new Response(renderAdminUnavailable(), { status: 503, headers });
  return new Response(shell.body, { status: 200, headers });
});
