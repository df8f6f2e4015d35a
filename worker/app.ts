/** The Hono app: public API, pages rendered by the worker and the 404 page (DESIGN §4). */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { catalogue } from './catalogue/routes.ts';
import { contact } from './leads/routes.ts';
import { health } from './health/routes.ts';
import { quotePage, quotes } from './quotes/routes.ts';
import { notFoundPage } from './http/not-found.ts';
import { API_ERRORS } from './http/errors.ts';
import { REQUEST_MS, deadlineMs, requestDeadline } from './http/deadline.ts';
// Before any route parses a body: valibot's issues without a message of their own speak Polish.
import './http/polish-issues.ts';
import { securityHeadersMiddleware } from './middleware/security/index.ts';
import { adminApi } from './admin-api.ts';
import { adminPage } from './http/admin-page.ts';
import { prerendered } from './catalogue/prerendered.ts';
import { serviceRequests, ticketLookup, ticketPage } from './service/routes.ts';
import { meterReadings } from './meter/routes.ts';
import { dispatchLater } from './webhooks/delivery.ts';
import { companyLookup } from './company/routes.ts';
import { orderPage, orders } from './orders/routes.ts';
import { d1Metrics } from './http/d1-metrics.ts';
import { portalApi, portalPage } from './portal/routes.tsx';
import { partnerPage } from './partners/routes.tsx';
import { invoicePage } from './invoices/routes.ts';
import { collectorApi } from './collector/routes.ts';

import type { AppEnv } from './env.ts';

export type { AppEnv };

declare module 'hono' {
  interface ContextVariableMap {
    /** Webhook deliveries a write claimed in its own D1 batch (a lead's `storeLead`). */
    webhooksClaimed?: number[];
  }
}

export const app = new Hono<AppEnv>();

app.use('*', securityHeadersMiddleware);
app.use('/api/*', d1Metrics);
// A locked D1 neither answers nor fails: no /api/ request waits for it past its deadline.
app.use(
  '/api/*',
  requestDeadline(
    (env) => deadlineMs((env as { REQUEST_DEADLINE_MS?: string }).REQUEST_DEADLINE_MS, REQUEST_MS),
    API_ERRORS.database,
  ),
);

// The public API answers any origin, never with credentials (DESIGN §4); the admin API
// is same-origin only and sends no CORS headers at all.
const publicCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type'],
  maxAge: 86400,
});
app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/admin/') ? next() : publicCors(c, next)));

// Webhooks: a write that stored something may have written webhook events (in its own D1
// batch, webhooks/model.ts `webhookEventStatements`); put their deliveries on the queue after answering.
app.use('/api/*', async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.res.status >= 300) return;
  let ctx: { waitUntil(p: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined; // called without a context (app.fetch in tests): the cron dispatches later
  }
  if (ctx) dispatchLater(c.env, ctx, c.get('webhooksClaimed'));
});

app.route('/api/catalogue', catalogue);
app.route('/api/health', health);
app.route('/api/send-contact-email', contact);
app.route('/api/quotes', quotes);
app.route('/wycena', quotePage);
app.route('/api/service-requests', serviceRequests);
app.route('/api/meter-readings', meterReadings);
app.route('/serwis/zgloszenie/szukaj', ticketLookup);
app.route('/serwis/zgloszenie', ticketPage);
app.route('/api/company', companyLookup);
app.route('/api/orders', orders);
app.route('/zamowienie', orderPage);
app.route('/api/portal', portalApi);
app.route('/api/collector', collectorApi);
app.route('/konto', portalPage);
// The partner's own page: sign-in by e-mailed link, its numbers, commission and statements.
app.route('/partner', partnerPage);
app.route('/faktura', invoicePage);
app.route('/api/admin', adminApi);
app.route('/admin', adminPage);
app.route('/', prerendered);

app.notFound((c) => (c.req.path.startsWith('/api/') ? c.json({ error: API_ERRORS.notFound }, 404) : notFoundPage(c)));

/** D1 (or the network to it) failed: the client may try again, so 503, not 500. */
const isStorageError = (error: unknown): boolean =>
  /\bD1_|SQLITE_BUSY|Network connection lost|storage (is )?(down|unavailable)/i.test(
    error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
  );

app.onError((error, c) => {
  console.error('unhandled', c.req.method, c.req.path, error);
  if (isStorageError(error)) return c.json({ error: API_ERRORS.database }, 503);
  return c.json({ error: API_ERRORS.server }, 500);
});
