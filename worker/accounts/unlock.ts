/**
 * The e-mailed unlock of a team account's login for one browser. Strangers' wrong
 * passwords (10 in 15 minutes, from anywhere) lock the account for every browser it never
 * signed in with; the rightful person, in a fresh browser, asks for a one-time link to the
 * account's own address (`POST /api/admin/unlock`) and opens it there (`/admin#odblokuj=…`,
 * whose button posts `POST /api/admin/unlock/browser`): the browser becomes known to the
 * account (its device cookie), so its logins are counted against a budget of its own, which
 * a stranger cannot spend. The link does not sign in: the password is still needed.
 *
 * The request answers the same for any address after the same work (one D1 batch whose
 * conditional insert decides; the e-mail handed to the queue after the answer). At most
 * `UNLOCK_LIMITS.perHour` links an hour per account; a link works `validMinutes`, once. The
 * first owner (the ADMIN_PASSWORD_HASH secret) has no address: a browser it signed in
 * with before gets in; a fresh one waits out the lock (docs/admin.md).
 */
import { newSessionId, sessionIdHash } from '../http/auth.ts';
import { type Notification, enqueueNotification, standaloneNotificationStatement } from '../outbox/delivery.ts';
import { deleteOldUnlocks, newUnlockStatement, spendUnlock, unlockWritten } from './model-login-unlocks.ts';
import { rememberDevice } from './model-login-devices.ts';
import { company } from '../../widgets/core/company.ts';
import { plural } from '../../widgets/core/plural.ts';

export const UNLOCK_LIMITS = {
  /** How long a link works. */
  validMinutes: 15,
  /** Links per account per hour, whoever asks; more requests answer alike and send nothing. */
  perHour: 3,
} as const;

const HOUR_MS = 60 * 60 * 1000;

export function unlockNotification(recipient: string, link: string): Notification {
  const minutes = UNLOCK_LIMITS.validMinutes;
  return {
    recipient,
    subject: `Odblokowanie logowania do panelu ${company.brand}`,
    body: [
      'Dzień dobry,',
      '',
      'ktoś wiele razy wpisał złe hasło do Twojego konta w panelu, więc logowanie z nieznanych przeglądarek jest na chwilę zablokowane.',
      'Jeśli to Ty prosisz o odblokowanie, otwórz ten link w przeglądarce, w której chcesz się zalogować, i kliknij „Odblokuj tę przeglądarkę”:',
      link,
      '',
      `Link działa ${minutes} ${plural(minutes, 'minutę', 'minuty', 'minut')} i tylko raz. Nie loguje sam: hasło nadal jest potrzebne.`,
      'Jeśli to nie Ty, zignoruj tę wiadomość, a jeśli się powtarza, powiedz o tym właścicielowi panelu.',
      '',
      `Pozdrawiamy – zespół ${company.brand}`,
      '',
    ].join('\n'),
  };
}

/**
 * Asks for an unlock link for `email` (lower-cased): written and e-mailed when it is an
 * enabled team account with a password, under the hourly limit; the hand-over to the
 * queue goes to `later` (after the answer). True when a link was written (for tests and
 * logs only: the answer never shows it).
 */
export async function requestUnlock(
  env: Env,
  email: string,
  origin: string,
  ip: string,
  later: (work: () => Promise<unknown>) => void,
  now = Date.now(),
): Promise<boolean> {
  const login = email.trim().toLowerCase();
  const token = newSessionId();
  const tokenHash = await sessionIdHash(token);
  const results = await env.DB.batch([
    newUnlockStatement(env.DB, {
      login,
      tokenHash,
      ip,
      now,
      expiresAt: now + UNLOCK_LIMITS.validMinutes * 60_000,
      since: now - HOUR_MS,
      perHour: UNLOCK_LIMITS.perHour,
    }),
    standaloneNotificationStatement(
      env.DB,
      'unlock',
      unlockNotification(login, `${origin}/admin#odblokuj=${token}`),
      unlockWritten(tokenHash),
    ),
  ]);
  const mailId = (results.at(-1)?.results[0] as { id: number } | undefined)?.id;
  if (mailId === undefined) return false;
  later(() => enqueueNotification(env, mailId));
  return true;
}

/**
 * Opens an unlock link in this browser: spends it and makes the browser known to the
 * account (a device cookie's token, new or renewed). Undefined for a link that is unknown,
 * spent or expired.
 */
export async function unlockBrowser(
  db: D1Database,
  token: string,
  deviceToken: string | undefined,
  now = Date.now(),
): Promise<{ login: string; deviceToken: string } | undefined> {
  const login = await spendUnlock(db, await sessionIdHash(token), now);
  if (!login) return undefined;
  return { login, deviceToken: await rememberDevice(db, deviceToken, login, now) };
}

/** The cron's tidy-up: unlock links a day old (spent or expired, they hold an address and an IP, nothing of use). */
export const forgetOldUnlocks = (env: Pick<Env, 'DB'>, now = Date.now()): Promise<void> =>
  deleteOldUnlocks(env.DB, now - 24 * HOUR_MS);
