/**
 * The collectors' secrets: enrolment codes stored as their SHA-256 only, keys stored encrypted
 * (AES-256-GCM under a key derived from the Worker secret COLLECTOR_KEY_SECRET), so a D1 backup
 * alone can neither enrol nor sign a push; and the push's signature, checked as the collector
 * makes it (collector/client.mjs `signPush`): lowercase hex HMAC-SHA256 keyed with the key
 * string's UTF-8 bytes over "<unix time>\n<raw body>".
 */
import { sha256Bytes, sha256Hex } from '../http/auth.ts';
const encoder = new TextEncoder();

const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromB64url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Random bytes as base64url (a key: 32 bytes; an id: fewer). */
export const randomToken = (bytes: number): string => b64url(crypto.getRandomValues(new Uint8Array(bytes)));

// One SHA-256 for the worker (tests/unit/one-home.test.ts).
export { sha256Hex };

/** The AES key of `secret`: SHA-256 of the secret's bytes (the secret is 32 random bytes, written as text). */
async function aesKey(secret: string): Promise<CryptoKey> {
  const raw = await sha256Bytes(`kserowo-collector-keys\n${secret}`);
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** 'v1.<iv>.<ciphertext>', the site's id as additional data (a cipher copied to another site does not open). */
export async function encryptKey(secret: string, siteId: string, key: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(siteId) },
    await aesKey(secret),
    encoder.encode(key),
  );
  return `v1.${b64url(iv)}.${b64url(new Uint8Array(sealed))}`;
}

/** The key, or undefined when the cipher does not open under this secret and site. */
export async function decryptKey(secret: string, siteId: string, cipher: string): Promise<string | undefined> {
  const [version, iv, sealed] = cipher.split('.');
  if (version !== 'v1' || !iv || !sealed) return undefined;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64url(iv), additionalData: encoder.encode(siteId) },
      await aesKey(secret),
      fromB64url(sealed),
    );
    return new TextDecoder().decode(opened);
  } catch {
    return undefined;
  }
}

/** Whether `signature` is the push's: HMAC-SHA256 keyed with `key`'s UTF-8 bytes over "<time>\n<body>", compared in constant time. */
export async function signatureMatches(key: string, time: string, body: string, signature: string): Promise<boolean> {
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const expected = encoder.encode(hex(await crypto.subtle.sign('HMAC', hmac, encoder.encode(`${time}\n${body}`))));
  const given = encoder.encode(signature);
  if (given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= (given[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

/** An enrolment code as typed: letters and digits, upper case, without the dashes the panel groups it with. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();
