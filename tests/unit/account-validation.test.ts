import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, passwordProblem } from '../../worker/admin-shared/account-validation.ts';
import { ROUTE_ROLES, mayUse, routePrefix } from '../../worker/admin-shared/roles.ts';

describe('password rules (length over composition)', () => {
  it('accepts a long passphrase without digits or symbols', () => {
    expect(passwordProblem('zielona łódka płynie')).toBeUndefined();
  });
  it('refuses fewer than 12 characters, counted as characters, not bytes', () => {
    expect(passwordProblem('Ab1!Ab1!Ab1')).toBe(ACCOUNT_ERRORS.passwordShort);
    expect(passwordProblem('żółćżółćżółć')).toBeUndefined();
  });
  it('refuses well-known passwords whatever their case, spaces or diacritics', () => {
    for (const p of ['Password1234', 'QWERTY123456', 'hasło1234567', 'Kserowo 12345']) {
      expect(passwordProblem(p), p).toBe(ACCOUNT_ERRORS.passwordCommon);
    }
  });
  it('refuses one repeated character and the person’s own e-mail or name', () => {
    expect(passwordProblem('aaaaaaaaaaaaaaa')).toBe(ACCOUNT_ERRORS.passwordRepeated);
    expect(passwordProblem('marta.nowak2026!', { email: 'marta.nowak@kserowo.pl' })).toBe(
      ACCOUNT_ERRORS.passwordPersonal,
    );
    expect(passwordProblem('Wiśniewska na lato', { name: 'Wiśniewska' })).toBe(ACCOUNT_ERRORS.passwordPersonal);
  });
  it('refuses more than 200 characters', () => {
    expect(passwordProblem('x'.repeat(150) + 'y'.repeat(51))).toBe(ACCOUNT_ERRORS.passwordLong);
  });
});

describe('the role table', () => {
  it('reads the prefix of any admin path, exports included', () => {
    expect(routePrefix('/api/admin/leads.csv')).toBe('leads');
    expect(routePrefix('/api/admin/accounts/3/sessions/ab')).toBe('accounts');
  });
  it('gives the owner everything and closes unknown areas to the others', () => {
    for (const prefix of [...Object.keys(ROUTE_ROLES), 'something-new']) expect(mayUse('owner', prefix)).toBe(true);
    expect(mayUse('sales', 'something-new')).toBe(false);
    expect(mayUse('service', 'leads')).toBe(false);
    expect(mayUse('service', 'devices')).toBe(true);
    expect(mayUse('sales', 'devices')).toBe(false);
  });
});

describe('the team password strength (zxcvbn-ts, in the worker)', () => {
  it("refuses 'password12345', which passed the exact-match list of 30 words, with the reason in Polish", async () => {
    const { teamPasswordProblem } = await import('../../worker/accounts/password-strength.ts');
    for (const p of ['password12345', 'Password12345!', 'qwertyuiop123', 'p@ssw0rd12345'])
      expect(teamPasswordProblem(p), p).toBe(ACCOUNT_ERRORS.passwordWeak);
    expect(ACCOUNT_ERRORS.passwordWeak).toMatch(/łatwo odgadnąć/);
  });
  it('accepts a passphrase of unrelated words, and still says the shared rules first', async () => {
    const { teamPasswordProblem } = await import('../../worker/accounts/password-strength.ts');
    expect(teamPasswordProblem('zielona łódka płynie pod most')).toBeUndefined();
    expect(teamPasswordProblem('krótkie')).toBe(ACCOUNT_ERRORS.passwordShort);
    expect(teamPasswordProblem('marta.nowak2026!', { email: 'marta.nowak@kserowo.pl' })).toBe(
      ACCOUNT_ERRORS.passwordPersonal,
    );
  });
});
