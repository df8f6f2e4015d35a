/**
 * Polish tax identification number (NIP): ten digits, the last a checksum of the first
 * nine with the weights 6 5 7 2 3 4 5 6 7 (mod 11; a remainder of 10 never occurs in a
 * valid number), and the first three a real tax office's code as the FA(3) schema's
 * `TNrNIP` demands (no leading 0, not x00: `0123456789` passes the checksum, not KSeF).
 * People write it with dashes or spaces and sometimes a 'PL' prefix.
 */
import * as v from 'valibot';
import { LIMITS } from './limits.ts';
import { fitsFa3 } from './fa3-rules.ts';

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The server's 400 `error` for a NIP that fails the check, in every form that asks for one. */
export const NIP_ERROR = 'Pole „NIP” musi zawierać prawidłowy numer NIP (10 cyfr z poprawną sumą kontrolną).';

/** Digits only, without the 'PL' prefix, dashes and spaces: 'PL 123-456-32-18' → '1234563218'. */
export function normalizeNip(value: string): string {
  return value.trim().replace(/^PL/i, '').replace(/[\s-]/g, '');
}

/**
 * True for a NIP with a correct checksum, in any usual notation.
 * @example isValidNip('123-456-32-18') // true
 */
export function isValidNip(value: string): boolean {
  const nip = normalizeNip(value);
  if (!/^\d{10}$/.test(nip) || !fitsFa3('TNrNIP', nip)) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(nip[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(nip[9]);
}

/**
 * The NIP field of every form (quote, fault report, the registry's device): optional; at most
 * `LIMITS.nip` characters as typed and a valid checksum in any usual notation; stored in one
 * notation, digits only, so a quote, a ticket and a device of one company carry the same NIP.
 * @example v.parse(nipSchema, 'PL 123-456-32-18') // '1234563218'
 */
export const nipSchema = v.nullish(
  v.pipe(
    v.string(NIP_ERROR),
    v.trim(),
    v.maxLength(LIMITS.nip, NIP_ERROR),
    v.check((n) => n === '' || isValidNip(n), NIP_ERROR),
    v.transform((n) => (n ? normalizeNip(n) : undefined)),
  ),
);
