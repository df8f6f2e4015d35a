/**
 * Text sealed with a key kept as a Worker secret (never in D1): AES-256-GCM through WebCrypto, a
 * fresh 12-byte IV each time. The key is 32 random bytes, base64 (`npm run keys` prints one;
 * docs/backups.md). A sealed value is `v1.<iv base64url>.<ciphertext and tag base64url>`: D1
 * and its backups hold only that, so a stolen database or backup cannot read what is sealed.
 * Used for the webhook signing secrets (WEBHOOK_SECRETS_KEY), the collectors' keys (under a key derived
 * from COLLECTOR_KEY_SECRET, bound to their site: worker/collector/key-crypto.ts) and, in its stream
 * form (worker/backups/crypt.ts), for backup files (BACKUP_KEY).
 */

export const SEALED_PREFIX = 'v1.';

/** A key secret missing or not 32 bytes of base64: the operator's mistake, named. */
export class MissingKey extends Error {
  constructor(name: string) {
    super(
      `Brak sekretu ${name} (32 losowe bajty w base64, np. z \`npm run keys\`): ustaw go przez wrangler secret put.`,
    );
    this.name = 'MissingKey';
  }
}

export const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

export const toBase64Url = (bytes: Uint8Array): string => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

/** The raw 32 bytes of the key secret `name` in `env`; throws {@link MissingKey} when absent or malformed. */
export function keyBytes(env: object, name: string): Uint8Array<ArrayBuffer> {
  const text = (env as Record<string, unknown>)[name];
  if (typeof text !== 'string' || !text.trim()) throw new MissingKey(name);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(text.trim());
  } catch {
    throw new MissingKey(name);
  }
  if (bytes.length !== 32) throw new MissingKey(name);
  return bytes;
}

/** The AES-GCM key of the secret `name`. */
export async function aesKey(env: object, name: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', keyBytes(env, name), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

const encoder = new TextEncoder();

/** AES-GCM's parameters: the IV, and the additional data a sealed value is bound to when given. */
const gcm = (iv: Uint8Array<ArrayBuffer>, boundTo?: string): AesGcmParams =>
  boundTo === undefined ? { name: 'AES-GCM', iv } : { name: 'AES-GCM', iv, additionalData: encoder.encode(boundTo) };

/** `text` sealed under `key`; bound to `boundTo` when given (it opens only with the same value: a collector's site). */
export async function seal(key: CryptoKey, text: string, boundTo?: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt(gcm(iv, boundTo), key, encoder.encode(text)));
  return `${SEALED_PREFIX}${toBase64Url(iv)}.${toBase64Url(sealed)}`;
}

export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

/** The text `sealed` holds; throws when it was sealed under another key, bound to another value, or changed. */
export async function unseal(key: CryptoKey, sealed: string, boundTo?: string): Promise<string> {
  const [iv, data] = sealed.slice(SEALED_PREFIX.length).split('.');
  if (!isSealed(sealed) || !iv || !data) throw new Error('not a sealed value');
  const plain = await crypto.subtle.decrypt(gcm(fromBase64(iv), boundTo), key, fromBase64(data));
  return new TextDecoder().decode(plain);
}
