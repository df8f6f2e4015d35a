/**
 * Authentication to KSeF (spec/uwierzytelnianie.md): a challenge, then either
 *  - the KSeF token (secret `KSEF_TOKEN`): `{token}|{challenge timestampMs}` encrypted with
 *    RSA-OAEP SHA-256 under the `KsefTokenEncryption` key, `POST /auth/ksef-token`; or
 *  - a certificate (secrets `KSEF_CERTIFICATE` + `KSEF_PRIVATE_KEY`): the XAdES-signed
 *    `AuthTokenRequest`, `POST /auth/xades-signature` (the only way after 31 December 2026);
 * then `GET /auth/{ref}` until 200, and `POST /auth/token/redeem` for the access and refresh
 * tokens. The tokens are kept per API base, context NIP and credential in the isolate; the
 * access token is refreshed with the refresh token shortly before it expires, and a full
 * sign-in is done again when the refresh is refused. A 21470 (withdrawn key) re-fetches the
 * public keys and signs in again, once.
 */
import { type KsefApi, KsefError, KsefRefused, type StatusInfo } from './api.ts';
import type { Clock } from './clock.ts';
import { rsaOaepEncrypt, sha256, toBase64, utf8 } from './crypto.ts';
import { forgetKeys, publicKey } from './keys.ts';
import type { XadesCredentials } from './xades.ts';

export type Credentials = { kind: 'token'; token: string } | ({ kind: 'certificate' } & XadesCredentials);

/** The secrets of the KSeF sign-in (never in wrangler.toml: `wrangler secret put`). */
export interface KsefSecrets {
  KSEF_TOKEN?: string;
  KSEF_CERTIFICATE?: string;
  KSEF_PRIVATE_KEY?: string;
}

/**
 * The configured way in: the certificate when both its secrets are set (the way after
 * 31 December 2026), else the KSeF token; `null` when neither is set (nothing is sent).
 */
export function credentialsOf(env: KsefSecrets): Credentials | null {
  const certificate = env.KSEF_CERTIFICATE?.trim();
  const privateKey = env.KSEF_PRIVATE_KEY?.trim();
  if (certificate && privateKey) return { kind: 'certificate', certificate, privateKey };
  const token = env.KSEF_TOKEN?.trim();
  return token ? { kind: 'token', token } : null;
}

/** KSeF tokens stop working on this day: from it, only the certificate way in (XAdES). */
export const TOKENS_END = '2026-12-31';

/** What the sender says of a token way in on `today` (Warsaw): nothing, a reminder in the last month, an error from the end. */
export function tokenDeadlineNote(
  credentials: Credentials,
  today: string,
): { level: 'warn' | 'error'; text: string } | null {
  if (credentials.kind !== 'token') return null;
  const text = `KSeF: tokens stop working on ${TOKENS_END}; set KSEF_CERTIFICATE and KSEF_PRIVATE_KEY (docs/ksef.md)`;
  if (today >= TOKENS_END) return { level: 'error', text };
  return today >= '2026-12-01' ? { level: 'warn', text } : null;
}

/** Sign-in refused or failed (`GET /auth/{ref}` said so, or it never finished). */
export class KsefAuthFailed extends KsefError {
  constructor(readonly status: StatusInfo) {
    super(`KSeF sign-in failed: ${status.code} ${status.description} ${(status.details ?? []).join('; ')}`.trim());
  }
}

interface Tokens {
  access: string;
  accessUntil: number;
  refresh: string;
  refreshUntil: number;
}

const sessions = new Map<string, Tokens>();
/** An access token this close to its end is refreshed first. */
const MARGIN_MS = 60_000;
/** How long `GET /auth/{ref}` is polled before giving up (a qualified certificate's OCSP check can be slow). */
const AUTH_WAIT_MS = 120_000;

async function keyOf(api: KsefApi, nip: string, credentials: Credentials): Promise<string> {
  const secret = credentials.kind === 'token' ? credentials.token : credentials.certificate;
  const digest = toBase64(await sha256(utf8(secret))).slice(0, 16);
  return `${api.baseUrl}|${nip}|${credentials.kind}|${digest}`;
}

async function initiate(api: KsefApi, nip: string, credentials: Credentials, clock: Clock) {
  const challenge = await api.challenge();
  if (credentials.kind === 'certificate') {
    // The XAdES libraries (xadesjs, xmldom, pkijs) are set up only on this way in: a Worker
    // signing in with a token never runs their code.
    const { signedAuthTokenRequest } = await import('./xades.ts');
    return api.authWithXades(
      await signedAuthTokenRequest(challenge.challenge, nip, credentials, new Date(clock.now())),
    );
  }
  const timestampMs = challenge.timestampMs ?? Date.parse(challenge.timestamp);
  const { publicKeyId, key } = await publicKey(api, 'KsefTokenEncryption', clock.now());
  const encrypted = await rsaOaepEncrypt(key, utf8(`${credentials.token}|${timestampMs}`));
  return api.authWithKsefToken({
    challenge: challenge.challenge,
    contextIdentifier: { type: 'Nip', value: nip },
    encryptedToken: toBase64(encrypted),
    publicKeyId,
  });
}

/** A full sign-in: challenge, token or signature, status until 200, tokens redeemed. */
export async function signIn(api: KsefApi, nip: string, credentials: Credentials, clock: Clock): Promise<Tokens> {
  let init: Awaited<ReturnType<typeof initiate>>;
  try {
    init = await initiate(api, nip, credentials, clock);
  } catch (error) {
    if (!(error instanceof KsefRefused && error.has(21470))) throw error;
    // The key was withdrawn (an emergency rotation): fetch the list again and retry once.
    forgetKeys(api.baseUrl);
    init = await initiate(api, nip, credentials, clock);
  }
  const started = clock.now();
  for (let wait = 200; ; wait = Math.min(wait * 2, 5000)) {
    const { status } = await api.authStatus(init.referenceNumber, init.authenticationToken.token);
    if (status.code === 200) break;
    if (status.code !== 100 || clock.now() - started > AUTH_WAIT_MS) throw new KsefAuthFailed(status);
    await clock.sleep(wait);
  }
  const { accessToken, refreshToken } = await api.redeem(init.authenticationToken.token);
  return {
    access: accessToken.token,
    accessUntil: Date.parse(accessToken.validUntil),
    refresh: refreshToken.token,
    refreshUntil: Date.parse(refreshToken.validUntil),
  };
}

/** An access token for `nip`: the kept one, refreshed, or from a new sign-in. */
export async function accessToken(api: KsefApi, nip: string, credentials: Credentials, clock: Clock): Promise<string> {
  const key = await keyOf(api, nip, credentials);
  const kept = sessions.get(key);
  const now = clock.now();
  if (kept && kept.accessUntil - MARGIN_MS > now) return kept.access;
  if (kept && kept.refreshUntil - MARGIN_MS > now) {
    try {
      const { accessToken } = await api.refresh(kept.refresh);
      kept.access = accessToken.token;
      kept.accessUntil = Date.parse(accessToken.validUntil);
      return kept.access;
    } catch (error) {
      if (!(error instanceof KsefRefused)) throw error;
      sessions.delete(key);
    }
  }
  const tokens = await signIn(api, nip, credentials, clock);
  sessions.set(key, tokens);
  return tokens.access;
}

/** Forgets the tokens kept for `nip` (KSeF answered 401: revoked or expired early). */
export async function forgetAccess(api: KsefApi, nip: string, credentials: Credentials): Promise<void> {
  sessions.delete(await keyOf(api, nip, credentials));
}
