/**
 * Invoices and their UPOs against a person's erasure and the retention job: an invoice is
 * kept `INVOICE_RETENTION_YEARS` years from the end of the year it was issued, whatever is
 * erased meanwhile (the buyer's name stays on it, and only there); the privacy export lists
 * a person's invoices with that date (worker/privacy/person.ts). After it, the retention job
 * deletes them with their KSeF rows.
 */
import { INVOICE_RETENTION_YEARS } from '../../widgets/core/privacy.ts';
import { toPln } from '../../widgets/core/pricing.ts';
import { expiredInvoicesStatements, invoicesOfBillingEmail } from './model.ts';

/** Invoices deleted per run at most (the next run takes the rest). */
export const EXPIRED_INVOICES_BATCH = 500;

/** An invoice in a person's data export. */
export interface PersonInvoice {
  number: string;
  kind: 'VAT' | 'KOR';
  year: number;
  period: string;
  issueDate: string;
  contract: string;
  buyerNip: string | null;
  buyerName: string | null;
  gross: number;
  ksefNumber: string | null;
  upo: boolean;
}

/** The invoices of the contracts billed to `email` (lower case). */
export async function invoicesOfPerson(db: D1Database, email: string): Promise<PersonInvoice[]> {
  return (await invoicesOfBillingEmail(db, email)).map((r) => ({
    number: r.number,
    kind: r.kind,
    year: r.year,
    period: r.period,
    issueDate: r.issue_date,
    contract: r.contract_number,
    buyerNip: r.buyer_nip,
    buyerName: r.buyer_name,
    gross: toPln(r.gross_gr),
    ksefNumber: r.ksef_number,
    upo: r.has_upo === 1,
  }));
}

/** The first year whose invoices are still kept on `now` (UTC): issued in 2026, kept through 2031. */
export const keptFromYear = (now: Date): number => now.getUTCFullYear() - INVOICE_RETENTION_YEARS;

/** Deletes invoices (and their KSeF rows and UPOs) past their retention; answers how many went. */
export async function deleteExpiredInvoices(db: D1Database, now = new Date()): Promise<number> {
  const [, , invoices] = await db.batch(expiredInvoicesStatements(db, keptFromYear(now), EXPIRED_INVOICES_BATCH));
  return invoices?.meta.changes ?? 0;
}
