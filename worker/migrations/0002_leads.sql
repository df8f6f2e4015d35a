-- Leads of both kinds (contact messages and configurator quotes) and their outgoing
-- notifications (DESIGN §4). A lead and its outbox row are written in one batch; the
-- outbox keeps each email until it is sent, so the admin panel can see and resend it.
CREATE TABLE IF NOT EXISTS leads (
  id             TEXT    PRIMARY KEY,                        -- random UUID, answered as `id`
  kind           TEXT    NOT NULL CHECK (kind IN ('contact', 'quote')),
  submission_id  TEXT    NOT NULL UNIQUE,                    -- one lead per form fill, retries included
  name           TEXT    NOT NULL,
  email          TEXT    NOT NULL,
  phone          TEXT,
  company        TEXT,
  message        TEXT,
  attribution    TEXT    NOT NULL DEFAULT '{}',              -- JSON: DESIGN §4 `attribution`
  origin         TEXT,                                       -- the request's Origin header
  status         TEXT    NOT NULL DEFAULT 'nowy'
                 CHECK (status IN ('nowy', 'w kontakcie', 'wygrany', 'przegrany', 'spam')),
  notes          TEXT    NOT NULL DEFAULT '',                -- internal, for the sales team
  created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS leads_by_created ON leads (created_at DESC);
CREATE INDEX IF NOT EXISTS leads_by_status ON leads (status, created_at DESC);

CREATE TABLE IF NOT EXISTS outbox (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id     TEXT    NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  recipient   TEXT    NOT NULL,
  reply_to    TEXT,                                          -- the visitor's validated address
  subject     TEXT    NOT NULL,                              -- never contains user text
  body        TEXT    NOT NULL,                              -- plain text
  state       TEXT    NOT NULL DEFAULT 'pending'
              CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'dead')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at     TEXT
);
CREATE INDEX IF NOT EXISTS outbox_by_lead ON outbox (lead_id);
CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (state, updated_at);
