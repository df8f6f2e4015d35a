/**
 * Admin authentication (DESIGN §4): the password hash from the secret
 * `ADMIN_PASSWORD_HASH` (`pbkdf2-sha256$100000$<salt b64>$<hash b64>`), constant-time
 * comparisons, the `__Host-` session cookie and the Origin check on writes.
 */

/** PBKDF2 iterations: 100,000 is the most Workers' WebCrypto accepts. */
export const PBKDF2_ITERATIONS = 100_000;
export const SALT_BYTES = 16;
const HASH_BYTES = 32;

export const SESSION_COOKIE = '__Host-kserowo_admin';
/** The browser's device cookie of the login throttle (worker/accounts/model-login-devices.ts). */
export const DEVICE_COOKIE = '__Host-kserowo_device';
/** Session lifetime: one working day. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Equal-length byte comparison whose time does not depend on where the bytes differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Same, for strings (tokens, origins). */
export const constantTimeEqualText = (a: string, b: string): boolean =>
  constantTimeEqual(encoder.encode(a), encoder.encode(b));

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
  bytes: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$100000$<salt>$<hash>` for a password (the same format `npm run admin:hash` prints). */
export async function hashPassword(
  password: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
): Promise<string> {
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, HASH_BYTES);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

interface StoredHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

/** Parses the secret; undefined when it is missing or not in the expected format. */
export function parseStoredHash(stored: string | undefined): StoredHash | undefined {
  const parts = (stored ?? '').trim().split('$');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256') return undefined;
  const iterations = Number(parts[1]);
  const salt = fromBase64(parts[2] ?? '');
  const hash = fromBase64(parts[3] ?? '');
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return undefined;
  if (!salt || salt.length < SALT_BYTES || !hash || hash.length < 16) return undefined;
  return { iterations, salt, hash };
}

/** How many passwords this isolate has checked (the login-lock test counts hash work with it). */
export const passwordChecks = { count: 0 };

/** Whether `password` matches the stored hash; the comparison is constant-time. */
export async function verifyPassword(password: string, stored: StoredHash): Promise<boolean> {
  passwordChecks.count++;
  const candidate = await derive(password, stored.salt, stored.iterations, stored.hash.length);
  return constantTimeEqual(candidate, stored.hash);
}

/** A new session id: 32 random bytes, base64url. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The secret id of a customer's page (a quote, a service ticket, a contract's reading link, a
 * toner order): 24 random bytes (192 bits), base64url (32 characters); whoever has it sees the page.
 */
export function newPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_');
}

/** What a page id looks like, checked before any look-up. */
export const PAGE_ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** SHA-256 of bytes or of a text's UTF-8 bytes, as bytes (a key derived from a secret, a key's id). */
export async function sha256Bytes(data: Uint8Array | string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

const hexOf = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** HMAC-SHA256 of `message` keyed with `key`'s UTF-8 bytes, lowercase hex (a webhook's and a collector push's signature). */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hexOf(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(message))));
}

/** SHA-256 of a text's UTF-8 bytes, hex (a session id, a contract document, an acceptance code). */
export async function sha256Hex(text: string): Promise<string> {
  return hexOf(await sha256Bytes(text));
}

/** SHA-256 of a text's UTF-8 bytes, base64url without padding (an invoice's XML, as KSeF and its KOD I name it). */
export async function sha256Base64Url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return toBase64(digest).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of a session id, hex: what the database keeps. */
export const sessionIdHash = (id: string): Promise<string> => sha256Hex(id);

/**
 * A fingerprint of a stored password hash, kept with each session: when the password (or
 * the ADMIN_PASSWORD_HASH secret) changes, the fingerprint no longer matches and every
 * session opened with the old one ends.
 */
export const credentialFingerprint = async (stored: string): Promise<string> =>
  (await sessionIdHash(`credential:${stored.trim()}`)).slice(0, 32);

/**
 * Whether a write comes from our own pages: its `Origin` must equal the origin the
 * request was made to. A missing Origin is refused too (browsers send it on every
 * POST, PATCH and DELETE).
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  if (!origin) return false;
  return constantTimeEqualText(origin, new URL(request.url).origin);
}

/** The client's IP as Cloudflare reports it. */
export const clientIp = (request: Request): string => request.headers.get('CF-Connecting-IP') ?? 'nieznany';
