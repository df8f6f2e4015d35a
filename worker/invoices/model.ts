/**
 * The invoices' SQL (migrations 0250, 0310): an invoice is written once, with its XML, its
 * document and its `ksef_invoices` row ('queued') in one batch, and never updated.
 *
 * Numbers: one series a year (FV/2026/000123), never a gap, never a repeat. An insert takes
 * the number it was built with only while it is the year's next one (`seq` = max + 1,
 * checked inside the INSERT itself, which D1 runs alone); a run that lost the number to
 * another builds the invoice again with the next free one. So each seq is taken by exactly
 * one invoice, in order, whatever runs side by side. A VAT invoice of a contract's month is
 * inserted only while that month has none (the unique index stands behind it).
 */
import type { InvoiceDocument } from './document.ts';

export interface InvoiceRow {
  id: string;
  number: string;
  year: number;
  seq: number;
  kind: 'VAT' | 'KOR';
  contract_id: string;
  period: string;
  issue_date: string;
  due_date: string;
  net_gr: number;
  vat_gr: number;
  gross_gr: number;
  seller_nip: string;
  buyer_nip: string | null;
  xml: string;
  xml_sha256: string;
  corrects_id: string | null;
  reason: string | null;
  created_by: string;
  created_at: string;
  document: string | null;
}

/** An invoice with its KSeF state and contract number, as the register and the copy read it. */
export interface InvoiceListedRow extends Omit<InvoiceRow, 'xml' | 'document'> {
  buyer_name: string | null;
  /** The number of the invoice a correction corrects. */
  corrects_number: string | null;
  contract_number: string;
  ksef_status: string | null;
  ksef_number: string | null;
  has_upo: number;
  /** KSeF's last code and reason (a rejection's). */
  ksef_code: number | null;
  ksef_error: string | null;
}

/** 'FV/2026/000123': the year's series, zero-padded so the numbers sort as they were issued. */
export const invoiceNumber = (year: number, seq: number): string => `FV/${year}/${String(seq).padStart(6, '0')}`;

/** The year's next number: one more than the last issued (1 for the first of the year). */
export async function nextSeq(db: D1Database, year: number): Promise<number> {
  const row = await db
    .prepare('SELECT coalesce(max(seq), 0) + 1 AS n FROM invoices WHERE year = ?')
    .bind(year)
    .first<{ n: number }>();
  return row?.n ?? 1;
}

export interface InvoiceToInsert {
  id: string;
  seq: number;
  doc: InvoiceDocument;
  contractId: string;
  xml: string;
  xmlSha256: string;
  correctsId: string | null;
  createdBy: string;
  /** A correction goes in only while the corrected invoice has this many corrections (the state it corrects). */
  correctionsBefore?: number;
}

/**
 * The two statements that issue an invoice, for one batch: the invoice (only while `seq`
 * is the year's next number; a VAT invoice only while its contract's month has none; a
 * correction only while the corrected invoice has the corrections it was made after) and
 * its `ksef_invoices` row, 'queued' for the KSeF sender, only when the invoice went in.
 */
export function issueStatements(db: D1Database, i: InvoiceToInsert): D1PreparedStatement[] {
  const year = Number(i.doc.issueDate.slice(0, 4));
  return [
    db
      .prepare(
        `INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr,
           gross_gr, seller_nip, buyer_nip, xml, xml_sha256, corrects_id, reason, created_by, document)
         SELECT ?1, ?2, ?3, ?4, ?19, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?20
         WHERE (SELECT coalesce(max(seq), 0) FROM invoices WHERE year = ?3) = ?4 - 1
           AND (?19 <> 'VAT' OR NOT EXISTS (SELECT 1 FROM invoices WHERE contract_id = ?5 AND period = ?6 AND kind = 'VAT'))
           AND (?21 IS NULL OR (SELECT count(*) FROM invoices WHERE corrects_id = ?16) = ?21)`,
      )
      .bind(
        i.id,
        i.doc.number,
        year,
        i.seq,
        i.contractId,
        i.doc.period,
        i.doc.issueDate,
        i.doc.dueDate,
        i.doc.netGr,
        i.doc.vatGr,
        i.doc.grossGr,
        i.doc.seller.nip,
        i.doc.buyer.nip,
        i.xml,
        i.xmlSha256,
        i.correctsId,
        i.doc.correction?.reason ?? null,
        i.createdBy,
        i.doc.kind,
        JSON.stringify(i.doc),
        i.correctionsBefore ?? null,
      ),
    db
      .prepare('INSERT INTO ksef_invoices (invoice_id) SELECT ?1 WHERE EXISTS (SELECT 1 FROM invoices WHERE id = ?1)')
      .bind(i.id),
  ];
}

/** The contracts of `contractIds` that have their VAT invoice of `period`. */
export async function invoicedContracts(
  db: D1Database,
  contractIds: readonly string[],
  period: string,
): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `SELECT contract_id FROM invoices WHERE kind = 'VAT' AND period = ?2
         AND contract_id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(contractIds), period)
    .all<{ contract_id: string }>();
  return new Set(results.map((r) => r.contract_id));
}

/**
 * The contracts of `contractIds` whose VAT invoice of `period` billed that month's own pages: one
 * issued before the fee went in advance (its document names no `pagesOf`: it billed its month's
 * fee and pages together), or a last month's (compose.ts). The next invoice leaves those pages out.
 */
export async function pagesInvoicedIn(
  db: D1Database,
  contractIds: readonly string[],
  period: string,
): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `SELECT contract_id FROM invoices WHERE kind = 'VAT' AND period = ?2
         AND contract_id IN (SELECT value FROM json_each(?1))
         AND (json_type(document, '$.pagesOf') IS NULL
           OR EXISTS (SELECT 1 FROM json_each(document, '$.pagesOf') m WHERE m.value = ?2))`,
    )
    .bind(JSON.stringify(contractIds), period)
    .all<{ contract_id: string }>();
  return new Set(results.map((r) => r.contract_id));
}

/** The latest month ('YYYY-MM') a contract has its VAT invoice of, or null: its fee and rates of that month are invoiced. */
export async function lastInvoicedMonth(db: D1Database, contractId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT max(period) AS period FROM invoices WHERE contract_id = ? AND kind = 'VAT'")
    .bind(contractId)
    .first<{ period: string | null }>();
  return row?.period ?? null;
}

export async function invoiceById(db: D1Database, id: string): Promise<InvoiceRow | null> {
  return db.prepare('SELECT * FROM invoices WHERE id = ?').bind(id).first<InvoiceRow>();
}

const LISTED = `SELECT i.id, i.number, i.year, i.seq, i.kind, i.contract_id, i.period, i.issue_date, i.due_date,
    i.net_gr, i.vat_gr, i.gross_gr, i.seller_nip, i.buyer_nip, i.xml_sha256, i.corrects_id, i.reason, i.created_by,
    i.created_at, json_extract(i.document, '$.buyer.name') AS buyer_name, o.number AS corrects_number, c.number AS contract_number, k.status AS ksef_status, k.ksef_number, (k.upo IS NOT NULL) AS has_upo, k.status_code AS ksef_code, k.error AS ksef_error
  FROM invoices i JOIN contracts c ON c.id = i.contract_id LEFT JOIN ksef_invoices k ON k.invoice_id = i.id
    LEFT JOIN invoices o ON o.id = i.corrects_id`;

export async function listedInvoiceById(db: D1Database, id: string): Promise<InvoiceListedRow | null> {
  return db.prepare(`${LISTED} WHERE i.id = ?`).bind(id).first<InvoiceListedRow>();
}

/** Where a page of a month's invoices starts: after the invoice with this number. */
export type InvoiceKey = [number: string];
export const invoiceKey = (row: { number: string }): InvoiceKey => [row.number];

/** A month's invoices (corrections of it included) by number: `limit + 1` after `after` (a keyset page). */
export async function invoicesOfPeriod(
  db: D1Database,
  period: string,
  { limit, after }: { limit: number; after?: InvoiceKey | undefined },
): Promise<InvoiceListedRow[]> {
  const { results } = await db
    .prepare(`${LISTED} WHERE i.period = ?1 ${after ? 'AND i.number > ?3 ' : ''}ORDER BY i.number LIMIT ?2`)
    .bind(period, limit + 1, ...(after ?? []))
    .all<InvoiceListedRow>();
  return results;
}

/** The same page with each invoice's XML, for the month's download. */
export async function invoiceXmlsOfPeriod(
  db: D1Database,
  period: string,
  { limit, after }: { limit: number; after?: InvoiceKey | undefined },
): Promise<{ number: string; xml: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT number, xml FROM invoices WHERE period = ?1 ${after ? 'AND number > ?3 ' : ''}ORDER BY number LIMIT ?2`,
    )
    .bind(period, limit + 1, ...(after ?? []))
    .all<{ number: string; xml: string }>();
  return results;
}

/** The invoices of a contract, newest month first (the customer's page lists them). */
export async function invoicesOfContracts(db: D1Database, contractIds: readonly string[]): Promise<InvoiceListedRow[]> {
  const { results } = await db
    .prepare(`${LISTED} WHERE i.contract_id IN (SELECT value FROM json_each(?1)) ORDER BY i.period DESC, i.number DESC`)
    .bind(JSON.stringify(contractIds))
    .all<InvoiceListedRow>();
  return results;
}

/** The corrections of an invoice, in the order they were issued. */
export async function correctionsOf(db: D1Database, invoiceId: string): Promise<InvoiceRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM invoices WHERE corrects_id = ? ORDER BY seq')
    .bind(invoiceId)
    .all<InvoiceRow>();
  return results;
}

/** The KSeF state of an invoice (the KSeF sender keeps it). */
export async function ksefStateOf(
  db: D1Database,
  invoiceId: string,
): Promise<{ status: string; ksef_number: string | null; upo: string | null } | null> {
  return db.prepare('SELECT status, ksef_number, upo FROM ksef_invoices WHERE invoice_id = ?').bind(invoiceId).first();
}

/** A month's issue run: whether it finished, or the last contract number it looked at. */
export async function runOf(
  db: D1Database,
  period: string,
): Promise<{ finished_at: string | null; after_contract: string | null } | null> {
  return db.prepare('SELECT finished_at, after_contract FROM invoice_runs WHERE period = ?').bind(period).first();
}

/** The oldest month whose issue run stopped part-way (to go on with it), if any. */
export async function unfinishedRun(db: D1Database): Promise<{ period: string; after_contract: string } | null> {
  return db
    .prepare(
      'SELECT period, after_contract FROM invoice_runs WHERE finished_at IS NULL AND after_contract IS NOT NULL ORDER BY period LIMIT 1',
    )
    .first();
}

/**
 * Records what a run issued. A run from the first contract counts its skipped invoices anew; one
 * that goes on (`fresh: false`) adds to them. Unfinished, it keeps the last contract it looked at;
 * finished, it keeps when it first finished.
 */
export async function recordRun(
  db: D1Database,
  period: string,
  counts: { issued: number; skipped: number; after: string | null; fresh: boolean },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO invoice_runs (period, issued, skipped, finished_at, after_contract)
       VALUES (?1, ?2, ?3, CASE WHEN ?4 IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END, ?4)
       ON CONFLICT (period) DO UPDATE SET issued = issued + ?2,
         skipped = CASE WHEN ?5 THEN ?3 ELSE skipped + ?3 END,
         finished_at = CASE WHEN ?4 IS NULL THEN coalesce(finished_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) END,
         after_contract = ?4`,
    )
    .bind(period, counts.issued, counts.skipped, counts.after, counts.fresh ? 1 : 0)
    .run();
}

/** An invoice as a person's data export lists it. */
export interface PersonInvoiceRow {
  number: string;
  kind: 'VAT' | 'KOR';
  year: number;
  period: string;
  issue_date: string;
  contract_number: string;
  buyer_nip: string | null;
  buyer_name: string | null;
  gross_gr: number;
  ksef_number: string | null;
  has_upo: number;
}

/** The invoices of the contracts whose billing e-mail is `email` (lower case), by number. */
export async function invoicesOfBillingEmail(db: D1Database, email: string): Promise<PersonInvoiceRow[]> {
  const { results } = await db
    .prepare(
      `SELECT i.number, i.kind, i.year, i.period, i.issue_date, c.number AS contract_number, i.buyer_nip,
         json_extract(i.document, '$.buyer.name') AS buyer_name, i.gross_gr, k.ksef_number, (k.upo IS NOT NULL) AS has_upo
       FROM contracts c JOIN invoices i ON i.contract_id = c.id LEFT JOIN ksef_invoices k ON k.invoice_id = i.id
       WHERE c.billing_email = ? ORDER BY i.number`,
    )
    .bind(email)
    .all<PersonInvoiceRow>();
  return results;
}

/**
 * The statements that delete invoices past their retention, with their KSeF rows (UPO
 * included), for one batch: those issued before `keptFromYear`, at most `limit`, never one
 * a kept correction still refers to. Corrections come first in the order, so a batch cut
 * short never takes an original before its corrections.
 */
export function expiredInvoicesStatements(db: D1Database, keptFromYear: number, limit: number): D1PreparedStatement[] {
  const expired = `SELECT i.id FROM invoices i WHERE i.year < ?1
      AND NOT EXISTS (SELECT 1 FROM invoices k WHERE k.corrects_id = i.id AND k.year >= ?1)
    ORDER BY i.corrects_id IS NULL, i.year, i.seq LIMIT ?2`;
  return [
    db.prepare(`DELETE FROM invoice_rejections WHERE invoice_id IN (${expired})`).bind(keptFromYear, limit),
    db.prepare(`DELETE FROM ksef_invoices WHERE invoice_id IN (${expired})`).bind(keptFromYear, limit),
    db.prepare(`DELETE FROM invoices WHERE id IN (${expired})`).bind(keptFromYear, limit),
  ];
}
