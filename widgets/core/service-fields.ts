/**
 * The plain facts of the service forms, without valibot: limits for the inputs'
 * `maxlength`, the fault categories, the ticket statuses and the Polish error texts. The
 * widgets import only this (so their bundles carry no validation library); the schemas
 * that use them are in service-validation.ts, run by the worker on every request.
 */
import { CONSENT_ERROR } from './errors.ts';
import { NIP_ERROR } from './nip.ts';
import { LIMITS } from './limits.ts';
import { formatNumber } from './format.ts';

/**
 * The least a fault report needs to be acted on: a phone the engineer can call back (a Polish
 * number has 9 digits) and a description of a few words.
 */
export const SERVICE_MINIMUMS = { phoneDigits: 9, description: 10 } as const;

/** The digits of a phone number as typed ('+48 600-100-200' → 11). */
export const phoneDigits = (phone: string): number => phone.replace(/\D/g, '').length;

export const SERVICE_LIMITS = {
  serial: 40,
  errorCode: 20,
  description: 2000,
  contactWhen: 120,
  note: 500,
  city: LIMITS.city,
  /** The longest contract in months a device of the registry takes. */
  termMonths: 120,
  /** The reason of a correction, a counter replacement, an amendment or a ticket's device change. */
  reason: 300,
  /** The longest reading-link token (base64url or hex). */
  readingToken: 64,
  /** The largest counter value accepted (a copier's lifetime counter stays far below). */
  counter: LIMITS.counter,
} as const;

/** The fault categories of the form, with their Polish labels. */
export const FAULT_CATEGORIES = {
  paper: 'Zacięcie papieru',
  quality: 'Jakość wydruku',
  code: 'Kod błędu na panelu',
  network: 'Sieć / skanowanie',
  toner: 'Toner',
  other: 'Inne',
} as const;
export type FaultCategory = keyof typeof FAULT_CATEGORIES;

/** The statuses of a ticket (keys), in the order they usually come. 'new' is the ticket before any answer. */
export const TICKET_STATUSES = ['new', 'accepted', 'en_route', 'repaired', 'replacement', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** What the team may set (all but the initial 'new'). */
export const TEAM_STATUSES = TICKET_STATUSES.slice(1) as Exclude<TicketStatus, 'new'>[];

/** A ticket's status as the customer and the team read it (the words stored before the keys). */
export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  new: 'nowe',
  accepted: 'przyjęte',
  en_route: 'w drodze',
  repaired: 'naprawione',
  replacement: 'urządzenie zastępcze',
  closed: 'zamknięte',
};

export const SERVICE_ERRORS = {
  body: 'Nieprawidłowe dane zgłoszenia.',
  serialOrNip: 'Podaj numer seryjny urządzenia albo NIP firmy.',
  serialRequired: 'Pole „Numer seryjny” jest wymagane.',
  serial: `Pole „Numer seryjny” może zawierać litery, cyfry i znaki - / . (najwyżej ${SERVICE_LIMITS.serial}).`,
  nip: NIP_ERROR,
  category: 'Wybierz, co się dzieje z urządzeniem.',
  errorCode: `Pole „Kod błędu” może mieć najwyżej ${SERVICE_LIMITS.errorCode} znaków: litery, cyfry, spacje i - . :`,
  descriptionRequired: 'Pole „Opis problemu” jest wymagane.',
  descriptionLong: `Pole „Opis problemu” może mieć najwyżej ${SERVICE_LIMITS.description} znaków.`,
  descriptionChars: 'Pole „Opis problemu” zawiera niedozwolone znaki.',
  phoneRequired: 'Pole „Telefon” jest wymagane: zadzwonimy pod ten numer.',
  phoneShort: `Podaj pełny numer telefonu (co najmniej ${SERVICE_MINIMUMS.phoneDigits} cyfr), pod który zadzwoni serwisant.`,
  descriptionShort: `Opisz problem w kilku słowach (co najmniej ${SERVICE_MINIMUMS.description} znaków): co się dzieje i od kiedy.`,
  contactWhen: `Pole „Kiedy dzwonić” może mieć najwyżej ${SERVICE_LIMITS.contactWhen} znaków, bez znaków sterujących.`,
  consent: CONSENT_ERROR,
  counter: `Stan licznika musi być liczbą całkowitą od 0 do ${formatNumber(SERVICE_LIMITS.counter)}.`,
  readOn: 'Podaj datę odczytu (RRRR-MM-DD), nie późniejszą niż dzisiaj i nie starszą niż rok.',
  note: `Pole „Uwagi” może mieć najwyżej ${SERVICE_LIMITS.note} znaków, bez znaków sterujących.`,
  confirm: 'Nieprawidłowa wartość potwierdzenia.',
  changeReason: `Podaj powód zmiany (najwyżej ${SERVICE_LIMITS.reason} znaków): zostaje w historii zgłoszenia.`,
  readingLink: 'Ten link do odczytu jest nieprawidłowy. Otwórz link z naszego e-maila z przypomnieniem.',
  deviceModel: 'Wybierz model urządzenia z katalogu.',
  level: 'Wybierz pakiet: Basic, Business lub Premium.',
  contractStart: 'Data początku umowy musi mieć postać RRRR-MM-DD.',
  term: `Okres umowy musi być liczbą miesięcy od 1 do ${SERVICE_LIMITS.termMonths}.`,
  city: `Pole „Miejscowość” może mieć najwyżej ${SERVICE_LIMITS.city} znaków, bez znaków sterujących.`,
} as const;

/** A serial number as the registry keeps it: trimmed, upper case, inner spaces removed. */
export const normalizeSerial = (serial: string): string => serial.trim().replace(/\s+/g, '').toUpperCase();
