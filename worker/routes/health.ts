/** `GET /api/health`: liveness with a D1 check. */
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';

export const health = new Hono<AppEnv>();

health.get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  try {
    await c.env.DB.prepare('SELECT 1').first();
    return c.json({ ok: true, d1: 'ok' });
  } catch (error) {
    console.error('health: D1 unreachable', error);
    return c.json({ ok: false, d1: 'error', error: 'Baza danych jest chwilowo niedostępna.' }, 503);
  }
});
