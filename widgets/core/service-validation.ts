/**
 * The request bodies of the service forms (DESIGN §7), used by the widgets
 * before sending and by the worker on every request: a fault report ('Zgłoś awarię',
 * `POST /api/service-requests`), a counter reading ('Podaj stan licznika',
 * `POST /api/meter-readings`) and a registry device (the admin's `/api/admin/devices`).
 * The contact fields reuse the schemas of validation.ts; limits are exported for the
 * inputs' `maxlength`.
 */
import * as v from 'valibot';
import {
  FAULT_CATEGORIES,
  type FaultCategory,
  SERVICE_ERRORS,
  SERVICE_LIMITS,
  SERVICE_MINIMUMS,
  phoneDigits,
  TEAM_STATUSES,
  TICKET_STATUS_LABELS,
  normalizeSerial,
} from './service-fields.ts';
import { statusKey } from './status-keys.ts';
import { warsawToday } from './warsaw-time.ts';
import { PACKAGE_LEVELS } from './model.ts';
import { nipSchema } from './nip.ts';
import {
  FIELD_ERRORS,
  LIMITS,
  PHONE,
  attributionSchema,
  companySchema,
  emailSchema,
  honeypotSchema,
  nameSchema,
  submissionIdSchema,
  textBlock,
  textLine,
} from './validation.ts';

const CATEGORY_KEYS = Object.keys(FAULT_CATEGORIES) as FaultCategory[];

/** What a serial number may hold once normalized (service-fields.ts: upper case, no spaces). */
const SERIAL_PATTERN = /^[A-Z0-9./-]*$/;

const blankToUndefined = v.transform((s: string) => s || undefined);

export const serialSchema = v.nullish(
  v.pipe(
    v.string(SERVICE_ERRORS.serial),
    v.transform(normalizeSerial),
    v.maxLength(SERVICE_LIMITS.serial, SERVICE_ERRORS.serial),
    v.regex(SERIAL_PATTERN, SERVICE_ERRORS.serial),
    blankToUndefined,
  ),
);

/** A serial number the request cannot do without: a reading, a device of the registry. */
export const requiredSerialSchema = v.pipe(
  v.optional(v.string(SERVICE_ERRORS.serial), ''),
  v.transform(normalizeSerial),
  v.nonEmpty(SERVICE_ERRORS.serialRequired),
  v.maxLength(SERVICE_LIMITS.serial, SERVICE_ERRORS.serial),
  v.regex(SERIAL_PATTERN, SERVICE_ERRORS.serial),
);

/** An optional one-line text (the kernel's text rule) of at most `max` characters; blank is none. */
const lineText = (max: number, message: string) =>
  v.nullish(v.pipe(textLine(message), v.maxLength(max, message), blankToUndefined));

/** The phone of a fault report is required: the engineer calls it. */
const requiredPhoneSchema = v.pipe(
  v.optional(v.string(SERVICE_ERRORS.phoneRequired), ''),
  v.trim(),
  v.nonEmpty(SERVICE_ERRORS.phoneRequired),
  v.maxLength(LIMITS.phone, FIELD_ERRORS.phone),
  v.regex(PHONE, FIELD_ERRORS.phone),
  v.check((s) => phoneDigits(s) >= SERVICE_MINIMUMS.phoneDigits, SERVICE_ERRORS.phoneShort),
);

const consentSchema = v.optional(v.boolean(SERVICE_ERRORS.consent), false);

/** What is wrong with the device, in the sender's words: the kernel's multi-line text rule, 3 to 2000 characters. */
export const descriptionSchema = v.pipe(
  v.optional(textBlock(SERVICE_ERRORS.descriptionChars, SERVICE_ERRORS.descriptionRequired), ''),
  v.nonEmpty(SERVICE_ERRORS.descriptionRequired),
  v.minLength(SERVICE_MINIMUMS.description, SERVICE_ERRORS.descriptionShort),
  v.maxLength(SERVICE_LIMITS.description, SERVICE_ERRORS.descriptionLong),
);

/** A fault's error code as the device shows it (letters, digits, spaces and `.:-`); blank is none. */
export const errorCodeSchema = v.pipe(
  textLine(SERVICE_ERRORS.errorCode),
  v.maxLength(SERVICE_LIMITS.errorCode, SERVICE_ERRORS.errorCode),
  v.regex(/^[\p{L}\d .:-]*$/u, SERVICE_ERRORS.errorCode),
);

/** `POST /api/service-requests`: a fault report; unknown fields are dropped. */
export const serviceRequestSchema = v.pipe(
  v.object(
    {
      serial: serialSchema,
      nip: nipSchema,
      category: v.picklist(CATEGORY_KEYS, SERVICE_ERRORS.category),
      errorCode: v.nullish(v.pipe(errorCodeSchema, blankToUndefined)),
      description: descriptionSchema,
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
  // Answered at the serial field, the one the form outlines (the NIP is the alternative the message names).
  v.forward(
    v.check((r) => !!(r.serial || r.nip), SERVICE_ERRORS.serialOrNip),
    ['serial'],
  ),
);
export type ServiceRequestInput = v.InferOutput<typeof serviceRequestSchema>;

export const counterSchema = v.pipe(
  v.number(SERVICE_ERRORS.counter),
  v.integer(SERVICE_ERRORS.counter),
  v.minValue(0, SERVICE_ERRORS.counter),
  v.maxValue(SERVICE_LIMITS.counter, SERVICE_ERRORS.counter),
);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: '2026-13-01' and '0000-00-00' are not (and never throw: an invalid Date has no ISO text). */
export const realDay = (s: string): boolean => {
  if (!isoDay.test(s)) return false;
  const time = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(s);
};

/** A reading date: a real day, not after today (Warsaw), at most a year back. */
export const readingDateOk = (day: string, now = new Date()): boolean => {
  if (!realDay(day)) return false;
  const today = warsawToday(now);
  const yearAgo = warsawToday(new Date(now.getTime() - 366 * 86_400_000));
  return day <= today && day >= yearAgo;
};

/** The secret of a device's reading link (`/licznik?t=…`): base64url or hex, as the contract model makes them. */
export const READING_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * `POST /api/meter-readings`: a counter reading; `t` is the device's reading-link token
 * (the worker refuses a reading without one, whatever serial it names); `confirm`
 * re-sends a reading flagged as a big jump.
 */
export const meterReadingSchema = v.object(
  {
    t: v.optional(v.pipe(v.string(SERVICE_ERRORS.readingLink), v.regex(READING_TOKEN, SERVICE_ERRORS.readingLink))),
    serial: serialSchema,
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
/** A device of the registry, as the admin adds, edits and imports it. */
export const deviceSchema = v.object(
  {
    serial: requiredSerialSchema,
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
        v.check(
          (n) => n === undefined || (Number.isInteger(n) && n >= 1 && n <= SERVICE_LIMITS.termMonths),
          SERVICE_ERRORS.term,
        ),
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
    phone: lineText(LIMITS.phone, FIELD_ERRORS.phone),
    city: lineText(SERVICE_LIMITS.city, SERVICE_ERRORS.city),
    // A new contract's rule for single- and two-colour pages, as signed ('': the contract does not say).
    spotColour: v.nullish(
      v.pipe(
        v.picklist(['', 'colour', 'mono'], 'Wybierz, jak umowa liczy strony w trybach jednego i dwóch kolorów.'),
        v.transform((s) => (s === '' ? undefined : s)),
      ),
    ),
  },
  SERVICE_ERRORS.body,
);
export type DeviceInput = v.InferOutput<typeof deviceSchema>;

export const ticketStatusSchema = v.object(
  {
    status: statusKey(TEAM_STATUSES, TICKET_STATUS_LABELS, 'Wybierz status zgłoszenia z listy.'),
    note: lineText(
      SERVICE_LIMITS.note,
      `Notatka może mieć najwyżej ${SERVICE_LIMITS.note} znaków, bez znaków sterujących.`,
    ),
  },
  SERVICE_ERRORS.body,
);

/** `POST /api/admin/tickets/:id/device`: the device the ticket really is about, and why. */
export const ticketDeviceSchema = v.object(
  {
    serial: requiredSerialSchema,
    reason: v.pipe(
      v.optional(v.string(SERVICE_ERRORS.changeReason), ''),
      v.trim(),
      v.nonEmpty(SERVICE_ERRORS.changeReason),
      v.maxLength(SERVICE_LIMITS.reason, SERVICE_ERRORS.changeReason),
    ),
  },
  SERVICE_ERRORS.body,
);

export * from './service-fields.ts';
