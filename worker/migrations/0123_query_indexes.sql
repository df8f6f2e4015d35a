-- Indexes the query-plan test (tests/worker/query-plans.test.ts) asks for: no statement of
-- worker/models scans a table that grows with the business.

-- Foreign keys: deleting or re-keying a device or an endpoint checks its children by index.
CREATE INDEX IF NOT EXISTS service_tickets_by_device ON service_tickets (device_row);
CREATE INDEX IF NOT EXISTS webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, id);

-- The SLA figures of the last 24 months: a range of days, not every ticket.
CREATE INDEX IF NOT EXISTS service_tickets_by_created ON service_tickets (created_at);

-- A person's data (export, erasure, retention): their events, readings and audit entries
-- found by what names them, not by reading every row's JSON.
CREATE INDEX IF NOT EXISTS webhook_events_by_lead ON webhook_events (json_extract(data, '$.id'));
CREATE INDEX IF NOT EXISTS webhook_events_by_quote_lead ON webhook_events (json_extract(data, '$.leadId'));
CREATE INDEX IF NOT EXISTS webhook_events_by_number ON webhook_events (json_extract(data, '$.number'));
CREATE INDEX IF NOT EXISTS webhook_events_by_email ON webhook_events (lower(json_extract(data, '$.email')));
CREATE INDEX IF NOT EXISTS webhook_events_by_sender ON webhook_events (json_extract(data, '$.sentBy'));
CREATE INDEX IF NOT EXISTS meter_readings_by_sender ON meter_readings (lower(substr(sent_by, instr(sent_by, '<') + 1)))
  WHERE submission_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS audit_log_by_target ON audit_log (target);
CREATE INDEX IF NOT EXISTS audit_log_by_lower_target ON audit_log (lower(target));

-- The readings list, newest first, paged by (read_on, id).
CREATE INDEX IF NOT EXISTS meter_readings_by_day ON meter_readings (read_on, id);
