-- Configurator quotes (DESIGN §4). A quote is a lead of kind 'quote' (leads, 0002: name,
-- email, phone, company, message, attribution, origin, the submission id) plus its
-- configuration, its prices recomputed from the live catalogue, the secret id of the
-- printable page /wycena/{id} and the human number KS-<year>-<6 digits>. Written in the
-- lead's own batch, so a lead of kind 'quote' always has its quote.
CREATE TABLE IF NOT EXISTS quotes (
  id                TEXT    PRIMARY KEY,          -- secret token of /wycena/{id}: 192 random bits, base64url
  lead_id           TEXT    NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
  number            TEXT    NOT NULL UNIQUE,      -- KS-2026-000123
  year              INTEGER NOT NULL,
  seq               INTEGER NOT NULL,
  device_id         TEXT    NOT NULL,
  device_name       TEXT    NOT NULL,
  level             TEXT    NOT NULL CHECK (level IN ('basic', 'business', 'premium')),
  term              TEXT    NOT NULL CHECK (term IN ('24', '36', 'short')),
  paper             INTEGER NOT NULL DEFAULT 0,   -- paper wanted, priced on request
  volume_mono       INTEGER NOT NULL DEFAULT 0,   -- stated pages per month (0: not stated)
  volume_color      INTEGER,
  monthly_limit     INTEGER NOT NULL,
  color_limit       INTEGER,
  overage_mono      REAL    NOT NULL,
  overage_color     REAL,
  monthly_net       REAL    NOT NULL,
  monthly_vat       REAL    NOT NULL,
  monthly_gross     REAL    NOT NULL,
  estimated_net     REAL    NOT NULL,             -- at the stated volume, with overage
  estimated_gross   REAL    NOT NULL,
  catalogue_version INTEGER NOT NULL,
  nip               TEXT,                         -- checked by its checksum
  city              TEXT,
  marketing_consent INTEGER NOT NULL DEFAULT 0,   -- optional, unticked by default
  created_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at        TEXT    NOT NULL,             -- created_at + 30 days: the page is gone after it
  UNIQUE (year, seq)
);
CREATE INDEX IF NOT EXISTS quotes_by_created ON quotes (created_at DESC);
