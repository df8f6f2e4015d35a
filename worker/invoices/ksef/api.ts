/**
 * The HTTP client of KSeF API 2.0 (spec/open-api.json): one method per endpoint the sender
 * uses, JSON in and out, the documented error shapes turned into typed errors:
 *  - `KsefRefused` — a 4xx with the codes KSeF named: every request asks for Problem Details
 *    (`X-Error-Format: problem-details`, `errors[].code`), and the deprecated `ExceptionResponse`
 *    (`exception.exceptionDetailList[].exceptionCode`) is still read, so 21470 (unknown or
 *    withdrawn public key), 21180 (the session's status does not allow it) … are found in either;
 *  - `KsefRateLimited` — 429 with its `Retry-After` (seconds);
 *  - `KsefUnavailable` — no answer, a timeout, or a 5xx: KSeF is down (offline mode).
 * The base URL is configuration (`KSEF_API_URL`: production `https://api.ksef.mf.gov.pl/v2`,
 * locally the stand-in); nothing here knows a real address.
 */
import type { FileMeta } from './crypto.ts';

export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export class KsefError extends Error {}

/** KSeF refused the request (4xx), with the exception codes it named. */
export class KsefRefused extends KsefError {
  constructor(
    readonly status: number,
    readonly codes: number[],
    readonly details: string[],
    message: string,
  ) {
    super(message);
  }
  has = (code: number): boolean => this.codes.includes(code);
}

/** 429: KSeF's limit for this context and address is used up; `retryAfter` seconds to wait. */
export class KsefRateLimited extends KsefError {
  constructor(
    readonly retryAfter: number,
    readonly path: string,
  ) {
    super(`KSeF 429 on ${path}: retry after ${retryAfter} s`);
  }
}

/** KSeF did not answer, answered too late or with a 5xx. */
export class KsefUnavailable extends KsefError {}

/** `Retry-After` in seconds (a number or an HTTP date); 30 s when KSeF gave neither. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number {
  if (value && /^\d+$/.test(value.trim())) return Number(value.trim());
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - now) / 1000)) : 30;
}

export interface StatusInfo {
  code: number;
  description: string;
  details?: string[] | null;
  extensions?: Record<string, string | null> | null;
}

export interface TokenInfo {
  token: string;
  validUntil: string;
}

export interface PublicKeyCertificate {
  certificate: string;
  certificateId: string;
  publicKeyId: string;
  validFrom: string;
  validTo: string;
  usage: ('KsefTokenEncryption' | 'SymmetricKeyEncryption')[];
}

export interface Challenge {
  challenge: string;
  timestamp: string;
  timestampMs: number;
}

export interface AuthInit {
  referenceNumber: string;
  authenticationToken: TokenInfo;
}

export interface Encryption {
  encryptedSymmetricKey: string;
  initializationVector: string;
  publicKeyId?: string;
}

/** FA(3) as the session's form code (OpenOnlineSessionRequest.formCode). */
export const FA3_FORM_CODE = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

export interface SendInvoice {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  encryptedInvoiceContent: string;
  offlineMode: boolean;
  hashOfCorrectedInvoice?: string;
}

export interface PartUploadRequest {
  ordinalNumber: number;
  method: string;
  url: string;
  headers: Record<string, string | null>;
}

export interface SessionStatus {
  status: StatusInfo;
  invoiceCount?: number | null;
  successfulInvoiceCount?: number | null;
  failedInvoiceCount?: number | null;
}

export interface SessionInvoice {
  ordinalNumber: number;
  invoiceNumber?: string | null;
  ksefNumber?: string | null;
  referenceNumber: string;
  invoiceHash: string;
  invoiceFileName?: string | null;
  acquisitionDate?: string | null;
  upoDownloadUrl?: string | null;
  invoicingMode?: 'Online' | 'Offline' | null;
  status: StatusInfo;
}

/** One warning of `X-System-Warning` (`[code]: message | [code]: message`, ASCII-folded). */
export interface SystemWarning {
  code: string;
  message: string;
}

/** The warnings of an `X-System-Warning` header, by the OpenAPI's regex of one warning. */
export function systemWarnings(header: string | null): SystemWarning[] {
  if (!header) return [];
  return [...header.matchAll(/\[([^\]]+)\]: ([^|]+)/g)].map((m) => ({
    code: (m[1] as string).trim(),
    message: (m[2] as string).trim(),
  }));
}

/** The codes, descriptions and details of a 4xx body: Problem Details or the deprecated ExceptionResponse. */
export function refusalOf(text: string): { codes: number[]; details: string[]; description: string } {
  let body: {
    errors?: { code?: number; description?: string; details?: string[] | null }[];
    exception?: {
      exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string; details?: string[] | null }[];
    };
    detail?: string;
    title?: string;
    reasonCode?: string;
  };
  try {
    body = JSON.parse(text);
  } catch {
    return { codes: [], details: [], description: text.slice(0, 300) };
  }
  const list = [
    ...(Array.isArray(body?.errors) ? body.errors : []).map((e) => ({
      code: e.code,
      description: e.description,
      details: e.details,
    })),
    ...(body?.exception?.exceptionDetailList ?? []).map((e) => ({
      code: e.exceptionCode,
      description: e.exceptionDescription,
      details: e.details,
    })),
  ];
  return {
    codes: list.map((e) => Number(e.code)).filter(Number.isFinite),
    details: list.flatMap((e) => e.details ?? []),
    description:
      list
        .map((e) => e.description)
        .filter(Boolean)
        .join('; ') ||
      [body?.detail, body?.reasonCode].filter(Boolean).join(' — ') ||
      body?.title ||
      '',
  };
}

export interface KsefApiOptions {
  /** KSEF_API_URL: the API's base, e.g. `https://api.ksef.mf.gov.pl/v2`. */
  baseUrl: string;
  fetch?: Fetch | undefined;
  /** Give up on one request after this long (ms); default 30 000. */
  timeoutMs?: number | undefined;
  /** Told the warnings of every answer that carries `X-System-Warning` (the sender logs and keeps them). */
  onWarning?: ((warnings: SystemWarning[], path: string) => void) | undefined;
}

interface Call {
  token?: string | undefined;
  json?: unknown;
  xml?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

/** The KSeF API 2.0 client. */
export class KsefApi {
  readonly baseUrl: string;
  private readonly fetcher: Fetch;
  private readonly timeoutMs: number;
  private readonly onWarning: ((warnings: SystemWarning[], path: string) => void) | undefined;

  constructor(options: KsefApiOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetcher = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.onWarning = options.onWarning;
  }

  /** One request; the answer's JSON (or text for XML), or a typed error. */
  private async call(method: string, path: string, call: Call = {}): Promise<Response> {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {
      accept: 'application/json',
      // Errors as Problem Details (`errors[].code`): the ExceptionResponse is deprecated.
      'x-error-format': 'problem-details',
      ...call.headers,
    };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.xml !== undefined) {
      headers['content-type'] = 'application/xml';
      body = call.xml;
    }
    return this.exchange(url.toString(), { method, headers, ...(body === undefined ? {} : { body }) }, path);
  }

  private async exchange(url: string, init: RequestInit, path: string): Promise<Response> {
    let response: Response | undefined;
    // A connection dropped at once (a kept-alive one the other side had closed) is tried again,
    // once; a timeout is not. Sending an invoice twice is safe: KSeF answers a repeat with 440.
    for (let attempt = 0; !response; attempt++) {
      try {
        response = await this.fetcher(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (cause) {
        const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
        if (attempt > 0 || timedOut)
          throw new KsefUnavailable(`KSeF did not answer ${init.method} ${path}: ${String(cause)}`);
      }
    }
    const warnings = systemWarnings(response.headers.get('x-system-warning'));
    if (warnings.length) this.onWarning?.(warnings, path);
    if (response.ok) return response;
    if (response.status === 429) {
      await response.body?.cancel();
      throw new KsefRateLimited(retryAfterSeconds(response.headers.get('retry-after')), path);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new KsefUnavailable(`KSeF answered ${response.status} to ${init.method} ${path}`);
    }
    const { codes, details, description } = refusalOf(await response.text());
    throw new KsefRefused(
      response.status,
      codes,
      details,
      `KSeF ${response.status} on ${init.method} ${path}: ${[codes.join(','), description, ...details].filter(Boolean).join(' — ')}`,
    );
  }

  private async json<T>(method: string, path: string, call?: Call): Promise<T> {
    const response = await this.call(method, path, call);
    return (await response.json()) as T;
  }

  publicKeyCertificates = (): Promise<PublicKeyCertificate[]> => this.json('GET', '/security/public-key-certificates');

  challenge = (): Promise<Challenge> => this.json('POST', '/auth/challenge');

  authWithKsefToken = (body: {
    challenge: string;
    contextIdentifier: { type: 'Nip'; value: string };
    encryptedToken: string;
    publicKeyId: string;
  }): Promise<AuthInit> => this.json('POST', '/auth/ksef-token', { json: body });

  authWithXades = (signedXml: string): Promise<AuthInit> =>
    this.json('POST', '/auth/xades-signature', { xml: signedXml });

  authStatus = (referenceNumber: string, authenticationToken: string): Promise<{ status: StatusInfo }> =>
    this.json('GET', `/auth/${encodeURIComponent(referenceNumber)}`, { token: authenticationToken });

  redeem = (authenticationToken: string): Promise<{ accessToken: TokenInfo; refreshToken: TokenInfo }> =>
    this.json('POST', '/auth/token/redeem', { token: authenticationToken });

  refresh = (refreshToken: string): Promise<{ accessToken: TokenInfo }> =>
    this.json('POST', '/auth/token/refresh', { token: refreshToken });

  openOnlineSession = (
    token: string,
    encryption: Encryption,
  ): Promise<{ referenceNumber: string; validUntil: string }> =>
    this.json('POST', '/sessions/online', { token, json: { formCode: FA3_FORM_CODE, encryption } });

  sendOnlineInvoice = (token: string, session: string, body: SendInvoice): Promise<{ referenceNumber: string }> =>
    this.json('POST', `/sessions/online/${encodeURIComponent(session)}/invoices`, { token, json: body });

  closeOnlineSession = async (token: string, session: string): Promise<void> => {
    const response = await this.call('POST', `/sessions/online/${encodeURIComponent(session)}/close`, { token });
    await response.body?.cancel();
  };

  openBatchSession = (
    token: string,
    body: {
      batchFile: { fileSize: number; fileHash: string; fileParts: (FileMeta & { ordinalNumber: number })[] };
      encryption: Encryption;
      offlineMode: boolean;
    },
  ): Promise<{ referenceNumber: string; partUploadRequests: PartUploadRequest[] }> =>
    this.json('POST', '/sessions/batch', {
      token,
      json: {
        formCode: FA3_FORM_CODE,
        batchFile: {
          fileSize: body.batchFile.fileSize,
          fileHash: body.batchFile.fileHash,
          fileParts: body.batchFile.fileParts.map((p) => ({
            ordinalNumber: p.ordinalNumber,
            fileSize: p.size,
            fileHash: p.hash,
          })),
        },
        encryption: body.encryption,
        offlineMode: body.offlineMode,
      },
    });

  /** PUTs a batch part where KSeF said, with its headers and never the access token. */
  uploadPart = async (request: PartUploadRequest, bytes: Uint8Array<ArrayBuffer>): Promise<void> => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) if (value !== null) headers[key] = value;
    const response = await this.exchange(request.url, { method: request.method, headers, body: bytes }, 'batch part');
    await response.body?.cancel();
  };

  closeBatchSession = async (token: string, session: string): Promise<void> => {
    const response = await this.call('POST', `/sessions/batch/${encodeURIComponent(session)}/close`, { token });
    await response.body?.cancel();
  };

  sessionStatus = (token: string, session: string): Promise<SessionStatus> =>
    this.json('GET', `/sessions/${encodeURIComponent(session)}`, { token });

  /** One page of a session's invoices (`pageSize` 10–1000); `continuationToken` for the next page. */
  sessionInvoices = async (
    token: string,
    session: string,
    continuationToken?: string,
  ): Promise<{ invoices: SessionInvoice[]; continuationToken?: string | null }> =>
    this.json('GET', `/sessions/${encodeURIComponent(session)}/invoices`, {
      token,
      query: { pageSize: 1000 },
      ...(continuationToken ? { headers: { 'x-continuation-token': continuationToken } } : {}),
    });

  sessionInvoice = (token: string, session: string, invoice: string): Promise<SessionInvoice> =>
    this.json('GET', `/sessions/${encodeURIComponent(session)}/invoices/${encodeURIComponent(invoice)}`, { token });

  /** The UPO of an invoice in a session, by its KSeF number. */
  invoiceUpo = async (token: string, session: string, ksefNumber: string): Promise<string> => {
    const path = `/sessions/${encodeURIComponent(session)}/invoices/ksef/${encodeURIComponent(ksefNumber)}/upo`;
    const response = await this.call('GET', path, { token, headers: { accept: 'application/xml' } });
    return response.text();
  };

  /** A download link KSeF gave (a UPO): fetched as is, without the access token and outside the API's limits. */
  download = async (url: string): Promise<string> => {
    const response = await this.exchange(new URL(url, this.baseUrl).toString(), { method: 'GET' }, 'download');
    return response.text();
  };
}
