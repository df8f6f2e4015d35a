-- Accounts and roles (DESIGN §7). Row 1 is the first owner: its password is the
-- secret ADMIN_PASSWORD_HASH (password_hash stays NULL), it logs in without an e-mail
-- and can be neither disabled nor demoted. Everyone else is added by an owner and sets
-- a password through a one-time link.
CREATE TABLE IF NOT EXISTS accounts (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  email          TEXT    NOT NULL UNIQUE COLLATE NOCASE,       -- 'admin' for the first owner
  name           TEXT    NOT NULL,
  role           TEXT    NOT NULL CHECK (role IN ('owner', 'sales', 'service')),
  password_hash  TEXT,                                         -- pbkdf2-sha256$…; NULL: not set yet
  disabled       INTEGER NOT NULL DEFAULT 0,
  created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT OR IGNORE INTO accounts (id, email, name, role) VALUES (1, 'admin', 'Właściciel', 'owner');

-- One-time set-password links: only the SHA-256 of the token is kept.
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash  TEXT    PRIMARY KEY,
  account_id  INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at  INTEGER NOT NULL,                                -- ms since epoch
  used_at     INTEGER
);

-- Sessions belong to an account; `credential` is a fingerprint of the password hash the
-- session was opened with: a changed password (or secret) ends every older session.
DELETE FROM admin_sessions;
ALTER TABLE admin_sessions ADD COLUMN account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE;
ALTER TABLE admin_sessions ADD COLUMN credential TEXT NOT NULL DEFAULT '';
ALTER TABLE admin_sessions ADD COLUMN user_agent TEXT;
CREATE INDEX IF NOT EXISTS admin_sessions_by_account ON admin_sessions (account_id);

-- Login throttling, one row per key ('ip:…' or 'account:…'). An attempt
-- is counted BEFORE the password is checked, by one atomic upsert, so parallel guesses
-- cannot slip past the limit.
CREATE TABLE IF NOT EXISTS login_throttle (
  key           TEXT    PRIMARY KEY,
  attempts      INTEGER NOT NULL,
  window_start  INTEGER NOT NULL,                              -- ms since epoch
  locked_until  INTEGER
);

-- The audit log: every admin write (and every export), read-only in the panel.
CREATE TABLE IF NOT EXISTS audit_log (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  at          TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  account_id  INTEGER,
  actor       TEXT    NOT NULL,                                -- name <e-mail> at the time
  role        TEXT,
  action      TEXT    NOT NULL,                                -- e.g. 'leads.update', 'accounts.create'
  area        TEXT    NOT NULL,                                -- the route prefix: leads, accounts, …
  target      TEXT,                                            -- the id the write was about
  method      TEXT    NOT NULL,
  path        TEXT    NOT NULL,
  status      INTEGER NOT NULL,
  details     TEXT    NOT NULL DEFAULT '{}',                   -- JSON, never a password
  ip          TEXT
);
CREATE INDEX IF NOT EXISTS audit_by_at ON audit_log (at DESC);
CREATE INDEX IF NOT EXISTS audit_by_area ON audit_log (area, at DESC);
CREATE INDEX IF NOT EXISTS audit_by_account ON audit_log (account_id, at DESC);
