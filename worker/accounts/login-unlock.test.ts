// Strangers' wrong logins lock an account for every browser it never signed in with (the
// guessing budget stays 10 per 15 minutes); the rightful person in a fresh browser asks for
// an e-mailed one-time unlock link, which makes that browser known to the account, and
// gets in at once with their password. In a file of its own: the locks it leaves would
// stop other tests' logins.
import { beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, addPerson } from '../../tests/worker/accounts-helpers.ts';
import { deviceCookieOf, testEnv, write } from '../../tests/worker/admin-helpers.ts';

const db = () => testEnv.DB;
let person: Awaited<ReturnType<typeof addPerson>>;

beforeAll(async () => {
  person = await addPerson('service');
  expect((await write('/api/admin/set-password', { token: person.token, password: GOOD_PASSWORD })).status).toBe(200);
});

/** The unlock link's token from the newest unlock e-mail to `email`. */
async function unlockToken(email: string): Promise<string | undefined> {
  const mail = await db()
    .prepare("SELECT body FROM outbox WHERE recipient = ? AND about = 'unlock' ORDER BY id DESC")
    .bind(email)
    .first<{ body: string }>();
  return /\/admin#odblokuj=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1];
}

const unlockMails = async (email: string) =>
  (
    await db()
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND about = 'unlock'")
      .bind(email)
      .first<{ n: number }>()
  )?.n ?? 0;

describe('a fresh browser of the rightful person while strangers hold the account locked', { timeout: 30_000 }, () => {
  it('gets in after the e-mailed unlock link, with its own budget; the link works once', async () => {
    for (let i = 0; i < 10; i++)
      await write('/api/admin/login', { email: person.email, password: `zle ${i}` }, { ip: `198.18.30.${i}` });
    const fresh = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.31.1' },
    );
    expect(fresh.status).toBe(429);

    // 'Wyślij link odblokowujący': the same answer for anyone; the e-mail only to the account's own address.
    const asked = await write('/api/admin/unlock', { email: person.email.toUpperCase() }, { ip: '198.18.31.1' });
    expect(asked.status).toBe(202);
    const unknown = await write('/api/admin/unlock', { email: 'nikt@kserowo.test' }, { ip: '198.18.31.1' });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await asked.json());
    const token = await unlockToken(person.email);
    expect(token).toBeDefined();

    const opened = await write('/api/admin/unlock/browser', { token }, { ip: '198.18.31.1' });
    expect(opened.status, await opened.clone().text()).toBe(200);
    const device = deviceCookieOf(opened);
    expect(device).toMatch(/^__Host-kserowo_device=/);
    const inside = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.31.1', cookie: device },
    );
    expect(inside.status).toBe(200);

    // Spent: the same link opens nothing again, and strangers are still locked out.
    expect((await write('/api/admin/unlock/browser', { token }, { ip: '198.18.31.9' })).status).toBe(410);
    expect(
      (await write('/api/admin/login', { email: person.email, password: GOOD_PASSWORD }, { ip: '198.18.31.2' })).status,
    ).toBe(429);
  });

  it('sends at most 3 unlock e-mails an hour to an account, answering alike', async () => {
    const other = await addPerson('sales');
    // Before a password is set there is nothing to unlock: no e-mail.
    expect((await write('/api/admin/unlock', { email: other.email }, { ip: '198.18.32.99' })).status).toBe(202);
    expect(await unlockMails(other.email)).toBe(0);
    expect((await write('/api/admin/set-password', { token: other.token, password: GOOD_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 6; i++)
      expect((await write('/api/admin/unlock', { email: other.email }, { ip: `198.18.32.${i}` })).status).toBe(202);
    expect(await unlockMails(other.email)).toBe(3);
  });

  it('refuses what is not an address with a Polish 400, and a made-up link with 410', async () => {
    const bad = await write('/api/admin/unlock', { email: 'mailto:a@b.pl' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/adres/i);
    const made = await write('/api/admin/unlock/browser', { token: 'A'.repeat(43) });
    expect(made.status).toBe(410);
  });
});
