/** The partner's sign-in e-mail to /partner: the link with its button and the code, as /konto's. */
import type { Notification } from '../outbox/index.ts';
import { company } from '../../widgets/core/company.ts';
import { plural } from '../../widgets/core/plural.ts';

export function partnerSignInNotification(
  recipient: string,
  link: string,
  code: string,
  validMinutes: number,
): Notification {
  return {
    recipient,
    subject: `Logowanie do strefy partnera ${company.brand}`,
    body: [
      'Dzień dobry,',
      '',
      'aby wejść do strefy partnera, otwórz link i kliknij przycisk „Zaloguj się”:',
      link,
      '',
      `Możesz też wpisać na stronie ${company.url}/partner kod: ${code}`,
      '',
      `Link i kod działają ${validMinutes} ${plural(validMinutes, 'minutę', 'minuty', 'minut')} i tylko raz. Każdy nowy e-mail unieważnia poprzedni.`,
      'Jeśli to nie Ty prosisz o logowanie, zignoruj tę wiadomość – bez kliknięcia nikt się nie zaloguje.',
      '',
      `Pozdrawiamy – zespół ${company.brand}`,
      '',
    ].join('\n'),
  };
}
