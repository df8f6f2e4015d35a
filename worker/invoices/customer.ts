/** The invoices of a customer's contracts, for their page (/konto, worker/portal). */
import { invoicesOfContracts } from './model.ts';

/** An invoice as the customer's page lists it under its contract. */
export interface CustomerInvoice {
  number: string;
  kind: 'VAT' | 'KOR';
  /** 'YYYY-MM' */
  period: string;
  contract: string;
  grossGr: number;
  ksefStatus: string | null;
  ksefNumber: string | null;
  /** The copy's secret address, /faktura/<id>. */
  url: string;
}

/** The invoices of a customer's contracts, newest month first (the customer's page, /konto). */
export async function invoicesForContracts(db: D1Database, contractIds: readonly string[]): Promise<CustomerInvoice[]> {
  if (contractIds.length === 0) return [];
  return (await invoicesOfContracts(db, contractIds)).map((r) => ({
    number: r.number,
    kind: r.kind,
    period: r.period,
    contract: r.contract_number,
    grossGr: r.gross_gr,
    ksefStatus: r.ksef_status,
    ksefNumber: r.ksef_number,
    url: `/faktura/${r.id}`,
  }));
}
