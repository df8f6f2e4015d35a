/**
 * Security headers for what the worker answers itself (DESIGN §3, §4): pages get the
 * same policy as the static ones (site/headers.ts), with the hashes of their own
 * `<style>` blocks; a route that sets its own CSP keeps it. The public API stays
 * loadable cross-origin.
 */
import type { MiddlewareHandler } from 'hono';
import { analyticsHosts, analyticsIdsInPage } from '../../site/content/analytics.ts';
import {
  CROSS_ORIGIN_HEADERS,
  PAGE_HEADERS,
  contentSecurityPolicy,
  sha256Source,
  styleBlocks,
} from '../../site/headers.ts';

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // nosniff on every answer the worker makes (issue 15), JSON and errors included.
  if (!c.res.headers.has('X-Content-Type-Options')) {
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    }
  }
  if (c.req.path.startsWith('/api/')) {
    c.res = new Response(c.res.body, c.res);
    // The admin API is same-origin only (issue 7); the public API stays loadable anywhere.
    const policy = c.req.path.startsWith('/api/admin/')
      ? 'same-origin'
      : CROSS_ORIGIN_HEADERS['Cross-Origin-Resource-Policy']!;
    c.res.headers.set('Cross-Origin-Resource-Policy', policy);
    return;
  }
  const isPage = (c.res.headers.get('content-type') ?? '').includes('text/html');
  if (!isPage || c.res.headers.has('content-security-policy')) return;
  const html = await c.res.text();
  const styleHashes = await Promise.all([...new Set(styleBlocks(html))].map(sha256Source));
  c.res = new Response(html, c.res);
  c.res.headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy({ styleHashes, analyticsHosts: analyticsHosts(analyticsIdsInPage(html)) }),
  );
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.res.headers.set(name, value);
};
