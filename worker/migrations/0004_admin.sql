-- Admin panel: server-side sessions and login throttling.
-- A session row holds the SHA-256 of the cookie value, never the value itself, so a
-- copy of the database cannot be turned into a logged-in browser.
CREATE TABLE IF NOT EXISTS admin_sessions (
  id_hash     TEXT    PRIMARY KEY,
  user_name   TEXT    NOT NULL DEFAULT 'admin',   -- who, for the catalogue history
  ip          TEXT,
  created_at  INTEGER NOT NULL,                   -- ms since epoch
  expires_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS admin_sessions_expires ON admin_sessions (expires_at);

-- Failed logins per IP: five within the window lock logins from that IP for 15 minutes.
CREATE TABLE IF NOT EXISTS admin_login_failures (
  ip               TEXT    PRIMARY KEY,
  failures         INTEGER NOT NULL,
  first_failed_at  INTEGER NOT NULL,
  locked_until     INTEGER
);
