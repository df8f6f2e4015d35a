/**
 * The collectors' secrets: enrolment codes stored as their SHA-256 only, keys stored encrypted
 * (AES-256-GCM under a key derived from the Worker secret COLLECTOR_KEY_SECRET), so a D1 backup
 * alone can neither enrol nor sign a push; and the push's signature, checked as the collector
 * makes it (collector/client.mjs `signPush`): lowercase hex HMAC-SHA256 keyed with the key
 * string's UTF-8 bytes over "<unix time>\n<raw body>".
 */
import { constantTimeEqualText, hmacSha256Hex, sha256Bytes, sha256Hex } from '../http/auth.ts';
import { seal, toBase64Url, unseal } from '../http/sealed.ts';

/** Random bytes as base64url (a key: 32 bytes; an id: fewer). */
export const randomToken = (bytes: number): string => toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

// One SHA-256 for the worker (tests/unit/one-home.test.ts).
export { sha256Hex };

/** The AES key of `secret`: SHA-256 of the secret's bytes (the secret is 32 random bytes, written as text). */
async function collectorKey(secret: string): Promise<CryptoKey> {
  const raw = await sha256Bytes(`kserowo-collector-keys\n${secret}`);
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** 'v1.<iv>.<ciphertext>' (worker/http/sealed.ts), bound to the site's id: a cipher copied to another site does not open. */
export async function encryptKey(secret: string, siteId: string, key: string): Promise<string> {
  return seal(await collectorKey(secret), key, siteId);
}

/** The key, or undefined when the cipher does not open under this secret and site. */
export async function decryptKey(secret: string, siteId: string, cipher: string): Promise<string | undefined> {
  try {
    return await unseal(await collectorKey(secret), cipher, siteId);
  } catch {
    return undefined;
  }
}

/** Whether `signature` is the push's: HMAC-SHA256 keyed with `key`'s UTF-8 bytes over "<time>\n<body>", compared in constant time. */
export async function signatureMatches(key: string, time: string, body: string, signature: string): Promise<boolean> {
  return constantTimeEqualText(signature, await hmacSha256Hex(key, `${time}\n${body}`));
}

/** An enrolment code as typed: letters and digits, upper case, without the dashes the panel groups it with. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();
