-- Statuses and stages become keys in data, Polish in labels: a lead's status and stage, a
-- ticket's status (and its history) and a toner order's status were stored as the Polish
-- words the team reads; from here they are short English keys, and the one label table of
-- each family (worker/admin-shared/pipeline.ts LEAD_STATUS_LABELS, widgets/core/service-fields.ts
-- TICKET_STATUS_LABELS, widgets/core/toner.ts TONER_STATUS_LABELS) gives the words back.
--
--   lead stage and status   nowy → new, w kontakcie → contacted, oferta wysłana → offer_sent,
--                           negocjacje → negotiation, wygrany → won, przegrany → lost, spam → spam
--   ticket status           nowe → new, przyjęte → accepted, w drodze → en_route,
--                           naprawione → repaired, urządzenie zastępcze → replacement, zamknięte → closed
--   toner order status      do akceptacji → awaiting_approval, przyjęte → accepted, wysłane → shipped,
--                           dostarczone → delivered, odrzucone → rejected
--
-- Each column carries a CHECK listing the Polish words, which SQLite cannot change in place.
-- The tables are not rebuilt (create, copy, drop, rename) as 0020 and 0100 did with the outbox:
-- leads and tickets are referenced by other tables with ON DELETE CASCADE, and dropping them
-- would delete their e-mails, notes and history (D1 keeps foreign keys on). Each column is
-- replaced instead: a new column with the keys' CHECK, filled from the old one, the old one
-- dropped (its indexes first), the new one renamed to the old name and its indexes made again,
-- the same names and columns, the partial indexes with the keys. Rows keep their rowids, so the
-- leads' search index (0201) stays in step. Webhook events already sent keep what they carried.

-- leads.status
DROP INDEX IF EXISTS leads_page_by_status;
ALTER TABLE leads ADD COLUMN status_key TEXT NOT NULL DEFAULT 'new'
  CHECK (status_key IN ('new', 'contacted', 'won', 'lost', 'spam'));
UPDATE leads SET status_key = CASE status
  WHEN 'nowy' THEN 'new' WHEN 'w kontakcie' THEN 'contacted' WHEN 'wygrany' THEN 'won'
  WHEN 'przegrany' THEN 'lost' WHEN 'spam' THEN 'spam' END;
ALTER TABLE leads DROP COLUMN status;
ALTER TABLE leads RENAME COLUMN status_key TO status;
CREATE INDEX IF NOT EXISTS leads_page_by_status ON leads (status, created_at, id);

-- leads.stage
DROP INDEX IF EXISTS leads_by_owner_stage;
DROP INDEX IF EXISTS leads_by_stage;
ALTER TABLE leads ADD COLUMN stage_key TEXT NOT NULL DEFAULT 'new'
  CHECK (stage_key IN ('new', 'contacted', 'offer_sent', 'negotiation', 'won', 'lost'));
UPDATE leads SET stage_key = CASE stage
  WHEN 'nowy' THEN 'new' WHEN 'w kontakcie' THEN 'contacted' WHEN 'oferta wysłana' THEN 'offer_sent'
  WHEN 'negocjacje' THEN 'negotiation' WHEN 'wygrany' THEN 'won' WHEN 'przegrany' THEN 'lost' END;
ALTER TABLE leads DROP COLUMN stage;
ALTER TABLE leads RENAME COLUMN stage_key TO stage;
CREATE INDEX IF NOT EXISTS leads_by_owner_stage ON leads (assigned_to, stage, created_at DESC);
CREATE INDEX IF NOT EXISTS leads_by_stage ON leads (stage, created_at DESC);

-- service_tickets.status
DROP INDEX IF EXISTS service_tickets_open;
DROP INDEX IF EXISTS service_tickets_open_page;
DROP INDEX IF EXISTS service_tickets_page_by_status;
ALTER TABLE service_tickets ADD COLUMN status_key TEXT NOT NULL DEFAULT 'new'
  CHECK (status_key IN ('new', 'accepted', 'en_route', 'repaired', 'replacement', 'closed'));
UPDATE service_tickets SET status_key = CASE status
  WHEN 'nowe' THEN 'new' WHEN 'przyjęte' THEN 'accepted' WHEN 'w drodze' THEN 'en_route'
  WHEN 'naprawione' THEN 'repaired' WHEN 'urządzenie zastępcze' THEN 'replacement' WHEN 'zamknięte' THEN 'closed' END;
ALTER TABLE service_tickets DROP COLUMN status;
ALTER TABLE service_tickets RENAME COLUMN status_key TO status;
CREATE INDEX IF NOT EXISTS service_tickets_open ON service_tickets (status, due_at);
CREATE INDEX IF NOT EXISTS service_tickets_open_page ON service_tickets (due_at, id) WHERE status != 'closed';
CREATE INDEX IF NOT EXISTS service_tickets_page_by_status ON service_tickets (status, created_at, id);

-- The tickets' history (no CHECK: a plain column); a word without a key stays as it was.
UPDATE service_ticket_events SET status = CASE status
  WHEN 'nowe' THEN 'new' WHEN 'przyjęte' THEN 'accepted' WHEN 'w drodze' THEN 'en_route'
  WHEN 'naprawione' THEN 'repaired' WHEN 'urządzenie zastępcze' THEN 'replacement' WHEN 'zamknięte' THEN 'closed'
  ELSE status END;

-- toner_orders.status (no default before: every insert names it)
DROP INDEX IF EXISTS toner_orders_in_flight;
DROP INDEX IF EXISTS toner_orders_by_status;
DROP INDEX IF EXISTS toner_orders_page_by_status;
ALTER TABLE toner_orders ADD COLUMN status_key TEXT NOT NULL DEFAULT 'awaiting_approval'
  CHECK (status_key IN ('awaiting_approval', 'accepted', 'shipped', 'delivered', 'rejected'));
UPDATE toner_orders SET status_key = CASE status
  WHEN 'do akceptacji' THEN 'awaiting_approval' WHEN 'przyjęte' THEN 'accepted' WHEN 'wysłane' THEN 'shipped'
  WHEN 'dostarczone' THEN 'delivered' WHEN 'odrzucone' THEN 'rejected' END;
ALTER TABLE toner_orders DROP COLUMN status;
ALTER TABLE toner_orders RENAME COLUMN status_key TO status;
CREATE UNIQUE INDEX IF NOT EXISTS toner_orders_in_flight ON toner_orders (device_row, colour)
  WHERE status IN ('awaiting_approval', 'accepted', 'shipped');
CREATE INDEX IF NOT EXISTS toner_orders_by_status ON toner_orders (status, created_at);
CREATE INDEX IF NOT EXISTS toner_orders_page_by_status ON toner_orders (status, created_at, id);
