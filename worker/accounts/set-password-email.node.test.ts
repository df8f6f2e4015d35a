// The set-password e-mail (worker/accounts/set-password-email.ts): who added the person, in which
// role, the one-time link and how long it works, in Polish.
import { describe, expect, it } from 'vitest';
import { SET_PASSWORD_LINK_TERMS } from '../admin-shared/account-validation.ts';
import { setPasswordEmail } from './set-password-email.ts';

describe('the set-password e-mail', () => {
  it('names the colleague, the role in Polish, the link and its terms', () => {
    const link = 'https://kserowo.pl/admin#haslo=abc123';
    const mail = setPasswordEmail({
      to: { id: 7, email: 'ewa@kserowo.pl', role: 'service' },
      invitedBy: 'Anna',
      link,
    });
    expect(mail.subject).toBe('Ustaw hasło do panelu Kserowo');
    expect(mail.text).toContain('Anna dodał(a) Cię do panelu Kserowo (rola: Serwis).');
    expect(mail.text).toContain(`(${SET_PASSWORD_LINK_TERMS}):\n${link}\n`);
  });
});
