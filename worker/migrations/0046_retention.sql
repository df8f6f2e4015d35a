-- Retention, export and erasure of a person's data (README "Privacy: retention,
-- export and erasure"). A lead or a service ticket past the retention period (or erased
-- on request) is anonymised, not deleted: the row keeps what the numbers need (date, kind,
-- status, source, device, package, SLA) and loses everything about the person;
-- `anonymised_at` marks it so the scheduled job never takes it again.
ALTER TABLE leads ADD COLUMN anonymised_at TEXT;
ALTER TABLE service_tickets ADD COLUMN anonymised_at TEXT;

-- The scheduled job's backlog, oldest first: only rows still holding a person's data.
CREATE INDEX IF NOT EXISTS leads_to_anonymise ON leads (created_at) WHERE anonymised_at IS NULL;
CREATE INDEX IF NOT EXISTS service_tickets_to_anonymise ON service_tickets (created_at) WHERE anonymised_at IS NULL;
CREATE INDEX IF NOT EXISTS meter_readings_of_customers ON meter_readings (created_at) WHERE submission_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS webhook_events_by_created ON webhook_events (created);

-- The admin's look-up of one person (e-mail addresses compared case-insensitively).
CREATE INDEX IF NOT EXISTS leads_by_email ON leads (lower(email));
CREATE INDEX IF NOT EXISTS service_tickets_by_email ON service_tickets (lower(email));

-- Clearing a lead's notes while anonymising it is not its first response (0031): the
-- trigger leaves anonymised rows alone, so the response-time numbers stay true.
DROP TRIGGER IF EXISTS leads_first_response;
CREATE TRIGGER IF NOT EXISTS leads_first_response
AFTER UPDATE OF status, notes ON leads
WHEN OLD.first_response_at IS NULL AND NEW.anonymised_at IS NULL
  AND (NEW.status IS NOT OLD.status OR NEW.notes IS NOT OLD.notes)
BEGIN
  UPDATE leads SET first_response_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;
