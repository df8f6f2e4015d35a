// Strangers' wrong logins lock the first owner's account for every browser that never
// signed in to it (the guessing budget stays 10 per 15 minutes), not for the owner's own
// browser, which has a budget of its own (docs/admin.md "Team accounts, roles and the audit log", login throttling). In a
// file of its own: the lock it leaves would stop the first owner's logins of other tests
// (the first owner is locked last).
import { describe, expect, it } from 'vitest';
import { passwordChecks } from '../http/auth.ts';
import { ADMIN_ERRORS } from '../http/errors.ts';
import { LOCKOUT_MS } from './model-login-throttle.ts';
import { GOOD_PASSWORD, addPerson } from '../../tests/worker/accounts-helpers.ts';
import { deviceCookieOf, testEnv, write } from '../../tests/worker/admin-helpers.ts';

describe('an account under a stranger’s guesses', { timeout: 30_000 }, () => {
  it('the browser that used the e-mailed set-password link is known: it gets in while strangers hold the account locked', async () => {
    const person = await addPerson('sales');
    const set = await write('/api/admin/set-password', { token: person.token, password: GOOD_PASSWORD });
    expect(set.status).toBe(200);
    const device = deviceCookieOf(set);
    expect(device).toMatch(/^__Host-kserowo_device=/);
    for (let i = 0; i < 10; i++)
      await write('/api/admin/login', { email: person.email, password: `zle ${i}` }, { ip: `198.18.18.${i}` });
    const locked = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.19.1' },
    );
    expect(locked.status).toBe(429);
    // The answer states the lockout the throttle enforces (LOCKOUT_MS), as the lockout's own text.
    expect(await locked.json()).toEqual({ error: ADMIN_ERRORS.locked(LOCKOUT_MS / 60_000) });
    const own = await write(
      '/api/admin/login',
      { email: person.email, password: GOOD_PASSWORD },
      { ip: '198.18.19.2', cookie: device },
    );
    expect(own.status).toBe(200);
  });

  it('the owner’s browser still gets in from a new address; strangers get no more checks; its own guesses are limited too', async () => {
    const first = await write(
      '/api/admin/login',
      { password: testEnv.TEST_ADMIN_PASSWORD, name: 'Właściciel' },
      { ip: '198.18.15.1' },
    );
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^__Host-kserowo_device=[\w-]{40,}$/);
    const before = passwordChecks.count;
    const guesses: number[] = [];
    for (let i = 0; i < 30; i++)
      guesses.push((await write('/api/admin/login', { password: `zgaduję ${i}` }, { ip: `198.18.16.${i}` })).status);
    // Today's budget: ten checks per account per 15 minutes, from any mix of addresses.
    expect(passwordChecks.count - before).toBe(10);
    expect(guesses.filter((s) => s === 401)).toHaveLength(9);
    expect(
      (await write('/api/admin/login', { password: testEnv.TEST_ADMIN_PASSWORD }, { ip: '198.18.17.1' })).status,
    ).toBe(429);
    // A made-up device cookie is a stranger's browser.
    const forged = '__Host-kserowo_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect(
      (
        await write(
          '/api/admin/login',
          { password: testEnv.TEST_ADMIN_PASSWORD },
          { ip: '198.18.17.2', cookie: forged },
        )
      ).status,
    ).toBe(429);
    const back = await write(
      '/api/admin/login',
      { password: testEnv.TEST_ADMIN_PASSWORD, name: 'Właściciel' },
      { ip: '198.18.17.3', cookie: device },
    );
    expect(back.status).toBe(200);
    // The owner's browser has a budget of its own: five wrong passwords, then it waits too.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await write('/api/admin/login', { password: `literówka ${i}` }, { ip: '198.18.17.4', cookie: device })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
  });
});
