-- An invoice KSeF rejected is not an invoice in law (it has no KSeF number: art. 106na of the VAT
-- Act), so nothing is owed on it: the balances leave it out, and with them "Faktury do zapłaty"
-- on /konto, the overdue list, the reminders and the matching of transfers (docs/invoices.md).
-- A rejected correction changes nothing owed either. The same view as 0330 otherwise. Issued again ('Wystaw ponownie'), it is queued and counts again.
DROP VIEW IF EXISTS invoice_balances;
CREATE VIEW invoice_balances AS
SELECT
  i.id, i.number, i.contract_id, i.period, i.issue_date, i.due_date, i.buyer_nip, i.gross_gr,
  i.gross_gr + coalesce((SELECT sum(k.gross_gr) FROM invoices k WHERE k.corrects_id = i.id AND k.kind = 'KOR'
    AND NOT EXISTS (SELECT 1 FROM ksef_invoices q WHERE q.invoice_id = k.id AND q.status = 'rejected')), 0) AS due_gr,
  coalesce((SELECT sum(b.amount_gr) FROM bank_lines b WHERE b.invoice_id = i.id AND b.match_kind = 'invoice'), 0)
  + CASE WHEN i.id = (SELECT f.id FROM invoices f WHERE f.contract_id = i.contract_id AND f.kind = 'VAT' ORDER BY f.year, f.seq LIMIT 1)
    THEN coalesce((SELECT sum(b.amount_gr) FROM bank_lines b JOIN contracts c ON c.order_ref = b.order_id
                   WHERE c.id = i.contract_id AND b.match_kind = 'verification'), 0)
    ELSE 0 END AS paid_gr
FROM invoices i
WHERE i.kind = 'VAT'
  AND NOT EXISTS (SELECT 1 FROM ksef_invoices q WHERE q.invoice_id = i.id AND q.status = 'rejected');
