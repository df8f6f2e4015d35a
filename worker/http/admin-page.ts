/**
 * `GET /admin`: the panel's page. The shell (built by scripts/build.mjs into
 * dist/public/admin.html) holds no data; it shows the login form and loads the admin
 * script, which talks to `/api/admin/*`. Served here for its strict headers (widgets/core/headers.ts
 * `securityHeaders('admin-page')`, applied by the security middleware).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { renderAdminUnavailable } from './admin-unavailable.tsx';

export const adminPage = new Hono<AppEnv>();

adminPage.get('/', async (c) => {
  const shell = await c.env.ASSETS.fetch(new URL('/admin', c.req.url));
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  if (!shell.ok) return new Response(renderAdminUnavailable(), { status: 503, headers });
  return new Response(shell.body, { status: 200, headers });
});
