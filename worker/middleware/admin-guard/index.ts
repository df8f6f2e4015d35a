/**
 * The admin API's gate (DESIGN §4): every write must come from our own origin, and
 * every route but the login needs a live session. Answers are never cached. The sessions
 * themselves are the accounts feature's: worker/admin-api.ts hands the gate their look-up.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.ts';
import { SESSION_COOKIE, sameOrigin } from '../../http/auth.ts';
import { ADMIN_ERRORS } from '../../http/errors.ts';
import type { Role } from '../../admin-shared/roles.ts';

/** A team member's live session, as the gate hands it to every admin route. */
export interface Session {
  /** The display name (the catalogue history and the audit log show it). */
  user: string;
  accountId: number;
  email: string;
  role: Role;
  createdAt: number;
  expiresAt: number;
  /** The fingerprint of the password the session was opened with. */
  credential: string;
  /** The account's stored hash (NULL for the first owner, whose password is the secret). */
  passwordHash: string | null;
}

/** Finds the live session of a cookie value (undefined when there is none or it has expired). */
export type FindSession = (db: D1Database, id: string) => Promise<Session | undefined>;

export type AdminEnv = AppEnv & { Variables: { session: Session; sessionId: string } };

/** The one route of the admin API open without a session. */
export const LOGIN_PATH = '/api/admin/login';
/** The routes open without a session: the login, the one-time set-password link, and the e-mailed unlock of a browser. */
export const OPEN_PATHS: ReadonlySet<string> = new Set([
  LOGIN_PATH,
  '/api/admin/set-password',
  '/api/admin/unlock',
  '/api/admin/unlock/browser',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The admin API's gate: `Cache-Control: no-store` on every answer; a write from another origin
 * → 403; no live session (by `findSession`) → 401, except a POST to `OPEN_PATHS` (the login,
 * set-password). Otherwise `c.get('session')` and `c.get('sessionId')` are set.
 * @example adminApi.use('*', adminGuard(findSession)); // before accessControl, which reads the session
 */
export const adminGuard =
  (findSession: FindSession): MiddlewareHandler<AdminEnv> =>
  async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (!READS.has(c.req.method) && !sameOrigin(c.req.raw)) return c.json({ error: ADMIN_ERRORS.origin }, 403);
    if (c.req.method === 'POST' && OPEN_PATHS.has(c.req.path)) return next();
    const id = getCookie(c, SESSION_COOKIE);
    const session = id ? await findSession(c.env.DB, id) : undefined;
    if (!id || !session) return c.json({ error: ADMIN_ERRORS.unauthenticated }, 401);
    c.set('session', session);
    c.set('sessionId', id);
    return next();
  };

/** The request's JSON body, or undefined when it is not JSON. */
export async function jsonBody(c: Context<AdminEnv>): Promise<unknown> {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) return undefined;
  try {
    return await c.req.json<unknown>();
  } catch {
    return undefined;
  }
}
