/**
 * Bank statements as the payments matching reads them: one shape for MT940 (mt940.ts) and
 * camt.053 (camt053.ts), read by parse.ts. A statement file's bytes are decoded (UTF-8, else
 * the Windows-1250 that Polish banks' older exports use); each statement has an identity
 * (account, number, sequence) and every line one that does not change when the same file,
 * or an overlapping one, is imported again: the bank's own reference with the date and
 * amount where the line has one, else a hash of the statement and the line's fields.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { isValidNip, normalizeNip } from '../../widgets/core/nip.ts';
import { sha256Hex } from '../http/auth.ts';

export type StatementFormat = 'mt940' | 'camt053';

/** One booked line of a statement. */
export interface StatementLine {
  /** 'YYYY-MM-DD', the booking date. */
  bookedOn: string;
  /** Grosze with the sign: a credit (money in) positive, a debit negative. */
  amountGr: number;
  currency: string;
  /** The payment's title (remittance information), its parts joined by spaces. */
  title: string;
  payerName: string | null;
  /** The payer's account as an IBAN in electronic format ('PL61…'), when the bank gives it. */
  payerAccount: string | null;
  /** The statement writes an account, but not so that it is surely the bank's (MT940: mt940.ts `payerAccountOf86`). */
  payerAccountUnclear?: true;
  /** A valid NIP the line names (the payer's identifier, or "NIP …" in the title). */
  payerNip: string | null;
  /** The bank's own reference of the line, when it has one. */
  bankReference: string | null;
  /** A camt.053 batch entry's transfer without a reference of its own: its place (1, 2, …) under the entry's `bankReference`. */
  batchPart?: number;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** The statement's own account (ours), IBAN in electronic format when recognisable. */
  account: string | null;
  /** The statement's id (`:20:`/`:28C:`, `Stmt/Id`). */
  reference: string | null;
  /**
   * What tells this statement from every other (`statementIdentity`): our account, the
   * statement's number and its sequence (MT940 `:25:` and `:28C:`; camt `Stmt/Id` and
   * `ElctrncSeqNb`/`LglSeqNb`). A statement whose identity was imported is not read again.
   */
  identity: string;
  lines: StatementLine[];
}

export type StatementParse = { ok: true; statements: ParsedStatement[] } | { ok: false; error: string };

/** The Polish texts of a file that cannot be read (the admin API's `error`, field `file`). */
export const STATEMENT_ERRORS = {
  empty: 'Plik wyciągu jest pusty. Wybierz plik MT940 (.sta, .txt) albo camt.053 (.xml).',
  format: 'Nie rozpoznano formatu pliku. Wgraj wyciąg MT940 (.sta, .txt) albo camt.053 (.xml) pobrany z banku.',
  mt940: (reason: string) => `Plik MT940 jest niepoprawny: ${reason}. Pobierz wyciąg z banku ponownie.`,
  camt: (reason: string) => `Plik camt.053 jest niepoprawny: ${reason}. Pobierz wyciąg z banku ponownie.`,
  noLines: 'Wyciąg nie zawiera żadnych zaksięgowanych operacji.',
  seen: 'Ten wyciąg już wczytano: żadna jego operacja nie została zapisana drugi raz.',
} as const;

/** A statement's identity: format, our account, number and sequence, as one text. */
export const statementIdentity = (
  format: StatementFormat,
  account: string | null,
  number: string | null | undefined,
  sequence: string | null | undefined,
): string => JSON.stringify([format, account ?? '', (number ?? '').trim(), (sequence ?? '').trim()]);

/** The bytes of a statement file as text: UTF-8 when they are, else Windows-1250. */
export function decodeStatement(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1250').decode(body);
  }
}

/** An account as written in a statement ('PL61 1090…', '/PL61…', 26 digits) as an IBAN, or null. */
export function ibanOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const compact = raw.replace(/[\s/-]/g, '').toUpperCase();
  const iban = /^\d{26}$/.test(compact) ? `PL${compact}` : compact;
  const electronic = electronicFormatIBAN(iban) ?? '';
  return isValidIBAN(electronic) ? electronic : null;
}

/** A Polish account in the register's form: the 26 digits of 'PL…' (the White List's `accountNumbers`). */
export const nrbOf = (iban: string | null): string | null => (iban && /^PL\d{26}$/.test(iban) ? iban.slice(2) : null);

/** A valid NIP named in a text ("NIP 526-025-02-74", "NIP:5260250274"), or null. */
export function nipInText(text: string): string | null {
  for (const m of text.matchAll(/NIP\W{0,3}((?:PL)?[\d][\d -]{8,14}\d)/gi)) {
    const nip = normalizeNip(m[1] ?? '');
    if (isValidNip(nip)) return nip;
  }
  return null;
}

/** '1.00', '292,74', '5' → grosze, exactly (no float); NaN when not an amount. */
export function amountToGrosze(text: string): number {
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Words joined by single spaces; '' for nothing. */
export const squash = (parts: (string | null | undefined)[]): string =>
  parts
    .map((p) => (p ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');

/**
 * The identity of each line of a statement: `ref:` and the JSON of our account, the bank's
 * reference, the booking date, the amount and a camt batch transfer's place where the bank
 * gave a reference (a bank that reuses a reference on another day or for another amount
 * keeps both lines; a real reference spelled `X#1` is not a batch's first part of `X`), else
 * `hash:` and the SHA-256 of the statement's identity, the line's fields and its occurrence
 * among identical lines of the statement: two equal transfers of one day stay two lines, in
 * one statement or in two (intraday statements), and the same statement gives the same keys.
 */
export async function lineKeys(statement: ParsedStatement): Promise<string[]> {
  const seen = new Map<string, number>();
  const keys: string[] = [];
  for (const l of statement.lines) {
    if (l.bankReference) {
      keys.push(
        `ref:${JSON.stringify([statement.account ?? '-', l.bankReference, l.bookedOn, l.amountGr, l.batchPart ?? null])}`,
      );
      continue;
    }
    const fields = JSON.stringify([
      statement.identity,
      l.bookedOn,
      l.amountGr,
      l.currency,
      l.title,
      l.payerAccount,
      l.payerName,
    ]);
    const n = (seen.get(fields) ?? 0) + 1;
    seen.set(fields, n);
    keys.push(`hash:${await sha256Hex(`${fields}#${n}`)}`);
  }
  return keys;
}
