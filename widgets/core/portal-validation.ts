/**
 * The customer's page /konto: the checks of its sign-in and of its forms (a fault report
 * on a chosen device, a reading, a toner order), run by the worker on every request. The
 * device is always one of the signed-in customer's, named by its registry id; what it is
 * (serial, model, package) comes from the registry, never from the form.
 */
import * as v from 'valibot';
import { emailSchema, honeypotSchema, nameSchema, PHONE, textLine } from './validation.ts';
import { LIMITS } from './limits.ts';
import { FAULT_CATEGORIES, type FaultCategory, SERVICE_ERRORS, SERVICE_LIMITS } from './service-fields.ts';
import { warsawToday } from './warsaw-time.ts';
import { descriptionSchema, errorCodeSchema, readingDateOk } from './service-validation.ts';
import { TONER_COLOURS } from './toner.ts';

export const PORTAL_ERRORS = {
  body: 'Nieprawidłowe dane formularza.',
  code: 'Kod ma 6 cyfr – przepisz go z e-maila.',
  wrongCode: 'Ten kod jest nieprawidłowy albo wygasł. Poproś o nowy e-mail z linkiem.',
  link: 'Ten link do logowania wygasł albo został już użyty. Wpisz adres e-mail, a wyślemy nowy.',
  signedOut: 'Sesja wygasła albo wylogowano Cię. Zaloguj się ponownie.',
  device: 'Wybierz jedno ze swoich urządzeń.',
  colours: 'Wybierz co najmniej jeden kolor tonera tego urządzenia.',
  phoneRequired: 'Podaj numer telefonu, pod który serwisant ma zadzwonić.',
  origin: 'Odrzucono formularz wysłany z innej strony.',
  notForm: 'Formularz musi być wysłany jako formularz strony (application/x-www-form-urlencoded).',
  confirm: 'Pole potwierdzenia ma nieprawidłową wartość.',
} as const;

/** Input lengths of the customer's page and the ticket look-up (their `maxlength`). */
export const PORTAL_LIMITS = {
  /** Six digits, with a space a person may type in the middle. */
  code: 7,
  /** A counter with thousands separators ('1 234 567 890'). */
  counter: 14,
  /** A ticket number, SR-2026-000123, with room for stray spaces. */
  ticketNumber: 20,
} as const;

/** How long a sign-in link and its code work. */
export const PORTAL_LINK_MINUTES = 15;

/** A sign-in link's token: 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/portal/link` and the form of /konto: the address of the contract. */
export const portalLinkSchema = v.object({ email: emailSchema, website: honeypotSchema }, PORTAL_ERRORS.body);

/** The 6-digit code of the sign-in e-mail, typed with the address it was sent to. */
export const portalCodeSchema = v.object(
  {
    email: emailSchema,
    code: v.pipe(
      v.optional(v.string(PORTAL_ERRORS.code), ''),
      v.transform((s) => s.replace(/\s+/g, '')),
      v.regex(/^\d{6}$/, PORTAL_ERRORS.code),
    ),
  },
  PORTAL_ERRORS.body,
);

/** The button of a sign-in link. */
export const portalTokenSchema = v.object(
  { t: v.pipe(v.string(PORTAL_ERRORS.link), v.regex(TOKEN_PATTERN, PORTAL_ERRORS.link)) },
  PORTAL_ERRORS.body,
);

const CATEGORY_KEYS = Object.keys(FAULT_CATEGORIES) as FaultCategory[];

/** A registry id as a form sends it: digits only. */
const deviceField = v.pipe(
  v.optional(v.string(PORTAL_ERRORS.device), ''),
  v.regex(/^\d{1,9}$/, PORTAL_ERRORS.device),
  v.transform(Number),
);

const requiredPhone = v.pipe(
  v.optional(v.string(PORTAL_ERRORS.phoneRequired), ''),
  v.trim(),
  v.nonEmpty(PORTAL_ERRORS.phoneRequired),
  v.maxLength(LIMITS.phone, PORTAL_ERRORS.phoneRequired),
  v.regex(PHONE, PORTAL_ERRORS.phoneRequired),
);

/** A fault report on one of the customer's devices. */
export const portalFaultSchema = v.object(
  {
    device: deviceField,
    category: v.picklist(CATEGORY_KEYS, SERVICE_ERRORS.category),
    errorCode: v.optional(errorCodeSchema, ''),
    description: descriptionSchema,
    name: nameSchema,
    phone: requiredPhone,
  },
  PORTAL_ERRORS.body,
);
export type PortalFaultInput = v.InferOutput<typeof portalFaultSchema>;

/** A counter typed into a form: digits (spaces allowed as thousands separators). */
const counterField = (required: boolean) =>
  v.pipe(
    v.optional(v.string(SERVICE_ERRORS.counter), ''),
    v.transform((s) => s.replace(/[\s\u00a0]/g, '')),
    v.check((s) => (required ? /^\d{1,12}$/.test(s) : /^\d{0,12}$/.test(s)), SERVICE_ERRORS.counter),
    v.transform((s) => (s === '' ? null : Number(s))),
    v.check((n) => n === null || n <= SERVICE_LIMITS.counter, SERVICE_ERRORS.counter),
  );

/** A reading of one of the customer's devices: no serial typed, the device is chosen. */
export const portalReadingSchema = v.object(
  {
    device: deviceField,
    mono: v.pipe(
      counterField(true),
      v.transform((n) => n ?? 0),
    ),
    color: counterField(false),
    readOn: v.pipe(
      v.optional(v.string(SERVICE_ERRORS.readOn), ''),
      v.transform((s): string => s.trim() || warsawToday()),
      v.check((s) => readingDateOk(s), SERVICE_ERRORS.readOn),
    ),
    confirm: v.optional(v.picklist(['', '1'], PORTAL_ERRORS.confirm), ''),
  },
  PORTAL_ERRORS.body,
);
export type PortalReadingInput = v.InferOutput<typeof portalReadingSchema>;

/** A toner order: the device and the colours ticked (a form sends repeated `colour` fields). */
export const portalTonerSchema = v.object(
  {
    device: deviceField,
    colours: v.pipe(
      v.array(v.picklist(TONER_COLOURS, PORTAL_ERRORS.colours), PORTAL_ERRORS.colours),
      v.minLength(1, PORTAL_ERRORS.colours),
      v.maxLength(TONER_COLOURS.length, PORTAL_ERRORS.colours),
      v.transform((list) => [...new Set(list)]),
    ),
    note: v.pipe(v.optional(textLine(SERVICE_ERRORS.note), ''), v.maxLength(SERVICE_LIMITS.note, SERVICE_ERRORS.note)),
  },
  PORTAL_ERRORS.body,
);
export type PortalTonerInput = v.InferOutput<typeof portalTonerSchema>;

export const TICKET_LOOKUP_ERRORS = {
  number: 'Podaj numer zgłoszenia w postaci SR-RRRR-NNNNNN (jest w potwierdzeniu).',
  notFound:
    'Nie znaleźliśmy zgłoszenia o tym numerze wysłanego z tego adresu e-mail. Sprawdź numer i adres podany w zgłoszeniu.',
} as const;

/** The ticket look-up: its number and the e-mail it was reported with. */
export const ticketLookupSchema = v.object(
  {
    number: v.pipe(
      v.optional(v.string(TICKET_LOOKUP_ERRORS.number), ''),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^SR-\d{4}-\d{6}$/, TICKET_LOOKUP_ERRORS.number),
    ),
    email: emailSchema,
  },
  PORTAL_ERRORS.body,
);
