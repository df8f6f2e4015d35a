/**
 * The admin API (`/api/admin/*`, issue 7): one sub-app per area behind one gate. Only
 * `POST /api/admin/login` is open without a session; every write checks the Origin.
 * Same-origin only: no CORS headers are ever sent from here.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_ERRORS } from '../../http/errors.ts';
import { type AdminEnv, adminGuard } from '../../middleware/admin-guard/index.ts';
import { accessControl } from '../../middleware/access/index.ts';
import { sessionRoutes } from './session.ts';
import { catalogueRoutes } from './catalogue.ts';
import { leadRoutes } from './leads.ts';
import { ownershipRoutes } from './ownership.ts';
import { outboxRoutes } from './outbox.ts';
import { statsRoutes } from './stats.ts';
import { deviceRoutes } from './devices.ts';
import { readingRoutes } from './readings.ts';
import { contractRoutes } from './contracts.ts';
import { ticketRoutes } from './tickets.ts';
import { accountRoutes } from './accounts.ts';
import { auditRoutes } from './audit.ts';
import { webhookRoutes } from './webhooks.ts';
import { privacyRoutes } from './privacy.ts';
import { orderRoutes } from './orders.ts';
import { tonerRoutes } from './toner.ts';

export const adminApi = new Hono<AdminEnv>();

adminApi.use('*', adminGuard);
adminApi.use('*', accessControl);
adminApi.use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: ADMIN_ERRORS.tooLarge }, 413) }));

adminApi.route('/', sessionRoutes);
adminApi.route('/', catalogueRoutes);
adminApi.route('/', ownershipRoutes);
adminApi.route('/', leadRoutes);
adminApi.route('/', outboxRoutes);
adminApi.route('/', statsRoutes);
// Service (issue 17): the device registry, tickets, readings and the billing export.
adminApi.route('/', deviceRoutes);
adminApi.route('/', ticketRoutes);
adminApi.route('/', readingRoutes);
adminApi.route('/', tonerRoutes);
// Contracts: devices with their reading links, frozen rates and amendments, bills per month.
adminApi.route('/', contractRoutes);
adminApi.route('/', accountRoutes);
adminApi.route('/', auditRoutes);
adminApi.route('/', webhookRoutes);
// Issue 13: a person's data by e-mail address, export and erasure (owner only).
adminApi.route('/', privacyRoutes);
// Orders placed online: the list, the delivery calendar and the installation protocol.
adminApi.route('/', orderRoutes);
