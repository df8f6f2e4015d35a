/** `POST /api/admin/login`, `POST /api/admin/logout`, `GET /api/admin/session`. */
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_TTL_MS, clientIp, parseStoredHash, verifyPassword } from '../../http/auth.ts';
import {
  LOCKOUT_MS,
  clearFailedLogins,
  createSession,
  endSession,
  lockedUntil,
  recordFailedLogin,
} from '../../models/sessions.ts';
import { loginSchema } from '../../../widgets/core/admin-validation.ts';
import { check } from '../../../widgets/core/validation.ts';
import { ADMIN_ERRORS } from '../../http/errors.ts';
import { type AdminEnv, jsonBody } from './guard.ts';

export const sessionRoutes = new Hono<AdminEnv>();

const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' } as const;

sessionRoutes.post('/login', async (c) => {
  const ip = clientIp(c.req.raw);
  const locked = await lockedUntil(c.env.DB, ip);
  if (locked) {
    c.header('Retry-After', String(Math.ceil((locked - Date.now()) / 1000)));
    return c.json({ error: ADMIN_ERRORS.locked }, 429);
  }
  const stored = parseStoredHash((c.env as { ADMIN_PASSWORD_HASH?: string }).ADMIN_PASSWORD_HASH);
  if (!stored) return c.json({ error: ADMIN_ERRORS.notConfigured }, 503);
  const body = await jsonBody(c);
  if (!body) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(loginSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const { password, name } = parsed.data;
  if (!(await verifyPassword(password, stored))) {
    const { locked: nowLocked } = await recordFailedLogin(c.env.DB, ip);
    if (nowLocked) {
      c.header('Retry-After', String(LOCKOUT_MS / 1000));
      return c.json({ error: ADMIN_ERRORS.locked }, 429);
    }
    return c.json({ error: ADMIN_ERRORS.wrongPassword }, 401);
  }
  await clearFailedLogins(c.env.DB, ip);
  // A fresh id at every login: a session id planted before login is worthless.
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await endSession(c.env.DB, previous);
  const { id, session } = await createSession(c.env.DB, name, ip);
  setCookie(c, SESSION_COOKIE, id, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
  return c.json({ ok: true, user: session.user, expiresAt: new Date(session.expiresAt).toISOString() });
});

sessionRoutes.post('/logout', async (c) => {
  await endSession(c.env.DB, c.get('sessionId'));
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
  return c.json({ ok: true });
});

sessionRoutes.get('/session', (c) => {
  const session = c.get('session');
  return c.json({ user: session.user, expiresAt: new Date(session.expiresAt).toISOString() });
});
