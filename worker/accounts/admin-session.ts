/**
 * `POST /api/admin/login`, `POST /api/admin/logout`, `GET /api/admin/session`, and
 * `POST /api/admin/set-password` (open: a one-time link's token and a new password; the
 * browser that used the link is remembered as a login's is), `POST /api/admin/unlock`
 * `{email}` and `POST /api/admin/unlock/browser` `{token}` (open: the e-mailed unlock of a
 * fresh browser while strangers hold the account locked, ./unlock.ts).
 * Login: `{email, password}` for a team account; without an e-mail (or with
 * 'admin') the first owner, whose password is the ADMIN_PASSWORD_HASH secret, and who may
 * give a `name` for the history. Throttled per IP and per account BEFORE any hash work:
 * one atomic upsert takes the attempt, parallel guesses included.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { teamPasswordProblem } from './password-strength.ts';
import { ACCOUNT_ERRORS, firstIssue, loginSchema, setPasswordSchema } from '../admin-shared/account-validation.ts';
import { check, emailSchema } from '../../widgets/core/validation.ts';
import { requestUnlock, unlockBrowser } from './unlock.ts';
import { afterAnswer } from '../http/after-answer.ts';
import {
  DEVICE_COOKIE,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  clientIp,
  credentialFingerprint,
  hashPassword,
  parseStoredHash,
  verifyPassword,
} from '../http/auth.ts';
import { FIRST_OWNER_LOGIN, accountByEmail, accountByToken, setPasswordHash, spendToken } from './model.ts';
import { LOCKOUT_MS, clearLoginAttempts, recordLoginFailure, reserveLoginAttempt } from './model-login-throttle.ts';
import { DEVICE_TTL_MS, deviceKey, rememberDevice } from './model-login-devices.ts';
import { createSession, endSession } from './model-sessions.ts';
import { ACCOUNT_API_ERRORS, ADMIN_ERRORS } from '../http/errors.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { AdminSession } from '../admin-shared/admin-api.ts';

export const sessionRoutes = new Hono<AdminEnv>();

const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' } as const;

/** A hash no password matches: unknown e-mails cost the same work as known ones. */
const DUMMY_HASH = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

sessionRoutes.post('/login', async (c) => {
  const ip = clientIp(c.req.raw);
  const json = await jsonBody(c);
  if (!json) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(loginSchema, json);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const body = parsed.data;
  const login = body.email.toLowerCase() || FIRST_OWNER_LOGIN;
  const firstOwner = login === FIRST_OWNER_LOGIN;
  // A browser this account signed in with before has a budget of its own (device cookie):
  // strangers' guesses lock the account and their IPs, not the rightful user's browser.
  const deviceToken = getCookie(c, DEVICE_COOKIE);
  const device = await deviceKey(c.env.DB, deviceToken, login);
  const keys = device ? [device] : [`ip:${ip}`, `account:${login}`];
  // The attempt is taken before anything else is read or hashed.
  const reservation = await reserveLoginAttempt(c.env.DB, keys);
  if (!reservation.allowed) {
    c.header('Retry-After', String(Math.max(1, Math.ceil((reservation.retryAt - Date.now()) / 1000))));
    return c.json({ error: ADMIN_ERRORS.locked(LOCKOUT_MS / 60_000) }, 429);
  }
  const secret = (c.env as { ADMIN_PASSWORD_HASH?: string }).ADMIN_PASSWORD_HASH;
  if (firstOwner && !parseStoredHash(secret)) return c.json({ error: ADMIN_ERRORS.notConfigured }, 503);
  const account = await accountByEmail(c.env.DB, login);
  const storedText = firstOwner ? secret : account && !account.disabled ? account.password_hash : null;
  const stored = parseStoredHash(storedText ?? DUMMY_HASH) ?? parseStoredHash(DUMMY_HASH);
  const matches = !!stored && (await verifyPassword(body.password, stored));
  if (!matches || !account || !storedText || account.disabled) {
    const { locked } = await recordLoginFailure(c.env.DB, keys);
    if (locked) {
      c.header('Retry-After', String(LOCKOUT_MS / 1000));
      return c.json({ error: ADMIN_ERRORS.locked(LOCKOUT_MS / 60_000) }, 429);
    }
    return c.json({ error: firstOwner ? ADMIN_ERRORS.wrongPassword : ACCOUNT_API_ERRORS.wrongAccount }, 401);
  }
  await clearLoginAttempts(c.env.DB, keys);
  // A fresh id at every login: a session id planted before login is worthless.
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await endSession(c.env.DB, previous);
  // The first owner signs with the name given at login ('admin' when blank); others with their account's.
  const user = firstOwner ? body.name : account.name;
  const { id, session } = await createSession(
    c.env.DB,
    {
      accountId: account.id,
      user,
      email: account.email,
      role: account.role,
      credential: await credentialFingerprint(storedText),
      passwordHash: account.password_hash,
    },
    ip,
    c.req.header('User-Agent'),
  );
  setCookie(c, SESSION_COOKIE, id, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
  setDeviceCookie(c, await rememberDevice(c.env.DB, deviceToken, login));
  return c.json({ ok: true, ...sessionJson(session) });
});

/** Gives the browser its device cookie (after a login, or a set-password link used). */
export function setDeviceCookie(c: Context, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, { ...cookieOptions, maxAge: DEVICE_TTL_MS / 1000 });
}

sessionRoutes.post('/set-password', async (c) => {
  const parsed = v.safeParse(setPasswordSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const { token, password } = parsed.output;
  // The rules are checked before the token is spent: a refused password keeps the link usable.
  const target = await accountByToken(c.env.DB, token);
  if (!target) return c.json({ error: ACCOUNT_ERRORS.token }, 410);
  const problem = teamPasswordProblem(password, target);
  if (problem) return c.json({ error: problem }, 400);
  const accountId = await spendToken(c.env.DB, token);
  if (accountId !== target.id) return c.json({ error: ACCOUNT_ERRORS.token }, 410);
  await setPasswordHash(c.env.DB, accountId, await hashPassword(password));
  // The link came by e-mail to this person: the browser that used it is theirs, and gets
  // in even while strangers' guesses hold the account locked for other browsers.
  setDeviceCookie(c, await rememberDevice(c.env.DB, getCookie(c, DEVICE_COOKIE), target.email.toLowerCase()));
  return c.json({ ok: true, email: target.email });
});

/** The browser's e-mailed unlock while strangers hold the account locked (./unlock.ts). */
const unlockAsk = v.object({
  email: v.pipe(
    v.unknown(),
    v.check((s) => v.is(emailSchema, s)),
  ),
});
const unlockOpen = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });

sessionRoutes.post('/unlock', async (c) => {
  const parsed = v.safeParse(unlockAsk, await jsonBody(c));
  if (!parsed.success) return c.json({ error: ACCOUNT_API_ERRORS.unlockEmail, field: 'email' }, 400);
  await requestUnlock(
    c.env,
    String(parsed.output.email),
    new URL(c.req.url).origin,
    clientIp(c.req.raw),
    afterAnswer(c),
  );
  return c.json({ ok: true, message: ACCOUNT_API_ERRORS.unlockSent }, 202);
});

sessionRoutes.post('/unlock/browser', async (c) => {
  const parsed = v.safeParse(unlockOpen, await jsonBody(c));
  const opened = parsed.success
    ? await unlockBrowser(c.env.DB, parsed.output.token, getCookie(c, DEVICE_COOKIE))
    : undefined;
  if (!opened) return c.json({ error: ACCOUNT_API_ERRORS.unlockLink }, 410);
  setDeviceCookie(c, opened.deviceToken);
  return c.json({ ok: true, email: opened.login, message: ACCOUNT_API_ERRORS.unlocked });
});

sessionRoutes.post('/logout', async (c) => {
  await endSession(c.env.DB, c.get('sessionId'));
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
  return c.json({ ok: true });
});

sessionRoutes.get('/session', (c) => c.json(sessionJson(c.get('session'))));

function sessionJson(session: AdminEnv['Variables']['session']): AdminSession {
  return {
    user: session.user,
    email: session.email,
    role: session.role,
    accountId: session.accountId,
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
}
