/**
 * The KSeF number of an accepted invoice and KSeF's reference numbers (spec/faktury/numer-ksef.md):
 * `NIP-YYYYMMDD-TECHNICAL12-CC`, 35 characters, where CC is the CRC-8 (polynomial 0x07,
 * initial value 0x00, upper-case hex) of the 32 characters before it. KSeF's reference
 * numbers (`20250625-SO-2C3E6C8000-B675CF5D68-07`: sessions, invoices, UPOs, challenges)
 * end with the same checksum over their first 33 characters. Pure: the client checks what
 * KSeF answers, the stand-in makes its numbers with it.
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

/** The KSeF number for seller `nip`, the day KSeF took the invoice (`YYYY-MM-DD`) and a 12-hex-digit technical part. */
export function ksefNumber(nip: string, day: string, technical: string): string {
  const data = `${nip}-${day.replaceAll('-', '')}-${technical.toUpperCase()}`;
  if (!/^\d{10}-\d{8}-[0-9A-F]{12}$/.test(data)) throw new Error(`not the data of a KSeF number: ${data}`);
  return `${data}-${crc8(data)}`;
}

/** A reference number of KSeF's form: `YYYYMMDD-KK-HHHHHHHHHH-HHHHHHHHHH-CC` (kind: 'SO', 'SB', 'EE', 'AU', 'CR', 'EU'…). */
export function referenceNumber(day: string, kind: string, hex20: string): string {
  const data = `${day.replaceAll('-', '')}-${kind}-${hex20.slice(0, 10).toUpperCase()}-${hex20.slice(10, 20).toUpperCase()}`;
  if (!/^\d{8}-[0-9A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}$/.test(data)) throw new Error(`not a reference number: ${data}`);
  return `${data}-${crc8(data)}`;
}
