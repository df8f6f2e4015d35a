-- What an issued invoice said, beside its XML: the invoice document as JSON (lines with
-- their counters, buyer, seller, totals in grosze), written once at issue like the XML, so
-- the customer's copy, the register and a later correction read what was issued and never
-- recompute it. The buyer's flags FA(3) asks of every invoice: a subordinate unit of local
-- government (JST) and a member of a VAT group (GV), kept with the contract's buyer data.
-- Each month's issue run, so the cron issues once and then rests until the next month.
ALTER TABLE invoices ADD COLUMN document TEXT;
CREATE INDEX IF NOT EXISTS invoices_by_period_number ON invoices (period, number);
CREATE INDEX IF NOT EXISTS invoices_by_contract ON invoices (contract_id, period);

ALTER TABLE contracts ADD COLUMN buyer_jst INTEGER NOT NULL DEFAULT 0 CHECK (buyer_jst IN (0, 1));
ALTER TABLE contracts ADD COLUMN buyer_gv INTEGER NOT NULL DEFAULT 0 CHECK (buyer_gv IN (0, 1));

CREATE TABLE IF NOT EXISTS invoice_runs (
  period       TEXT    PRIMARY KEY,                   -- YYYY-MM: the month invoiced
  started_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  finished_at  TEXT,                                  -- set when every running contract has its invoice
  issued       INTEGER NOT NULL DEFAULT 0,
  skipped      INTEGER NOT NULL DEFAULT 0
);
