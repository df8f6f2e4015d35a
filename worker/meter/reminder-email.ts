/**
 * The monthly reading reminder to a contract's billing e-mail: every device of the
 * contract with its own reading link (/licznik?t=…), the billing date, and how pages are
 * counted. Plain text; the subject is ours alone.
 */
import type { ReminderDue } from './model-reading-reminders.ts';
import type { Notification } from '../outbox/index.ts';
import { readingLink } from '../contracts/index.ts';
import { company } from '../../widgets/core/company.ts';
import { PAGE_COUNTING } from '../../widgets/core/terms.ts';
import { line } from '../outbox/email-text.ts';
import { dateText } from '../../widgets/core/dates.ts';

export function readingReminder(due: ReminderDue, billingDate: string, origin = company.url): Notification {
  const devices = due.devices.flatMap((d) => [
    line('Urządzenie', `${d.deviceName}, nr seryjny ${d.serial}`),
    `Link do odczytu: ${origin}${readingLink(d.readingToken)}`,
    '',
  ]);
  return {
    recipient: due.billingEmail,
    subject: `Kserowo: podaj stan licznika do ${dateText(billingDate)} (umowa ${due.number})`,
    body: [
      'Dzień dobry,',
      '',
      `zbliża się dzień rozliczenia umowy ${due.number} (${due.company}): ${dateText(billingDate)}.`,
      'Podaj, proszę, stany liczników z tego dnia (lub z ostatnich dni przed nim) przez link urządzenia:',
      '',
      ...devices,
      'Link jest przypisany do urządzenia: nie przekazuj go osobom spoza firmy.',
      PAGE_COUNTING,
      '',
      `Pytania: ${company.email}`,
      'Zespół Kserowo',
    ].join('\n'),
  };
}
