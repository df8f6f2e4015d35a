/**
 * The accountant's CSV of a month's invoices (worker/http/csv.ts: Polish Excel): one line
 * per invoice and correction, figure for figure as issued (net, VAT, gross of the invoice;
 * a correction's difference), its KSeF number and state, and the month's sums at the end.
 */
import { csvMoney } from '../../widgets/core/format.ts';
import { toPln } from '../../widgets/core/pricing.ts';
import { ksefStatusLabel } from '../admin-shared/admin-api-invoices.ts';
import type { InvoiceListedRow } from './model.ts';

export const INVOICE_COLUMNS = [
  'numer',
  'rodzaj',
  'data_wystawienia',
  'termin_platnosci',
  'okres',
  'umowa',
  'nip_nabywcy',
  'nabywca',
  'netto',
  'vat',
  'brutto',
  'koryguje',
  'numer_ksef',
  'status_ksef',
];

/** The month's sums in grosze, added to page by page, for the RAZEM row. */
export interface InvoiceSums {
  net: number;
  vat: number;
  gross: number;
}

/** One line per invoice, its figures added to `sums`. */
export function invoiceLines(rows: readonly InvoiceListedRow[], sums: InvoiceSums): unknown[][] {
  return rows.map((r) => {
    sums.net += r.net_gr;
    sums.vat += r.vat_gr;
    sums.gross += r.gross_gr;
    return [
      r.number,
      r.kind === 'KOR' ? 'korekta' : 'VAT',
      r.issue_date,
      r.due_date,
      r.period,
      r.contract_number,
      r.buyer_nip ?? '',
      r.buyer_name ?? '',
      csvMoney(toPln(r.net_gr)),
      csvMoney(toPln(r.vat_gr)),
      csvMoney(toPln(r.gross_gr)),
      r.corrects_number ?? '',
      r.ksef_number ?? '',
      ksefStatusLabel(r.ksef_status),
    ];
  });
}

export const totalRow = (sums: InvoiceSums, period: string): unknown[] => [
  'RAZEM',
  '',
  '',
  '',
  period,
  '',
  '',
  '',
  csvMoney(toPln(sums.net)),
  csvMoney(toPln(sums.vat)),
  csvMoney(toPln(sums.gross)),
  '',
  '',
  '',
];
