-- One transfer may pay several invoices: from 2027 a payer quotes each invoice's KSeF number in the
-- title (art. 108g of the VAT Act), and the import shares the amount among the invoices named, in the
-- order written (worker/payments/matching.ts). A line with parts here counts by its parts; the
-- line's own invoice_id stays the first of them (what the panel shows beside the line).
CREATE TABLE IF NOT EXISTS bank_line_splits (
  line_key    TEXT    NOT NULL REFERENCES bank_lines (line_key),
  invoice_id  TEXT    NOT NULL REFERENCES invoices (id),
  amount_gr   INTEGER NOT NULL CHECK (amount_gr > 0),
  PRIMARY KEY (line_key, invoice_id)
);
CREATE INDEX IF NOT EXISTS bank_line_splits_by_invoice ON bank_line_splits (invoice_id);

-- The view of 0441 (a rejected invoice is owed nothing), with the shared lines counted by their parts
-- and the invoice's KSeF number once accepted (what a payer quotes: the matching, /konto, the reminders).
DROP VIEW IF EXISTS invoice_balances;
CREATE VIEW invoice_balances AS
SELECT
  i.id, i.number, i.contract_id, i.period, i.issue_date, i.due_date, i.buyer_nip, i.gross_gr,
  (SELECT q.ksef_number FROM ksef_invoices q WHERE q.invoice_id = i.id) AS ksef_number,
  i.gross_gr + coalesce((SELECT sum(k.gross_gr) FROM invoices k WHERE k.corrects_id = i.id AND k.kind = 'KOR'
    AND NOT EXISTS (SELECT 1 FROM ksef_invoices q WHERE q.invoice_id = k.id AND q.status = 'rejected')), 0) AS due_gr,
  coalesce((SELECT sum(b.amount_gr) FROM bank_lines b WHERE b.invoice_id = i.id AND b.match_kind = 'invoice'
    AND NOT EXISTS (SELECT 1 FROM bank_line_splits s WHERE s.line_key = b.line_key)), 0)
  + coalesce((SELECT sum(s.amount_gr) FROM bank_line_splits s JOIN bank_lines b ON b.line_key = s.line_key
    WHERE s.invoice_id = i.id AND b.match_kind = 'invoice'), 0)
  + CASE WHEN i.id = (SELECT f.id FROM invoices f WHERE f.contract_id = i.contract_id AND f.kind = 'VAT' ORDER BY f.year, f.seq LIMIT 1)
    THEN coalesce((SELECT sum(b.amount_gr) FROM bank_lines b JOIN contracts c ON c.order_ref = b.order_id
                   WHERE c.id = i.contract_id AND b.match_kind = 'verification'), 0)
    ELSE 0 END AS paid_gr
FROM invoices i
WHERE i.kind = 'VAT'
  AND NOT EXISTS (SELECT 1 FROM ksef_invoices q WHERE q.invoice_id = i.id AND q.status = 'rejected');
