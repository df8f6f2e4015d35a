/**
 * What the admin API answers about orders placed online (`/api/admin/orders…`), declared
 * once for the worker's routes and the panel's view.
 */
import type { OrderVerification } from './admin-api-payments.ts';

export type OrderStatus = 'awaiting_acceptance' | 'signed' | 'installed';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_acceptance: 'czeka na kod',
  signed: 'podpisane',
  installed: 'zainstalowane',
};

/** An order as the list shows it: the row without its document and code hash. */
export interface OrderListRow {
  id: string;
  quote_id: string;
  lead_id: string;
  quote_number: string | null;
  status: OrderStatus;
  company_nip: string;
  company_name: string;
  company_address: string;
  company_regon: string | null;
  company_krs: string | null;
  vat_status: string | null;
  signer_name: string;
  signer_position: string;
  signer_email: string;
  signer_phone: string;
  delivery_city: string;
  delivery_date: string;
  delivery_address: string;
  attribution: string;
  terms_version: string;
  terms_sha256: string;
  document_sha256: string;
  code_expires_at: string | null;
  code_attempts: number;
  codes_sent: number;
  /** Wrong acceptance codes in all (whatever the number of codes sent); at the limit the order is finished with the team. */
  wrong_codes: number;
  accepted_at: string | null;
  accepted_ip: string | null;
  accepted_user_agent: string | null;
  installed_at: string | null;
  installation: string | null;
  created_at: string;
  /** When the acceptance code in force was sent. */
  code_sent_at: string | null;
  /** JSON: the White List's answer the company data came from (null: typed by hand, before register-only orders). */
  register_answer: string | null;
  verified_at: string | null;
  verified_method: 'transfer' | 'manual' | null;
  verified_by: string | null;
  verified_note: string | null;
  verified_line: number | null;
  /** JSON of what was checked by hand: {kind: 'document', document} or {kind: 'phone', phone, source}. */
  verified_check: string | null;
  /** The account that verified by hand (0: the first owner's login); another person installs. */
  verified_account_id: number | null;
}

/** A lead's order placed online, as the lead's detail links it (`GET /api/admin/leads/:id`). */
export interface LeadOrder {
  id: string;
  status: OrderStatus;
  companyName: string;
  deliveryDate: string;
}

export interface OrderDetail {
  order: Omit<OrderListRow, 'quote_number'> & { document: string };
  verification: OrderVerification;
  quote: {
    number: string;
    deviceName: string;
    levelName: string;
    term: number | 'short';
    monthlyNet: number;
    colour: boolean;
  } | null;
  contract: {
    id: string;
    number: string;
    startDate: string;
    endDate: string;
    termMonths: number;
    /** How single- and two-colour pages count, as the accepted terms say (ContractFacts). */
    spotColour: 'colour' | 'mono' | null;
    devices: {
      serial: string;
      rates: { deviceType: 'mono' | 'color'; monthlyPrice: number; monthlyLimit: number; colorLimit: number | null };
    }[];
  } | null;
}

export interface DeliveryCalendar {
  installationsPerDay: number;
  days: { day: string; city: string; orders: number; installed: number }[];
}
