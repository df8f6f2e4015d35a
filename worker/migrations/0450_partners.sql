-- Partners as data: the ids of the `partner="…"` attribute were a word list in
-- wrangler.toml (`PARTNERS`); now each is a row the owner adds, edits and pauses in the panel,
-- attributed at once, no redeploy. Commission terms: a share (basis points, 1 000 = 10 %) of
-- the net invoiced and paid for the first `share_months` months of a contract, or a fixed
-- amount (grosze) per installed contract. `domains`: a JSON array of host names the partner's
-- pages live on; a lead whose request came from another Origin is stored with the partner
-- unconfirmed (worker/leads/partners.ts).
CREATE TABLE IF NOT EXISTS partners (
  id               TEXT    PRIMARY KEY,                     -- the partner="…" value, kept stable
  name             TEXT    NOT NULL,
  nip              TEXT,                                    -- ten digits, the company by the White List
  company_name     TEXT,                                    -- the White List's name at adding
  company_address  TEXT,
  contact_email    TEXT,                                    -- lower case; the /partner sign-in
  domains          TEXT    NOT NULL DEFAULT '[]',           -- JSON array of host names
  commission_kind  TEXT    NOT NULL DEFAULT 'share' CHECK (commission_kind IN ('share', 'fixed')),
  share_bp         INTEGER NOT NULL DEFAULT 0 CHECK (share_bp BETWEEN 0 AND 10000),
  share_months     INTEGER NOT NULL DEFAULT 12 CHECK (share_months BETWEEN 1 AND 120),
  fixed_gr         INTEGER NOT NULL DEFAULT 0 CHECK (fixed_gr >= 0),
  window_days      INTEGER NOT NULL DEFAULT 90 CHECK (window_days BETWEEN 1 AND 730),
  active           INTEGER NOT NULL DEFAULT 1,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX IF NOT EXISTS partners_by_email ON partners (contact_email) WHERE contact_email IS NOT NULL;

-- wrangler.toml's PARTNERS = "demo": the live example of /dla-partnerow, on our own pages.
INSERT OR IGNORE INTO partners (id, name, domains) VALUES ('demo', 'Przykład (dla-partnerow)', '["kserowo.pl"]');

-- A month's statement the owner marked settled: the commission as it was then, frozen.
CREATE TABLE IF NOT EXISTS partner_statements (
  partner_id   TEXT    NOT NULL REFERENCES partners (id),
  month        TEXT    NOT NULL,                            -- YYYY-MM: the invoices' period
  commission_gr INTEGER NOT NULL,
  settled_by   TEXT    NOT NULL,
  settled_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (partner_id, month)
);

-- The partner's page /partner: sign-ins by e-mailed link or code and sessions, as /konto's
-- (worker/portal/sign-in.ts), in tables of their own so a partner's link never opens /konto.
CREATE TABLE IF NOT EXISTS partner_sign_ins (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  email          TEXT    NOT NULL,
  token_hash     TEXT    NOT NULL UNIQUE,
  code_hash      TEXT    NOT NULL,
  code_attempts  INTEGER NOT NULL DEFAULT 0,
  ip             TEXT,
  created_at     INTEGER NOT NULL,
  expires_at     INTEGER NOT NULL,
  used_at        INTEGER
);
CREATE INDEX IF NOT EXISTS partner_sign_ins_by_email ON partner_sign_ins (email, created_at);

CREATE TABLE IF NOT EXISTS partner_sessions (
  id_hash     TEXT    PRIMARY KEY,
  email       TEXT    NOT NULL,
  ip          TEXT,
  user_agent  TEXT,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS partner_sessions_by_email ON partner_sessions (email);
