/**
 * The admin API (`/api/admin/*`): one sub-app per area behind one gate, each mounted
 * at its prefix, so the URL prefix, the role table's key (worker/admin-shared/roles.ts
 * `ROUTE_ROLES`) and the route file are one name. Only `POST /api/admin/login` (and the
 * one-time set-password link) is open without a session; every write checks the Origin.
 * Same-origin only: no CORS headers are ever sent from here.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_ERRORS } from './http/errors.ts';
import { type AdminEnv, adminGuard } from './middleware/admin-guard/index.ts';
import { accessControl } from './middleware/access/index.ts';
import { endSession, findSession, recordAudit, recordView } from './accounts/index.ts';
import { sessionRoutes } from './accounts/admin-session.ts';
import { catalogueRoutes } from './catalogue/admin-routes.ts';
import { leadCsvRoutes, leadRoutes } from './leads/admin-routes.ts';
import { ownershipRoutes } from './leads/admin-ownership.ts';
import { outboxRoutes } from './outbox/admin-routes.ts';
import { statsRoutes } from './leads/admin-stats.ts';
import { funnelCsvRoutes, funnelRoutes } from './funnel/admin-routes.ts';
import { deviceCsvRoutes, deviceRoutes } from './contracts/admin-devices.ts';
import { readingRoutes } from './meter/admin-routes.ts';
import { amendmentRoutesWith, contractRoutes } from './contracts/admin-routes.ts';
import { lastInvoicedMonth } from './invoices/index.ts';
import { ticketRoutes } from './service/admin-routes.ts';
import { accountRoutes, meRoutes } from './accounts/admin-routes.ts';
import { auditRoutes } from './accounts/admin-audit.ts';
import { webhookRoutes } from './webhooks/admin-routes.ts';
import { privacyRoutes } from './privacy/admin-routes.ts';
import { orderRoutes } from './orders/admin-routes.ts';
import { tonerRoutes } from './portal/admin-toner.ts';
import { invoiceRoutes } from './invoices/admin-routes.ts';
import { bankStatementRoutes, paymentRoutes } from './payments/admin-routes.ts';
import { collectorRoutes } from './collector/admin-routes.ts';
import { attributionRoutes } from './leads/admin-attribution.ts';
import { partnerRoutes } from './partners/admin-routes.ts';

export const adminApi = new Hono<AdminEnv>();

// The gate and the access control read and write the accounts' sessions and audit log.
adminApi.use('*', adminGuard(findSession));
adminApi.use('*', accessControl({ endSession, recordAudit, recordView }));
const adminBodyLimit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: ADMIN_ERRORS.tooLarge }, 413) });
// A bank statement file may be larger: its route sets its own limit.
adminApi.use('*', (c, next) => (c.req.path === '/api/admin/bank-statements' ? next() : adminBodyLimit(c, next)));

// The session's own one-segment routes (login, logout, session, set-password): each is its
// own key of the role table, so they stay at the root.
adminApi.route('/', sessionRoutes);
adminApi.route('/catalogue', catalogueRoutes);
// Before the lead routes, so `/leads/people` is not taken for a lead id.
adminApi.route('/leads', ownershipRoutes);
// A lead's partner confirmed, moved or assigned by the team (audited).
adminApi.route('/leads', attributionRoutes);
adminApi.route('/leads', leadRoutes);
adminApi.route('/leads.csv', leadCsvRoutes);
adminApi.route('/outbox', outboxRoutes);
adminApi.route('/stats', statsRoutes);
// 'Liczby': "Od kliknięcia do przelewu", from a lead to the money paid.
adminApi.route('/stats/funnel', funnelRoutes);
adminApi.route('/stats/funnel.csv', funnelCsvRoutes);
// Service: the device registry, tickets, readings and the billing export.
adminApi.route('/devices', deviceRoutes);
adminApi.route('/devices.csv', deviceCsvRoutes);
adminApi.route('/tickets', ticketRoutes);
adminApi.route('/readings', readingRoutes);
adminApi.route('/toner', tonerRoutes);
// Contracts: devices with their reading links, frozen rates and amendments, bills per month.
adminApi.route('/contracts', contractRoutes);
adminApi.route('/amendments', amendmentRoutesWith(lastInvoicedMonth));
adminApi.route('/accounts', accountRoutes);
adminApi.route('/me', meRoutes);
adminApi.route('/audit', auditRoutes);
adminApi.route('/webhooks', webhookRoutes);
// A person's data by e-mail address, export and erasure (owner only).
adminApi.route('/privacy', privacyRoutes);
// Orders placed online: the list, the delivery calendar and the installation protocol.
adminApi.route('/orders', orderRoutes);
// Invoices (FA(3)): the month's issue run, the register, the XML, the accountant's exports, corrections.
adminApi.route('/invoices', invoiceRoutes);
// Payments: bank statements in (owner), lines for the team, invoices' payment states.
adminApi.route('/bank-statements', bankStatementRoutes);
adminApi.route('/payments', paymentRoutes);
adminApi.route('/collectors', collectorRoutes);
// Partners as data: the register the widgets' `partner` is checked against, their terms and statements.
adminApi.route('/partners', partnerRoutes);
