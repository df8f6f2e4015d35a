/**
 * The KSeF number of an accepted invoice and KSeF's reference numbers (spec/faktury/numer-ksef.md):
 * `NIP-YYYYMMDD-TECHNICAL12-CC`, 35 characters, where CC is the CRC-8 (polynomial 0x07,
 * initial value 0x00, upper-case hex) of the 32 characters before it. KSeF's reference
 * numbers (`20250625-SO-2C3E6C8000-B675CF5D68-07`: sessions, invoices, UPOs, challenges)
 * end with the same checksum over their first 33 characters. Pure: the client checks what
 * KSeF answers, the stand-in makes its numbers with it.
 */

import { crc8 } from '../../admin-shared/ksef-number.ts';

// The checksum and the check live in the kernel: a transfer's title is read for KSeF numbers too (payments).
export { crc8, isKsefNumber } from '../../admin-shared/ksef-number.ts';

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
