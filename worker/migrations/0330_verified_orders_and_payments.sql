-- A contract only in the company's own name, and every payment matched (DESIGN §9).
--
-- Orders: the company comes from the Ministry of Finance's White List only. The answer the
-- order was made from is kept whole (name, address, REGON, KRS, VAT status, the accounts
-- the register lists for the NIP, the register's requestId and time): it is the evidence of
-- whom the contract names, and the accounts a verification transfer may come from.
ALTER TABLE orders ADD COLUMN register_answer TEXT;                 -- JSON, see worker/company/ client's RegisterAnswer
-- When the acceptance code in force was sent (the one entered is always the last one sent).
ALTER TABLE orders ADD COLUMN code_sent_at TEXT;
-- Verification before the contract starts: a transfer from an account the register lists
-- for the NIP, matched from a bank statement, or the team's recorded check. Until then the
-- installation protocol is refused.
ALTER TABLE orders ADD COLUMN verified_at TEXT;
ALTER TABLE orders ADD COLUMN verified_method TEXT CHECK (verified_method IS NULL OR verified_method IN ('transfer', 'manual'));
ALTER TABLE orders ADD COLUMN verified_by TEXT;                     -- the team member (manual), 'wyciąg bankowy' (transfer)
ALTER TABLE orders ADD COLUMN verified_note TEXT;                   -- what the team checked (manual)
ALTER TABLE orders ADD COLUMN verified_line INTEGER;                -- bank_lines.id of the transfer

-- An order whose NIP the White List could not be asked about (down, over its limit): the
-- form as sent waits here, nothing typed by hand becomes a contract. The cron asks the
-- register again (`next_attempt_at`, backing off) and then makes the order and e-mails the
-- code, or tells the signer why the company cannot order online. One per quote; the row
-- goes once the register has answered.
CREATE TABLE IF NOT EXISTS order_requests (
  quote_id         TEXT    PRIMARY KEY REFERENCES quotes (id),
  lead_id          TEXT    NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  submission_id    TEXT    NOT NULL,
  body_hash        TEXT    NOT NULL,
  nip              TEXT    NOT NULL,
  signer_email     TEXT    NOT NULL,                              -- lower case: a person's erasure finds it
  body             TEXT    NOT NULL,                              -- JSON: the form's fields (signer, delivery, consent)
  origin           TEXT    NOT NULL,                              -- the site's origin, for the e-mail's links
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT    NOT NULL,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS order_requests_due ON order_requests (next_attempt_at);
CREATE INDEX IF NOT EXISTS order_requests_by_email ON order_requests (signer_email);

-- Bank statements the owner uploaded (MT940, camt.053), one row per statement of a file.
CREATE TABLE IF NOT EXISTS bank_statements (
  id           TEXT    PRIMARY KEY,                                -- random UUID
  format       TEXT    NOT NULL CHECK (format IN ('mt940', 'camt053')),
  account      TEXT,                                               -- the statement's own account (IBAN)
  reference    TEXT,                                               -- :20:/:28C: or Stmt/Id
  file_sha256  TEXT    NOT NULL,
  lines        INTEGER NOT NULL,                                   -- credit lines read
  matched      INTEGER NOT NULL,
  unmatched    INTEGER NOT NULL,
  duplicates   INTEGER NOT NULL,                                   -- lines an earlier import already had
  uploaded_by  TEXT    NOT NULL,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS bank_statements_by_created ON bank_statements (created_at DESC, id);

-- Every credit line (money in) of the statements, once: `line_key` is the bank's own
-- reference of the line where it has one, else a hash of its fields (worker/payments/
-- statement.ts), so a file imported twice adds nothing. A line pays an order's
-- verification transfer, or an invoice (partly or wholly; several lines may pay one
-- invoice), or waits for the team (match_kind NULL), who assign it by hand or set it aside
-- with a note ('dismissed'), both audited.
CREATE TABLE IF NOT EXISTS bank_lines (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  line_key        TEXT    NOT NULL UNIQUE,
  statement_id    TEXT    NOT NULL REFERENCES bank_statements (id),
  booked_on       TEXT    NOT NULL,                                -- YYYY-MM-DD
  amount_gr       INTEGER NOT NULL CHECK (amount_gr > 0),
  currency        TEXT    NOT NULL,
  title           TEXT    NOT NULL,
  payer_name      TEXT,
  payer_account   TEXT,                                            -- IBAN, electronic format
  payer_nip       TEXT,
  bank_reference  TEXT,
  match_kind      TEXT    CHECK (match_kind IS NULL OR match_kind IN ('verification', 'invoice', 'dismissed')),
  match_how       TEXT,                                            -- 'title+account', 'number', 'amount+nip', 'amount+account', 'manual'
  order_id        TEXT    REFERENCES orders (id),
  invoice_id      TEXT    REFERENCES invoices (id),
  matched_by      TEXT,                                            -- 'automatycznie' or the team member
  matched_at      TEXT,
  note            TEXT,                                            -- why it was not matched, or the team's note
  created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS bank_lines_open ON bank_lines (booked_on DESC, id) WHERE match_kind IS NULL;
CREATE INDEX IF NOT EXISTS bank_lines_by_statement ON bank_lines (statement_id, id);
CREATE INDEX IF NOT EXISTS bank_lines_by_invoice ON bank_lines (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS bank_lines_by_order ON bank_lines (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS bank_lines_by_payer ON bank_lines (payer_account) WHERE payer_account IS NOT NULL;
CREATE INDEX IF NOT EXISTS invoices_by_contract ON invoices (contract_id, year, seq);
CREATE INDEX IF NOT EXISTS invoices_by_buyer ON invoices (buyer_nip, due_date);

-- What each VAT invoice asks and what came in against it. Invoices are never updated, so the
-- payment state is derived here: due = the invoice's gross plus its corrections' (KOR)
-- differences; paid = the statement lines matched to it, plus, on the first invoice of a
-- contract that came from an online order, the order's verification transfer (the 1,00 zł
-- is credited to the customer's first invoice).
CREATE VIEW IF NOT EXISTS invoice_balances AS
SELECT
  i.id, i.number, i.contract_id, i.period, i.issue_date, i.due_date, i.buyer_nip, i.gross_gr,
  i.gross_gr + coalesce((SELECT sum(k.gross_gr) FROM invoices k WHERE k.corrects_id = i.id AND k.kind = 'KOR'), 0) AS due_gr,
  coalesce((SELECT sum(b.amount_gr) FROM bank_lines b WHERE b.invoice_id = i.id AND b.match_kind = 'invoice'), 0)
  + CASE WHEN i.id = (SELECT f.id FROM invoices f WHERE f.contract_id = i.contract_id AND f.kind = 'VAT' ORDER BY f.year, f.seq LIMIT 1)
    THEN coalesce((SELECT sum(b.amount_gr) FROM bank_lines b JOIN contracts c ON c.order_ref = b.order_id
                   WHERE c.id = i.contract_id AND b.match_kind = 'verification'), 0)
    ELSE 0 END AS paid_gr
FROM invoices i
WHERE i.kind = 'VAT';

-- Overdue reminders: one row per invoice and step (N business days after the due date,
-- worker/payments/overdue.ts), written with the e-mail in one batch, so a step is sent once.
CREATE TABLE IF NOT EXISTS invoice_reminders (
  invoice_id  TEXT    NOT NULL REFERENCES invoices (id),
  step        INTEGER NOT NULL,                                    -- business days after the due date
  outbox_id   INTEGER,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (invoice_id, step)
);
