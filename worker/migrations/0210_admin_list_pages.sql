-- The admin lists page by keyset (after the last row seen, in the list's order): each order
-- a list is read in has an index ending in its sort key, so a page reads only its rows,
-- the first page and the thousandth alike.

-- Tickets: the open ones by deadline (a partial index holds only them, so the closed ones,
-- whose deadlines are the oldest, are never walked past), the closed ones and all of them
-- newest first.
CREATE INDEX IF NOT EXISTS service_tickets_open_page ON service_tickets (due_at, id) WHERE status != 'zamknięte';
CREATE INDEX IF NOT EXISTS service_tickets_page_by_status ON service_tickets (status, created_at, id);
CREATE INDEX IF NOT EXISTS service_tickets_page ON service_tickets (created_at, id);

-- Orders and toner orders, newest first, with or without a status.
CREATE INDEX IF NOT EXISTS orders_page ON orders (created_at, id);
CREATE INDEX IF NOT EXISTS orders_page_by_status ON orders (status, created_at, id);
CREATE INDEX IF NOT EXISTS toner_orders_page ON toner_orders (created_at, id);
CREATE INDEX IF NOT EXISTS toner_orders_page_by_status ON toner_orders (status, created_at, id);

-- A bill starts counting a device's pages at its last accepted reading before the month:
-- found by walking back the device's own readings in the series' order (a reset after an
-- ordinary reading of the same day), stopping at the first one, never sorting them all.
CREATE INDEX IF NOT EXISTS meter_readings_series ON meter_readings (device_row, read_on, reset, id);
