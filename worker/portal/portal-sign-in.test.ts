// The customer's page sign-in (DESIGN §8): the same answer for any address, a link whose
// GET spends nothing (mail scanners open links) and whose button spends it once, also
// under a 20-way race; expiry, the 6-digit code, the limits, and its own session.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PORTAL_COOKIE, SIGN_IN_LIMITS, forgetOldSignIns } from './sign-in.ts';
import { PORTAL_ERRORS } from '../../widgets/core/portal-validation.ts';
import { read } from '../../tests/worker/admin-helpers.ts';
import {
  A,
  B,
  askLink,
  cookieOf,
  db,
  form,
  mailsTo,
  seedCustomers,
  signContract,
  signIn,
  signInMail,
} from '../../tests/worker/portal-helpers.ts';

const testEnv = env as unknown as Env & { LEAD_RATE_LIMIT_CONFIGURED: RateLimit };

beforeAll(async () => {
  await seedCustomers();
});

// Each test asks for its own e-mails: the hourly limit per address is tested on its own.
beforeEach(async () => {
  await db().prepare('DELETE FROM portal_sign_ins').run();
});

const page = async (cookie: string) => (await read('/konto', cookie)).text();

/** What the page and the API say when the hour's limits hold a request back. */
const HELD = 'Wysłaliśmy już link, sprawdź skrzynkę lub spróbuj za godzinę.';

describe('POST /api/portal/link', () => {
  it('answers an unknown and a known address alike, and mails only the customer', async () => {
    const known = await askLink(A.email.toUpperCase());
    const unknown = await askLink('nikt@nieznany.pl');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo('nikt@nieznany.pl')).toEqual([]);
    const mails = (await mailsTo(A.email)).filter((m) => m.about === 'portal');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toMatch(/http:\/\/kserowo\.test\/konto\/zaloguj\?t=[A-Za-z0-9_-]{43}/);
  });

  it('refuses what is not an address with a Polish 400, never a 5xx', async () => {
    for (const email of ['', 'bez-malpy', { toString: false }, ['a@b.pl'], 42, null]) {
      const res = await askLink(email);
      expect(res.status).toBe(400);
      expect((await res.json()) as { error: string }).toHaveProperty('error');
    }
  });
});

describe('the link of the e-mail', () => {
  it('GET shows only the button, spends nothing however often it is opened, and the POST signs in', async () => {
    await askLink(B.email);
    const { path, token } = await signInMail(B.email);
    for (let i = 0; i < 3; i++) {
      const scanned = await read(path);
      expect(scanned.status).toBe(200);
      const html = await scanned.text();
      expect(html).toContain('Zaloguj się');
      expect(html).toContain(`name="t" value="${token}"`);
      expect(html).not.toContain(B.device);
      expect(scanned.headers.get('set-cookie')).toBeNull();
    }
    const click = await form('/konto/zaloguj', { t: token });
    expect(click.status).toBe(303);
    expect(click.headers.get('location')).toBe('/konto');
    const cookie = cookieOf(click);
    expect(cookie.startsWith(`${PORTAL_COOKIE}=`)).toBe(true);
    expect(click.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(click.headers.get('set-cookie')).toMatch(/Secure/i);
    expect(await page(cookie)).toContain(B.device);
    // Spent: the link now says so, and a second click opens nothing.
    expect((await read(path)).status).toBe(404);
    const again = await form('/konto/zaloguj', { t: token });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(PORTAL_ERRORS.link);
  });

  it('opens exactly one session when 20 clicks race', async () => {
    await askLink(A.email, '198.51.100.40');
    const { token } = await signInMail(A.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => form('/konto/zaloguj', { t: token })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const r of answers) await r.body?.cancel();
    const sessions = await db()
      .prepare('SELECT COUNT(*) AS n FROM portal_sessions WHERE email = ?')
      .bind(A.email)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it('expires after its minutes', async () => {
    await askLink(B.email, '198.51.100.41');
    const { path, token } = await signInMail(B.email);
    await db()
      .prepare('UPDATE portal_sign_ins SET expires_at = ? WHERE email = ? AND used_at IS NULL')
      .bind(Date.now() - 1, B.email)
      .run();
    expect((await read(path)).status).toBe(404);
    expect((await form('/konto/zaloguj', { t: token })).status).toBe(400);
  });

  it(`works ${SIGN_IN_LIMITS.validMinutes} minutes from the e-mail`, async () => {
    await askLink(B.email, '198.51.100.42');
    const row = await db()
      .prepare('SELECT created_at, expires_at FROM portal_sign_ins WHERE email = ? ORDER BY id DESC')
      .bind(B.email)
      .first<{ created_at: number; expires_at: number }>();
    expect((row?.expires_at ?? 0) - (row?.created_at ?? 0)).toBe(SIGN_IN_LIMITS.validMinutes * 60_000);
  });

  it('a newer e-mail retires the older link', async () => {
    await askLink(B.email, '198.51.100.43');
    const older = await signInMail(B.email);
    await askLink(B.email, '198.51.100.43');
    const newer = await signInMail(B.email);
    expect(newer.token).not.toBe(older.token);
    expect((await form('/konto/zaloguj', { t: older.token })).status).toBe(400);
    expect((await form('/konto/zaloguj', { t: newer.token })).status).toBe(303);
  });

  it('refuses a button pressed on another site (Origin)', async () => {
    await askLink(B.email, '198.51.100.44');
    const { token } = await signInMail(B.email);
    const res = await form('/konto/zaloguj', { t: token }, { origin: 'https://zly.example' });
    expect(res.status).toBe(403);
    expect((await form('/konto/zaloguj', { t: token })).status).toBe(303);
  });
});

describe('the 6-digit code', () => {
  it('signs in with the address it was sent to, once', async () => {
    await askLink(A.email, '198.51.100.50');
    const { code } = await signInMail(A.email);
    expect((await form('/konto/zaloguj', { email: B.email, code })).status).toBe(400);
    const ok = await form('/konto/zaloguj', { email: A.email, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.status).toBe(303);
    expect(await page(cookieOf(ok))).toContain(A.premium);
    expect((await form('/konto/zaloguj', { email: A.email, code })).status).toBe(400);
  });

  it(`dies after ${SIGN_IN_LIMITS.codeAttempts} wrong tries, even for the right code`, async () => {
    await askLink(A.email, '198.51.100.51');
    const { code } = await signInMail(A.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < SIGN_IN_LIMITS.codeAttempts; i++) {
      const res = await form('/konto/zaloguj', { email: A.email, code: wrong });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(PORTAL_ERRORS.wrongCode);
    }
    expect((await form('/konto/zaloguj', { email: A.email, code })).status).toBe(400);
  });

  it('answers a malformed code next to its field', async () => {
    const res = await form('/konto/zaloguj', { email: A.email, code: '12ab' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PORTAL_ERRORS.code);
  });
});

describe('limits', () => {
  it(`sends at most ${SIGN_IN_LIMITS.perHour} e-mails an hour to one address, then says a link went out already, as for an unknown address`, async () => {
    const email = 'limit@firma-c.pl';
    await signContract(email, 'Firma C', [{ serial: 'PC-LIMIT-1', deviceId: 'km-227', level: 'basic' }]);
    const answers = async (address: string) => {
      const out: string[] = [];
      for (let i = 0; i < SIGN_IN_LIMITS.perHour + 3; i++) {
        const res = await askLink(address, `198.51.100.${60 + i}`);
        expect(res.status).toBe(202);
        out.push(((await res.json()) as { message: string }).message);
      }
      return out;
    };
    const customer = await answers(email);
    expect(customer.slice(SIGN_IN_LIMITS.perHour)).toEqual(Array(3).fill(HELD));
    expect(customer.slice(0, SIGN_IN_LIMITS.perHour).includes(HELD)).toBe(false);
    expect(await answers('limit@nieznana.pl')).toEqual(customer);
    expect((await mailsTo(email)).filter((m) => m.about === 'portal')).toHaveLength(SIGN_IN_LIMITS.perHour);
    expect(await mailsTo('limit@nieznana.pl')).toEqual([]);
  });

  it(`the page: the ${SIGN_IN_LIMITS.perRequester + 1}th request from one place sends nothing and says so, the same for an address that is no customer's`, async () => {
    const mailsBefore = (await mailsTo(A.email)).filter((m) => m.about === 'portal').length;
    // The sign-in card of the answer, with the address written as ADRES (it is echoed in the text and the code form).
    const card = async (email: string) => {
      const res = await form('/konto', { email }, { ip: '198.51.100.99' });
      expect(res.status).toBe(200);
      const html = await res.text();
      return html.slice(html.indexOf('<div class="portal-grid">'), html.indexOf('</main>')).replaceAll(email, 'ADRES');
    };
    const customer: string[] = [];
    const stranger: string[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perRequester; i++) {
      customer.push(await card(A.email));
      stranger.push(await card('ktos@nieznany.pl'));
    }
    expect(stranger).toEqual(customer);
    for (const answer of customer.slice(0, SIGN_IN_LIMITS.perRequester)) {
      expect(answer).toContain('za chwilę dostaniesz na niego e-mail');
      expect(answer).not.toContain(HELD);
    }
    const held = customer.at(-1) ?? '';
    expect(held).toContain(`<p role="status">${HELD}</p>`);
    expect(held).not.toContain('za chwilę');
    expect((await mailsTo(A.email)).filter((m) => m.about === 'portal').length - mailsBefore).toBe(
      SIGN_IN_LIMITS.perRequester,
    );
    // The unknown address's requests were counted, never live: nothing to sign in with.
    const rows = await db()
      .prepare('SELECT COUNT(*) AS n, COUNT(used_at) AS spent FROM portal_sign_ins WHERE email = ?')
      .bind('ktos@nieznany.pl')
      .first<{ n: number; spent: number }>();
    expect(rows).toEqual({ n: SIGN_IN_LIMITS.perRequester, spent: SIGN_IN_LIMITS.perRequester });
  });

  it('answers 429 past the per-IP limit of the lead forms', async () => {
    const { app } = await import('../app.ts');
    const limited = { ...testEnv, LEAD_RATE_LIMIT: testEnv.LEAD_RATE_LIMIT_CONFIGURED };
    // The limiter counts in fixed minutes: a run that crosses into the next one starts again from
    // zero (seen once in a clean run). Two runs from two addresses cannot both cross it.
    const runs: number[][] = [];
    for (const ip of ['203.0.113.201', '203.0.113.202']) {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await app.fetch(
          new Request('http://kserowo.test/api/portal/link', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
            body: JSON.stringify({ email: 'nikt@nieznany.pl' }),
          }),
          limited,
        );
        statuses.push(res.status);
      }
      runs.push(statuses);
      if (statuses.slice(0, 20).every((s) => s === 202) && statuses.at(-1) === 429) break;
    }
    const last = runs.at(-1) ?? [];
    expect(last.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(last.at(-1)).toBe(429);
  });
});

describe('the session', () => {
  it('is not the admin session: the admin API refuses it', async () => {
    const cookie = await signIn(B.email);
    const res = await read('/api/admin/session', cookie);
    expect(res.status).toBe(401);
  });

  it("'Wyloguj' ends it", async () => {
    const cookie = await signIn(B.email);
    expect(await page(cookie)).toContain(B.device);
    const out = await form('/konto/wyloguj', {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
    const after = await page(cookie);
    expect(after).not.toContain(B.device);
    expect(after).toContain('Wyślij link do logowania');
  });

  it('a new sign-in ends the older session', async () => {
    const first = await signIn(B.email);
    const second = await signIn(B.email);
    expect(await page(second)).toContain(B.device);
    expect(await page(first)).not.toContain(B.device);
  });
});

describe('the cron', () => {
  it('forgets sign-ins a day old and ended sessions, and keeps live ones', async () => {
    const cookie = await signIn(B.email);
    const count = async (table: string) =>
      (await db().prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
    await forgetOldSignIns(env as unknown as Env);
    expect(await count('portal_sign_ins')).toBeGreaterThan(0);
    expect(await page(cookie)).toContain(B.device);
    await forgetOldSignIns(env as unknown as Env, Date.now() + 2 * 86_400_000);
    expect(await count('portal_sign_ins')).toBe(0);
    expect(await count('portal_sessions')).toBe(0);
  });
});
