/**
 * The Ministry's public keys (spec/bezpieczenstwo/klucze-publiczne-do-szyfrowania.md), fetched
 * from `GET /security/public-key-certificates` and kept per API base for `KEYS_TTL_MS`: for a
 * usage (`KsefTokenEncryption` for the token, `SymmetricKeyEncryption` for a session's AES
 * key) the certificate valid now, the latest `validFrom` among several (a planned rotation
 * publishes the next one early). When KSeF answers 21470 (the key id is unknown or withdrawn:
 * an emergency rotation) the sender calls `forget` and fetches them again before retrying.
 */
import type { KsefApi, PublicKeyCertificate } from './api.ts';
import { certificateFields, fromBase64, oaepKeyOf } from './crypto.ts';

export type KeyUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

export interface PublicKey {
  publicKeyId: string;
  key: CryptoKey;
}

/** How long an isolate trusts the list it fetched (a rotation is caught sooner by 21470). */
export const KEYS_TTL_MS = 6 * 60 * 60 * 1000;

interface Cached {
  fetchedAt: number;
  certificates: PublicKeyCertificate[];
  keys: Map<string, Promise<CryptoKey>>;
}

const cache = new Map<string, Cached>();

/** Drops the keys kept for an API base: the next `publicKey` fetches them again. */
export function forgetKeys(baseUrl: string): void {
  cache.delete(baseUrl);
}

/** The certificate to use for `usage` at `now`: valid now, latest `validFrom` first. */
export function pickCertificate(
  certificates: PublicKeyCertificate[],
  usage: KeyUsage,
  now: number,
): PublicKeyCertificate | undefined {
  return certificates
    .filter((c) => c.usage.includes(usage) && Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
}

/** The public key for `usage`, from the kept list or a fresh one. */
export async function publicKey(api: KsefApi, usage: KeyUsage, now = Date.now()): Promise<PublicKey> {
  let entry = cache.get(api.baseUrl);
  if (!entry || now - entry.fetchedAt > KEYS_TTL_MS || now < entry.fetchedAt) {
    entry = { fetchedAt: now, certificates: await api.publicKeyCertificates(), keys: new Map() };
    cache.set(api.baseUrl, entry);
  }
  const certificate = pickCertificate(entry.certificates, usage, now);
  if (!certificate) {
    cache.delete(api.baseUrl);
    throw new Error(`KSeF published no certificate valid now for ${usage}`);
  }
  let key = entry.keys.get(certificate.publicKeyId);
  if (!key) {
    key = oaepKeyOf(certificateFields(fromBase64(certificate.certificate)).spki);
    entry.keys.set(certificate.publicKeyId, key);
  }
  return { publicKeyId: certificate.publicKeyId, key: await key };
}
