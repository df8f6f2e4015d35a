-- Toner orders from the customer's page: one row per cartridge colour, rows of one order
-- share its number (TON-<year>-<6 digits>). At most one cartridge per colour and device is
-- in flight (ordered, accepted or on its way): the partial unique index refuses a second,
-- also when two orders race. `mono_at` / `color_at` are the device's counters when it was
-- ordered, the baseline the next order of that colour is measured from.
CREATE TABLE IF NOT EXISTS toner_orders (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no      TEXT    NOT NULL,
  year          INTEGER NOT NULL,
  seq           INTEGER NOT NULL,
  device_row    INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  colour        TEXT    NOT NULL CHECK (colour IN ('black', 'cyan', 'magenta', 'yellow')),
  status        TEXT    NOT NULL
                CHECK (status IN ('do akceptacji', 'przyjęte', 'wysłane', 'dostarczone', 'odrzucone')),
  justified     INTEGER NOT NULL,                   -- 1: the readings justify it by the cartridge yield
  mono_at       INTEGER,
  color_at      INTEGER,
  ordered_by    TEXT    NOT NULL,                   -- the portal user's address
  note          TEXT,
  handled_by    TEXT,                               -- the team member of the last status change
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX IF NOT EXISTS toner_orders_in_flight ON toner_orders (device_row, colour)
  WHERE status IN ('do akceptacji', 'przyjęte', 'wysłane');
CREATE INDEX IF NOT EXISTS toner_orders_by_no ON toner_orders (order_no);
CREATE INDEX IF NOT EXISTS toner_orders_by_status ON toner_orders (status, created_at);
