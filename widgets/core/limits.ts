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
} as const;
