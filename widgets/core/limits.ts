/**
 * The length limits of the form fields, as plain numbers without valibot: the schemas of
 * validation.ts and its neighbours enforce them on the server, and every form puts them
 * on its inputs as `maxlength` (a widget importing only these carries no schema code).
 */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5000,
  company: 200,
  /** A NIP with room for the usual notations ('PL 123-456-32-18', spaced out). */
  nip: 20,
  city: 80,
  attribution: 2048,
  /** The largest counter a device shows (8 digits): the meter reading and the calculator's. */
  counter: 99_999_999,
  /** A number as people type it, with thousands spaces or a decimal comma ('99 999 999'). */
  numberText: 12,
} as const;

/** The largest JSON body a public form may send (the intake guard answers 413 above it). */
export const LEAD_BODY_MAX_BYTES = 16 * 1024;

/** The owner's verification of an order by hand: the note's and the named document's lengths (the panel's fields, the API's check). */
export const VERIFY_LIMITS = { noteMin: 10, noteMax: 1000, documentMin: 5, documentMax: 200 } as const;
/** The registers a phone number for that check may come from (never the order's own number). */
export const VERIFY_PHONE_SOURCES = ['KRS', 'CEIDG', 'BIP'] as const;
