/**
 * The request bodies of the service forms (issue 17, DESIGN §7), used by the widgets
 * before sending and by the worker on every request: a fault report ('Zgłoś awarię',
 * `POST /api/service-requests`), a counter reading ('Podaj stan licznika',
 * `POST /api/meter-readings`) and a registry device (the admin's `/api/admin/devices`).
 * The contact fields reuse the schemas of validation.ts; limits are exported for the
 * inputs' `maxlength`.
 */
import * as v from 'valibot';
import { PACKAGE_LEVELS } from './model.ts';
import { isValidNip, normalizeNip } from './nip.ts';
import {
  FIELD_ERRORS,
  LINE_CONTROL,
  TEXT_CONTROL,
  attributionSchema,
  companySchema,
  emailSchema,
  honeypotSchema,
  nameSchema,
  submissionIdSchema,
} from './validation.ts';

export const SERVICE_LIMITS = {
  serial: 40,
  errorCode: 20,
  description: 2000,
  contactWhen: 120,
  note: 500,
  city: 80,
  /** The largest counter value accepted (a copier's lifetime counter stays far below). */
  counter: 99_999_999,
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
const CATEGORY_KEYS = Object.keys(FAULT_CATEGORIES) as FaultCategory[];

/** The statuses of a ticket, in the order they usually come. 'nowe' is the ticket before any answer. */
export const TICKET_STATUSES = [
  'nowe',
  'przyjęte',
  'w drodze',
  'naprawione',
  'urządzenie zastępcze',
  'zamknięte',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** What the team may set (all but the initial 'nowe'). */
export const TEAM_STATUSES = TICKET_STATUSES.slice(1) as Exclude<TicketStatus, 'nowe'>[];

export const SERVICE_ERRORS = {
  body: 'Nieprawidłowe dane zgłoszenia.',
  serialOrNip: 'Podaj numer seryjny urządzenia albo NIP firmy.',
  serial: `Pole „Numer seryjny” może zawierać litery, cyfry i znaki - / . (najwyżej ${SERVICE_LIMITS.serial}).`,
  nip: 'Pole „NIP” musi zawierać prawidłowy numer NIP (10 cyfr z poprawną sumą kontrolną).',
  category: 'Wybierz, co się dzieje z urządzeniem.',
  errorCode: `Pole „Kod błędu” może mieć najwyżej ${SERVICE_LIMITS.errorCode} znaków: litery, cyfry, spacje i - . :`,
  descriptionRequired: 'Pole „Opis problemu” jest wymagane.',
  descriptionLong: `Pole „Opis problemu” może mieć najwyżej ${SERVICE_LIMITS.description} znaków.`,
  descriptionChars: 'Pole „Opis problemu” zawiera niedozwolone znaki.',
  phoneRequired: 'Pole „Telefon” jest wymagane: zadzwonimy pod ten numer.',
  contactWhen: `Pole „Kiedy dzwonić” może mieć najwyżej ${SERVICE_LIMITS.contactWhen} znaków, bez znaków sterujących.`,
  consent: 'Nieprawidłowa wartość zgody marketingowej.',
  counter: `Stan licznika musi być liczbą całkowitą od 0 do ${SERVICE_LIMITS.counter.toLocaleString('pl-PL')}.`,
  readOn: 'Podaj datę odczytu (RRRR-MM-DD), nie późniejszą niż dzisiaj i nie starszą niż rok.',
  note: `Pole „Uwagi” może mieć najwyżej ${SERVICE_LIMITS.note} znaków, bez znaków sterujących.`,
  confirm: 'Nieprawidłowa wartość potwierdzenia.',
  deviceModel: 'Wybierz model urządzenia z katalogu.',
  level: 'Wybierz pakiet: Basic, Business lub Premium.',
  contractStart: 'Data początku umowy musi mieć postać RRRR-MM-DD.',
  term: 'Okres umowy musi być liczbą miesięcy od 1 do 120.',
  city: `Pole „Miejscowość” może mieć najwyżej ${SERVICE_LIMITS.city} znaków, bez znaków sterujących.`,
} as const;

const blankToUndefined = v.transform((s: string) => s || undefined);

/** A serial number as the registry keeps it: trimmed, upper case, inner spaces removed. */
export const normalizeSerial = (serial: string): string => serial.trim().replace(/\s+/g, '').toUpperCase();

export const serialSchema = v.nullish(
  v.pipe(
    v.string(SERVICE_ERRORS.serial),
    v.transform(normalizeSerial),
    v.maxLength(SERVICE_LIMITS.serial, SERVICE_ERRORS.serial),
    v.regex(/^[A-Z0-9./-]*$/, SERVICE_ERRORS.serial),
    blankToUndefined,
  ),
);

export const nipSchema = v.nullish(
  v.pipe(
    v.string(SERVICE_ERRORS.nip),
    v.trim(),
    v.check((n) => n === '' || isValidNip(n), SERVICE_ERRORS.nip),
    v.transform((n) => (n ? normalizeNip(n) : undefined)),
  ),
);

const lineText = (max: number, message: string) =>
  v.nullish(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(max, message),
      v.check((s) => !LINE_CONTROL.test(s), message),
      blankToUndefined,
    ),
  );

/** The phone of a fault report is required: the engineer calls it. */
const requiredPhoneSchema = v.pipe(
  v.optional(v.string(SERVICE_ERRORS.phoneRequired), ''),
  v.trim(),
  v.nonEmpty(SERVICE_ERRORS.phoneRequired),
  v.maxLength(30, FIELD_ERRORS.phone),
  v.regex(/^[\d +()-]*$/, FIELD_ERRORS.phone),
);

const consentSchema = v.optional(v.boolean(SERVICE_ERRORS.consent), false);

/** `POST /api/service-requests`: a fault report; unknown fields are dropped. */
export const serviceRequestSchema = v.pipe(
  v.object(
    {
      serial: serialSchema,
      nip: nipSchema,
      category: v.picklist(CATEGORY_KEYS, SERVICE_ERRORS.category),
      errorCode: v.nullish(
        v.pipe(
          v.string(SERVICE_ERRORS.errorCode),
          v.trim(),
          v.maxLength(SERVICE_LIMITS.errorCode, SERVICE_ERRORS.errorCode),
          v.regex(/^[\p{L}\d .:-]*$/u, SERVICE_ERRORS.errorCode),
          blankToUndefined,
        ),
      ),
      description: v.pipe(
        v.optional(v.string(SERVICE_ERRORS.descriptionRequired), ''),
        v.trim(),
        v.nonEmpty(SERVICE_ERRORS.descriptionRequired),
        v.maxLength(SERVICE_LIMITS.description, SERVICE_ERRORS.descriptionLong),
        v.check((s) => !TEXT_CONTROL.test(s), SERVICE_ERRORS.descriptionChars),
      ),
      name: nameSchema,
      email: emailSchema,
      phone: requiredPhoneSchema,
      company: companySchema,
      contactWhen: lineText(SERVICE_LIMITS.contactWhen, SERVICE_ERRORS.contactWhen),
      marketingConsent: consentSchema,
      submissionId: submissionIdSchema,
      attribution: attributionSchema,
      website: honeypotSchema,
    },
    SERVICE_ERRORS.body,
  ),
  v.check((r) => !!(r.serial || r.nip), SERVICE_ERRORS.serialOrNip),
);
export type ServiceRequestInput = v.InferOutput<typeof serviceRequestSchema>;

const counterSchema = v.pipe(
  v.number(SERVICE_ERRORS.counter),
  v.integer(SERVICE_ERRORS.counter),
  v.minValue(0, SERVICE_ERRORS.counter),
  v.maxValue(SERVICE_LIMITS.counter, SERVICE_ERRORS.counter),
);

/** Today's date in Warsaw, 'YYYY-MM-DD'. */
export const warsawToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(now);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (s: string): boolean => isoDay.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A reading date: a real day, not after today (Warsaw), at most a year back. */
export const readingDateOk = (day: string, now = new Date()): boolean => {
  if (!realDay(day)) return false;
  const today = warsawToday(now);
  const yearAgo = warsawToday(new Date(now.getTime() - 366 * 86_400_000));
  return day <= today && day >= yearAgo;
};

/** `POST /api/meter-readings`: a counter reading; `confirm` re-sends a reading flagged as a big jump. */
export const meterReadingSchema = v.object(
  {
    serial: v.pipe(
      v.optional(v.string(SERVICE_ERRORS.serial), ''),
      v.transform(normalizeSerial),
      v.nonEmpty('Pole „Numer seryjny” jest wymagane.'),
      v.maxLength(SERVICE_LIMITS.serial, SERVICE_ERRORS.serial),
      v.regex(/^[A-Z0-9./-]*$/, SERVICE_ERRORS.serial),
    ),
    mono: counterSchema,
    color: v.nullish(counterSchema),
    readOn: v.pipe(
      v.optional(v.string(SERVICE_ERRORS.readOn), ''),
      v.transform((s): string => s.trim() || warsawToday()),
      v.check((s) => readingDateOk(s), SERVICE_ERRORS.readOn),
    ),
    note: lineText(SERVICE_LIMITS.note, SERVICE_ERRORS.note),
    name: nameSchema,
    email: emailSchema,
    confirm: v.optional(v.boolean(SERVICE_ERRORS.confirm), false),
    marketingConsent: consentSchema,
    submissionId: submissionIdSchema,
    attribution: attributionSchema,
    website: honeypotSchema,
  },
  SERVICE_ERRORS.body,
);
export type MeterReadingInput = v.InferOutput<typeof meterReadingSchema>;

/** A device of the registry, as the admin adds, edits and imports it. */
export const deviceSchema = v.object(
  {
    serial: v.pipe(
      v.optional(v.string(SERVICE_ERRORS.serial), ''),
      v.transform(normalizeSerial),
      v.nonEmpty('Pole „Numer seryjny” jest wymagane.'),
      v.maxLength(SERVICE_LIMITS.serial, SERVICE_ERRORS.serial),
      v.regex(/^[A-Z0-9./-]*$/, SERVICE_ERRORS.serial),
    ),
    deviceId: v.pipe(v.string(SERVICE_ERRORS.deviceModel), v.trim(), v.nonEmpty(SERVICE_ERRORS.deviceModel)),
    level: v.picklist(PACKAGE_LEVELS, SERVICE_ERRORS.level),
    contractStart: v.nullish(
      v.pipe(
        v.string(SERVICE_ERRORS.contractStart),
        v.trim(),
        v.check((s) => s === '' || realDay(s), SERVICE_ERRORS.contractStart),
        blankToUndefined,
      ),
    ),
    termMonths: v.nullish(
      v.pipe(
        v.union([
          v.number(),
          v.pipe(
            v.string(),
            v.trim(),
            v.transform((s) => (s === '' ? Number.NaN : Number(s))),
          ),
        ]),
        v.transform((n) => (Number.isNaN(n) ? undefined : n)),
        v.check((n) => n === undefined || (Number.isInteger(n) && n >= 1 && n <= 120), SERVICE_ERRORS.term),
      ),
    ),
    company: v.pipe(
      v.optional(companySchema),
      v.transform((s) => s ?? ''),
    ),
    nip: nipSchema,
    email: v.nullish(
      v.pipe(
        v.string(FIELD_ERRORS.email),
        v.trim(),
        v.check((s) => s === '' || v.is(emailSchema, s), FIELD_ERRORS.email),
        blankToUndefined,
      ),
    ),
    phone: lineText(30, FIELD_ERRORS.phone),
    city: lineText(SERVICE_LIMITS.city, SERVICE_ERRORS.city),
  },
  SERVICE_ERRORS.body,
);
export type DeviceInput = v.InferOutput<typeof deviceSchema>;

export const ticketStatusSchema = v.object(
  {
    status: v.picklist(TEAM_STATUSES, 'Wybierz status zgłoszenia z listy.'),
    note: lineText(500, 'Notatka może mieć najwyżej 500 znaków, bez znaków sterujących.'),
  },
  SERVICE_ERRORS.body,
);
