-- Webhooks to a CRM (DESIGN §7). An event is written by a trigger in the same
-- transaction as the change it reports, with one delivery row per subscribed endpoint;
-- the queue consumer signs and POSTs it, retries with backoff, and dead-letters it.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  url         TEXT    NOT NULL,
  secret      TEXT    NOT NULL,                                -- whsec_…: the HMAC key
  events      TEXT    NOT NULL DEFAULT '[]',                   -- JSON array of event types
  active      INTEGER NOT NULL DEFAULT 1,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE IF NOT EXISTS webhook_events (
  id       TEXT    PRIMARY KEY,                                -- evt_<24 hex>
  type     TEXT    NOT NULL,
  created  INTEGER NOT NULL,                                   -- unix seconds
  data     TEXT    NOT NULL                                    -- JSON object
);

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id      TEXT    NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  endpoint_id   INTEGER NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  state         TEXT    NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'sending', 'delivered', 'failed', 'dead')),
  attempts      INTEGER NOT NULL DEFAULT 0,
  last_status   INTEGER,
  last_error    TEXT,
  queued_at     TEXT,                                          -- put on the queue (NULL: not yet)
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  delivered_at  TEXT,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_unsent ON webhook_deliveries (state, queued_at);

CREATE TABLE IF NOT EXISTS webhook_attempts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id  INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  status       INTEGER,                                        -- HTTP status; NULL: no answer
  error        TEXT,
  duration_ms  INTEGER
);
CREATE INDEX IF NOT EXISTS webhook_attempts_by_delivery ON webhook_attempts (delivery_id);

-- One delivery per endpoint subscribed to the event's type.
CREATE TRIGGER IF NOT EXISTS webhook_event_fanout AFTER INSERT ON webhook_events
BEGIN
  INSERT OR IGNORE INTO webhook_deliveries (event_id, endpoint_id)
  SELECT NEW.id, e.id FROM webhook_endpoints e
  WHERE e.active = 1 AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = NEW.type);
END;

-- The lead data every lead event carries (the shape is documented in the README).
CREATE TRIGGER IF NOT EXISTS webhook_lead_created AFTER INSERT ON leads
BEGIN
  INSERT INTO webhook_events (id, type, created, data)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'lead.created', CAST(strftime('%s', 'now') AS INTEGER),
    json_object('id', NEW.id, 'kind', NEW.kind, 'status', NEW.status, 'name', NEW.name, 'email', NEW.email,
      'phone', NEW.phone, 'company', NEW.company, 'message', NEW.message,
      'attribution', CASE WHEN json_valid(NEW.attribution) THEN json(NEW.attribution) END, 'createdAt', NEW.created_at));
END;

CREATE TRIGGER IF NOT EXISTS webhook_lead_status_changed AFTER UPDATE OF status ON leads
WHEN NEW.status IS NOT OLD.status
BEGIN
  INSERT INTO webhook_events (id, type, created, data)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'lead.status_changed', CAST(strftime('%s', 'now') AS INTEGER),
    json_object('id', NEW.id, 'kind', NEW.kind, 'status', NEW.status, 'previousStatus', OLD.status,
      'name', NEW.name, 'email', NEW.email, 'changedAt', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
END;

CREATE TRIGGER IF NOT EXISTS webhook_quote_created AFTER INSERT ON quotes
BEGIN
  INSERT INTO webhook_events (id, type, created, data)
  SELECT 'evt_' || lower(hex(randomblob(12))), 'quote.created', CAST(strftime('%s', 'now') AS INTEGER),
    json_object('leadId', l.id, 'number', NEW.number, 'deviceId', NEW.device_id, 'deviceName', NEW.device_name,
      'level', NEW.level, 'term', NEW.term, 'monthlyNet', NEW.monthly_net, 'monthlyGross', NEW.monthly_gross,
      'estimatedNet', NEW.estimated_net, 'name', l.name, 'email', l.email, 'phone', l.phone, 'company', l.company,
      'nip', NEW.nip, 'city', NEW.city, 'attribution', CASE WHEN json_valid(l.attribution) THEN json(l.attribution) END, 'createdAt', NEW.created_at)
  FROM leads l WHERE l.id = NEW.lead_id;
END;
