/** What the signed-in customer's page shows: the data `present.ts` gathers and the views render. */
import type { ReactNode } from 'react';
import type { PackageLevel } from '../../widgets/core/model.ts';
import type { TonerColour } from '../../widgets/core/toner.ts';

export interface DeviceView {
  id: number;
  name: string;
  serial: string;
  level: PackageLevel;
  type: 'mono' | 'color';
  slaHours: number;
  /** The contract's number (UM-…). */
  contract: string;
  contractStart: string;
  termMonths: number;
  termEnd: string;
  /** The prices in force today (`ratesText`): the amended ones from an amendment's first day. */
  rates: string;
  readings: { readOn: string; mono: number; color: number | null; sentBy: string }[];
  colours: TonerColour[];
  inFlight: TonerColour[];
  /** The last automatic reading ('licznik urządzenia', a collector on the customer's network) and its toner levels. */
  automatic?: { at: string; mono: number | null; color: number | null; toner: string } | undefined;
}

export interface TicketView {
  number: string;
  url: string;
  serial: string;
  category: string;
  status: string;
  createdAt: string;
  dueAt: string;
  slaHours: number;
  closed: boolean;
  history: { status: string; at: string; note: string | null }[];
}

export interface OrderView {
  number: string;
  serial: string;
  colour: TonerColour;
  status: string;
  createdAt: string;
}

export interface BillView {
  /** 'YYYY-MM' */
  period: string;
  contract: string;
  net: string;
  gross: string;
  /** One sentence per device: its fee and overage. */
  lines: string[];
}

export interface InvoiceView {
  contract: string;
  number: string;
  /** 'Faktura VAT' or 'Korekta'. */
  kind: string;
  period: string;
  gross: string;
  /** The KSeF number, or the invoice's state in KSeF in Polish. */
  ksef: string;
  accepted: boolean;
  url: string;
}

/** An invoice not paid in full: what it asks, what came in, whether it is past due. */
export interface OpenInvoiceView {
  number: string;
  /** What to write in the transfer's title: its KSeF number and its number (widgets/core/ksef-number.ts). */
  title: string;
  contract: string;
  issueDate: string;
  dueDate: string;
  left: string;
  paid: string;
  state: string;
  overdue: boolean;
}

export interface DashboardData {
  email: string;
  company: string;
  /** Invoices not paid in full, oldest due first; the transfer's details to pay them. */
  openInvoices?: OpenInvoiceView[] | undefined;
  payTo?: string | undefined;
  devices: DeviceView[];
  tickets: TicketView[];
  orders: OrderView[];
  bills: BillView[];
  /** The invoices, grouped under their contract by the page. */
  invoices: InvoiceView[];
  /** What the last action did, in a sentence (shown once above everything). */
  notice?: ReactNode;
}
