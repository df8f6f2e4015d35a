/**
 * Issuing a rejected invoice again (reissue.ts; table invoice_rejections, migration 0442): in
 * one batch, the version KSeF rejected is kept, the invoice's row takes the corrected document
 * (same id, same number) and its KSeF row goes back to 'queued' with nothing of the rejected
 * attempt left. Each statement holds only while KSeF's state is still 'rejected', so a second
 * click or a run beside it changes nothing.
 */
import type { InvoiceDocument } from './document.ts';

export interface Reissue {
  id: string;
  doc: InvoiceDocument;
  xml: string;
  xmlSha256: string;
  by: string;
}

const STILL_REJECTED = "EXISTS (SELECT 1 FROM ksef_invoices q WHERE q.invoice_id = ?1 AND q.status = 'rejected')";

export function reissueStatements(db: D1Database, r: Reissue): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO invoice_rejections (invoice_id, attempt, issue_date, gross_gr, buyer_nip, xml, xml_sha256, status_code, error, reissued_by)
         SELECT i.id, (SELECT count(*) + 1 FROM invoice_rejections r WHERE r.invoice_id = i.id), i.issue_date, i.gross_gr,
           i.buyer_nip, i.xml, i.xml_sha256, q.status_code, q.error, ?2
         FROM invoices i JOIN ksef_invoices q ON q.invoice_id = i.id WHERE i.id = ?1 AND q.status = 'rejected'`,
      )
      .bind(r.id, r.by),
    db
      .prepare(
        `UPDATE invoices SET issue_date = ?2, due_date = ?3, net_gr = ?4, vat_gr = ?5, gross_gr = ?6, seller_nip = ?7,
           buyer_nip = ?8, xml = ?9, xml_sha256 = ?10, document = ?11
         WHERE id = ?1 AND number = ?12 AND ${STILL_REJECTED}`,
      )
      .bind(
        r.id,
        r.doc.issueDate,
        r.doc.dueDate,
        r.doc.netGr,
        r.doc.vatGr,
        r.doc.grossGr,
        r.doc.seller.nip,
        r.doc.buyer.nip,
        r.xml,
        r.xmlSha256,
        JSON.stringify(r.doc),
        r.doc.number,
      ),
    db
      .prepare(
        `UPDATE ksef_invoices SET status = 'queued', attempts = 0, next_attempt_at = NULL, session_ref = NULL,
           invoice_ref = NULL, offline = 0, send_by = NULL, status_code = NULL, error = NULL, sent_at = NULL,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE invoice_id = ?1 AND status = 'rejected'`,
      )
      .bind(r.id),
  ];
}

/** A rejected invoice's earlier versions, the first first. */
export async function rejectionsOf(
  db: D1Database,
  invoiceId: string,
): Promise<
  {
    attempt: number;
    issue_date: string;
    status_code: number | null;
    error: string | null;
    reissued_by: string;
    reissued_at: string;
  }[]
> {
  const { results } = await db
    .prepare(
      `SELECT attempt, issue_date, status_code, error, reissued_by, reissued_at FROM invoice_rejections
       WHERE invoice_id = ? ORDER BY attempt`,
    )
    .bind(invoiceId)
    .all<{
      attempt: number;
      issue_date: string;
      status_code: number | null;
      error: string | null;
      reissued_by: string;
      reissued_at: string;
    }>();
  return results;
}

/** KSeF's state of an invoice with why it was rejected (the register, the reissue). */
export async function ksefRefusalOf(
  db: D1Database,
  invoiceId: string,
): Promise<{ status: string; status_code: number | null; error: string | null } | null> {
  return db
    .prepare('SELECT status, status_code, error FROM ksef_invoices WHERE invoice_id = ?')
    .bind(invoiceId)
    .first();
}
