/**
 * A correction invoice (FA(3) KOR) of a contract's month: when a reading of an invoiced
 * month is corrected, or the invoice is wrong (the buyer's data), the month is billed again
 * and the correction states the difference from the invoice as issued, or as its latest
 * correction left it. The original never changes. It names the corrected invoice by its
 * KSeF number: KSeF's documents say a correction is sent only once the original has one,
 * so until then the owner is told to wait (409).
 */
import { funnelStatements } from '../funnel/index.ts';
import { billOfContract, contractById } from '../contracts/index.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { type InvoiceDocument, correctionOf, invoiceOf, sellerOf, stateAfter, stateOf } from './document.ts';
import { fa3Xml } from './fa3.ts';
import { fa3Problems } from './fa3-check.ts';
import { buyerOf } from './issue.ts';
import { invoiceHash } from './kod-i.ts';
import {
  type InvoiceRow,
  correctionsOf,
  invoiceById,
  invoiceNumber,
  issueStatements,
  ksefStateOf,
  nextSeq,
} from './model.ts';

export type CorrectionResult =
  | { ok: true; id: string; number: string; corrects: string }
  | { ok: false; reason: 'not-found' | 'no-ksef-number' | 'nothing-to-correct' | 'raced'; number?: string }
  | { ok: false; reason: 'schema'; problems: string[] };

const documentOf = (row: InvoiceRow): InvoiceDocument => JSON.parse(row.document ?? '{}') as InvoiceDocument;

/** Issues the correction of invoice `id` (a VAT invoice, or any of its corrections: the original is corrected). */
export async function correctInvoice(
  db: D1Database,
  id: string,
  { reason, createdBy, now = new Date() }: { reason: string; createdBy: string; now?: Date },
): Promise<CorrectionResult> {
  const found = await invoiceById(db, id);
  const original = found?.corrects_id ? await invoiceById(db, found.corrects_id) : found;
  if (!original) return { ok: false, reason: 'not-found' };
  const ksef = await ksefStateOf(db, original.id);
  if (!ksef?.ksef_number) return { ok: false, reason: 'no-ksef-number', number: original.number };
  const contract = await contractById(db, original.contract_id);
  // The same bills as the invoice billed: its month's fee and the pages of the months it named
  // (an invoice from before the fee went in advance billed its own month's pages).
  const issued = documentOf(original);
  const fee = contract && (await billOfContract(db, contract.id, original.period));
  if (!contract || !fee) return { ok: false, reason: 'nothing-to-correct' };
  const pages = await Promise.all(
    (issued.pagesOf ?? [original.period]).map((m) =>
      m === original.period ? fee : billOfContract(db, contract.id, m),
    ),
  );
  const bills = { fee, pages: pages.flatMap((b) => b ?? []) };
  const corrections = await correctionsOf(db, original.id);
  // A correction KSeF rejected was never issued: the state to correct is the last one KSeF did not reject.
  const counted = [];
  for (const k of corrections) if ((await ksefStateOf(db, k.id))?.status !== 'rejected') counted.push(k);
  const last = counted.at(-1);
  const before = last ? stateAfter(documentOf(last)) : stateOf(documentOf(original));
  const issueDate = warsawToday(now);
  const year = Number(issueDate.slice(0, 4));
  for (let attempt = 0; attempt < 50; attempt++) {
    const seq = await nextSeq(db, year);
    const number = invoiceNumber(year, seq);
    const facts = { number, issueDate, createdAt: now.toISOString() };
    const billedNow = invoiceOf(bills, {
      ...facts,
      contract: { number: contract.number, date: issued.contract.date },
      seller: sellerOf(),
      buyer: buyerOf(contract),
    });
    const doc = correctionOf(before, documentOf(original), billedNow, {
      ...facts,
      reason,
      ksefNumber: ksef.ksef_number,
    });
    if (!doc) return { ok: false, reason: 'nothing-to-correct' };
    const xml = fa3Xml(doc);
    const problems = fa3Problems(xml);
    if (problems.length) return { ok: false, reason: 'schema', problems };
    const newId = crypto.randomUUID();
    const [insert] = await db.batch(
      issueStatements(db, {
        id: newId,
        seq,
        doc,
        contractId: contract.id,
        xml,
        xmlSha256: await invoiceHash(xml),
        correctsId: original.id,
        createdBy,
        correctionsBefore: corrections.length,
      }).concat(funnelStatements(db, { invoices: [newId] })),
    );
    if ((insert?.meta.changes ?? 0) === 1) return { ok: true, id: newId, number, corrects: original.number };
    // Lost the number to another invoice, or another correction went in first.
    if ((await correctionsOf(db, original.id)).length !== corrections.length) return { ok: false, reason: 'raced' };
  }
  throw new Error('invoices: no free number for a correction after many attempts');
}
