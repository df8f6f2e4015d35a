/**
 * One KSeF of the stand-in: its own key pairs and certificates, tokens, sign-ins, sessions and
 * invoices, its limits and its switches. The server keeps a default one (`/v2`, for npm start)
 * and makes fresh ones for tests (`/t/<id>/v2`), so a test that switches KSeF off or rotates
 * its keys touches no other test.
 *
 * What it does as KSeF does (spec/*.md, spec/open-api.json): decrypts the token and the session
 * keys with its own private keys (RSA-OAEP SHA-256) and each invoice with the session's AES key,
 * checks the declared hashes and sizes, validates every invoice against the FA(3) schema,
 * refuses a seller's repeated type and number with 440 naming the original, gives KSeF numbers
 * with their CRC-8 and UPOs after the v4-3 schema, and answers 429 past the documented limits.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  constants,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { KSEF_LIMITS, type LimitGroup, nextSlot } from '../limits.ts';
import { ksefNumber, referenceNumber } from '../number.ts';
import { type Certified, selfSigned, sha256Base64 } from './certificates.ts';
import { unzip } from './unzip.ts';
import { type UpoDocument, upoXml } from './upo.ts';
import { validate } from './xsd.ts';
import { warsawDay } from '../../../../widgets/core/warsaw-time.ts';
import { SignatureError, type SignedRequest, verifyAuthTokenRequest } from './xades-verify.ts';

export type Usage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

interface Key extends Certified {
  usage: Usage;
  publicKeyId: string;
  certificateId: string;
  validFrom: Date;
  validTo: Date;
  /** Withdrawn (an emergency rotation): no longer listed, its id answered with 21470. */
  withdrawn: boolean;
}

export interface Status {
  code: number;
  description: string;
  details?: string[];
  extensions?: Record<string, string>;
}

interface AuthOperation {
  ref: string;
  token: string;
  nip: string;
  method: 'Token' | 'QualifiedSignature';
  status: Status;
  readyAt: number;
  redeemed: boolean;
  authentication: { tokenRef: string } | { documentHash: string };
}

interface Grant {
  nip: string;
  until: number;
  authRef: string;
}

export interface Invoice {
  ref: string;
  session: Session;
  ordinal: number;
  fileName?: string;
  invoiceHash: string;
  invoicingDate: string;
  status: Status;
  offline: boolean;
  number?: string;
  ksefNumber?: string;
  acquisitionDate?: string;
  upo?: string;
  upoId?: string;
}

export interface Session {
  ref: string;
  kind: 'online' | 'batch';
  nip: string;
  key: Buffer;
  iv: Buffer;
  status: Status;
  opened: string;
  updated: string;
  closed: boolean;
  offlineMode: boolean;
  invoices: Invoice[];
  authentication: AuthOperation['authentication'];
  batch?: {
    fileSize: number;
    fileHash: string;
    parts: { ordinalNumber: number; fileSize: number; fileHash: string }[];
  };
  uploads: Map<number, Buffer>;
  upo?: { ref: string; xml: string };
}

export interface Switches {
  /** Every API request answers 503: KSeF is down (offline mode). */
  unavailable: boolean;
  /** The next `times` requests of `group` answer 429 with `Retry-After: retryAfter`. */
  force429?: { group: LimitGroup; times: number; retryAfter: number } | undefined;
  /** The next `count` invoices fail semantic verification (450). */
  rejectNext: number;
  /** How long a sign-in stays "in progress" (100) before its result. */
  authDelayMs: number;
  /** How long an invoice waits before it is processed (its status 150 meanwhile). */
  processingDelayMs: number;
  /** How long an access token lives (KSeF: some minutes). */
  accessTtlMs: number;
}

/** A response of the API: status, JSON or text body, headers. */
export interface Answer {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export const exception = (status: number, code: number, description: string, details: string[] = []): Answer => ({
  status,
  json: {
    exception: {
      exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
      referenceNumber: randomBytes(16).toString('hex'),
      serviceCode: 'stand-in',
      serviceName: 'KSeF stand-in',
      timestamp: new Date().toISOString(),
    },
  },
});

const unauthorized = (): Answer => ({
  status: 401,
  json: { title: 'Unauthorized', status: 401, detail: 'Brak lub nieprawidłowy token dostępu.' },
  contentType: 'application/problem+json',
});

/** The calendar day in Warsaw (KSeF's dates are Polish ones). */
const day = (date = new Date()): string => warsawDay(date);
const hex = (bytes: number): string => randomBytes(bytes).toString('hex').toUpperCase();

const jwt = (secret: Buffer, payload: Record<string, unknown>): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

/** The fields of an FA(3) invoice KSeF reads for its checks. */
function invoiceFields(xml: string): { nip: string; type: string; number: string; issueDate: string } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml') as unknown as Node;
  const text = (path: string) => String(xpath.select(`string(${path})`, doc) ?? '').trim();
  return {
    nip: text("//*[local-name()='Podmiot1']/*[local-name()='DaneIdentyfikacyjne']/*[local-name()='NIP']"),
    type: text("//*[local-name()='Fa']/*[local-name()='RodzajFaktury']"),
    number: text("//*[local-name()='Fa']/*[local-name()='P_2']"),
    issueDate: text("//*[local-name()='Fa']/*[local-name()='P_1']"),
  };
}

export class Tenant {
  readonly keys: Key[] = [];
  readonly tokens = new Map<string, { nip: string | null; ref: string }>();
  readonly fingerprints = new Map<string, string>();
  readonly challenges = new Map<string, { timestampMs: number; used: boolean }>();
  readonly auths = new Map<string, AuthOperation>();
  readonly access = new Map<string, Grant>();
  readonly refresh = new Map<string, Grant>();
  readonly sessions = new Map<string, Session>();
  readonly invoices = new Map<string, Invoice>();
  readonly byKsefNumber = new Map<string, Invoice>();
  readonly upos = new Map<string, string>();
  /** Seller NIP + type + number → the accepted invoice (KSeF keeps it 10 years). */
  readonly accepted = new Map<string, Invoice>();
  readonly windows = new Map<string, number[]>();
  readonly counts = new Map<string, number>();
  readonly switches: Switches = {
    unavailable: false,
    rejectNext: 0,
    authDelayMs: 30,
    processingDelayMs: 20,
    accessTtlMs: 15 * 60_000,
  };
  private readonly secret = randomBytes(32);
  private work: Promise<void> = Promise.resolve();

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

  /** A KSeF token (for any context when `nip` is null). */
  addToken(nip: string | null): string {
    const ref = referenceNumber(day(), 'EC', hex(10));
    const token = `${ref}|${nip ? `nip-${nip}` : 'any'}|${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { nip, ref });
    return token;
  }

  private count(name: string): void {
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

  private tooMany(seconds: number): Answer {
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
  private keyFor(usage: Usage, publicKeyId: string | undefined | null): Key | Answer {
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

  private decryptRsa(key: KeyObject, base64: string): Buffer {
    return privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
  }

  challenge(clientIp: string): Answer {
    const now = new Date();
    const challenge = referenceNumber(day(now), 'CR', hex(10));
    this.challenges.set(challenge, { timestampMs: now.getTime(), used: false });
    return {
      status: 200,
      json: { challenge, timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp },
    };
  }

  private spendChallenge(challenge: string): { timestampMs: number } | Answer {
    const known = this.challenges.get(challenge);
    if (!known || known.used || Date.now() - known.timestampMs > 10 * 60_000)
      return exception(400, 21111, 'Nieprawidłowe wyzwanie autoryzacyjne.');
    known.used = true;
    return known;
  }

  private startAuth(
    nip: string,
    method: AuthOperation['method'],
    status: Status,
    authentication: AuthOperation['authentication'],
  ): Answer {
    const ref = referenceNumber(day(), 'AU', hex(10));
    const until = new Date(Date.now() + 60 * 60_000);
    const token = jwt(this.secret, {
      'token-type': 'OperationToken',
      'operation-reference-number': ref,
      exp: Math.floor(until.getTime() / 1000),
    });
    this.auths.set(ref, {
      ref,
      token,
      nip,
      method,
      status,
      readyAt: Date.now() + this.switches.authDelayMs,
      redeemed: false,
      authentication,
    });
    this.count(`auth ${method}`);
    return {
      status: 202,
      json: { referenceNumber: ref, authenticationToken: { token, validUntil: until.toISOString() } },
    };
  }

  authWithToken(body: {
    challenge: string;
    contextIdentifier: { type: string; value: string };
    encryptedToken: string;
    publicKeyId?: string | null;
  }): Answer {
    const key = this.keyFor('KsefTokenEncryption', body.publicKeyId);
    if ('status' in key) return key;
    const challenge = this.spendChallenge(body.challenge);
    if ('status' in challenge) return challenge;
    const nip = body.contextIdentifier.value;
    let plain: string;
    try {
      plain = this.decryptRsa(key.privateKey, body.encryptedToken).toString('utf8');
    } catch {
      return this.startAuth(
        nip,
        'Token',
        {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: ['Nieprawidłowy token'],
        },
        { tokenRef: '' },
      );
    }
    const cut = plain.lastIndexOf('|');
    const token = plain.slice(0, cut);
    const known = this.tokens.get(token);
    const failed = (detail: string) =>
      this.startAuth(
        nip,
        'Token',
        {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: [detail],
        },
        { tokenRef: known?.ref ?? '' },
      );
    if (Number(plain.slice(cut + 1)) !== challenge.timestampMs) return failed('Nieprawidłowy czas tokena');
    if (!known || body.contextIdentifier.type !== 'Nip' || (known.nip !== null && known.nip !== nip))
      return failed('Nieprawidłowy token');
    return this.startAuth(
      nip,
      'Token',
      { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' },
      { tokenRef: known.ref },
    );
  }

  async authWithSignature(xml: string): Promise<Answer> {
    let signed: SignedRequest;
    try {
      signed = verifyAuthTokenRequest(xml);
    } catch (error) {
      if (!(error instanceof SignatureError)) return exception(400, 21001, 'Nieczytelna treść.', [String(error)]);
      return this.startAuth(
        '',
        'QualifiedSignature',
        {
          code: 460,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędu certyfikatu',
          details: ['Niepoprawny certyfikat', error.message],
        },
        { documentHash: '' },
      );
    }
    const errors = (await validate('AUTH', [signed.unsigned]))[0] ?? [];
    if (errors.length) return exception(400, 21401, 'Dokument nie jest zgodny ze schemą (xsd).', errors);
    const challenge = this.spendChallenge(signed.challenge);
    if ('status' in challenge) return challenge;
    const allowed =
      signed.subjectType === 'certificateFingerprint'
        ? this.fingerprints.get(signed.fingerprint) === signed.contextNip
        : signed.certificateNip === signed.contextNip;
    return this.startAuth(
      signed.contextNip,
      'QualifiedSignature',
      allowed
        ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
        : {
            code: 415,
            description: 'Uwierzytelnianie zakończone niepowodzeniem',
            details: ['Brak przypisanych uprawnień'],
          },
      { documentHash: signed.documentHash },
    );
  }

  private operation(ref: string | undefined, authorization: string | undefined): AuthOperation | Answer {
    const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const operation = [...this.auths.values()].find((a) => a.token === token && (ref === undefined || a.ref === ref));
    if (!operation) return unauthorized();
    return operation;
  }

  authStatus(ref: string, authorization: string | undefined): Answer {
    const operation = this.operation(ref, authorization);
    if ('status' in operation && !('ref' in operation)) return operation;
    const op = operation as AuthOperation;
    const status = Date.now() < op.readyAt ? { code: 100, description: 'Uwierzytelnianie w toku' } : op.status;
    return {
      status: 200,
      json: {
        startDate: new Date().toISOString(),
        authenticationMethod: op.method,
        authenticationMethodInfo: {
          category: op.method === 'Token' ? 'Token' : 'XadesSignature',
          code: op.method,
          displayName: op.method,
        },
        status,
        isTokenRedeemed: op.redeemed,
      },
    };
  }

  private tokensFor(nip: string, authRef: string) {
    const accessUntil = new Date(Date.now() + this.switches.accessTtlMs);
    const refreshUntil = new Date(Date.now() + 7 * 86_400_000);
    const access = jwt(this.secret, {
      'token-type': 'ContextToken',
      'context-identifier-value': nip,
      nonce: hex(8),
      exp: Math.floor(accessUntil.getTime() / 1000),
    });
    this.access.set(access, { nip, until: accessUntil.getTime(), authRef });
    return { access, accessUntil, refreshUntil };
  }

  redeem(authorization: string | undefined): Answer {
    const operation = this.operation(undefined, authorization);
    if (!('ref' in operation)) return operation;
    if (operation.redeemed || operation.status.code !== 200 || Date.now() < operation.readyAt)
      return exception(400, 21301, 'Brak autoryzacji.', [
        `Tokeny dla operacji uwierzytelniania ${operation.ref} zostały już pobrane.`,
      ]);
    operation.redeemed = true;
    const { access, accessUntil, refreshUntil } = this.tokensFor(operation.nip, operation.ref);
    const refresh = jwt(this.secret, {
      'token-type': 'RefreshToken',
      ref: operation.ref,
      exp: Math.floor(refreshUntil.getTime() / 1000),
    });
    this.refresh.set(refresh, { nip: operation.nip, until: refreshUntil.getTime(), authRef: operation.ref });
    this.count('redeem');
    return {
      status: 200,
      json: {
        accessToken: { token: access, validUntil: accessUntil.toISOString() },
        refreshToken: { token: refresh, validUntil: refreshUntil.toISOString() },
      },
    };
  }

  refreshAccess(authorization: string | undefined): Answer {
    const grant = this.refresh.get(authorization?.replace(/^Bearer\s+/i, '') ?? '');
    if (!grant || grant.until < Date.now()) return unauthorized();
    const { access, accessUntil } = this.tokensFor(grant.nip, grant.authRef);
    this.count('refresh');
    return { status: 200, json: { accessToken: { token: access, validUntil: accessUntil.toISOString() } } };
  }

  private newSession(
    kind: 'online' | 'batch',
    grant: Grant,
    encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string | null },
    offlineMode: boolean,
  ): Session | Answer {
    const key = this.keyFor('SymmetricKeyEncryption', encryption.publicKeyId);
    if ('status' in key) return key;
    const iv = Buffer.from(encryption.initializationVector, 'base64');
    let aes: Buffer;
    try {
      aes = this.decryptRsa(key.privateKey, encryption.encryptedSymmetricKey);
    } catch {
      aes = Buffer.alloc(0);
    }
    const now = new Date().toISOString();
    const auth = this.auths.get(grant.authRef);
    const session: Session = {
      ref: referenceNumber(day(), kind === 'online' ? 'SO' : 'SB', hex(10)),
      kind,
      nip: grant.nip,
      key: aes,
      iv,
      status:
        aes.length === 32 && iv.length === 16
          ? { code: 100, description: kind === 'online' ? 'Sesja interaktywna otwarta' : 'Sesja wsadowa rozpoczęta' }
          : { code: 415, description: 'Błąd odszyfrowania dostarczonego klucza' },
      opened: now,
      updated: now,
      closed: false,
      offlineMode,
      invoices: [],
      authentication: auth?.authentication ?? { tokenRef: '' },
      uploads: new Map(),
    };
    this.sessions.set(session.ref, session);
    this.count(`open ${kind}`);
    return session;
  }

  openOnline(
    grant: Grant,
    body: { encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string | null } },
  ): Answer {
    const session = this.newSession('online', grant, body.encryption, false);
    if (!('ref' in session)) return session;
    const validUntil = new Date(Date.now() + 12 * 3_600_000).toISOString();
    return { status: 201, json: { referenceNumber: session.ref, validUntil } };
  }

  private ownSession(ref: string, grant: Grant): Session | Answer {
    const session = this.sessions.get(ref);
    if (!session || session.nip !== grant.nip)
      return exception(400, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
        `Sesja o numerze referencyjnym ${ref} nie została odnaleziona.`,
      ]);
    return session;
  }

  sendOnline(
    grant: Grant,
    ref: string,
    body: {
      invoiceHash: string;
      invoiceSize: number;
      encryptedInvoiceHash: string;
      encryptedInvoiceSize: number;
      encryptedInvoiceContent: string;
      offlineMode?: boolean;
    },
  ): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.kind !== 'online' || session.closed || session.status.code !== 100)
      return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.status.code} uniemożliwia wysyłkę faktur.`,
      ]);
    if (session.invoices.length >= 10_000)
      return exception(400, 21155, 'Przekroczono dozwoloną liczbę faktur w sesji.', [
        `Sesja o numerze referencyjnym ${ref} osiągnęła dozwolony limit liczby faktur 10000.`,
      ]);
    const encrypted = Buffer.from(body.encryptedInvoiceContent, 'base64');
    if (encrypted.length !== body.encryptedInvoiceSize)
      return exception(400, 21402, 'Nieprawidłowy rozmiar pliku.', [
        'Długość treści nie zgadza się z rozmiarem pliku.',
      ]);
    if (sha256Base64(encrypted) !== body.encryptedInvoiceHash)
      return exception(400, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    const invoice = this.newInvoice(session, body.invoiceHash, Boolean(body.offlineMode));
    let plain: Buffer | undefined;
    try {
      const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
      plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    } catch {
      invoice.status = { code: 435, description: 'Błąd odszyfrowania pliku' };
    }
    if (plain && (plain.length !== body.invoiceSize || sha256Base64(plain) !== body.invoiceHash)) {
      invoice.status = {
        code: 430,
        description: 'Błąd weryfikacji pliku faktury',
        details: ['Skrót lub rozmiar faktury nie zgadza się z treścią.'],
      };
      plain = undefined;
    }
    if (plain) {
      this.enqueue([{ invoice, xml: plain }]);
    }
    this.count('send invoice');
    return { status: 202, json: { referenceNumber: invoice.ref } };
  }

  private newInvoice(session: Session, invoiceHash: string, offline: boolean, fileName?: string): Invoice {
    const invoice: Invoice = {
      ref: referenceNumber(day(), 'EE', hex(10)),
      session,
      ordinal: session.invoices.length + 1,
      invoiceHash,
      invoicingDate: new Date().toISOString(),
      status: { code: 150, description: 'Trwa przetwarzanie' },
      offline,
      ...(fileName ? { fileName } : {}),
    };
    session.invoices.push(invoice);
    session.updated = invoice.invoicingDate;
    this.invoices.set(invoice.ref, invoice);
    return invoice;
  }

  /** Invoices taken and not yet processed: processed together (one schema pass), in order. */
  private pending: { invoice: Invoice; xml: Buffer }[] = [];
  private draining = false;

  private enqueue(items: { invoice: Invoice; xml: Buffer }[]): void {
    this.pending.push(...items);
    if (this.draining) return;
    this.draining = true;
    this.work = (async () => {
      try {
        while (this.pending.length) {
          if (this.switches.processingDelayMs) await new Promise((r) => setTimeout(r, this.switches.processingDelayMs));
          const batch = this.pending.splice(0, 2_000);
          await this.process(batch);
        }
      } catch (error) {
        console.error('KSeF stand-in: processing failed', error);
      } finally {
        this.draining = false;
      }
    })();
  }

  /** Verification and numbering, as KSeF does after it took invoices (one schema pass for all). */
  private async process(items: { invoice: Invoice; xml: Buffer }[]): Promise<void> {
    const texts = items.map(({ xml }) => xml.toString('utf8'));
    const errors = await validate('FA3', texts);
    items.forEach(({ invoice, xml }, i) => {
      const text = texts[i] as string;
      const schemaErrors = errors[i] ?? [];
      if (xml[0] === 0xef && xml[1] === 0xbb && xml[2] === 0xbf) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Faktura zawiera znak BOM.'],
        };
        return;
      }
      if (schemaErrors.length) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: schemaErrors.slice(0, 5),
        };
        return;
      }
      const fields = invoiceFields(text);
      invoice.number = fields.number;
      if (fields.nip !== invoice.session.nip) {
        invoice.status = { code: 410, description: 'Nieprawidłowy zakres uprawnień' };
        return;
      }
      if (fields.issueDate > day()) {
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Data wystawienia faktury (P_1) jest późniejsza niż data jej przyjęcia.'],
        };
        return;
      }
      const unique = `${fields.nip}|${fields.type}|${fields.number}`;
      const original = this.accepted.get(unique);
      if (original?.ksefNumber) {
        invoice.status = {
          code: 440,
          description: 'Duplikat faktury',
          details: [
            `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.session.ref}`,
          ],
          extensions: { originalSessionReferenceNumber: original.session.ref, originalKsefNumber: original.ksefNumber },
        };
        this.count('duplicate');
        return;
      }
      if (this.switches.rejectNext > 0) {
        this.switches.rejectNext--;
        invoice.status = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Odrzucona na życzenie testu.'],
        };
        return;
      }
      const now = new Date();
      invoice.ksefNumber = ksefNumber(fields.nip, day(now), hex(6));
      invoice.acquisitionDate = now.toISOString();
      invoice.status = { code: 200, description: 'Sukces' };
      const document: UpoDocument = {
        sellerNip: fields.nip,
        ksefNumber: invoice.ksefNumber,
        invoiceNumber: fields.number,
        issueDate: fields.issueDate,
        sentAt: invoice.invoicingDate,
        acquiredAt: invoice.acquisitionDate,
        hash: invoice.invoiceHash,
        offline: invoice.offline || fields.issueDate < day(now),
      };
      invoice.upo = upoXml({
        sessionRef: invoice.session.ref,
        contextNip: invoice.session.nip,
        authentication: invoice.session.authentication,
        documents: [document],
      });
      invoice.upoId = randomBytes(12).toString('hex');
      this.upos.set(invoice.upoId, invoice.upo);
      this.accepted.set(unique, invoice);
      this.byKsefNumber.set(invoice.ksefNumber, invoice);
      this.count('accepted');
    });
    for (const session of new Set(items.map(({ invoice }) => invoice.session))) this.settle(session);
  }

  /** A closed session whose invoices are all processed gets its final status and its UPO. */
  private settle(session: Session): void {
    if (!session.closed || session.status.code >= 200) return;
    if (session.invoices.some((i) => i.status.code < 200)) return;
    const good = session.invoices.filter((i) => i.status.code === 200);
    session.updated = new Date().toISOString();
    if (!session.invoices.length) {
      session.status = { code: 440, description: 'Sesja anulowana', details: ['Nie przesłano faktur'] };
      return;
    }
    if (!good.length) {
      session.status = { code: 445, description: 'Błąd weryfikacji, brak poprawnych faktur' };
      return;
    }
    session.status = {
      code: 200,
      description:
        session.kind === 'online'
          ? 'Sesja interaktywna przetworzona pomyślnie'
          : 'Sesja wsadowa przetworzona pomyślnie',
    };
    const documents = good.map((i) => {
      const fields = {
        sellerNip: session.nip,
        ksefNumber: i.ksefNumber as string,
        invoiceNumber: i.number ?? '',
        hash: i.invoiceHash,
      };
      return {
        ...fields,
        issueDate: /<DataWystawieniaFaktury>([^<]+)</.exec(i.upo ?? '')?.[1] ?? day(),
        sentAt: i.invoicingDate,
        acquiredAt: i.acquisitionDate as string,
        offline: i.offline,
      };
    });
    session.upo = {
      ref: referenceNumber(day(), 'EU', hex(10)),
      xml: upoXml({
        sessionRef: session.ref,
        contextNip: session.nip,
        authentication: session.authentication,
        documents,
      }),
    };
  }

  closeOnline(grant: Grant, ref: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.kind !== 'online' || session.closed)
      return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.status.code} uniemożliwia jej zamknięcie.`,
      ]);
    session.closed = true;
    if (session.status.code === 100) session.status = { code: 170, description: 'Sesja interaktywna zamknięta' };
    this.settle(session);
    this.count('close online');
    return { status: 204 };
  }

  openBatch(
    grant: Grant,
    body: {
      batchFile: {
        fileSize: number;
        fileHash: string;
        fileParts: { ordinalNumber: number; fileSize: number; fileHash: string }[];
      };
      encryption: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string | null };
      offlineMode?: boolean;
    },
  ): Answer {
    if (body.batchFile.fileParts.length > 50)
      return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Maksymalna liczba części to 50.']);
    const session = this.newSession('batch', grant, body.encryption, Boolean(body.offlineMode));
    if (!('ref' in session)) return session;
    session.batch = {
      fileSize: body.batchFile.fileSize,
      fileHash: body.batchFile.fileHash,
      parts: body.batchFile.fileParts,
    };
    return {
      status: 201,
      json: {
        referenceNumber: session.ref,
        partUploadRequests: body.batchFile.fileParts.map((part) => ({
          ordinalNumber: part.ordinalNumber,
          method: 'PUT',
          url: `${this.storageUrl}/${session.ref.toLowerCase()}/batch-parts/${part.ordinalNumber}?sig=${hex(16)}`,
          headers: { 'x-ms-blob-type': 'BlockBlob' },
        })),
      },
    };
  }

  /** `PUT` of a batch part to its upload address (no access token: the address is the key). */
  upload(sessionRef: string, ordinal: number, bytes: Buffer, blobType: string | undefined): Answer {
    const session = [...this.sessions.values()].find((s) => s.ref.toLowerCase() === sessionRef);
    if (!session?.batch || session.closed || !session.batch.parts.some((p) => p.ordinalNumber === ordinal))
      return { status: 403, text: 'AuthorizationFailure' };
    if (blobType !== 'BlockBlob') return { status: 400, text: 'MissingRequiredHeader x-ms-blob-type' };
    session.uploads.set(ordinal, bytes);
    this.count('upload part');
    return { status: 201 };
  }

  closeBatch(grant: Grant, ref: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.kind !== 'batch' || session.closed)
      return exception(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${session.status.code} uniemożliwia jej zamknięcie.`,
      ]);
    session.closed = true;
    this.count('close batch');
    if (session.status.code !== 100) return { status: 204 };
    session.status = { code: 150, description: 'Trwa przetwarzanie' };
    void this.processBatch(session);
    return { status: 204 };
  }

  private async processBatch(session: Session): Promise<void> {
    if (this.switches.processingDelayMs) await new Promise((r) => setTimeout(r, this.switches.processingDelayMs));
    const batch = session.batch;
    if (!batch) return;
    const fail = (code: number, description: string) => {
      session.status = { code, description };
    };
    const parts: Buffer[] = [];
    for (const part of [...batch.parts].sort((a, b) => a.ordinalNumber - b.ordinalNumber)) {
      const bytes = session.uploads.get(part.ordinalNumber);
      if (!bytes || bytes.length !== part.fileSize || sha256Base64(bytes) !== part.fileHash)
        return fail(405, 'Błąd weryfikacji poprawności dostarczonych elementów paczki');
      try {
        const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
        parts.push(Buffer.concat([decipher.update(bytes), decipher.final()]));
      } catch {
        return fail(435, 'Błąd odszyfrowania zaszyfrowanych części archiwum');
      }
    }
    const archive = Buffer.concat(parts);
    if (archive.length !== batch.fileSize || sha256Base64(archive) !== batch.fileHash)
      return fail(405, 'Błąd weryfikacji poprawności dostarczonych elementów paczki');
    let files: { name: string; data: Buffer }[];
    try {
      files = unzip(archive);
    } catch {
      return fail(430, 'Błąd dekompresji pierwotnego archiwum');
    }
    if (files.length > 10_000) return fail(420, 'Przekroczony limit faktur w sesji');
    const items = files.map((file) => ({
      invoice: this.newInvoice(session, sha256Base64(file.data), session.offlineMode, file.name),
      xml: file.data,
    }));
    this.enqueue(items);
  }

  sessionStatus(grant: Grant, ref: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const good = session.invoices.filter((i) => i.status.code === 200).length;
    const failed = session.invoices.filter((i) => i.status.code >= 400).length;
    return {
      status: 200,
      json: {
        status: session.status,
        dateCreated: session.opened,
        dateUpdated: session.updated,
        ...(session.upo
          ? {
              upo: {
                pages: [
                  {
                    referenceNumber: session.upo.ref,
                    downloadUrl: `${this.baseUrl}/sessions/${session.ref}/upo/${session.upo.ref}`,
                    downloadUrlExpirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
                  },
                ],
              },
            }
          : {}),
        invoiceCount: session.invoices.length,
        successfulInvoiceCount: good,
        failedInvoiceCount: failed,
      },
    };
  }

  private invoiceJson(invoice: Invoice) {
    return {
      ordinalNumber: invoice.ordinal,
      ...(invoice.number ? { invoiceNumber: invoice.number } : {}),
      ...(invoice.ksefNumber ? { ksefNumber: invoice.ksefNumber } : {}),
      referenceNumber: invoice.ref,
      invoiceHash: invoice.invoiceHash,
      ...(invoice.fileName ? { invoiceFileName: invoice.fileName } : {}),
      ...(invoice.acquisitionDate ? { acquisitionDate: invoice.acquisitionDate } : {}),
      invoicingDate: invoice.invoicingDate,
      ...(invoice.upoId
        ? {
            upoDownloadUrl: `${this.storageUrl}/invoice-upo/${invoice.upoId}.xml`,
            upoDownloadUrlExpirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          }
        : {}),
      invoicingMode: invoice.offline ? 'Offline' : 'Online',
      status: invoice.status,
    };
  }

  sessionInvoices(grant: Grant, ref: string, pageSize: number, continuation: string | undefined): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const size = Math.min(1000, Math.max(10, pageSize || 10));
    const from = continuation ? Number(Buffer.from(continuation, 'base64').toString('utf8')) : 0;
    if (!Number.isInteger(from) || from < 0)
      return exception(400, 21418, 'Przekazany token kontynuacji ma nieprawidłowy format.');
    const page = session.invoices.slice(from, from + size);
    const next = from + size < session.invoices.length ? Buffer.from(String(from + size)).toString('base64') : null;
    return {
      status: 200,
      json: { ...(next ? { continuationToken: next } : {}), invoices: page.map((i) => this.invoiceJson(i)) },
    };
  }

  sessionInvoice(grant: Grant, ref: string, invoiceRef: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const invoice = session.invoices.find((i) => i.ref === invoiceRef);
    if (!invoice) return exception(400, 21405, 'Błąd walidacji danych wejściowych.', ['Nie znaleziono faktury.']);
    return { status: 200, json: this.invoiceJson(invoice) };
  }

  invoiceUpo(grant: Grant, ref: string, ksefNumberValue: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    const invoice = session.invoices.find((i) => i.ksefNumber === ksefNumberValue);
    if (!invoice?.upo)
      return exception(400, 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [
        `UPO o numerze KSeF ${ksefNumberValue} i numerze referencyjnym sesji ${ref} nie zostało znalezione.`,
      ]);
    return {
      status: 200,
      text: invoice.upo,
      contentType: 'application/xml',
      headers: { 'x-ms-meta-hash': sha256Base64(Buffer.from(invoice.upo)) },
    };
  }

  sessionUpo(grant: Grant, ref: string, upoRef: string): Answer {
    const session = this.ownSession(ref, grant);
    if (!('ref' in session)) return session;
    if (session.upo?.ref !== upoRef) return exception(400, 21178, 'Nie znaleziono UPO dla podanych kryteriów.');
    return { status: 200, text: session.upo.xml, contentType: 'application/xml' };
  }

  /** An invoice UPO's download link (no access token, no limits). */
  download(upoId: string): Answer {
    const upo = this.upos.get(upoId);
    return upo
      ? {
          status: 200,
          text: upo,
          contentType: 'application/xml',
          headers: { 'x-ms-meta-hash': sha256Base64(Buffer.from(upo)) },
        }
      : { status: 404, text: 'BlobNotFound' };
  }

  /** What a test asserts on: every invoice KSeF accepted, and the counters. */
  report() {
    return {
      accepted: [...this.accepted.values()].map((i) => ({
        ksefNumber: i.ksefNumber,
        number: i.number,
        nip: i.session.nip,
        session: i.session.ref,
        offline: i.offline,
      })),
      invoices: [...this.invoices.values()].map((i) => ({
        ref: i.ref,
        session: i.session.ref,
        code: i.status.code,
        number: i.number,
      })),
      sessions: [...this.sessions.values()].map((s) => ({
        ref: s.ref,
        kind: s.kind,
        code: s.status.code,
        invoices: s.invoices.length,
      })),
      counts: Object.fromEntries(this.counts),
    };
  }

  /** Waits until every invoice taken so far is processed. */
  async idle(): Promise<void> {
    while (this.draining || this.pending.length) await this.work;
  }
}

/** Encrypts like a client (for the stand-in's own tests). */
export function aesEncryptNode(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
