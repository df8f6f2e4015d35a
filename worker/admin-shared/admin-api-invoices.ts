/**
 * The admin API's answers about invoices (worker/invoices), and the Polish names of an
 * invoice's state in KSeF, shared by the worker (the customer's copy) and the panel, and the month
 * before a period (the month invoiced). Import the types from admin-api.ts, their one home.
 */
import type { ListPage } from './admin-api-service.ts';

/** `GET /api/admin/invoices?period=YYYY-MM`: one invoice of the register (a contract checked outside the repository). */
export interface InvoiceListed {
  id: string;
  number: string;
  /** The contract's number, UM-2026-000123. */
  contract: string;
  /** 'YYYY-MM': the month invoiced. */
  period: string;
  /** zł, as every admin answer gives money (a correction's difference may be negative). */
  net: number;
  vat: number;
  gross: number;
  /** The invoice's state in KSeF, a key (`KSEF_STATUS_LABELS` names it). */
  ksefStatus: string;
  /** Once KSeF has accepted the invoice. */
  ksefNumber?: string;
  /** A rejected invoice: KSeF's code and reason (the owner fixes the data and issues it again). */
  ksefError?: string;
  /** 'VAT' or 'KOR' (a correction). */
  kind: 'VAT' | 'KOR';
}

export interface InvoiceList extends Pick<ListPage, 'next'> {
  invoices: InvoiceListed[];
}

/** `GET /api/admin/invoices/ksef-warnings`: KSeF's technical warnings (`X-System-Warning`) of the last 7 days. */
export interface KsefWarningList {
  warnings: {
    code: string;
    message: string;
    /** The request it came with last, e.g. `/sessions/online`. */
    path: string;
    firstSeen: string;
    lastSeen: string;
    /** How many answers carried it. */
    seen: number;
  }[];
}

/** The longest correction reason: FA(3) PrzyczynaKorekty is a `TZnakowy` of at most 256 characters. */
export const INVOICE_LIMITS = { reason: 256 } as const;

/**
 * `POST /api/admin/invoices/issue`: one part of the month's run (200 contracts: what one Worker
 * invocation can write); `more` when contracts are left, and the same request goes on with them.
 */
export interface InvoicesIssued {
  issued: number;
  skipped: number;
  /** Contracts not invoiced (only when any): their invoice would break the FA(3) schema (KSeF would reject it); fix the data, issue the month again. */
  held?: { contract: string; problems: string[] }[];
  more: boolean;
}

/**
 * The states of an invoice in KSeF, in Polish. The KSeF sender writes the keys; one it adds
 * later is shown as it is until it gets a label here.
 */
export const KSEF_STATUS_LABELS: Readonly<Record<string, string>> = {
  queued: 'czeka na wysłanie do KSeF',
  sending: 'wysyłana do KSeF',
  sent: 'wysłana, czeka na numer KSeF',
  accepted: 'przyjęta w KSeF',
  rejected: 'odrzucona przez KSeF',
  offline: 'wystawiona offline, czeka na wysłanie',
};

export const ksefStatusLabel = (status: string | null | undefined): string =>
  (status && KSEF_STATUS_LABELS[status]) ?? status ?? 'czeka na wysłanie do KSeF';

/** The month before `period` ('YYYY-MM'): the month the invoices are issued for, the register's first month. */
export const monthBefore = (period: string): string => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
