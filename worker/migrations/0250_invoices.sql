-- Invoices: each bill becomes an FA(3) e-invoice sent to KSeF (DESIGN §9). An invoice row
-- is written once, at issue, with the XML exactly as issued, and never updated: a mistake
-- is put right by a correction invoice (kind 'KOR', `corrects_id`), never by an edit. The
-- invoice's life in KSeF (queued, sent, its KSeF number and UPO) is kept apart in
-- `ksef_invoices`, so the issued document and its transport never share a row.
CREATE TABLE IF NOT EXISTS invoices (
  id           TEXT    PRIMARY KEY,                   -- random UUID: the secret of the customer's copy /faktura/<id>
  number       TEXT    NOT NULL UNIQUE,               -- the invoice number, one series per year
  year         INTEGER NOT NULL,
  seq          INTEGER NOT NULL,                      -- 1, 2, 3… within the year: never a gap, never a repeat
  kind         TEXT    NOT NULL CHECK (kind IN ('VAT', 'KOR')),
  contract_id  TEXT    NOT NULL REFERENCES contracts (id),
  period       TEXT    NOT NULL,                      -- YYYY-MM: the month billed
  issue_date   TEXT    NOT NULL,                      -- YYYY-MM-DD (Warsaw)
  due_date     TEXT    NOT NULL,                      -- YYYY-MM-DD (Warsaw)
  net_gr       INTEGER NOT NULL,                      -- grosze; a correction's difference may be negative
  vat_gr       INTEGER NOT NULL,
  gross_gr     INTEGER NOT NULL,
  seller_nip   TEXT    NOT NULL,
  buyer_nip    TEXT,
  xml          TEXT    NOT NULL,                      -- FA(3), UTF-8 without BOM, as issued
  xml_sha256   TEXT    NOT NULL,                      -- base64url of SHA-256 of the XML's bytes (KOD I, KSeF hashes)
  corrects_id  TEXT    REFERENCES invoices (id),      -- the corrected invoice (kind 'KOR')
  reason       TEXT,                                  -- why a correction was issued
  created_by   TEXT    NOT NULL,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (year, seq)
);
-- Once per contract and month, whatever is retried or raced.
CREATE UNIQUE INDEX IF NOT EXISTS invoices_one_per_contract_month ON invoices (contract_id, period) WHERE kind = 'VAT';
CREATE INDEX IF NOT EXISTS invoices_by_period ON invoices (period, id);
CREATE INDEX IF NOT EXISTS invoices_by_corrected ON invoices (corrects_id) WHERE corrects_id IS NOT NULL;

-- An invoice in KSeF: written 'queued' in the batch that issues the invoice; the KSeF
-- sender claims queued rows, sends them in an online session and keeps the KSeF number
-- and the UPO it is given.
CREATE TABLE IF NOT EXISTS ksef_invoices (
  invoice_id   TEXT    PRIMARY KEY REFERENCES invoices (id),
  status       TEXT    NOT NULL DEFAULT 'queued',
  ksef_number  TEXT    UNIQUE,
  upo          TEXT,                                  -- the UPO XML as received
  updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS ksef_invoices_by_status ON ksef_invoices (status, updated_at);

-- The buyer's address on the invoice: the registered address of the company (the White
-- List's), one line as the register gives it. Contracts of online orders take the order's.
ALTER TABLE contracts ADD COLUMN company_address TEXT;
UPDATE contracts SET company_address = (SELECT o.company_address FROM orders o WHERE o.id = contracts.order_ref)
 WHERE order_ref IS NOT NULL;
