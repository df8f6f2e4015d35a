/**
 * The admin API (`/api/admin/*`, issue 7): one sub-app per area behind one gate. Only
 * `POST /api/admin/login` is open without a session; every write checks the Origin.
 * Same-origin only: no CORS headers are ever sent from here.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_ERRORS } from '../../http/errors.ts';
import { type AdminEnv, adminGuard } from './guard.ts';
import { sessionRoutes } from './session.ts';
import { catalogueRoutes } from './catalogue.ts';
import { leadRoutes } from './leads.ts';
import { outboxRoutes } from './outbox.ts';
import { statsRoutes } from './stats.ts';

export const adminApi = new Hono<AdminEnv>();

adminApi.use('*', adminGuard);
adminApi.use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: ADMIN_ERRORS.tooLarge }, 413) }));

adminApi.route('/', sessionRoutes);
adminApi.route('/', catalogueRoutes);
adminApi.route('/', leadRoutes);
adminApi.route('/', outboxRoutes);
adminApi.route('/', statsRoutes);
