/**
 * The KSeF number of an invoice (spec/faktury/numer-ksef.md): `NIP-YYYYMMDD-TECHNICAL12-CC`,
 * 35 characters, where CC is the CRC-8 (polynomial 0x07, initial value 0x00, upper-case hex) of
 * the 32 characters before it. The invoices check what KSeF answers with it
 * (worker/invoices/ksef/number.ts makes the stand-in's numbers); the payments find the numbers a
 * payer quotes in a transfer's title (art. 108g of the VAT Act, from 2027), with or without the dashes.
 */

/** CRC-8, polynomial 0x07, initial value 0x00, of the text's UTF-8 bytes, as two upper-case hex digits. */
export function crc8(text: string): string {
  let crc = 0;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

const KSEF_NUMBER = /^([1-9](\d[1-9]|[1-9]\d)\d{7})-(\d{4})(\d{2})(\d{2})-([0-9A-F]{12})-([0-9A-F]{2})$/;

/** Whether `value` is a KSeF number of the 2.0 form with a correct checksum. */
export function isKsefNumber(value: string): boolean {
  const match = KSEF_NUMBER.exec(value);
  if (!match) return false;
  const [, , , year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() + 1 !== Number(month) || date.getUTCDate() !== Number(day)) return false;
  return crc8(value.slice(0, 32)) === value.slice(33);
}

/** A KSeF number written in a text: as the payer typed it, in the dashed form, and whether its checksum is right. */
export interface QuotedKsefNumber {
  number: string;
  valid: boolean;
}

const QUOTED = /(?<![0-9A-Z])(\d{10})-?(\d{8})-?([0-9A-F]{12})-?([0-9A-F]{2})(?![0-9A-Z])/g;

/**
 * The KSeF numbers in `text` (a transfer's title), in the order written, each once, with or without
 * its dashes (spaces are not read through: a number is one word). Upper case is read as KSeF writes it;
 * lower-case hex is read too.
 */
export function ksefNumbersIn(text: string): QuotedKsefNumber[] {
  const found = new Map<string, QuotedKsefNumber>();
  for (const [, nip, day, technical, check] of text.toUpperCase().matchAll(QUOTED)) {
    const number = `${nip}-${day}-${technical}-${check}`;
    if (!found.has(number)) found.set(number, { number, valid: isKsefNumber(number) });
  }
  return [...found.values()];
}

/**
 * What a payer writes in the transfer's title for an invoice: its KSeF number once KSeF accepted it
 * (art. 108g of the VAT Act asks for it from 2027; the statement import reads it first), then the
 * invoice's own number, which the import reads when the KSeF number is not there.
 */
export const transferTitle = (invoiceNumber: string, ksefNumber: string | null | undefined): string =>
  ksefNumber ? `${ksefNumber} ${invoiceNumber}` : invoiceNumber;
