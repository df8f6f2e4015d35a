/**
 * Team accounts. Owners only (ROUTE_ROLES): `GET /accounts`, `POST /accounts`
 * (`{email, name, role}`: answers the one-time set-password link to hand over, and
 * e-mails it), `PATCH /accounts/:id` (`{role?, disabled?, name?}`; disabling ends the
 * account's sessions at once), `POST /accounts/:id/link` (a new link: forgotten password),
 * `GET /accounts/:id/sessions`, `DELETE /accounts/:id/sessions/:key`.
 * Everyone: `POST /set-password` (open: the link's token and a new password),
 * `GET /me/sessions`, `DELETE /me/sessions/:key`, `POST /me/password`.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { teamPasswordProblem } from './password-strength.ts';
import {
  accountChangeSchema,
  changePasswordSchema,
  firstIssue,
  newAccountSchema,
} from '../admin-shared/account-validation.ts';
import { credentialFingerprint, hashPassword, parseStoredHash, verifyPassword } from '../http/auth.ts';
import {
  type AccountRow,
  FIRST_OWNER_ID,
  TOKEN_TTL_MS,
  accountById,
  createAccount,
  issueToken,
  listAccounts,
  setPasswordHash,
  updateAccount,
} from './model.ts';
import { auditDetails } from '../http/audit-notes.ts';
import { sendSetPasswordLink } from './set-password-email.ts';
import { clearLoginAttempts, recordLoginFailure, reserveLoginAttempt } from './model-login-throttle.ts';
import {
  endSessionsOfAccount,
  revokeSession,
  sessionKey,
  sessionsOfAccount,
  setSessionCredential,
} from './model-sessions.ts';
import { ACCOUNT_API_ERRORS, ADMIN_ERRORS } from '../http/errors.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { AccountList, SessionList, SessionListed, TeamAccount } from '../admin-shared/admin-api.ts';

export const accountRoutes = new Hono<AdminEnv>();
/** Mounted at `/me`: everyone's own sessions and password, beside the owners' view of everyone's. */
export const meRoutes = new Hono<AdminEnv>();

const accountJson = (a: AccountRow): TeamAccount => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  disabled: !!a.disabled,
  passwordSet: a.id === FIRST_OWNER_ID || !!a.password_hash,
  firstOwner: a.id === FIRST_OWNER_ID,
  createdAt: a.created_at,
});

/** The set-password page: the token travels in the fragment, so it never reaches a log. */
const linkOf = (c: Context<AdminEnv>, token: string) => `${new URL(c.req.url).origin}/admin#haslo=${token}`;

accountRoutes.get('/', async (c) => {
  const accounts = await listAccounts(c.env.DB);
  return c.json({
    accounts: accounts.map((a) => ({ ...accountJson(a), sessions: a.sessions })),
  } satisfies AccountList);
});

accountRoutes.post('/', async (c) => {
  const parsed = v.safeParse(newAccountSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const account = await createAccount(c.env.DB, { ...parsed.output, email: parsed.output.email.toLowerCase() });
  if (!account) return c.json({ error: ACCOUNT_API_ERRORS.taken }, 409);
  const link = linkOf(c, await issueToken(c.env.DB, account.id));
  const emailed = await sendSetPasswordLink(c.env, { to: account, invitedBy: c.get('session').user, link });
  auditDetails(c, { target: account.email, role: account.role });
  return c.json(
    { ok: true, account: accountJson(account), link, emailed, linkExpiresInHours: TOKEN_TTL_MS / 3_600_000 },
    201,
  );
});

const idOf = (c: Context<AdminEnv>) => {
  const id = Number(c.req.param('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

accountRoutes.patch('/:id', async (c) => {
  const parsed = v.safeParse(accountChangeSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const id = idOf(c);
  const before = id ? await accountById(c.env.DB, id) : null;
  if (!id || !before) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const change = parsed.output;
  const demotes = change.role !== undefined && change.role !== before.role;
  if (id === FIRST_OWNER_ID && (demotes || change.disabled))
    return c.json({ error: ACCOUNT_API_ERRORS.firstOwner }, 409);
  if (id === c.get('session').accountId && (change.disabled || (demotes && change.role !== 'owner')))
    return c.json({ error: ACCOUNT_API_ERRORS.self }, 409);
  const after = await updateAccount(c.env.DB, id, change);
  if (change.disabled) await endSessionsOfAccount(c.env.DB, id);
  auditDetails(c, {
    target: before.email,
    ...(demotes ? { role: { from: before.role, to: change.role } } : {}),
    ...(change.disabled !== undefined && !!before.disabled !== change.disabled ? { disabled: change.disabled } : {}),
    ...(change.name !== undefined && change.name !== before.name ? { name: change.name } : {}),
  });
  return c.json({ ok: true, account: after ? accountJson(after) : undefined });
});

accountRoutes.post('/:id/link', async (c) => {
  const id = idOf(c);
  const account = id ? await accountById(c.env.DB, id) : null;
  if (!id || !account) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (id === FIRST_OWNER_ID) return c.json({ error: ACCOUNT_API_ERRORS.secretOwner }, 409);
  const link = linkOf(c, await issueToken(c.env.DB, id));
  const emailed = await sendSetPasswordLink(c.env, { to: account, invitedBy: c.get('session').user, link });
  auditDetails(c, { target: account.email });
  return c.json({ ok: true, link, emailed, linkExpiresInHours: TOKEN_TTL_MS / 3_600_000 });
});

const sessionsJson = (rows: Awaited<ReturnType<typeof sessionsOfAccount>>, currentKey?: string) =>
  rows.map(
    (s): SessionListed => ({
      key: s.key,
      createdAt: new Date(s.createdAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.key === currentKey,
    }),
  );

accountRoutes.get('/:id/sessions', async (c) => {
  const id = idOf(c);
  if (!id || !(await accountById(c.env.DB, id))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ sessions: sessionsJson(await sessionsOfAccount(c.env.DB, id)) } satisfies SessionList);
});

accountRoutes.delete('/:id/sessions/:key', async (c) => {
  const id = idOf(c);
  if (!id || !(await revokeSession(c.env.DB, id, c.req.param('key'))))
    return c.json({ error: ACCOUNT_API_ERRORS.session }, 404);
  return c.json({ ok: true });
});

meRoutes.get('/sessions', async (c) => {
  const session = c.get('session');
  const current = await sessionKey(c.get('sessionId'));
  return c.json({
    sessions: sessionsJson(await sessionsOfAccount(c.env.DB, session.accountId), current),
  } satisfies SessionList);
});

meRoutes.delete('/sessions/:key', async (c) => {
  if (!(await revokeSession(c.env.DB, c.get('session').accountId, c.req.param('key'))))
    return c.json({ error: ACCOUNT_API_ERRORS.session }, 404);
  return c.json({ ok: true });
});

meRoutes.post('/password', async (c) => {
  const session = c.get('session');
  if (!session.passwordHash) return c.json({ error: ACCOUNT_API_ERRORS.secretOwner }, 409);
  const parsed = v.safeParse(changePasswordSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  // The current password is a password check like a login: a stolen session gets the
  // IP's budget (5 per 15 minutes), taken before any hash work, not unlimited guesses.
  const keys = [`password-change:${session.accountId}`];
  const reservation = await reserveLoginAttempt(c.env.DB, keys);
  if (!reservation.allowed) {
    c.header('Retry-After', String(Math.max(1, Math.ceil((reservation.retryAt - Date.now()) / 1000))));
    return c.json({ error: ACCOUNT_API_ERRORS.currentPasswordLocked }, 429);
  }
  const stored = parseStoredHash(session.passwordHash);
  if (!stored || !(await verifyPassword(parsed.output.current, stored))) {
    await recordLoginFailure(c.env.DB, keys);
    return c.json({ error: ACCOUNT_API_ERRORS.currentPassword }, 400);
  }
  await clearLoginAttempts(c.env.DB, keys);
  const problem = teamPasswordProblem(parsed.output.password, { email: session.email, name: session.user });
  if (problem) return c.json({ error: problem }, 400);
  // Every other session of this person ends; this one goes on with the new fingerprint.
  const hash = await hashPassword(parsed.output.password);
  await setPasswordHash(c.env.DB, session.accountId, hash, c.get('sessionId'));
  await setSessionCredential(c.env.DB, c.get('sessionId'), await credentialFingerprint(hash));
  return c.json({ ok: true });
});
