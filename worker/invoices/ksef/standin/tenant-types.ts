/**
 * The stand-in KSeF's shapes: what a tenant keeps (keys, sign-ins, sessions, invoices, switches)
 * and what it answers (an API response, KSeF's exception body).
 */
import { randomBytes } from 'node:crypto';
import type { LimitGroup } from '../limits.ts';
import type { Certified } from './certificates.ts';
import { warsawDay } from '../../../../widgets/core/warsaw-time.ts';

export type Usage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

export interface Key extends Certified {
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

export interface AuthOperation {
  ref: string;
  token: string;
  nip: string;
  method: 'Token' | 'QualifiedSignature';
  status: Status;
  readyAt: number;
  redeemed: boolean;
  authentication: { tokenRef: string } | { documentHash: string };
}

export interface Grant {
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
  /** The invoices of these numbers fail semantic verification (450), once each. */
  rejectNumbers?: string[] | undefined;
  /** How long a sign-in stays "in progress" (100) before its result. */
  authDelayMs: number;
  /** How long an invoice waits before it is processed (its status 150 meanwhile). */
  processingDelayMs: number;
  /** How long an access token lives (KSeF: some minutes). */
  accessTtlMs: number;
  /** Sent as `X-System-Warning` with every API answer (`[code]: message | …`). */
  systemWarning?: string | undefined;
}

/** KSeF's largest invoice without attachments (faktury/weryfikacja-faktury.md): 1 MB, 1 000 000 bytes. */
export const MAX_INVOICE_BYTES = 1_000_000;

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

export const unauthorized = (): Answer => ({
  status: 401,
  json: { title: 'Unauthorized', status: 401, detail: 'Brak lub nieprawidłowy token dostępu.' },
  contentType: 'application/problem+json',
});

/** The calendar day in Warsaw (KSeF's dates are Polish ones). */
export const day = (date = new Date()): string => warsawDay(date);
export const hex = (bytes: number): string => randomBytes(bytes).toString('hex').toUpperCase();
