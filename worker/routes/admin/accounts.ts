/**
 * Team accounts (issue 18). Owners only (ROUTE_ROLES): `GET /accounts`, `POST /accounts`
 * (`{email, name, role}`: answers the one-time set-password link to hand over, and
 * e-mails it), `PATCH /accounts/:id` (`{role?, disabled?, name?}`; disabling ends the
 * account's sessions at once), `POST /accounts/:id/link` (a new link: forgotten password),
 * `GET /accounts/:id/sessions`, `DELETE /accounts/:id/sessions/:key`.
 * Everyone: `POST /set-password` (open: the link's token and a new password),
 * `GET /me/sessions`, `DELETE /me/sessions/:key`, `POST /me/password`.
 */
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import {
  ACCOUNT_ERRORS,
  accountChangeSchema,
  changePasswordSchema,
  newAccountSchema,
  SET_PASSWORD_LINK_TERMS,
  passwordProblem,
  setPasswordSchema,
} from '../../../widgets/core/admin/account-validation.ts';
import { ROLE_LABELS } from '../../../widgets/core/admin/roles.ts';
import {
  DEVICE_COOKIE,
  credentialFingerprint,
  hashPassword,
  parseStoredHash,
  verifyPassword,
} from '../../http/auth.ts';
import { rememberDevice } from '../../models/login-devices.ts';
import { setDeviceCookie } from './session.ts';
import {
  type AccountRow,
  FIRST_OWNER_ID,
  TOKEN_TTL_MS,
  accountById,
  accountByToken,
  createAccount,
  issueToken,
  listAccounts,
  setPasswordHash,
  spendToken,
  updateAccount,
} from '../../models/accounts.ts';
import { auditDetails } from '../../models/audit.ts';
import { clearLoginAttempts, recordLoginFailure, reserveLoginAttempt } from '../../models/login-throttle.ts';
import {
  endSessionsOfAccount,
  revokeSession,
  sessionKey,
  sessionsOfAccount,
  setSessionCredential,
} from '../../models/sessions.ts';
import { ACCOUNT_API_ERRORS, ADMIN_ERRORS } from '../../http/errors.ts';
import { type AdminEnv, jsonBody } from './guard.ts';
import type { AccountList, SessionList, SessionListed, TeamAccount } from '../../../widgets/core/admin/admin-api.ts';

export const accountRoutes = new Hono<AdminEnv>();

const firstIssue = (issues: readonly { message: string }[]) => issues[0]?.message ?? ACCOUNT_ERRORS.body;

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

/** Sends the link straight through Email Routing; best effort (the owner has the link either way). */
async function mailLink(c: Context<AdminEnv>, account: AccountRow, link: string): Promise<boolean> {
  try {
    await c.env.SEND_EMAIL.send({
      from: { name: 'Kserowo – panel', email: c.env.MAIL_FROM },
      to: account.email,
      subject: 'Ustaw hasło do panelu Kserowo',
      text: [
        `Dzień dobry,`,
        '',
        `${c.get('session').user} dodał(a) Cię do panelu Kserowo (rola: ${ROLE_LABELS[account.role]}).`,
        `Ustaw swoje hasło, otwierając ten link (${SET_PASSWORD_LINK_TERMS}):`,
        link,
        '',
        'Jeśli nie spodziewasz się tej wiadomości, zignoruj ją.',
      ].join('\n'),
    });
    return true;
  } catch (error) {
    console.error('accounts: the set-password e-mail was not sent', { id: account.id, error });
    return false;
  }
}

accountRoutes.get('/accounts', async (c) => {
  const accounts = await listAccounts(c.env.DB);
  return c.json({
    accounts: accounts.map((a) => ({ ...accountJson(a), sessions: a.sessions })),
  } satisfies AccountList);
});

accountRoutes.post('/accounts', async (c) => {
  const parsed = v.safeParse(newAccountSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const account = await createAccount(c.env.DB, { ...parsed.output, email: parsed.output.email.toLowerCase() });
  if (!account) return c.json({ error: ACCOUNT_API_ERRORS.taken }, 409);
  const link = linkOf(c, await issueToken(c.env.DB, account.id));
  const emailed = await mailLink(c, account, link);
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

accountRoutes.patch('/accounts/:id', async (c) => {
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

accountRoutes.post('/accounts/:id/link', async (c) => {
  const id = idOf(c);
  const account = id ? await accountById(c.env.DB, id) : null;
  if (!id || !account) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (id === FIRST_OWNER_ID) return c.json({ error: ACCOUNT_API_ERRORS.secretOwner }, 409);
  const link = linkOf(c, await issueToken(c.env.DB, id));
  const emailed = await mailLink(c, account, link);
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

accountRoutes.get('/accounts/:id/sessions', async (c) => {
  const id = idOf(c);
  if (!id || !(await accountById(c.env.DB, id))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ sessions: sessionsJson(await sessionsOfAccount(c.env.DB, id)) } satisfies SessionList);
});

accountRoutes.delete('/accounts/:id/sessions/:key', async (c) => {
  const id = idOf(c);
  if (!id || !(await revokeSession(c.env.DB, id, c.req.param('key'))))
    return c.json({ error: ACCOUNT_API_ERRORS.session }, 404);
  return c.json({ ok: true });
});

accountRoutes.post('/set-password', async (c) => {
  const parsed = v.safeParse(setPasswordSchema, await jsonBody(c));
  if (!parsed.success) return c.json({ error: firstIssue(parsed.issues) }, 400);
  const { token, password } = parsed.output;
  // The rules are checked before the token is spent: a refused password keeps the link usable.
  const target = await accountByToken(c.env.DB, token);
  if (!target) return c.json({ error: ACCOUNT_ERRORS.token }, 410);
  const problem = passwordProblem(password, target);
  if (problem) return c.json({ error: problem }, 400);
  const accountId = await spendToken(c.env.DB, token);
  if (accountId !== target.id) return c.json({ error: ACCOUNT_ERRORS.token }, 410);
  await setPasswordHash(c.env.DB, accountId, await hashPassword(password));
  // The link came by e-mail to this person: the browser that used it is theirs, and gets
  // in even while strangers' guesses hold the account locked for other browsers.
  setDeviceCookie(c, await rememberDevice(c.env.DB, getCookie(c, DEVICE_COOKIE), target.email.toLowerCase()));
  return c.json({ ok: true, email: target.email });
});

accountRoutes.get('/me/sessions', async (c) => {
  const session = c.get('session');
  const current = await sessionKey(c.get('sessionId'));
  return c.json({
    sessions: sessionsJson(await sessionsOfAccount(c.env.DB, session.accountId), current),
  } satisfies SessionList);
});

accountRoutes.delete('/me/sessions/:key', async (c) => {
  if (!(await revokeSession(c.env.DB, c.get('session').accountId, c.req.param('key'))))
    return c.json({ error: ACCOUNT_API_ERRORS.session }, 404);
  return c.json({ ok: true });
});

accountRoutes.post('/me/password', async (c) => {
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
  const problem = passwordProblem(parsed.output.password, { email: session.email, name: session.user });
  if (problem) return c.json({ error: problem }, 400);
  // Every other session of this person ends; this one goes on with the new fingerprint.
  const hash = await hashPassword(parsed.output.password);
  await setPasswordHash(c.env.DB, session.accountId, hash, c.get('sessionId'));
  await setSessionCredential(c.env.DB, c.get('sessionId'), await credentialFingerprint(hash));
  return c.json({ ok: true });
});
