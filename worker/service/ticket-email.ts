/**
 * The service team's e-mail about a new fault report: plain text into the outbox with the
 * ticket (worker/outbox/delivery.ts sends it). The ticket number is given inside the batch,
 * so the text carries a placeholder the batch replaces (service/model.ts). User text goes
 * only into the body; the subject is ours alone.
 */
import { consentLine, line, quotedLines, REPLY_HINT } from '../outbox/email-text.ts';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import type { Notification } from '../outbox/index.ts';
import { TICKET_NUMBER_PLACEHOLDER } from './model.ts';
import { FAULT_CATEGORIES, type ServiceRequestInput } from '../../widgets/core/service-validation.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';

/** How many of a company's devices the team's e-mail lists (the panel has them all). */
const COMPANY_DEVICES_LISTED = 20;

export function ticketNotification(
  input: ServiceRequestInput,
  ticket: {
    serial: string;
    known: boolean;
    level: PackageLevel | null;
    slaHours: number;
    dueAt: Date;
    deviceName?: string;
    /** A report by NIP naming no device: the company's registered devices, for the team to name one. */
    companyDevices?: { serial: string; name: string; level: PackageLevel }[];
  },
  pageUrl: string,
  recipient: string,
): Notification {
  // What the team must do about the device: nothing, name it among the company's, or check the customer.
  const toName = !ticket.known && !!ticket.companyDevices?.length;
  const unknown = ticket.known || toName ? undefined : ticket.serial ? 'numer seryjny' : 'NIP';
  const body = [
    `Nowe zgłoszenie serwisowe ${TICKET_NUMBER_PLACEHOLDER}.`,
    ...(unknown === 'numer seryjny' ? ['UWAGA: numeru seryjnego nie ma w rejestrze urządzeń – sprawdź klienta.'] : []),
    ...(unknown === 'NIP' ? ['UWAGA: tego NIP-u nie ma w rejestrze urządzeń – sprawdź klienta.'] : []),
    ...(toName
      ? [
          `Zgłoszenie po NIP bez wskazania urządzenia. Urządzenia tej firmy w rejestrze: ${ticket.companyDevices?.length}.`,
          `Do czasu wskazania urządzenia w panelu (Zmień urządzenie) termin liczymy według najkrótszego czasu reakcji spośród nich: ${ticket.slaHours} h.`,
          ...(ticket.companyDevices ?? [])
            .slice(0, COMPANY_DEVICES_LISTED)
            .map((d) => `- ${d.serial}: ${d.name}, ${LEVEL_NAMES[d.level]}`),
        ]
      : []),
    '',
    line('Numer seryjny', ticket.serial),
    line('Urządzenie', ticket.deviceName),
    line('Pakiet', ticket.level ? LEVEL_NAMES[ticket.level] : undefined),
    line('Termin reakcji (SLA)', `${ticket.slaHours} h robocze – do ${warsawDateTime(ticket.dueAt)}`),
    line('Problem', FAULT_CATEGORIES[input.category]),
    line('Kod błędu', input.errorCode),
    '',
    line('Osoba', input.name),
    line('Telefon', input.phone),
    line('Kiedy dzwonić', input.contactWhen),
    line('Email', input.email),
    line('Firma', input.company),
    line('NIP', input.nip),
    consentLine(input.marketingConsent),
    '',
    ...quotedLines('Opis problemu', input.description),
    '',
    line('Status zgłoszenia (link klienta)', pageUrl),
    REPLY_HINT,
    '',
  ].join('\n');
  return {
    recipient,
    replyTo: input.email,
    subject: `Zgłoszenie serwisowe ${TICKET_NUMBER_PLACEHOLDER}${
      toName ? ' (urządzenie do wskazania)' : unknown ? ` (nieznany ${unknown})` : ''
    }`,
    body,
  };
}
