-- Configurator quotes (DESIGN §4). A quote is a lead of kind 'quote' (leads, 0002) with
-- its configuration, its prices recomputed from the live catalogue, a secret id for the
-- printable page /wycena/{id} and a human number KS-<year>-<6 digits>.
CREATE TABLE IF NOT EXISTS quotes (
  id                TEXT    PRIMARY KEY,          -- secret token of /wycena/{id}, 192 random bits, base64url
  number            TEXT    NOT NULL UNIQUE,      -- KS-2026-000123
  year              INTEGER NOT NULL,
  seq               INTEGER NOT NULL,
  lead_id           INTEGER,                      -- the leads row (0002) of kind quote
  submission_id     TEXT    UNIQUE,               -- idempotency: a retried submission is stored once
  device_id         TEXT    NOT NULL,
  device_name       TEXT    NOT NULL,
  level             TEXT    NOT NULL CHECK (level IN ('basic', 'business', 'premium')),
  term              TEXT    NOT NULL CHECK (term IN ('24', '36', 'short')),
  paper             INTEGER NOT NULL DEFAULT 0,
  volume_mono       INTEGER NOT NULL DEFAULT 0,
  volume_color      INTEGER,
  monthly_limit     INTEGER NOT NULL,
  color_limit       INTEGER,
  overage_mono      REAL    NOT NULL,
  overage_color     REAL,
  monthly_net       REAL    NOT NULL,
  monthly_vat       REAL    NOT NULL,
  monthly_gross     REAL    NOT NULL,
  estimated_net     REAL    NOT NULL,
  estimated_gross   REAL    NOT NULL,
  catalogue_version INTEGER NOT NULL,
  contact           TEXT    NOT NULL,             -- JSON: name, email, phone, company, nip, city, message, marketingConsent
  attribution       TEXT    NOT NULL DEFAULT '{}', -- JSON: page, origin, referrer, utm_*, partner, requestOrigin
  created_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at        TEXT    NOT NULL,
  UNIQUE (year, seq)
);
CREATE INDEX IF NOT EXISTS quotes_lead ON quotes (lead_id);
CREATE INDEX IF NOT EXISTS quotes_created ON quotes (created_at);
