/**
 * The order form (`POST /api/orders`: the NIP, never the company's name or address, which
 * come from the register) and the acceptance code (`POST /api/orders/<id>/accept`):
 * their valibot schemas and Polish errors, one home for the order page's script and the
 * worker. The body is flat, so an error's `field` is the input's name, shown next to it.
 */
import * as v from 'valibot';
import { CONSENT_ERROR } from '../../widgets/core/errors.ts';
import { LIMITS, VERIFY_LIMITS, VERIFY_PHONE_SOURCES } from '../../widgets/core/limits.ts';
import { isValidNip, NIP_ERROR, normalizeNip } from '../../widgets/core/nip.ts';
import { DELIVERY_CITIES } from '../admin-shared/delivery.ts';
import { counterSchema, requiredSerialSchema } from '../../widgets/core/service-validation.ts';
import {
  PHONE,
  emailSchema,
  honeypotSchema,
  plainObject,
  submissionIdSchema,
  textLine,
  wellFormed,
} from '../../widgets/core/validation.ts';

/** Lengths of the order's own fields (the page puts them on its inputs as `maxlength`). */
export const ORDER_LIMITS = {
  signerName: LIMITS.name,
  signerPosition: 100,
  signerPhone: LIMITS.phone,
  deliveryAddress: 200,
  code: 6,
} as const;

export const ORDER_ERRORS = {
  body: 'Nieprawidłowe dane zamówienia.',
  nip: NIP_ERROR,
  signerName: `Podaj imię i nazwisko osoby podpisującej (najwyżej ${ORDER_LIMITS.signerName} znaków).`,
  signerPosition: `Podaj stanowisko lub funkcję osoby podpisującej (najwyżej ${ORDER_LIMITS.signerPosition} znaków).`,
  signerPhone: `Podaj telefon osoby podpisującej: cyfry, spacje i znaki + ( ) - (najwyżej ${ORDER_LIMITS.signerPhone}).`,
  represents: 'Potwierdź, że możesz reprezentować firmę przy zawarciu tej umowy.',
  city: `Wybierz miasto dostawy: ${DELIVERY_CITIES.join(', ')} (lub najbliższe z nich).`,
  date: 'Wybierz dzień dostawy z listy wolnych terminów.',
  deliveryAddress: `Podaj adres dostawy i instalacji (najwyżej ${ORDER_LIMITS.deliveryAddress} znaków).`,
  consent: CONSENT_ERROR,
  code: 'Wpisz 6 cyfr kodu z e-maila.',
} as const;

/** A required one-line text of at most `max` characters, trimmed, its one message for every fault. */
const line = (max: number, message: string) =>
  v.pipe(v.optional(textLine(message), ''), v.nonEmpty(message), v.maxLength(max, message));

export const orderSchema = plainObject(
  {
    nip: v.pipe(
      v.optional(v.string(ORDER_ERRORS.nip), ''),
      v.maxLength(LIMITS.nip, ORDER_ERRORS.nip),
      v.check(isValidNip, ORDER_ERRORS.nip),
      v.transform(normalizeNip),
    ),
    signerName: line(ORDER_LIMITS.signerName, ORDER_ERRORS.signerName),
    signerPosition: line(ORDER_LIMITS.signerPosition, ORDER_ERRORS.signerPosition),
    signerEmail: emailSchema,
    signerPhone: v.pipe(
      line(ORDER_LIMITS.signerPhone, ORDER_ERRORS.signerPhone),
      v.regex(PHONE, ORDER_ERRORS.signerPhone),
    ),
    represents: v.literal(true, ORDER_ERRORS.represents),
    city: v.picklist(DELIVERY_CITIES as readonly [string, ...string[]], ORDER_ERRORS.city),
    date: v.pipe(v.string(ORDER_ERRORS.date), v.regex(/^\d{4}-\d{2}-\d{2}$/, ORDER_ERRORS.date)),
    deliveryAddress: line(ORDER_LIMITS.deliveryAddress, ORDER_ERRORS.deliveryAddress),
    marketingConsent: v.optional(v.boolean(ORDER_ERRORS.consent), false),
    submissionId: submissionIdSchema,
    website: honeypotSchema,
  },
  ORDER_ERRORS.body,
);

export type OrderInput = v.InferOutput<typeof orderSchema>;

export const acceptSchema = plainObject(
  { code: v.pipe(v.string(ORDER_ERRORS.code), v.trim(), v.regex(/^\d{6}$/, ORDER_ERRORS.code)) },
  ORDER_ERRORS.body,
);

export const INSTALLATION_ERRORS = {
  installedOn: 'Podaj datę instalacji (RRRR-MM-DD), nie późniejszą niż dziś.',
  beforeSigned: 'Data instalacji nie może być wcześniejsza niż dzień podpisania umowy.',
  termMonths: 'Podaj okres umowy w miesiącach (1–120): wycena ma okres krótszy do uzgodnienia.',
  noColor: 'To urządzenie mono nie ma licznika kolorowych stron: zostaw to pole puste.',
  color: 'Podaj początkowy stan licznika kolorowych stron.',
  notSigned: 'Protokół instalacji można wpisać tylko do podpisanego zamówienia.',
  notVerified:
    'Najpierw trzeba zweryfikować firmę: czekamy na przelew weryfikacyjny z rachunku z wykazu podatników VAT albo na weryfikację przez właściciela (dokument lub telefon pod numer z rejestru). Do tego czasu nie rozpoczynamy umowy.',
  samePerson:
    'To zamówienie zweryfikowałeś ręcznie: protokół instalacji wpisuje inna osoba z zespołu, żeby jedna osoba nie mogła sama rozpocząć umowy.',
  serialTaken: 'Urządzenie o tym numerze seryjnym jest już wynajęte w innej umowie.',
  unknownDevice: 'Tego modelu lub pakietu nie ma w cenniku: nie można utworzyć umowy.',
} as const;

/** The installation protocol the team records (`POST /api/admin/orders/<id>/installation`). */
export const installationSchema = plainObject(
  {
    installedOn: v.pipe(
      v.string(INSTALLATION_ERRORS.installedOn),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, INSTALLATION_ERRORS.installedOn),
    ),
    serial: requiredSerialSchema,
    mono: counterSchema,
    color: v.nullish(counterSchema, null),
    termMonths: v.nullish(
      v.pipe(
        v.number(INSTALLATION_ERRORS.termMonths),
        v.integer(INSTALLATION_ERRORS.termMonths),
        v.minValue(1, INSTALLATION_ERRORS.termMonths),
        v.maxValue(120, INSTALLATION_ERRORS.termMonths),
      ),
      null,
    ),
  },
  ORDER_ERRORS.body,
);
export type InstallationInput = v.InferOutput<typeof installationSchema>;

export { VERIFY_LIMITS, VERIFY_PHONE_SOURCES };

export type VerifyPhoneSource = (typeof VERIFY_PHONE_SOURCES)[number];

export const VERIFY_ERRORS = {
  note: `Opisz, jak zweryfikowano firmę (${VERIFY_LIMITS.noteMin}–${VERIFY_LIMITS.noteMax} znaków): kto, z kim rozmawiał, co potwierdził.`,
  check: 'Wybierz, co sprawdzono: dokument firmy albo telefon pod numer z rejestru.',
  document: `Nazwij sprawdzony dokument (${VERIFY_LIMITS.documentMin}–${VERIFY_LIMITS.documentMax} znaków), np. „odpis aktualny z KRS 0000012345 z 2.12.2026” albo „pełnomocnictwo zarządu z 1.12.2026”.`,
  phone: 'Podaj numer telefonu, pod który zadzwoniono: co najmniej 9 cyfr, tylko cyfry, spacje i znaki + ( ) -.',
  phoneSource: `Wybierz rejestr, z którego wzięto numer: ${VERIFY_PHONE_SOURCES.join(', ')}.`,
  phoneOfOrder:
    'To numer podany w zamówieniu, a nie z rejestru: zadzwoń pod numer firmy z KRS, CEIDG albo BIP (osoba zamawiająca mogła podać swój).',
  notSigned: 'Zweryfikować można tylko zamówienie podpisane kodem, a jeszcze niezainstalowane.',
  already: 'To zamówienie jest już zweryfikowane.',
} as const;

/** A one-line optional text: trimmed, its one message for every fault; '' when absent. */
const optionalLine = (max: number, message: string) =>
  v.pipe(v.optional(textLine(message), ''), v.maxLength(max, message));

/**
 * The owner's verification of an order by hand (`POST /api/admin/orders/<id>/verify`): what
 * was checked (`check`: a named `document`, or a call to `phone` taken from the register
 * `phoneSource`) and the note of what it confirmed. `verifyCheckOf` then checks the pair.
 */
export const verifySchema = plainObject(
  {
    check: v.optional(v.picklist(['document', 'phone'], VERIFY_ERRORS.check)),
    document: optionalLine(VERIFY_LIMITS.documentMax, VERIFY_ERRORS.document),
    phone: v.pipe(optionalLine(LIMITS.phone, VERIFY_ERRORS.phone), v.regex(PHONE, VERIFY_ERRORS.phone)),
    phoneSource: v.optional(v.picklist([...VERIFY_PHONE_SOURCES, ''], VERIFY_ERRORS.phoneSource), ''),
    note: v.pipe(
      v.optional(v.string(VERIFY_ERRORS.note), ''),
      wellFormed(VERIFY_ERRORS.note),
      v.trim(),
      v.minLength(VERIFY_LIMITS.noteMin, VERIFY_ERRORS.note),
      v.maxLength(VERIFY_LIMITS.noteMax, VERIFY_ERRORS.note),
    ),
  },
  ORDER_ERRORS.body,
);
export type VerifyInput = v.InferOutput<typeof verifySchema>;

/** What was checked, as stored (`orders.verified_check`, JSON) and shown. */
export type VerifyCheck =
  | { kind: 'document'; document: string }
  | { kind: 'phone'; phone: string; source: VerifyPhoneSource };

/** The digits of a phone number without Poland's +48/0048 (two spellings of one number compare equal). */
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^(?:00)?48(?=\d{9}$)/, '');

/**
 * The check of a verification's pair: a named document, or a register's phone number that is
 * not the order's own (the signer could give any number). Answers the check or the field's error.
 */
export function verifyCheckOf(
  input: VerifyInput,
  orderPhone: string,
): { ok: true; check: VerifyCheck } | { ok: false; error: string; field: string } {
  if (input.check === undefined) return { ok: false, error: VERIFY_ERRORS.check, field: 'check' };
  if (input.check === 'document') {
    if (input.document.length < VERIFY_LIMITS.documentMin)
      return { ok: false, error: VERIFY_ERRORS.document, field: 'document' };
    return { ok: true, check: { kind: 'document', document: input.document } };
  }
  const digits = phoneDigits(input.phone);
  if (digits.length < 9) return { ok: false, error: VERIFY_ERRORS.phone, field: 'phone' };
  if (input.phoneSource === '') return { ok: false, error: VERIFY_ERRORS.phoneSource, field: 'phoneSource' };
  if (digits === phoneDigits(orderPhone)) return { ok: false, error: VERIFY_ERRORS.phoneOfOrder, field: 'phone' };
  return { ok: true, check: { kind: 'phone', phone: input.phone, source: input.phoneSource } };
}

/** What was checked, in words (the panel, the audit row, the evidence pack). */
export const verifyCheckText = (c: VerifyCheck): string =>
  c.kind === 'document' ? `dokument: ${c.document}` : `telefon ${c.phone} (numer z ${c.source})`;
