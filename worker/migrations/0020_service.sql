-- Service: the device registry, fault tickets with their SLA clock and
-- history, and counter readings for the overage bill.

-- Every rented device. `device_id` and `level` name the catalogue device and package
-- whose limits and overage rates bill it (the live catalogue's, at billing time).
CREATE TABLE IF NOT EXISTS devices (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  serial          TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  device_id       TEXT    NOT NULL,                 -- catalogue device id, e.g. km-c3320i
  level           TEXT    NOT NULL CHECK (level IN ('basic', 'business', 'premium')),
  contract_start  TEXT,                             -- YYYY-MM-DD
  term_months     INTEGER,
  company         TEXT    NOT NULL DEFAULT '',
  nip             TEXT,
  email           TEXT,
  phone           TEXT,
  city            TEXT,
  created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS devices_by_nip ON devices (nip);

-- A fault report. `id` is the secret of its status page /serwis/zgloszenie/{id}.
CREATE TABLE IF NOT EXISTS service_tickets (
  id                 TEXT    PRIMARY KEY,            -- 192 random bits, base64url
  submission_id      TEXT    NOT NULL UNIQUE,        -- one ticket per form fill, retries included
  body_hash          TEXT    NOT NULL,               -- SHA-256 of the normalised body (DESIGN §7 idempotency)
  number             TEXT    NOT NULL UNIQUE,        -- SR-2026-000123
  year               INTEGER NOT NULL,
  seq                INTEGER NOT NULL,
  serial             TEXT    NOT NULL,               -- as typed (normalised)
  device_row         INTEGER REFERENCES devices (id) ON DELETE SET NULL,
  known_device       INTEGER NOT NULL DEFAULT 0,     -- 0: serial not in the registry, flagged for the team
  level              TEXT,                           -- the device's package at the time, when known
  sla_hours          INTEGER NOT NULL,
  category           TEXT    NOT NULL,
  error_code         TEXT,
  description        TEXT    NOT NULL,
  name               TEXT    NOT NULL,
  email              TEXT    NOT NULL,
  phone              TEXT    NOT NULL,
  company            TEXT,
  nip                TEXT,
  contact_when       TEXT,
  marketing_consent  INTEGER NOT NULL DEFAULT 0,
  attribution        TEXT    NOT NULL DEFAULT '{}',
  origin             TEXT,
  status             TEXT    NOT NULL DEFAULT 'nowe'
                     CHECK (status IN ('nowe', 'przyjęte', 'w drodze', 'naprawione', 'urządzenie zastępcze', 'zamknięte')),
  created_at         TEXT    NOT NULL,
  due_at             TEXT    NOT NULL,               -- created_at + SLA hours in business hours
  first_response_at  TEXT,
  closed_at          TEXT,
  UNIQUE (year, seq)
);
CREATE INDEX IF NOT EXISTS service_tickets_open ON service_tickets (status, due_at);
CREATE INDEX IF NOT EXISTS service_tickets_created ON service_tickets (created_at);

-- Each status change of a ticket, with who made it (the customer's status page shows them).
CREATE TABLE IF NOT EXISTS service_ticket_events (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id   TEXT    NOT NULL REFERENCES service_tickets (id) ON DELETE CASCADE,
  status      TEXT    NOT NULL,
  note        TEXT,
  actor       TEXT    NOT NULL,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS service_ticket_events_by_ticket ON service_ticket_events (ticket_id, id);

-- Counter readings. `reset` = 1 marks a replaced or zeroed counter: its values start a
-- new series, and no pages are counted between the reading before it and it.
CREATE TABLE IF NOT EXISTS meter_readings (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  submission_id  TEXT    UNIQUE,                     -- customer readings; NULL for the team's
  body_hash      TEXT,
  device_row     INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  read_on        TEXT    NOT NULL,                   -- YYYY-MM-DD
  mono           INTEGER NOT NULL,
  color          INTEGER,
  note           TEXT,
  sent_by        TEXT    NOT NULL,                   -- the customer's name and e-mail, or the team member
  marketing_consent INTEGER NOT NULL DEFAULT 0,      -- optional, unticked by default
  reset          INTEGER NOT NULL DEFAULT 0,
  created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS meter_readings_by_device ON meter_readings (device_row, read_on, id);

-- The outbox (0002) also carries the service team's ticket e-mails: a row belongs to a
-- lead or to a ticket. SQLite cannot relax NOT NULL in place, so the table is rebuilt;
-- nothing references the outbox, so no row elsewhere is touched.
CREATE TABLE outbox_new (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id     TEXT    REFERENCES leads (id) ON DELETE CASCADE,
  ticket_id   TEXT    REFERENCES service_tickets (id) ON DELETE CASCADE,
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
  CHECK (lead_id IS NOT NULL OR ticket_id IS NOT NULL)
);
INSERT INTO outbox_new (id, lead_id, recipient, reply_to, subject, body, state, attempts, last_error, created_at, updated_at, sent_at)
  SELECT id, lead_id, recipient, reply_to, subject, body, state, attempts, last_error, created_at, updated_at, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX IF NOT EXISTS outbox_by_lead ON outbox (lead_id);
CREATE INDEX IF NOT EXISTS outbox_by_ticket ON outbox (ticket_id);
CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (state, updated_at);
