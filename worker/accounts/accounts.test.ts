// Each person added costs two PBKDF2 hashes of 100,000 rounds: slow on a shared machine, hence the timeouts.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SET_PASSWORD_LINK_HOURS, SET_PASSWORD_LINK_TERMS } from '../admin-shared/account-validation.ts';
import { ROLES, ROUTE_ROLES, type Role, mayUse, routePrefix } from '../admin-shared/roles.ts';
import { app } from '../app.ts';
import { passwordChecks } from '../http/auth.ts';
import { OPEN_PATHS } from '../middleware/admin-guard/index.ts';
import { GOOD_PASSWORD, addPerson, personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { cookieOf, login, read, testEnv, write } from '../../tests/worker/admin-helpers.ts';

/** Every admin route, from the Hono router itself: a new route cannot be forgotten. */
function adminRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(/:(\w+)(\{[^}]*\})?/g, '1') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`));
}

const FORBIDDEN = 'Twoja rola nie ma dostępu do tej części panelu.';
const Y = true;
const N = false;
const access = (owner: boolean, sales: boolean, service: boolean): Record<Role, boolean> => ({ owner, sales, service });

/**
 * Who may use each admin area (the first segment after /api/admin/, `leads.csv` as `leads`),
 * written out from the brief: not read from ROUTE_ROLES, the table under test.
 */
// biome-ignore format: a table read across: area, owner, sales, service
const ACCESS: Record<string, Record<Role, boolean>> = {
  //                       owner sales service
  login:          access(Y,    Y,    Y),
  logout:         access(Y,    Y,    Y),
  session:        access(Y,    Y,    Y),
  'set-password': access(Y,    Y,    Y),
  // The e-mailed unlock of a locked account in a fresh browser: before any session, so anyone's.
  unlock:         access(Y,    Y,    Y),
  me:             access(Y,    Y,    Y),
  leads:          access(Y,    Y,    N),
  quotes:         access(Y,    Y,    N),
  orders:         access(Y,    Y,    Y),
  stats:          access(Y,    Y,    N),
  tickets:        access(Y,    Y,    Y),
  readings:       access(Y,    Y,    Y),
  devices:        access(Y,    N,    Y),
  toner:          access(Y,    N,    Y),
  contracts:      access(Y,    Y,    Y),
  // A device's prices change only by owner and sales.
  amendments:     access(Y,    Y,    N),
  outbox:         access(Y,    N,    N),
  catalogue:      access(Y,    N,    N),
  accounts:       access(Y,    N,    N),
  audit:          access(Y,    N,    N),
  webhooks:       access(Y,    N,    N),
  privacy:        access(Y,    N,    N),
  // Sales see the register and the copies; issuing and correcting are the owner's (below).
  invoices:       access(Y,    Y,    N),
  'bank-statements': access(Y, N,    N),
  payments:       access(Y,    Y,    N),
  // Collectors: the service desk follows their state; creating one (its code) is the owner's (below).
  collectors:     access(Y,    N,    Y),
  // Sales see the partners and their statements; adding, editing, pausing and settling are the owner's (below).
  partners:       access(Y,    Y,    N),
};

/** Writes narrower than their area, with what the others are told. */
const NARROWER: Record<string, { roles: Role[]; error: string }> = {
  'DELETE leads': {
    roles: ['owner'],
    error: 'Trwałe usunięcie leada (RODO) może wykonać tylko właściciel. Zamknij lead jako przegrany lub spam.',
  },
  'POST invoices': { roles: ['owner'], error: 'Faktury i korekty wystawia tylko właściciel.' },
  // Verifying an order's company by hand starts a contract in its name; the evidence pack holds the signer's IP.
  'POST orders/verify': {
    roles: ['owner'],
    error:
      'Firmę zamówienia weryfikuje ręcznie tylko właściciel (dokument albo telefon pod numer z rejestru). Poproś go o to albo poczekaj na przelew z rachunku z wykazu.',
  },
  'GET orders/evidence': {
    roles: ['owner'],
    error: 'Pakiet dowodów zamówienia (IP i przeglądarka podpisującego) pobiera tylko właściciel.',
  },
  'POST collectors': { roles: ['owner'], error: 'Kolektor i jego kod rejestracji tworzy tylko właściciel.' },
  'POST partners': { roles: ['owner'], error: 'Partnerów dodaje, zmienia, wstrzymuje i rozlicza tylko właściciel.' },
  'PATCH partners': { roles: ['owner'], error: 'Partnerów dodaje, zmienia, wstrzymuje i rozlicza tylko właściciel.' },
};

describe('roles (every admin route × every role)', { timeout: 30_000 }, () => {
  it('mounts every area once at its prefix, a key of ROUTE_ROLES (a full path inside a sub-app would double it)', () => {
    const misplaced = adminRoutes()
      .map((r) => r.path.replace(/^\/api\/admin\//, '').split('/'))
      .filter(([first = '', second]) => !(routePrefix(`/api/admin/${first}`) in ROUTE_ROLES) || second === first)
      .map((parts) => parts.join('/'));
    expect(misplaced).toEqual([]);
  });

  it('states every area of ROUTE_ROLES in the table above, and the panel shows each role what the table allows', () => {
    expect(Object.keys(ACCESS).sort()).toEqual(Object.keys(ROUTE_ROLES).sort());
    for (const [area, allowed] of Object.entries(ACCESS))
      for (const role of ROLES) expect(mayUse(role, area), `${role} ${area}`).toBe(allowed[role]);
  });

  // One test per role: each walks every route within its own time budget.
  it.each(ROLES)(
    'answers %s on every admin route as the table above says, 403 in Polish for the rest',
    async (role) => {
      const routes = adminRoutes().filter((r) => !OPEN_PATHS.has(r.path) && r.path !== '/api/admin/logout');
      expect(routes.length).toBeGreaterThan(15);
      const areaOf = (path: string) => (path.replace(/^\/api\/admin\//, '').split('/')[0] ?? '').replace(/\.csv$/, '');
      const { cookie } = await personWithSession(role);
      for (const route of routes) {
        const area = areaOf(route.path);
        expect(ACCESS, `${route.path}: an area missing from the table`).toHaveProperty([area]);
        const action = route.path.split('/').length === 6 ? `/${route.path.split('/')[5]}` : '';
        const narrower = NARROWER[`${route.method} ${area}${action}`] ?? NARROWER[`${route.method} ${area}`];
        const res = await write(route.path, route.method === 'GET' ? undefined : {}, { cookie, method: route.method });
        const label = `${role} ${route.method} ${route.path} → ${res.status}`;
        if (!ACCESS[area]?.[role]) {
          expect(res.status, label).toBe(403);
          expect(((await res.json()) as { error: string }).error, label).toBe(FORBIDDEN);
        } else if (narrower && !narrower.roles.includes(role)) {
          expect(res.status, label).toBe(403);
          expect(((await res.json()) as { error: string }).error, label).toBe(narrower.error);
        } else expect([401, 403], label).not.toContain(res.status);
      }
      // Still logged in after walking every route.
      expect((await read('/api/admin/session', cookie)).status, role).toBe(200);
    },
    // About 120 requests each: 23 s with the load average at 22 on 2 cores, so 90 s holds at twice that.
    90_000,
  );

  it('matches the brief: sales works leads but not accounts or the catalogue; service only its areas', async () => {
    const sales = await personWithSession('sales');
    expect((await read('/api/admin/leads', sales.cookie)).status).toBe(200);
    expect((await read('/api/admin/stats', sales.cookie)).status).toBe(200);
    expect((await read('/api/admin/accounts', sales.cookie)).status).toBe(403);
    expect((await write('/api/admin/catalogue', { devices: [] }, { cookie: sales.cookie })).status).toBe(403);
    const service = await personWithSession('service');
    expect((await read('/api/admin/leads', service.cookie)).status).toBe(403);
    expect((await read('/api/admin/leads.csv', service.cookie)).status).toBe(403);
    expect((await read('/api/admin/session', service.cookie)).status).toBe(200);
    // "Od kliknięcia do przelewu" is part of 'Liczby': owner and sales, not service.
    const funnel = '/api/admin/stats/funnel?from=2026-11-01&to=2026-11-30&by=campaign';
    const funnelCsv = '/api/admin/stats/funnel.csv?from=2026-11-01&to=2026-11-30&by=campaign';
    const owner = await personWithSession('owner');
    for (const [cookie, status] of [
      [owner.cookie, 200],
      [sales.cookie, 200],
      [service.cookie, 403],
    ] as const) {
      expect((await read(funnel, cookie)).status).toBe(status);
      expect((await read(funnelCsv, cookie)).status).toBe(status);
    }
    expect(ROUTE_ROLES.devices).toEqual(['owner', 'service']);
    expect(ROUTE_ROLES.tickets).toEqual(['owner', 'sales', 'service']);
  });
});

describe('accounts', { timeout: 30_000 }, () => {
  it('a disabled account’s session stops working at once, and it cannot log in again', async () => {
    const person = await personWithSession('sales');
    expect((await read('/api/admin/leads', person.cookie)).status).toBe(200);
    const res = await write(
      `/api/admin/accounts/${person.id}`,
      { disabled: true },
      { cookie: person.owner, method: 'PATCH' },
    );
    expect(res.status).toBe(200);
    expect((await read('/api/admin/leads', person.cookie)).status).toBe(401);
    const again = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.9.1' },
    );
    expect(again.status).toBe(401);
    // The listing shows it disabled with no live session.
    const list = (await (await read('/api/admin/accounts', person.owner)).json()) as {
      accounts: { email: string; disabled: boolean; sessions: number }[];
    };
    expect(list.accounts.find((a) => a.email === person.email)).toMatchObject({ disabled: true, sessions: 0 });
  });

  it('the first owner cannot be disabled, and nobody can disable themselves', async () => {
    const owner = await login('198.18.9.2');
    const res = await write('/api/admin/accounts/1', { disabled: true }, { cookie: owner, method: 'PATCH' });
    expect(res.status).toBe(409);
    const second = await personWithSession('owner');
    const self = await write(
      `/api/admin/accounts/${second.id}`,
      { disabled: true },
      { cookie: second.cookie, method: 'PATCH' },
    );
    expect(self.status).toBe(409);
  });

  it('the one-time link works once, and not after it expires', async () => {
    const person = await addPerson('sales');
    // It expires when the panel and the e-mail say: 'działa jeden raz, przez 72 godziny'.
    const stored = await env.DB.prepare('SELECT expires_at FROM account_tokens WHERE account_id = ?')
      .bind(person.id)
      .first<{ expires_at: number }>();
    expect((stored?.expires_at ?? 0) - Date.now()).toBeCloseTo(SET_PASSWORD_LINK_HOURS * 3_600_000, -5);
    expect(SET_PASSWORD_LINK_TERMS).toBe(`działa jeden raz, przez ${SET_PASSWORD_LINK_HOURS} godziny`);
    const weak = await write('/api/admin/set-password', { token: person.token, password: 'krótkie' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { error: string }).error).toBe('Hasło musi mieć co najmniej 12 znaków.');
    const common = await write('/api/admin/set-password', { token: person.token, password: 'Password1234' });
    expect(((await common.json()) as { error: string }).error).toMatch(/zbyt popularne/);
    // Not on the short list, but a guesser's first tries all the same (the strength estimate).
    const guessable = await write('/api/admin/set-password', { token: person.token, password: 'password12345' });
    expect(guessable.status).toBe(400);
    expect(((await guessable.json()) as { error: string }).error).toMatch(/łatwo odgadnąć/);
    // A refused password leaves the link usable; the first good one spends it.
    expect((await write('/api/admin/set-password', { token: person.token, password: GOOD_PASSWORD })).status).toBe(200);
    const twice = await write('/api/admin/set-password', { token: person.token, password: `${GOOD_PASSWORD}!` });
    expect(twice.status).toBe(410);
    expect(((await twice.json()) as { error: string }).error).toMatch(/został już użyty albo wygasł/);

    const late = await addPerson('service');
    await env.DB.prepare('UPDATE account_tokens SET expires_at = ? WHERE account_id = ?')
      .bind(Date.now() - 1000, late.id)
      .run();
    expect((await write('/api/admin/set-password', { token: late.token, password: GOOD_PASSWORD })).status).toBe(410);
  });

  it('sessions are listed per person and revocable', async () => {
    const person = await personWithSession('sales', '198.18.9.3');
    const second = cookieOf(
      await write('/api/admin/login', { email: person.email, password: GOOD_PASSWORD }, { ip: '198.18.9.4' }),
    );
    const listed = (await (await read(`/api/admin/accounts/${person.id}/sessions`, person.owner)).json()) as {
      sessions: { key: string; ip: string }[];
    };
    expect(listed.sessions.map((s) => s.ip).sort()).toEqual(['198.18.9.3', '198.18.9.4']);
    const target = listed.sessions.find((s) => s.ip === '198.18.9.4')!;
    const res = await write(`/api/admin/accounts/${person.id}/sessions/${target.key}`, undefined, {
      cookie: person.owner,
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect((await read('/api/admin/session', second)).status).toBe(401);
    expect((await read('/api/admin/session', person.cookie)).status).toBe(200);
  });
});

describe('sessions end on a password change', { timeout: 30_000 }, () => {
  it('a person’s own change ends their other sessions, keeps the one that changed it', async () => {
    const person = await personWithSession('sales', '198.18.10.1');
    const other = cookieOf(
      await write('/api/admin/login', { email: person.email, password: GOOD_PASSWORD }, { ip: '198.18.10.2' }),
    );
    const res = await write(
      '/api/admin/me/password',
      { current: GOOD_PASSWORD, password: 'nowe hasło na zimę 2026' },
      { cookie: person.cookie },
    );
    expect(res.status).toBe(200);
    expect((await read('/api/admin/session', other)).status).toBe(401);
    expect((await read('/api/admin/session', person.cookie)).status).toBe(200);
  });

  it('a new ADMIN_PASSWORD_HASH secret ends the first owner’s sessions', async () => {
    const cookie = await login('198.18.10.3');
    const saved = testEnv.ADMIN_PASSWORD_HASH;
    testEnv.ADMIN_PASSWORD_HASH = `${saved?.slice(0, -4)}AAA=`;
    try {
      const res = await read('/api/admin/session', cookie);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('Hasło zostało zmienione. Zaloguj się ponownie.');
    } finally {
      testEnv.ADMIN_PASSWORD_HASH = saved;
    }
    // The old session stays ended even with the old secret back.
    expect((await read('/api/admin/session', cookie)).status).toBe(401);
  });
});

describe('login throttling', { timeout: 30_000 }, () => {
  it('50 parallel wrong logins from one IP: at most 5 password checks, the rest 429', async () => {
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        write('/api/admin/login', { password: `zgaduję-${i}` }, { ip: '192.0.2.150' }),
      ),
    );
    const checks = passwordChecks.count - before;
    const statuses = results.map((r) => r.status);
    // The counter sees the worker's hash work (at least the first guess was checked).
    expect(checks).toBeGreaterThanOrEqual(1);
    expect(checks).toBeLessThanOrEqual(5);
    console.log(
      `50 parallel wrong logins: ${checks} password checks, ${statuses.filter((s) => s === 429).length} × 429`,
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(45);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The right password is refused too while locked.
    const right = await write('/api/admin/login', { password: testEnv.TEST_ADMIN_PASSWORD }, { ip: '192.0.2.150' });
    expect(right.status).toBe(429);
  });

  it('per account: guesses from many IPs lock the account for strangers, not for the browser its owner signed in with', async () => {
    const person = await personWithSession('sales', '198.18.11.1');
    for (let i = 0; i < 10; i++) {
      const res = await write(
        '/api/admin/login',
        { email: person.email, password: `zle haslo ${i}` },
        { ip: `198.18.12.${i}` },
      );
      expect(res.status, `guess ${i + 1}`).toBe(i === 9 ? 429 : 401);
    }
    // A browser that never signed in to the account: refused, the right password too (the guessing budget holds).
    const before = passwordChecks.count;
    for (const ip of ['198.18.13.1', '198.18.13.2', '198.18.13.3']) {
      const res = await write('/api/admin/login', { email: person.email, password: `zle ${ip}` }, { ip });
      expect(res.status).toBe(429);
    }
    expect(passwordChecks.count - before).toBe(0);
    const stranger = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.13.4' },
    );
    expect(stranger.status).toBe(429);
    // The person's own browser (its device cookie from the earlier login), from a new address: in.
    const own = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.13.5', cookie: person.device },
    );
    expect(own.status).toBe(200);
    // Another account from the same new IP is unaffected.
    const other = await personWithSession('sales', '198.18.13.1');
    expect((await read('/api/admin/session', other.cookie)).status).toBe(200);
  });

  it('an unknown e-mail costs the same check and says the same as a wrong password', async () => {
    const res = await write(
      '/api/admin/login',
      { email: 'nikt@kserowo.test', password: GOOD_PASSWORD },
      { ip: '198.18.14.1' },
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Nieprawidłowy e-mail lub hasło.' });
  });
});

describe('the audit log', { timeout: 30_000 }, () => {
  it('records who changed a lead, an account and exported, read-only and filterable', async () => {
    const person = await personWithSession('sales', '198.18.15.1');
    const lead = await write('/api/send-contact-email', {
      name: 'Jan Audyt',
      email: 'jan.audyt@example.pl',
      submissionId: crypto.randomUUID(),
    });
    const { id } = (await lead.json()) as { id: string };
    expect(
      (await write(`/api/admin/leads/${id}`, { status: 'contacted' }, { cookie: person.cookie, method: 'PATCH' }))
        .status,
    ).toBe(200);
    expect((await read('/api/admin/leads.csv', person.cookie)).status).toBe(200);
    const res = await read(`/api/admin/audit?target=${id}`, person.owner);
    const { entries } = (await res.json()) as { entries: { actor: string; action: string; role: string }[] };
    expect(entries).toEqual([
      expect.objectContaining({ action: 'leads.update', role: 'sales', actor: expect.stringContaining(person.email) }),
    ]);
    const exports = (await (await read('/api/admin/audit?area=leads', person.owner)).json()) as {
      entries: { action: string }[];
    };
    expect(exports.entries.map((e) => e.action)).toContain('leads.export');
    const accounts = (await (await read('/api/admin/audit?area=accounts', person.owner)).json()) as {
      entries: { action: string; details: Record<string, unknown> }[];
    };
    expect(accounts.entries.some((e) => e.action === 'accounts.create' && e.details.target === person.email)).toBe(
      true,
    );
    // Read-only: there is no write route under /audit, and sales cannot read it.
    expect((await write('/api/admin/audit', {}, { cookie: person.owner })).status).toBe(404);
    expect((await read('/api/admin/audit', person.cookie)).status).toBe(403);
  });
});
