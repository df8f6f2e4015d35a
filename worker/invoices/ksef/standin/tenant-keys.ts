/**
 * A stand-in KSeF's own keys, tokens and limits: its key pairs and certificates (listed, rotated,
 * withdrawn), the KSeF tokens it issued, the access grants, the per-context request limits, the
 * switches a test turns and the counters it reads. The sign-ins build on it (tenant-auth.ts).
 */
import { constants, type KeyObject, privateDecrypt, randomBytes } from 'node:crypto';
import { KSEF_LIMITS, type LimitGroup, nextSlot } from '../limits.ts';
import { referenceNumber } from '../number.ts';
import { selfSigned, sha256Base64 } from './certificates.ts';
import {
  type Answer,
  day,
  exception,
  type Grant,
  hex,
  type Key,
  type Switches,
  type Usage,
  unauthorized,
} from './tenant-types.ts';

export class TenantKeys {
  readonly keys: Key[] = [];
  readonly tokens = new Map<string, { nip: string | null; ref: string; permissions: string[] }>();
  readonly fingerprints = new Map<string, string>();
  readonly access = new Map<string, Grant>();
  readonly windows = new Map<string, number[]>();
  readonly counts = new Map<string, number>();
  readonly switches: Switches = {
    unavailable: false,
    rejectNext: 0,
    authDelayMs: 30,
    processingDelayMs: 20,
    accessTtlMs: 15 * 60_000,
  };

  constructor(
    readonly id: string,
    /** The API's base as clients see it, e.g. `http://127.0.0.1:9130/t/ab12/v2`. */
    readonly baseUrl: string,
    /** Where uploads and downloads go, e.g. `http://127.0.0.1:9130/storage/ab12`. */
    readonly storageUrl: string,
  ) {
    this.addKeys(new Date(Date.now() - 86_400_000));
  }

  /** A new key pair and certificate for each usage, valid from `from`. */
  addKeys(from: Date): void {
    for (const usage of ['KsefTokenEncryption', 'SymmetricKeyEncryption'] as const) {
      const certified = selfSigned(
        [
          ['2.5.4.6', 'PL'],
          ['2.5.4.10', 'Ministerstwo Finansów (stand-in)'],
          ['2.5.4.3', 'Ministerstwo Finansów'],
        ],
        { validFrom: from, validTo: new Date(from.getTime() + 2 * 365 * 86_400_000) },
      );
      this.keys.push({
        ...certified,
        usage,
        publicKeyId: sha256Base64(certified.spki),
        certificateId: sha256Base64(certified.der),
        validFrom: from,
        validTo: new Date(from.getTime() + 2 * 365 * 86_400_000),
        withdrawn: false,
      });
    }
  }

  /** A rotation: new keys; an emergency one withdraws the old ones (their ids answer 21470). */
  rotateKeys(emergency: boolean): void {
    if (emergency) for (const key of this.keys) key.withdrawn = true;
    // An emergency's new keys hold from now (a minute back, for clocks that differ a little);
    // a planned rotation publishes the next keys a day ahead.
    this.addKeys(new Date(Date.now() + (emergency ? -60_000 : 86_400_000)));
  }

  /** A KSeF token (for any context when `nip` is null) with its permissions (`POST /tokens`: InvoiceWrite, InvoiceRead …). */
  addToken(nip: string | null, permissions: string[] = ['InvoiceWrite', 'InvoiceRead']): string {
    const ref = referenceNumber(day(), 'EC', hex(10));
    const token = `${ref}|${nip ? `nip-${nip}` : 'any'}|${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { nip, ref, permissions });
    return token;
  }

  protected count(name: string): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** The limits (per context), and the 429s a test asked for. */
  limit(group: LimitGroup, context: string): Answer | undefined {
    const forced = this.switches.force429;
    if (forced && forced.group === group && forced.times > 0) {
      forced.times--;
      this.count(`429 ${group}`);
      return this.tooMany(forced.retryAfter);
    }
    const key = `${context}|${group}`;
    const times = this.windows.get(key) ?? [];
    const now = Date.now();
    const at = nextSlot(times, KSEF_LIMITS[group], now);
    if (at > now) {
      this.count(`429 ${group}`);
      return this.tooMany(Math.ceil((at - now) / 1000));
    }
    times.push(now);
    this.windows.set(
      key,
      times.filter((t) => t > now - 3_600_000),
    );
    return undefined;
  }

  protected tooMany(seconds: number): Answer {
    return {
      status: 429,
      headers: { 'retry-after': String(seconds) },
      json: {
        status: {
          code: 429,
          description: 'Too Many Requests',
          details: [`Przekroczono limit żądań. Spróbuj ponownie po ${seconds} sekundach.`],
        },
      },
    };
  }

  /** The grant of an access token (`Authorization: Bearer …`), or why not. */
  grant(authorization: string | undefined): Grant | Answer {
    const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const grant = this.access.get(token);
    if (!grant || grant.until < Date.now()) return unauthorized();
    return grant;
  }

  listKeys(counted = true): Answer {
    if (counted) this.count('public keys');
    const now = Date.now();
    return {
      status: 200,
      json: this.keys
        .filter((k) => !k.withdrawn && k.validTo.getTime() > now)
        .map((k) => ({
          certificate: k.der.toString('base64'),
          certificateId: k.certificateId,
          publicKeyId: k.publicKeyId,
          validFrom: k.validFrom.toISOString(),
          validTo: k.validTo.toISOString(),
          usage: [k.usage],
        })),
    };
  }

  /** The key a client names for `usage` (its current one when it names none), or 21470. */
  protected keyFor(usage: Usage, publicKeyId: string | undefined | null): Key | Answer {
    const key = publicKeyId
      ? this.keys.find((k) => k.publicKeyId === publicKeyId && k.usage === usage)
      : this.keys.filter((k) => k.usage === usage && !k.withdrawn).at(-1);
    if (!key || key.withdrawn) {
      this.count('21470');
      return exception(400, 21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.', [
        `Klucz o identyfikatorze ${publicKeyId} nie jest wspierany.`,
      ]);
    }
    return key;
  }

  protected decryptRsa(key: KeyObject, base64: string): Buffer {
    return privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
  }
}
