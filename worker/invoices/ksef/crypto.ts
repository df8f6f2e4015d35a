/**
 * The cryptography KSeF asks of a client (spec/sesja-interaktywna.md, spec/uwierzytelnianie.md),
 * with WebCrypto only, so it runs alike in the Worker and in Node:
 *  - the Ministry's public key is taken out of its X.509 certificate (DER) and used with
 *    RSA-OAEP, SHA-256 (MGF1 SHA-256) to encrypt the KSeF token and each session's AES key;
 *  - an invoice (or a batch's ZIP part) is encrypted with AES-256-CBC, PKCS#7 padding, under
 *    the session's key and IV (the IV travels in the session's opening, not in front of the
 *    ciphertext: a 6 480-byte invoice is 6 496 bytes encrypted, as the API's example says);
 *  - hashes are SHA-256, base64 (the API's `Sha256HashBase64`).
 */

/** Bytes to base64 (chunked: a large invoice would overflow `String.fromCharCode(...bytes)`). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Base64 (standard, with or without padding and whitespace) to bytes. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64url without padding (KOD I's hash, the QR links). */
export const toBase64Url = (bytes: Uint8Array): string =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Base64url (KOD I's form, `invoices.xml_sha256`) to standard base64 (the API's hashes). */
export const base64UrlToBase64 = (text: string): string => {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/');
  return plain + '='.repeat((4 - (plain.length % 4)) % 4);
};

/** The bytes of a PEM block (any label) or of plain base64. */
export const pemBytes = (text: string): Uint8Array<ArrayBuffer> => fromBase64(text.replace(/-----[^-]+-----/g, ''));

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** SHA-256, base64: the API's file hashes, `certificateId`, `publicKeyId`. */
export const sha256Base64 = async (bytes: Uint8Array<ArrayBuffer>): Promise<string> => toBase64(await sha256(bytes));

/** A file's metadata as KSeF declares it: SHA-256 (base64) and size in bytes. */
export interface FileMeta {
  hash: string;
  size: number;
}

export const fileMeta = async (bytes: Uint8Array<ArrayBuffer>): Promise<FileMeta> => ({
  hash: await sha256Base64(bytes),
  size: bytes.length,
});

/** One DER element: its tag, where its content starts and ends. */
interface Der {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

function readDer(bytes: Uint8Array, at: number): Der {
  const tag = bytes[at];
  let length = bytes[at + 1];
  if (tag === undefined || length === undefined) throw new Error('DER: truncated');
  let contentStart = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count < 1 || count > 4) throw new Error('DER: unsupported length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[contentStart + i] ?? 0);
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > bytes.length) throw new Error('DER: element runs past the data');
  return { tag, start: at, contentStart, end };
}

/** The children of a constructed DER element. */
function childrenOf(bytes: Uint8Array, parent: Der): Der[] {
  const out: Der[] = [];
  for (let at = parent.contentStart; at < parent.end; ) {
    const child = readDer(bytes, at);
    out.push(child);
    at = child.end;
  }
  return out;
}

/** The fields of an X.509 certificate a client needs: its public key (SubjectPublicKeyInfo, DER) and validity. */
export interface CertificateFields {
  spki: Uint8Array<ArrayBuffer>;
  /** tbsCertificate's `serialNumber`, upper-case hex. */
  serialHex: string;
}

/**
 * Reads an X.509 certificate (DER): Certificate ::= SEQUENCE { tbsCertificate SEQUENCE {
 * [0] version?, serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, … }, … }.
 */
export function certificateFields(der: Uint8Array<ArrayBuffer>): CertificateFields {
  const certificate = readDer(der, 0);
  const [tbs] = childrenOf(der, certificate);
  if (tbs?.tag !== 0x30) throw new Error('X.509: no tbsCertificate');
  const fields = childrenOf(der, tbs);
  const offset = fields[0]?.tag === 0xa0 ? 1 : 0;
  const serial = fields[offset];
  const spki = fields[offset + 5];
  if (serial?.tag !== 0x02 || !spki || spki.tag !== 0x30) throw new Error('X.509: unexpected structure');
  const serialHex = [...der.subarray(serial.contentStart, serial.end)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .replace(/^0+(?=.)/, '')
    .toUpperCase();
  return { spki: der.slice(spki.start, spki.end), serialHex };
}

/** The RSA-OAEP (SHA-256) encryption key of a certificate's public key. */
export const oaepKeyOf = (spki: Uint8Array<ArrayBuffer>): Promise<CryptoKey> =>
  crypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);

export async function rsaOaepEncrypt(key: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, data));
}

/** A session's symmetric key: AES-256 (raw 32 bytes) and its 16-byte IV. */
export interface SessionKey {
  key: CryptoKey;
  raw: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
}

/** A new random AES-256-CBC key and IV (a new one per session, as KSeF recommends). */
export async function newSessionKey(): Promise<SessionKey> {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey('raw', raw, { name: 'AES-CBC' }, false, ['encrypt']);
  return { key, raw, iv };
}

/** AES-256-CBC with PKCS#7 padding (WebCrypto's AES-CBC pads so). */
export async function aesEncrypt(session: SessionKey, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv: session.iv }, session.key, data));
}
