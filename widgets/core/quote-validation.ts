/**
 * The quote body of DESIGN §4 (`POST /api/quotes`), one valibot schema shared by the
 * configurator (before sending) and the worker (on every request). It composes the field
 * schemas of validation.ts and adds company, NIP (checksum of nip.ts), city, the marketing
 * consent and the configuration. Unknown fields (a price, say) are dropped.
 */
import * as v from 'valibot';
import { CONSENT_ERROR, TOAST } from './errors.ts';
import { PACKAGE_LEVELS } from './model.ts';
import { NIP_ERROR, nipSchema } from './nip.ts';
import { TERMS } from './quote.ts';
import { formatNumber } from './format.ts';
import { contractTermsText } from './terms.ts';
import {
  LIMITS,
  attributionSchema,
  companySchema,
  emailSchema,
  honeypotSchema,
  messageSchema,
  nameSchema,
  phoneSchema,
  plainObject,
  submissionIdSchema,
  textLine,
} from './validation.ts';

/**
 * Length limits of the quote form's fields; inputs take their `maxlength` from here.
 */
export const QUOTE_LIMITS = {
  name: LIMITS.name,
  email: LIMITS.email,
  phone: LIMITS.phone,
  company: LIMITS.company,
  message: LIMITS.message,
  nip: LIMITS.nip,
  city: LIMITS.city,
  deviceId: 64,
  /** Pages a month, per colour. */
  volume: 1_000_000,
} as const;

/** Polish messages of the quote checks (the server's 400 `error`). */
export const QUOTE_ERRORS = {
  body: 'Nieprawidłowe dane wyceny.',
  device: 'Nie znamy wybranego urządzenia. Wybierz urządzenie z listy.',
  level: 'Nie znamy wybranego pakietu. Wybierz Basic, Business lub Premium.',
  term: `Wybierz okres umowy: ${contractTermsText()} miesięcy albo krótszy okres do uzgodnienia.`,
  paper: 'Nieprawidłowa opcja papieru.',
  volume: `Liczba stron miesięcznie musi być liczbą całkowitą od 0 do ${formatNumber(QUOTE_LIMITS.volume)}.`,
  contact: TOAST.validation.text,
  nip: NIP_ERROR,
  city: `Pole „Miejscowość” może mieć najwyżej ${QUOTE_LIMITS.city} znaków, bez znaków sterujących.`,
  consent: CONSENT_ERROR,
} as const;

const pages = v.optional(
  v.pipe(
    v.number(QUOTE_ERRORS.volume),
    v.integer(QUOTE_ERRORS.volume),
    v.minValue(0, QUOTE_ERRORS.volume),
    v.maxValue(QUOTE_LIMITS.volume, QUOTE_ERRORS.volume),
  ),
);
const blankToUndefined = v.transform((s: string) => s || undefined);

/** The NIP field, shared with the service forms (digits only once parsed). */
export { nipSchema };

export const citySchema = v.nullish(
  v.pipe(textLine(QUOTE_ERRORS.city), v.maxLength(QUOTE_LIMITS.city, QUOTE_ERRORS.city), blankToUndefined),
);

/** The contact fields of a quote: the contact form's, plus company, NIP, city and the marketing consent. */
export const quoteContactSchema = plainObject(
  {
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema,
    company: companySchema,
    nip: nipSchema,
    city: citySchema,
    message: messageSchema,
    marketingConsent: v.optional(v.boolean(QUOTE_ERRORS.consent), false),
  },
  QUOTE_ERRORS.contact,
);

/** The quote body of DESIGN §4. */
export const quoteSchema = v.object(
  {
    deviceId: v.pipe(v.string(QUOTE_ERRORS.device), v.maxLength(QUOTE_LIMITS.deviceId, QUOTE_ERRORS.device)),
    level: v.picklist(PACKAGE_LEVELS, QUOTE_ERRORS.level),
    term: v.picklist(TERMS, QUOTE_ERRORS.term),
    paper: v.optional(v.boolean(QUOTE_ERRORS.paper), false),
    volume: v.nullish(plainObject({ mono: pages, color: pages }, QUOTE_ERRORS.volume)),
    contact: v.optional(quoteContactSchema, {}),
    submissionId: submissionIdSchema,
    attribution: attributionSchema,
    website: honeypotSchema,
  },
  QUOTE_ERRORS.body,
);
