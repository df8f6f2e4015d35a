/**
 * The customer's e-mails of /konto: the sign-in link with its code, and the confirmations
 * of what they sent (a fault report with its number and status link, a reading with the
 * counters as received, a toner order). Plain text into the outbox; they go only to the
 * contract's address the customer signed in with, never to an address typed into a form.
 */
import type { Notification } from '../outbox/index.ts';
import { line } from '../outbox/email-text.ts';
import { company } from '../../widgets/core/company.ts';
import { plural } from '../../widgets/core/plural.ts';
import { dateText, dateTimeText } from '../../widgets/core/dates.ts';
import { formatNumber } from '../../widgets/core/format.ts';

const footer = ['', `Strefa klienta: ${company.url}/konto`, `Pozdrawiamy – zespół ${company.brand}`, ''];

export function signInNotification(recipient: string, link: string, code: string, validMinutes: number): Notification {
  return {
    recipient,
    subject: `Logowanie do strefy klienta ${company.brand}`,
    body: [
      'Dzień dobry,',
      '',
      'aby wejść do strefy klienta, otwórz link i kliknij przycisk „Zaloguj się”:',
      link,
      '',
      `Możesz też wpisać na stronie ${company.url}/konto kod: ${code}`,
      '',
      `Link i kod działają ${validMinutes} ${plural(validMinutes, 'minutę', 'minuty', 'minut')} i tylko raz. Każdy nowy e-mail unieważnia poprzedni.`,
      'Jeśli to nie Ty prosisz o logowanie, zignoruj tę wiadomość – bez kliknięcia nikt się nie zaloguje.',
      ...footer,
    ].join('\n'),
  };
}

/**
 * The confirmation of a fault report. A report by NIP names no device (`device` absent): its
 * clock is the shortest of the company's until the service names the device.
 */
export function faultConfirmation(
  recipient: string,
  t: { number: string; url: string; device?: string; serial?: string; slaHours: number; dueAt: Date; category: string },
): Notification {
  return {
    recipient,
    subject: `Przyjęliśmy zgłoszenie ${t.number}`,
    body: [
      'Dzień dobry,',
      '',
      `przyjęliśmy zgłoszenie serwisowe ${t.number}.`,
      '',
      line(
        'Urządzenie',
        t.device
          ? `${t.device} (nr seryjny ${t.serial})`
          : 'zgłoszone po NIP – serwisant ustali urządzenie z osobą zgłaszającą',
      ),
      line('Problem', t.category),
      line(
        'Czas reakcji',
        `${t.slaHours} h robocze – do ${dateTimeText(t.dueAt, 'numeric')}${t.device ? '' : ' (najkrótszy czas reakcji spośród urządzeń firmy)'}`,
      ),
      line('Status zgłoszenia', t.url),
      ...footer,
    ].join('\n'),
  };
}

export function readingConfirmation(
  recipient: string,
  r: { device: string; serial: string; readOn: string; mono: number; color: number | null; reference: string },
): Notification {
  return {
    recipient,
    subject: `Odczyt licznika ${r.reference} przyjęty`,
    body: [
      'Dzień dobry,',
      '',
      `zapisaliśmy odczyt licznika (numer ${r.reference}) w takiej postaci, w jakiej do nas dotarł:`,
      '',
      line('Urządzenie', `${r.device} (nr seryjny ${r.serial})`),
      line('Data odczytu', dateText(r.readOn)),
      line('Strony mono', formatNumber(r.mono)),
      ...(r.color !== null ? [line('Strony kolor', formatNumber(r.color))] : []),
      '',
      'Jeśli coś się nie zgadza, odpisz na tę wiadomość albo zadzwoń do nas.',
      ...footer,
    ].join('\n'),
  };
}

export function tonerConfirmation(
  recipient: string,
  o: { reference: string; device: string; serial: string; colours: string[]; needsApproval: boolean },
): Notification {
  return {
    recipient,
    subject: `Zamówienie tonera ${o.reference}`,
    body: [
      'Dzień dobry,',
      '',
      `przyjęliśmy zamówienie tonera ${o.reference}.`,
      '',
      line('Urządzenie', `${o.device} (nr seryjny ${o.serial})`),
      line('Kolory', o.colours.join(', ')),
      line(
        'Status',
        o.needsApproval
          ? 'do akceptacji – odczyty licznika nie wskazują jeszcze na zużycie tonera, zespół sprawdzi zamówienie i odezwie się'
          : 'przyjęte – wyślemy toner najbliższym kurierem',
      ),
      ...footer,
    ].join('\n'),
  };
}

/** The team's note of a toner order (to the service address). */
export function tonerTeamNotification(
  recipient: string,
  replyTo: string,
  o: {
    reference: string;
    company: string;
    device: string;
    serial: string;
    colours: string[];
    needsApproval: boolean;
    note: string;
  },
): Notification {
  return {
    recipient,
    replyTo,
    subject: `Zamówienie tonera ${o.reference}${o.needsApproval ? ' – do akceptacji' : ''}`,
    body: [
      `Zamówienie tonera ${o.reference} ze strefy klienta.`,
      o.needsApproval ? 'DO AKCEPTACJI: odczyty nie uzasadniają zużycia tonera – sprawdź w panelu (Tonery).' : '',
      '',
      line('Firma', o.company),
      line('Urządzenie', `${o.device} (nr seryjny ${o.serial})`),
      line('Kolory', o.colours.join(', ')),
      line('Uwagi', o.note),
      line('Zamawia', replyTo),
      '',
    ].join('\n'),
  };
}
