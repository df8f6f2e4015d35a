/** Pages the worker answers with: the site's 404 page, served from the static assets. */
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

export async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const page = await c.env.ASSETS.fetch(new URL('/404.html', c.req.url));
  const headers = new Headers(page.headers);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(page.ok ? page.body : 'Nie znaleziono strony', { status: 404, headers });
}
