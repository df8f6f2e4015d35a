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

-- The outbox also carries e-mails about no lead and no ticket (a sign-in link, a reading's
-- or a toner order's confirmation): `about` names what they are about ('portal', 'reading:12',
-- 'toner:3'). SQLite cannot change a CHECK in place, so the table is rebuilt with every row.
CREATE TABLE outbox_new (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id     TEXT    REFERENCES leads (id) ON DELETE CASCADE,
  ticket_id   TEXT    REFERENCES service_tickets (id) ON DELETE CASCADE,
  about       TEXT,
  recipient   TEXT    NOT NULL,
  reply_to    TEXT,
  subject     TEXT    NOT NULL,
  body        TEXT    NOT NULL,
  state       TEXT    NOT NULL DEFAULT 'pending'
              CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'dead')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at     TEXT,
  CHECK (lead_id IS NOT NULL OR ticket_id IS NOT NULL OR about IS NOT NULL)
);
INSERT INTO outbox_new (id, lead_id, ticket_id, recipient, reply_to, subject, body, state, attempts, last_error, created_at, updated_at, sent_at)
  SELECT id, lead_id, ticket_id, recipient, reply_to, subject, body, state, attempts, last_error, created_at, updated_at, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX IF NOT EXISTS outbox_by_lead ON outbox (lead_id);
CREATE INDEX IF NOT EXISTS outbox_by_ticket ON outbox (ticket_id);
CREATE INDEX IF NOT EXISTS outbox_by_about ON outbox (about);
CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (state, updated_at);
