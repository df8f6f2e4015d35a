/**
 * The validation rules of every lead form, in one module (DESIGN §4), used by the widgets
 * before sending and by the worker on every request:
 *  - the spec's client checks (§5): name and email required after trimming, then the
 *    simple email pattern, each with its toast of §8 (`checkContactForm`);
 *  - the strict checks the server enforces (`contactSchema`, `parseContact`): a single
 *    address of at most 254 characters without `, ; < > " ( )` or control characters,
 *    name ≤ 100, phone ≤ 30 of digits, spaces and `+()-`, message ≤ 5000, no control
 *    characters (line breaks and tabs only in the message); unknown fields are dropped.
 * The field schemas are exported one by one so the quote form composes its
 * own object from the same rules. Import only what you use: valibot is tree-shaken.
 */
import * as v from 'valibot';
import { CONSENT_ERROR, TOAST } from './errors.ts';
import { LIMITS } from './limits.ts';

export { LIMITS };

/** Spec §5: text, an at sign, text, a dot, text, no spaces. */
export const SPEC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The strict form, an address mail can be delivered to: a local part of letters, digits
 * and ``!#$%&'*+/=?^_`{|}~-`` in dot-separated runs (no leading, trailing or doubled dot;
 * so no `mailto:`, no `, ; < > " ( )`, no quoted or bracketed forms), at most 64 characters;
 * then a host name of at least two labels (letters, digits, inner hyphens, 1–63 each, Polish
 * letters included) ending in a top-level domain of at least two letters (or its `xn--` form).
 * `a@b..pl`, `jan.@firma.pl`, `jan@firma.p` and `mailto:a@b.pl` fail it.
 */
const STRICT_EMAIL =
  /^(?=[^@]{1,64}@)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[\p{L}\p{N}-]{1,59})$/u;
/** The characters a phone number may have (the length is `LIMITS.phone`). */
export const PHONE = /^[\d +()-]*$/;
/** Control characters, or the Unicode line breaks, in a one-line field. */
const LINE_CONTROL = /[\0-\x1f\x7f\u2028\u2029]/;
/** Control characters other than tab and line breaks, in a multi-line field. */
const TEXT_CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/;
/** True when a one-line field holds a control character or a Unicode line break. */
export const hasLineControl = (s: string): boolean => LINE_CONTROL.test(s);
/** True when a multi-line field holds a control character other than tab and line breaks. */
export const hasTextControl = (s: string): boolean => TEXT_CONTROL.test(s);
/**
 * Format characters (Unicode Cf: bidi overrides such as U+202E, zero-width spaces and
 * joiners, the BOM, soft hyphens): invisible, they can reorder or hide text in the sales
 * e-mail. Stripped from one-line fields, refused in e-mail addresses.
 */
const FORMAT = /\p{Cf}/gu;
/** Control characters, format characters and Unicode line breaks: nothing a one-line field needs. */
const LINE_INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const HAS_LINE_INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** A lone UTF-16 surrogate (with the `u` flag a pair is one code point and does not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** True when `s` is valid Unicode text (no lone surrogate, which D1 would store as broken UTF-8). */
export const isWellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);
/** Removes format characters from a one-line field the visitor typed. */
export const stripFormat = v.transform((s: string) => s.replace(FORMAT, ''));
/** Removes every control, format and line-break character (fields a script fills in, e.g. attribution). */
export const stripInvisible = /* @__PURE__ */ v.transform((s: string) => s.replace(LINE_INVISIBLE, ''));
/** Refuses lone surrogates with `message`. */
export const wellFormed = (message: string) => v.check(isWellFormed, message);
/**
 * THE rule of a one-line text a person types into a form (a name, a company, a city, an
 * address, a note): a string (else `type`), well-formed Unicode (a lone surrogate, which D1
 * would store as invalid UTF-8, is refused with `chars`), format characters stripped,
 * trimmed, and no control character or Unicode line break left (`chars`). Every text
 * field of every public form starts from it or from `textBlock`; lengths and patterns go after.
 */
export const textLine = (chars: string, type: string = chars) =>
  v.pipe(
    v.string(type),
    wellFormed(chars),
    stripFormat,
    v.trim(),
    v.check((s) => !hasLineControl(s), chars),
  );
/** The same rule for a multi-line text (a message, a fault's description): line breaks and tabs allowed. */
export const textBlock = (chars: string, type: string = chars) =>
  v.pipe(
    v.string(type),
    wellFormed(chars),
    v.trim(),
    v.check((s) => !hasTextControl(s), chars),
  );
/**
 * An object schema that refuses arrays (valibot's `object` accepts them, dropping their
 * items): `volume: []` or `attribution: []` is a malformed body, not an empty object.
 */
export const plainObject = <const E extends v.ObjectEntries>(entries: E, message: string) =>
  v.pipe(
    v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), message),
    v.object(entries, message),
  );
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Polish messages of the strict checks, each naming its field (the server's 400 `error`). */
export const FIELD_ERRORS = {
  body: 'Nieprawidłowe dane formularza.',
  nameRequired: 'Pole „Imię” jest wymagane.',
  nameLong: `Pole „Imię” może mieć najwyżej ${LIMITS.name} znaków.`,
  nameChars: 'Pole „Imię” zawiera niedozwolone znaki.',
  emailRequired: 'Pole „Email” jest wymagane.',
  email: 'Pole „Email” musi zawierać jeden prawidłowy adres email.',
  emailLong: `Pole „Email” może mieć najwyżej ${LIMITS.email} znaków.`,
  phone: `Pole „Telefon” może zawierać tylko cyfry, spacje i znaki + ( ) - (najwyżej ${LIMITS.phone}).`,
  messageLong: `Pole „Wiadomość” może mieć najwyżej ${LIMITS.message} znaków.`,
  messageChars: 'Pole „Wiadomość” zawiera niedozwolone znaki.',
  companyLong: `Pole „Firma” może mieć najwyżej ${LIMITS.company} znaków.`,
  companyChars: 'Pole „Firma” zawiera niedozwolone znaki.',
  submissionId: 'Nieprawidłowy identyfikator zgłoszenia (submissionId).',
  attribution: 'Nieprawidłowe dane pochodzenia zgłoszenia (attribution).',
} as const;

const text = (message: string) => v.string(message);
/** A required text: missing is treated as empty, so the answer names the field. */
const requiredText = (message: string) => v.optional(v.string(message), '');
const blankToUndefined = v.transform((s: string) => s || undefined);

export const nameSchema = v.pipe(
  v.optional(textLine(FIELD_ERRORS.nameChars, FIELD_ERRORS.nameRequired), ''),
  v.nonEmpty(FIELD_ERRORS.nameRequired),
  v.maxLength(LIMITS.name, FIELD_ERRORS.nameLong),
);

export const emailSchema = v.pipe(
  requiredText(FIELD_ERRORS.emailRequired),
  v.trim(),
  v.nonEmpty(FIELD_ERRORS.emailRequired),
  v.maxLength(LIMITS.email, FIELD_ERRORS.emailLong),
  v.regex(STRICT_EMAIL, FIELD_ERRORS.email),
  v.check((s) => isWellFormed(s) && !HAS_LINE_INVISIBLE.test(s), FIELD_ERRORS.email),
);

/** Optional fields: absent, null or blank all mean "not given" (stored as undefined). */
export const phoneSchema = v.nullish(
  v.pipe(
    text(FIELD_ERRORS.phone),
    v.trim(),
    v.maxLength(LIMITS.phone, FIELD_ERRORS.phone),
    v.regex(PHONE, FIELD_ERRORS.phone),
    blankToUndefined,
  ),
);

export const messageSchema = v.nullish(
  v.pipe(textBlock(FIELD_ERRORS.messageChars), v.maxLength(LIMITS.message, FIELD_ERRORS.messageLong), blankToUndefined),
);

export const companySchema = v.nullish(
  v.pipe(textLine(FIELD_ERRORS.companyChars), v.maxLength(LIMITS.company, FIELD_ERRORS.companyLong), blankToUndefined),
);

// The schemas of what a script adds to a body (submission id, attribution, honeypot) are
// pure: only the worker runs them, and the widgets' bundles drop them (0.5 KB).
export const submissionIdSchema = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(FIELD_ERRORS.submissionId),
    /* @__PURE__ */ v.regex(UUID, FIELD_ERRORS.submissionId),
  ),
);

/** One attribution text: at most 2 KB, well-formed, with control, format and line-break characters stripped. */
const attributionText = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(FIELD_ERRORS.attribution),
    /* @__PURE__ */ v.maxLength(LIMITS.attribution, FIELD_ERRORS.attribution),
    /* @__PURE__ */ wellFormed(FIELD_ERRORS.attribution),
    stripInvisible,
  ),
);

/** DESIGN §4 `attribution` (an object, never an array); unknown keys are dropped. */
export const attributionSchema = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ plainObject(
    {
      page: attributionText,
      origin: attributionText,
      referrer: attributionText,
      utm_source: attributionText,
      utm_medium: attributionText,
      utm_campaign: attributionText,
      partner: attributionText,
    },
    FIELD_ERRORS.attribution,
  ),
);

/**
 * The optional marketing consent of a contact body: a boolean; absent means not given
 * (stored as false). Pure: only the worker runs it, the widgets' bundles drop it.
 */
export const marketingConsentSchema = /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(CONSENT_ERROR));

/**
 * The honeypot: a text input's value (string, or null, number or boolean from scripts);
 * an array or object is a malformed body. The intake guard reads it first.
 */
export const honeypotSchema = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ v.custom<unknown>((x) => x === null || typeof x !== 'object', FIELD_ERRORS.body),
);

/**
 * The fields a person types into the contact form, as the widgets check them before sending
 * (`checkContactForm`): what a script adds (submission id, attribution, honeypot) is the
 * server's to check, so the widgets' bundles do not carry those schemas.
 */
export const contactFieldsSchema = v.object(
  { name: nameSchema, email: emailSchema, phone: phoneSchema, message: messageSchema },
  FIELD_ERRORS.body,
);

/** The contact body of DESIGN §4 without the consent: `{name, email, phone?, message?, submissionId?, attribution?, website?}`. */
export const contactSchema = /* @__PURE__ */ v.object(
  {
    ...contactFieldsSchema.entries,
    submissionId: submissionIdSchema,
    attribution: attributionSchema,
    website: honeypotSchema,
  },
  FIELD_ERRORS.body,
);

/**
 * What the server checks: the contact body with the optional `marketingConsent`.
 * The widget's own check (`checkContactForm`) leaves the consent out, a checkbox's value
 * needs none, so the contact bundle does not carry the boolean schema.
 */
export const contactBodySchema = /* @__PURE__ */ v.object(
  { ...contactSchema.entries, marketingConsent: marketingConsentSchema },
  FIELD_ERRORS.body,
);

export type ContactInput = v.InferOutput<typeof contactBodySchema>;
export type Checked<T> = { ok: true; data: T } | { ok: false; error: string; field: string | undefined };

/**
 * Runs `schema` and gives the first problem as the Polish text naming its field, and the
 * field as its form knows it: the innermost named key of the issue's path (a quote's
 * `contact.email` is the configurator's `email`), which the server answers as `field`.
 */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return { ok: true, data: result.output };
  const issue = result.issues[0];
  const keys = (issue.path ?? []).map((p) => p.key).filter((k): k is string => typeof k === 'string');
  return { ok: false, error: issue.message, field: keys.at(-1) };
}

/** The server's strict check of a contact body. */
export const parseContact = (body: unknown): Checked<ContactInput> => check(contactBodySchema, body);

export interface Toast {
  title: string;
  text: string;
}

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/**
 * What the widget runs before sending (DESIGN §4): the spec's checks with their toasts,
 * then the strict ones. An address the spec's pattern accepts but the strict check does
 * not gets the spec's 'Nieprawidłowy email' toast; any other strict problem (e.g. letters
 * in the phone) the 'Błąd walidacji' title with the text naming the field.
 */
export function checkContactForm(
  values: ContactFormValues,
):
  | { ok: true; data: v.InferOutput<typeof contactFieldsSchema> }
  | { ok: false; toast: Toast; field: keyof ContactFormValues } {
  if (!values.name.trim()) return { ok: false, toast: TOAST.validation, field: 'name' };
  if (!values.email.trim()) return { ok: false, toast: TOAST.validation, field: 'email' };
  if (!SPEC_EMAIL.test(values.email.trim())) return { ok: false, toast: TOAST.badEmail, field: 'email' };
  const strict = check(contactFieldsSchema, values);
  if (strict.ok) return strict;
  const field = (strict.field ?? 'name') as keyof ContactFormValues;
  return {
    ok: false,
    field,
    toast: field === 'email' ? TOAST.badEmail : { title: TOAST.validation.title, text: strict.error },
  };
}
