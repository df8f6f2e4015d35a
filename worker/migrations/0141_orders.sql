-- Orders placed online from a quote (/zamowienie/<quote id>): the company (from the White
-- List or typed by hand), who signs, the delivery day, the contract document in the form
-- it was accepted in with its SHA-256 and the version of the rental terms, and the
-- acceptance by a 6-digit code sent to the signer (only its hash is kept; it expires, is
-- used once and allows a few attempts). One order per quote; it belongs to the quote's
-- lead, so the sales team sees and owns it like any lead, and it keeps the quote's
-- attribution (the partner) as it was at ordering.
CREATE TABLE IF NOT EXISTS orders (
  id                    TEXT    PRIMARY KEY,                       -- random UUID
  quote_id              TEXT    NOT NULL UNIQUE REFERENCES quotes (id),
  lead_id               TEXT    NOT NULL REFERENCES leads (id),
  submission_id         TEXT    NOT NULL,                          -- the last form fill
  body_hash             TEXT    NOT NULL,
  status                TEXT    NOT NULL DEFAULT 'awaiting_acceptance'
                        CHECK (status IN ('awaiting_acceptance', 'signed', 'installed')),
  company_nip           TEXT    NOT NULL,
  company_name          TEXT    NOT NULL,
  company_address       TEXT    NOT NULL,
  company_regon         TEXT,
  company_krs           TEXT,
  vat_status            TEXT,                                      -- the White List's statusVat; NULL: typed by hand
  signer_name           TEXT    NOT NULL,
  signer_position       TEXT    NOT NULL,
  signer_email          TEXT    NOT NULL,
  signer_phone          TEXT    NOT NULL,
  delivery_city         TEXT    NOT NULL,
  delivery_date         TEXT    NOT NULL,                          -- YYYY-MM-DD, Europe/Warsaw
  delivery_address      TEXT    NOT NULL,
  attribution           TEXT    NOT NULL DEFAULT '{}',             -- JSON, the quote's lead's at ordering
  marketing_consent     INTEGER NOT NULL DEFAULT 0,                -- the optional consent ticked on the order form
  terms_version         TEXT    NOT NULL,
  terms_sha256          TEXT    NOT NULL,
  document              TEXT    NOT NULL,                          -- the contract text as served and accepted
  document_sha256       TEXT    NOT NULL,
  code_hash             TEXT,                                      -- NULL once used
  code_expires_at       TEXT,
  code_attempts         INTEGER NOT NULL DEFAULT 0,
  codes_sent            INTEGER NOT NULL DEFAULT 0,
  accepted_at           TEXT,
  accepted_ip           TEXT,
  accepted_user_agent   TEXT,
  installed_at          TEXT,
  installation          TEXT,                                      -- JSON: the installation protocol
  created_at            TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at            TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS orders_by_delivery ON orders (delivery_date, status);
CREATE INDEX IF NOT EXISTS orders_by_created ON orders (created_at DESC);
