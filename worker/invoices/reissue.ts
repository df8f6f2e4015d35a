/**
 * 'Wystaw ponownie': an invoice KSeF rejected, made right in one step. The owner fixes the
 * cause (the contract's buyer, the company data), then the invoice is made again from the data
 * as it is now: the month billed again, a new issue date (today: KSeF refuses a P_1 later than
 * its acceptance, and the invoice is issued when KSeF takes it), the FA(3) check (fa3-check.ts),
 * and the same id and number. KSeF never accepted the first version, so in law it was never
 * issued (art. 106na of the VAT Act); reusing its number keeps the series without a gap
 * (art. 106e ust. 1 pkt 2) and KSeF has no invoice of that number to call a duplicate. The
 * rejected version is kept (invoice_rejections) and the step is in the audit log. Only a VAT
 * invoice: a rejected correction is issued anew as a correction (docs/invoices.md).
 */
import { billOfContract, contractById } from '../contracts/index.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { type InvoiceDocument, invoiceOf, sellerOf } from './document.ts';
import { fa3Xml } from './fa3.ts';
import { hasLines } from './compose.ts';
import type { Bill } from '../meter/bill.ts';
import { fa3Problems } from './fa3-check.ts';
import { buyerOf } from './issue.ts';
import { invoiceHash } from './kod-i.ts';
import { invoiceById } from './model.ts';
import { ksefRefusalOf, reissueStatements } from './model-reissue.ts';

export type ReissueResult =
  | { ok: true; id: string; number: string; issueDate: string; rejectedFor: string | null }
  | { ok: false; reason: 'not-found' | 'not-rejected' | 'correction' | 'nothing-to-bill' | 'raced'; number?: string }
  | { ok: false; reason: 'schema'; problems: string[] };

export async function reissueInvoice(
  db: D1Database,
  id: string,
  { by, now = new Date() }: { by: string; now?: Date },
): Promise<ReissueResult> {
  const invoice = await invoiceById(db, id);
  if (!invoice) return { ok: false, reason: 'not-found' };
  const ksef = await ksefRefusalOf(db, id);
  if (ksef?.status !== 'rejected') return { ok: false, reason: 'not-rejected', number: invoice.number };
  if (invoice.kind !== 'VAT') return { ok: false, reason: 'correction', number: invoice.number };
  const contract = await contractById(db, invoice.contract_id);
  const before = JSON.parse(invoice.document ?? '{}') as InvoiceDocument;
  // The same bills as the first version: its month's fee and the pages of the months it billed
  // (`pagesOf`: the month before's, and its own in a contract's last month; compose.ts), as the data is now.
  const fee = contract && (await billOfContract(db, contract.id, invoice.period));
  const pages = contract
    ? await Promise.all(
        (before.pagesOf ?? []).map((m) => (m === invoice.period ? fee : billOfContract(db, contract.id, m))),
      )
    : [];
  const bills = fee ? { fee, pages: pages.filter((b): b is Bill => !!b) } : undefined;
  if (!contract || !bills || !hasLines(bills)) return { ok: false, reason: 'nothing-to-bill' };
  const doc = invoiceOf(bills, {
    number: invoice.number,
    issueDate: warsawToday(now),
    createdAt: now.toISOString(),
    // The contract's date as the first version stated it (the day it was signed).
    contract: { number: contract.number, date: before.contract?.date ?? contract.startDate },
    seller: sellerOf(),
    buyer: buyerOf(contract),
  });
  const xml = fa3Xml(doc);
  const problems = fa3Problems(xml);
  if (problems.length) return { ok: false, reason: 'schema', problems };
  const results = await db.batch(reissueStatements(db, { id, doc, xml, xmlSha256: await invoiceHash(xml), by }));
  if ((results[2]?.meta.changes ?? 0) !== 1) return { ok: false, reason: 'raced', number: invoice.number };
  return {
    ok: true,
    id,
    number: invoice.number,
    issueDate: doc.issueDate,
    rejectedFor: [ksef.status_code, ksef.error].filter((x) => x !== null && x !== '').join(' ') || null,
  };
}
