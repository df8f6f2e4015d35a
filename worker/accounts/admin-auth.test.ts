import { describe, expect, it } from 'vitest';
import { app } from '../app.ts';
import { hashPassword, parseStoredHash, verifyPassword, constantTimeEqual } from '../http/auth.ts';
import { OPEN_PATHS } from '../middleware/admin-guard/index.ts';
import { ORIGIN, cookieOf, login, read, request, testEnv, write } from '../../tests/worker/admin-helpers.ts';

/** Every route of the admin API as the app routes it, enumerated from the router itself. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(/:(\w+)(\{[^}]*\})?/g, '1') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`));
}

describe('the admin API', () => {
  describe('without a session', () => {
    it('has routes to protect (the enumeration finds them)', () => {
      const paths = adminRoutes().map((r) => `${r.method} ${r.path}`);
      expect(paths).toContain('POST /api/admin/login');
      expect(paths).toContain('GET /api/admin/catalogue');
      expect(paths.length).toBeGreaterThan(5);
    });

    it('refuses every route but the login with 401 and a Polish message', async () => {
      for (const route of adminRoutes()) {
        // The login and the one-time set-password link are the routes open without a session.
        if (route.method === 'POST' && OPEN_PATHS.has(route.path)) continue;
        const res = await write(route.path, route.method === 'GET' ? undefined : {}, { method: route.method });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(((await res.json()) as { error: string }).error).toMatch(/Zaloguj się/);
      }
    });

    it('refuses a forged or ended session cookie', async () => {
      const res = await read('/api/admin/session', '__Host-kserowo_admin=abc123');
      expect(res.status).toBe(401);
    });

    it('refuses unknown admin paths without saying whether they exist', async () => {
      expect((await read('/api/admin/nothing-here')).status).toBe(401);
    });

    it('sends no CORS headers, unlike the public API', async () => {
      const res = await request('/api/admin/session', { headers: { Origin: 'https://evil.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('logging in', () => {
    it('sets a __Host- session cookie: HttpOnly, Secure, SameSite=Strict, Path=/, 8 hours', async () => {
      const res = await write('/api/admin/login', { password: testEnv.TEST_ADMIN_PASSWORD }, { ip: '198.51.100.1' });
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-kserowo_admin=[\w-]{40,};/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; SameSite=Strict/i);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; Max-Age=28800/);
      expect(cookie).not.toMatch(/Domain=/i);
    });

    it('gives a new session id at every login', async () => {
      const first = await login('198.51.100.2');
      const second = await write(
        '/api/admin/login',
        { password: testEnv.TEST_ADMIN_PASSWORD },
        { ip: '198.51.100.2', cookie: first },
      );
      expect(cookieOf(second)).not.toBe(first);
      // The id the browser had before logging in again is worthless now.
      expect((await read('/api/admin/session', first)).status).toBe(401);
      expect((await read('/api/admin/session', cookieOf(second))).status).toBe(200);
    });

    it('opens the API with the session and says who is logged in', async () => {
      const cookie = await login('198.51.100.3', 'Basia');
      const res = await read('/api/admin/session', cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: 'Basia' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('refuses a wrong password with a Polish message', async () => {
      const res = await write('/api/admin/login', { password: 'zgadywanie' }, { ip: '198.51.100.4' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Nieprawidłowe hasło.' });
      expect(res.headers.get('set-cookie')).toBeNull();
    });
  });

  describe('after five failed logins from one IP', () => {
    it('locks logins from that IP for 15 minutes, even with the right password, and leaves other IPs alone', async () => {
      const ip = '192.0.2.77';
      for (let i = 1; i <= 4; i++) {
        expect((await write('/api/admin/login', { password: `zle-${i}` }, { ip })).status).toBe(401);
      }
      const fifth = await write('/api/admin/login', { password: 'zle-5' }, { ip });
      expect(fifth.status).toBe(429);
      expect(Number(fifth.headers.get('retry-after'))).toBe(900);
      const right = await write('/api/admin/login', { password: testEnv.TEST_ADMIN_PASSWORD }, { ip });
      expect(right.status).toBe(429);
      expect(((await right.json()) as { error: string }).error).toBe(
        'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 15 minut.',
      );
      expect(right.headers.get('set-cookie')).toBeNull();
      expect(
        (await write('/api/admin/login', { password: testEnv.TEST_ADMIN_PASSWORD }, { ip: '192.0.2.78' })).status,
      ).toBe(200);
    });

    it('a successful login before the fifth failure starts the count again', async () => {
      const ip = '192.0.2.90';
      for (let i = 0; i < 4; i++) await write('/api/admin/login', { password: 'zle' }, { ip });
      await login(ip);
      for (let i = 0; i < 4; i++)
        expect((await write('/api/admin/login', { password: 'zle' }, { ip })).status).toBe(401);
    });
  });

  describe('a write from another origin', () => {
    it('is refused with 403, with a session and without one, and for the login too', async () => {
      const cookie = await login('198.51.100.5');
      for (const origin of ['https://evil.example', null, 'http://kserowo.test.evil.example']) {
        const logout = await write('/api/admin/logout', {}, { cookie, origin });
        expect(logout.status, String(origin)).toBe(403);
        const publish = await write('/api/admin/catalogue', { devices: [] }, { cookie, origin });
        expect(publish.status).toBe(403);
        const loginRes = await write(
          '/api/admin/login',
          { password: testEnv.TEST_ADMIN_PASSWORD },
          { origin, ip: '198.51.100.6' },
        );
        expect(loginRes.status).toBe(403);
      }
      // The session is still alive: the refused logout did nothing.
      expect((await read('/api/admin/session', cookie)).status).toBe(200);
    });
  });

  describe('logging out', () => {
    it('ends the session on the server and clears the cookie', async () => {
      const cookie = await login('198.51.100.7');
      const res = await write('/api/admin/logout', {}, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^__Host-kserowo_admin=;.*Max-Age=0/);
      // Replaying the old cookie gets nothing.
      expect((await read('/api/admin/session', cookie)).status).toBe(401);
      expect((await read('/api/admin/catalogue', cookie)).status).toBe(401);
    });
  });
});

describe('the password hash', () => {
  it('is PBKDF2-SHA256 with 100,000 iterations and a 16-byte salt, and verifies', async () => {
    const stored = await hashPassword('tajne hasło');
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/=]{44}$/);
    const parsed = parseStoredHash(stored);
    expect(parsed).toBeDefined();
    expect(await verifyPassword('tajne hasło', parsed!)).toBe(true);
    expect(await verifyPassword('tajne haslo', parsed!)).toBe(false);
  });

  it('matches what `npm run admin:hash` prints (the test secret was made by it)', async () => {
    expect(parseStoredHash(testEnv.ADMIN_PASSWORD_HASH)?.iterations).toBe(100_000);
  });

  it('refuses malformed secrets instead of accepting any password', () => {
    for (const bad of [undefined, '', 'plain', 'pbkdf2-sha256$1000000$c2FsdA==$aGFzaA==', 'md5$1$a$b']) {
      expect(parseStoredHash(bad)).toBeUndefined();
    }
  });

  it('compares in constant time over the whole length', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});

describe('without ADMIN_PASSWORD_HASH', () => {
  it('answers the login with 503 and a Polish message', async () => {
    const saved = testEnv.ADMIN_PASSWORD_HASH;
    testEnv.ADMIN_PASSWORD_HASH = undefined;
    try {
      const res = await write('/api/admin/login', { password: 'x' }, { ip: '198.51.100.9' });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(/nie jest skonfigurowane/);
    } finally {
      testEnv.ADMIN_PASSWORD_HASH = saved;
    }
  });
});

void ORIGIN;
