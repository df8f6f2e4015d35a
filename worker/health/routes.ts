/** `GET /api/health`: liveness with a D1 check. */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { API_ERRORS } from '../http/errors.ts';
import { pingDatabase } from './model.ts';

export const health = new Hono<AppEnv>();

health.get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  try {
    await pingDatabase(c.env.DB);
    return c.json({ ok: true, d1: 'ok' });
  } catch (error) {
    console.error('health: D1 unreachable', error);
    return c.json({ ok: false, d1: 'error', error: API_ERRORS.database }, 503);
  }
});
