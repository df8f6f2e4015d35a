/**
 * Lead notifications to the sales team (DESIGN §4): the plain-text message of a lead,
 * written to the outbox with the lead. User text goes only into the body; the one
 * header it reaches is Reply-To, and only as the validated address.
 */
import type { NewLead } from './models/leads.ts';
import type { Notification } from './models/outbox.ts';

const line = (label: string, value: string | null | undefined): string => `${label}: ${value || '—'}`;

/** The notification of a new contact message (spec §3 "contact inquiry"). */
export function contactNotification(leadId: string, lead: NewLead, recipient: string): Notification {
  const a = (lead.attribution ?? {}) as Record<string, string | undefined>;
  const page = a.origin || a.page ? `${a.origin ?? ''}${a.page ?? ''}` : undefined;
  const utm = [a.utm_source, a.utm_medium, a.utm_campaign].some(Boolean)
    ? `${a.utm_source ?? '—'} / ${a.utm_medium ?? '—'} / ${a.utm_campaign ?? '—'}`
    : undefined;
  const body = [
    'Nowa wiadomość z formularza kontaktowego Kserowo.',
    '',
    line('Imię', lead.name),
    line('Email', lead.email),
    line('Telefon', lead.phone),
    '',
    'Wiadomość:',
    lead.message || '—',
    '',
    'Skąd przyszło zgłoszenie:',
    line('Strona', page),
    line('Poprzednia strona', a.referrer),
    line('UTM (source / medium / campaign)', utm),
    line('Partner', a.partner),
    line('Origin żądania', lead.origin),
    '',
    line('Numer zgłoszenia', leadId),
    'Odpowiedz na tę wiadomość, aby napisać do klienta (Reply-To to jego adres).',
    '',
  ].join('\n');
  return {
    recipient,
    replyTo: lead.email,
    subject: `Nowa wiadomość z formularza kontaktowego [${leadId.slice(0, 8)}]`,
    body,
  };
}
