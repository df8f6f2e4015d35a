-- A wrong device attached to a fault ticket is corrected by the team as a new row with
-- its reason (who, when, from which device to which); the ticket points at the corrected
-- device and the history keeps the old one, shown struck through in the panel.
CREATE TABLE IF NOT EXISTS ticket_device_changes (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id        TEXT    NOT NULL REFERENCES service_tickets (id) ON DELETE CASCADE,
  from_device_row  INTEGER REFERENCES devices (id) ON DELETE SET NULL,
  from_serial      TEXT    NOT NULL,
  to_device_row    INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  to_serial        TEXT    NOT NULL,
  reason           TEXT    NOT NULL,
  actor            TEXT    NOT NULL,
  created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS ticket_device_changes_by_ticket ON ticket_device_changes (ticket_id, id);
