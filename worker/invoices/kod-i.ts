/**
 * KOD I, the QR code on an invoice's copy (kody-qr.md of the Ministry's KSeF documents): a
 * link to KSeF's page that shows and verifies the invoice, made of the environment's QR
 * host (`KSEF_QR_URL`: https://qr.ksef.mf.gov.pl in production, the TEST host for TEST),
 * the seller's NIP, the issue date (FA(3) P_1) as DD-MM-RRRR and the SHA-256 of the XML's
 * bytes in base64url. Under the code: the KSeF number once KSeF has given one, else OFFLINE.
 */
import { sha256Base64Url } from '../http/auth.ts';

/** The QR host of KSeF's production environment (wrangler.toml `KSEF_QR_URL`). */
export const KSEF_QR_PRODUCTION = 'https://qr.ksef.mf.gov.pl';

/**
 * The KOD I link of an invoice.
 * @example kodILink('https://qr-test.ksef.mf.gov.pl', '1111111111', '2026-02-01', 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE')
 *   // 'https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE'
 */
export function kodILink(qrBase: string, sellerNip: string, issueDate: string, xmlSha256: string): string {
  const [y, m, d] = issueDate.split('-');
  return `${qrBase.replace(/\/+$/, '')}/invoice/${sellerNip}/${d}-${m}-${y}/${xmlSha256}`;
}

/** SHA-256 of the invoice XML's UTF-8 bytes, base64url: the invoice's fingerprint in KSeF and in KOD I. */
export const invoiceHash = (xml: string): Promise<string> => sha256Base64Url(xml);

/** The text under KOD I: the KSeF number, or OFFLINE while KSeF has not given one. */
export const kodILabel = (ksefNumber: string | null | undefined): string => ksefNumber ?? 'OFFLINE';
