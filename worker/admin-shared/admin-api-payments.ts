/**
 * What the admin API answers about payments (`/api/admin/bank-statements…`,
 * `/api/admin/payments…`) and an order's verification, declared once for the worker's
 * routes and the panel's views. States are keys; the panel shows their Polish labels.
 */

/** Lengths of the team's decision on a waiting line (the panel's inputs, the API's checks). */
export const PAYMENT_LIMITS = { invoice: 60, noteMin: 3, noteMax: 500 } as const;

/** An invoice's payment state on a day: derived from the amounts matched and its due date. */
export type PaymentState = 'paid' | 'partial' | 'overdue' | 'open';

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'zapłacona',
  partial: 'zapłacona częściowo',
  overdue: 'po terminie',
  open: 'do zapłaty',
};

/** `POST /api/admin/bank-statements` (DESIGN §9): credit lines read, matched, left for the team, seen before. */
export interface StatementImport {
  lines: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  /** The statements of the file (one file may hold several), each with its lines as stored now. */
  statements: { id: string; format: 'mt940' | 'camt053'; account: string | null; reference: string | null }[];
  /** The file's lines as stored (earlier imports' lines included): what each paid; none yet for a file imported in the background. */
  results: BankLine[];
  /** A large file (answered 202): its new statements are imported in the background, in this many parts in all. */
  background?: { parts: number };
}

/** A statement's import as `GET /api/admin/bank-statements` lists it (the progress of one in the background). */
export interface StatementProgress {
  id: string;
  reference: string | null;
  state: 'importing' | 'done' | 'failed';
  parts: number;
  partsDone: number;
  lines: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  /** Why it failed and which part, in Polish. */
  error: string | null;
  createdAt: string;
}

export type LineMatch = 'verification' | 'invoice' | 'dismissed' | null;

export const LINE_MATCH_LABELS: Record<Exclude<LineMatch, null>, string> = {
  verification: 'przelew weryfikacyjny',
  invoice: 'zapłata faktury',
  dismissed: 'odłożona przez zespół',
};

/** One credit line of a statement. */
export interface BankLine {
  id: number;
  bookedOn: string;
  /** PLN, 2 decimals (from grosze). */
  amount: number;
  currency: string;
  title: string;
  payerName: string | null;
  payerAccount: string | null;
  payerNip: string | null;
  bankReference: string | null;
  match: LineMatch;
  /** How it was matched: 'title+account', 'number', 'amount+nip', 'amount+account', 'manual'. */
  how: string | null;
  /** The order's number (KS-…) of a verification transfer. */
  order: string | null;
  orderId: string | null;
  invoice: string | null;
  /** The invoice's payment state now (a matched invoice line). */
  invoiceState: PaymentState | null;
  matchedBy: string | null;
  matchedAt: string | null;
  /** Why the line waits for the team, or the team's note. */
  note: string | null;
}

export interface BankLinePage {
  lines: BankLine[];
  limit: number;
  next: string | null;
}

/** An invoice with its payment state (`GET /api/admin/payments/invoices?state=`). */
export interface InvoicePayment {
  id: string;
  number: string;
  contract: string | null;
  company: string | null;
  billingEmail: string | null;
  period: string;
  issueDate: string;
  dueDate: string;
  /** PLN: what it asks (corrections included), what came in, what is left. */
  due: number;
  paid: number;
  left: number;
  state: PaymentState;
  /** Business days past the due date (0 when not yet due). */
  daysOverdue: number;
  reminders: number;
  lastReminderAt: string | null;
}

export interface InvoicePaymentPage {
  invoices: InvoicePayment[];
  limit: number;
  next: string | null;
}

/** An order's verification (DESIGN §9), in `GET /api/admin/orders/:id`. */
export interface OrderVerification {
  state: 'pending' | 'verified';
  method?: 'transfer' | 'manual';
  at?: string;
}
