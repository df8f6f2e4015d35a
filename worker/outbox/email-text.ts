/**
 * The plain-text building blocks of the lead notifications (contact-notification.ts,
 * quote-notification.ts): one "Label: value" line, and the closing block every lead
 * notification shares. Plain text, so nothing here is HTML-escaped.
 */
import type { NewLead } from '../leads/index.ts';

/** The last line of every e-mail to the team: the customer's address is its Reply-To. */
export const REPLY_HINT = 'Odpowiedz na tę wiadomość, aby napisać do klienta (Reply-To to jego adres).';

/** One "Label: value" line of a notification; an empty value shows as a dash. */
export const line = (label: string, value: string | null | undefined): string => `${label}: ${value || '—'}`;

/** The closing lines of every lead notification: where the lead came from, its number, how to answer. */
export function sourceLines(leadId: string, lead: NewLead): string[] {
  const a = (lead.attribution ?? {}) as Record<string, string | undefined>;
  const page = a.origin || a.page ? `${a.origin ?? ''}${a.page ?? ''}` : undefined;
  const utm = [a.utm_source, a.utm_medium, a.utm_campaign].some(Boolean)
    ? `${a.utm_source ?? '—'} / ${a.utm_medium ?? '—'} / ${a.utm_campaign ?? '—'}`
    : undefined;
  return [
    'Skąd przyszło zgłoszenie:',
    line('Strona', page),
    line('Poprzednia strona', a.referrer),
    line('UTM (source / medium / campaign)', utm),
    line('Partner', a.partner),
    line('Origin żądania', lead.origin),
    '',
    line('Numer zgłoszenia', leadId),
    REPLY_HINT,
    '',
  ];
}

/** The visitor's name, e-mail and phone, as every lead notification opens its contact block. */
export const personLines = (lead: NewLead): string[] => [
  line('Imię', lead.name),
  line('Email', lead.email),
  line('Telefon', lead.phone),
];

export const consentLine = (consent: boolean): string => line('Zgoda marketingowa', consent ? 'tak' : 'nie');

/**
 * Every line break a text field lets through (CRLF, CR, LF, NEL, U+2028, U+2029): a mail
 * client may break a line on any of them, so each one starts a quoted line.
 */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;

/**
 * What a visitor typed across lines (a message, a fault description), quoted: a heading
 * that says so, then every line behind "> ", then a closing line. Nothing the visitor
 * types can then pass for a line of ours (a source block, a lead number, an "Email:" line):
 * our lines never start with ">". The one helper of every notification that shows such text.
 */
export function quotedLines(label: string, text: string | null | undefined): string[] {
  if (!text) return [line(label, undefined)];
  return [
    `${label} (tekst klienta; każda jego linia zaczyna się od „> ”):`,
    ...text.split(LINE_BREAK).map((typed) => `> ${typed}`.trimEnd()),
    `(koniec tekstu klienta)`,
  ];
}

/** The visitor's message, then the closing block of a lead notification. */
export const messageLines = (leadId: string, lead: NewLead): string[] => [
  ...quotedLines('Wiadomość', lead.message),
  '',
  ...sourceLines(leadId, lead),
];
