/**
 * Password-free sign-in to /konto. A request for `email` answers the same whether or not
 * the address is a customer's (no enumeration), and after the same work: one D1 batch of
 * the same statements for every address, in which the SQL decides whether a sign-in and
 * its e-mail are written (a link to `/konto/zaloguj?t=…` and a 6-digit code); the e-mail is
 * handed to the queue after the answer. Opening the link spends nothing (mail scanners such
 * as Microsoft Safe Links open every link); the person's click on 'Zaloguj się' (a POST) or
 * the typed code spends it, once. At most `SIGN_IN_LIMITS.perHour` requests an hour per
 * address, and of those at most `SIGN_IN_LIMITS.perRequester` asked by one requester (IP),
 * so a stranger cannot spend the customer's own e-mails of the hour; both counted in the
 * insert itself, so parallel requests cannot slip past them. Requests are counted for every
 * address alike (a stranger's as a row that can never sign in), so a request the limits hold
 * back can say so ('held') without telling whether the address is a customer's. A code dies after
 * `SIGN_IN_LIMITS.codeAttempts` wrong tries. A new e-mail retires the older ones, and a new
 * sign-in ends the address's older sessions.
 */
import { newSessionId, sessionIdHash } from '../http/auth.ts';
import { standaloneNotificationStatement } from '../outbox/index.ts';
import {
  type SignInRow,
  liveSignInByToken,
  deleteOldSignIns,
  newSignInStatements,
  signInCounted,
  signInWritten,
  spendSignIn,
  spendToken,
  takeCodeAttempt,
} from './model-portal-sign-ins.ts';
import {
  type PortalSession,
  deleteEndedPortalSessions,
  endPortalSession,
  findPortalSession,
  openPortalSession,
} from './model-portal-sessions.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { signInNotification } from './emails.ts';
import { isCustomerEmailSql } from './customer.ts';
import { PORTAL_LINK_MINUTES } from '../../widgets/core/portal-validation.ts';
import type { SignInTable } from './model-portal-sign-ins.ts';
import type { SessionTable } from './model-portal-sessions.ts';
import type { Notification } from '../outbox/index.ts';

/**
 * Who signs in where: the customer's page /konto (the default), or another page with the same
 * rules and tables of its own (the partner's page /partner, worker/partners/page.tsx), so a
 * link or session of one never opens the other.
 */
export interface SignInRealm {
  signIns: SignInTable;
  sessions: SessionTable;
  /** The path of the e-mail's link, `?t=…` added. */
  linkPath: string;
  /** The outbox's `about` of the e-mail. */
  about: string;
  /** SQL: whether the address (parameter `?1`) may sign in. */
  allowed: string;
  /** The e-mail with the link and the code. */
  mail: (address: string, link: string, code: string, validMinutes: number) => Notification;
}

export const PORTAL_REALM: SignInRealm = {
  signIns: 'portal_sign_ins',
  sessions: 'portal_sessions',
  linkPath: '/konto/zaloguj',
  about: 'portal',
  allowed: isCustomerEmailSql('?1'),
  mail: signInNotification,
};

export const SIGN_IN_LIMITS = {
  /** How long a link and its code work. */
  validMinutes: PORTAL_LINK_MINUTES,
  /**
   * Requests per address per hour, whoever asks (for a customer's address, sign-in e-mails);
   * more send nothing, and the answer says a link went out already and to try in an hour.
   */
  perHour: 10,
  /**
   * Of those, how many one requester (IP) may have sent: a stranger asking for a customer's
   * address spends at most these, and the customer's own request from elsewhere still gets
   * its e-mail (only requests from `perHour / perRequester` = 4 places in one hour use up the
   * address's hour).
   */
  perRequester: 3,
  /** Wrong codes before the code dies. */
  codeAttempts: 5,
  /** How long a customer's session lasts. */
  sessionHours: 8,
} as const;

export const PORTAL_COOKIE = '__Host-kserowo_konto';

const HOUR_MS = 60 * 60 * 1000;

/** A 6-digit code, uniformly drawn. */
function newCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32: no modulo bias
  for (;;) {
    const [n = 0] = crypto.getRandomValues(new Uint32Array(1));
    if (n < limit) return String(n % 1_000_000).padStart(6, '0');
  }
}

/** The code's stored form: salted with the row's random token hash, so equal codes differ. */
const codeHash = (tokenHash: string, code: string): Promise<string> => sessionIdHash(`code:${tokenHash}:${code}`);

/**
 * What came of a request: 'sent' and 'not-sent' (a customer's address or not) are for tests and
 * logs only, the answer never shows which; 'held' (the hour's limits were spent, for any address)
 * the answer says.
 */
export type LinkOutcome = 'sent' | 'not-sent' | 'held';

/**
 * Asks for the sign-in e-mail to `email` (lower-cased): written when it is a customer's
 * and under the hourly limits, decided inside one D1 batch that is the same for every
 * address; 'held' when the limits were spent, whatever the address. The e-mail goes to the queue through `later` (started after the answer, kept
 * alive by the request's `waitUntil`); without it, it is awaited here. A hand-over that
 * never happens leaves the e-mail pending for the next sweep.
 */
export async function requestSignIn(
  env: Env,
  email: string,
  origin: string,
  ip: string,
  later?: (work: () => Promise<unknown>) => void,
  now = Date.now(),
  realm: SignInRealm = PORTAL_REALM,
): Promise<LinkOutcome> {
  const address = email.toLowerCase();
  const token = newSessionId();
  const tokenHash = await sessionIdHash(token);
  const code = newCode();
  const link = `${origin}${realm.linkPath}?t=${token}`;
  const results = await env.DB.batch([
    ...newSignInStatements(
      env.DB,
      {
        email: address,
        tokenHash,
        codeHash: await codeHash(tokenHash, code),
        ip,
        now,
        expiresAt: now + SIGN_IN_LIMITS.validMinutes * 60_000,
        since: now - HOUR_MS,
        perAddress: SIGN_IN_LIMITS.perHour,
        perRequester: SIGN_IN_LIMITS.perRequester,
        allowed: realm.allowed,
      },
      realm.signIns,
    ),
    standaloneNotificationStatement(
      env.DB,
      realm.about,
      realm.mail(address, link, code, SIGN_IN_LIMITS.validMinutes),
      signInWritten(tokenHash, realm.signIns),
    ),
    signInCounted(env.DB, tokenHash, realm.signIns),
  ]);
  if ((results.at(-1)?.results[0] as { counted: number } | undefined)?.counted !== 1) return 'held';
  const mailId = (results.at(-2)?.results[0] as { id: number } | undefined)?.id;
  if (mailId === undefined) return 'not-sent';
  const handOver = () => enqueueNotification(env, mailId);
  if (later) later(handOver);
  else await handOver();
  return 'sent';
}

export interface OpenedSession {
  id: string;
  email: string;
  maxAgeSeconds: number;
}

async function open(
  env: Env,
  email: string,
  ip: string,
  userAgent: string | undefined,
  now: number,
  realm: SignInRealm,
) {
  const id = newSessionId();
  const maxAgeSeconds = SIGN_IN_LIMITS.sessionHours * 3600;
  await openPortalSession(
    env.DB,
    { id, email, ip, userAgent, now, expiresAt: now + maxAgeSeconds * 1000 },
    realm.sessions,
  );
  return { id, email, maxAgeSeconds };
}

/** The click on 'Zaloguj się': spends the link's token; undefined when it is spent, expired or unknown. */
export async function signInWithToken(
  env: Env,
  token: string,
  ip: string,
  userAgent: string | undefined,
  now = Date.now(),
  realm: SignInRealm = PORTAL_REALM,
): Promise<OpenedSession | undefined> {
  const email = await spendToken(env.DB, await sessionIdHash(token), now, realm.signIns);
  return email ? open(env, email, ip, userAgent, now, realm) : undefined;
}

/** The typed code: counts the try on the address's newest live sign-in and spends it when right. */
export async function signInWithCode(
  env: Env,
  email: string,
  code: string,
  ip: string,
  userAgent: string | undefined,
  now = Date.now(),
  realm: SignInRealm = PORTAL_REALM,
): Promise<OpenedSession | undefined> {
  const address = email.toLowerCase();
  const row = await takeCodeAttempt(env.DB, address, now, SIGN_IN_LIMITS.codeAttempts, realm.signIns);
  if (!row || row.code_hash !== (await codeHash(row.token_hash, code))) return undefined;
  if (!(await spendSignIn(env.DB, row.id, now, realm.signIns))) return undefined;
  return open(env, address, ip, userAgent, now, realm);
}

/**
 * The cron's tidy-up: sign-ins a day old (they hold an address and nothing of use once
 * spent or expired; a day keeps the hourly limit's memory) and sessions that have ended.
 */
export async function forgetOldSignIns(env: Env, now = Date.now(), realm: SignInRealm = PORTAL_REALM): Promise<void> {
  await deleteOldSignIns(env.DB, now - 24 * HOUR_MS, realm.signIns);
  await deleteEndedPortalSessions(env.DB, now, realm.sessions);
}

/** The live session of a cookie value in `realm`, or undefined. */
export const findSignInSession = (
  db: D1Database,
  id: string,
  now: number,
  realm: SignInRealm = PORTAL_REALM,
): Promise<PortalSession | undefined> => findPortalSession(db, id, now, realm.sessions);

/** Ends the session of a cookie value in `realm`. */
export const endSignInSession = (db: D1Database, id: string, realm: SignInRealm = PORTAL_REALM): Promise<void> =>
  endPortalSession(db, id, realm.sessions);

/** The live sign-in of a link token's hash in `realm`, without spending it (a scanner's GET). */
export const liveSignIn = (
  db: D1Database,
  tokenHash: string,
  now: number,
  realm: SignInRealm = PORTAL_REALM,
): Promise<SignInRow | null> => liveSignInByToken(db, tokenHash, now, realm.signIns);
