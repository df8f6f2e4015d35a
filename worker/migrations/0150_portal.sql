-- The customer's own page /konto: password-free sign-in by an e-mailed link or code, its
-- own sessions (not the admin's), and e-mails that belong to no lead and no ticket.

-- One requested sign-in: a link token and a 6-digit code, both stored only as SHA-256.
-- The link's GET spends nothing (mail scanners open links); the POST of its button, or
-- the code, spends the row once (`used_at`). A newer request supersedes older unspent ones.
CREATE TABLE IF NOT EXISTS portal_sign_ins (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  email          TEXT    NOT NULL,                   -- lower-case, as the contract has it
  token_hash     TEXT    NOT NULL UNIQUE,
  code_hash      TEXT    NOT NULL,
  code_attempts  INTEGER NOT NULL DEFAULT 0,         -- wrong codes typed; the code dies at the limit
  ip             TEXT,
  created_at     INTEGER NOT NULL,                   -- ms since the epoch
  expires_at     INTEGER NOT NULL,
  used_at        INTEGER                             -- spent (signed in) or superseded
);
CREATE INDEX IF NOT EXISTS portal_sign_ins_by_email ON portal_sign_ins (email, created_at);

-- A customer's session: the cookie's SHA-256 only. Signing in again ends the older ones.
CREATE TABLE IF NOT EXISTS portal_sessions (
  id_hash     TEXT    PRIMARY KEY,
  email       TEXT    NOT NULL,
  ip          TEXT,
  user_agent  TEXT,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS portal_sessions_by_email ON portal_sessions (email);

-- E-mails about no lead, ticket or contract (a sign-in link, a reading's or a toner order's
-- confirmation) name what they are about: 'portal', 'reading:12', 'toner:TON-2026-000003'.
ALTER TABLE outbox ADD COLUMN about TEXT;
CREATE INDEX IF NOT EXISTS outbox_by_about ON outbox (about);
