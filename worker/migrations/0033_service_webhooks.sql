-- Webhook events of the service forms (DESIGN §7): ticket.created,
-- ticket.status_changed and meter.created, written by triggers in the same transaction as
-- the ticket or the reading, like the lead events of 0032. The ticket's secret status-page
-- id stays out of the body; its number identifies it.
CREATE TRIGGER IF NOT EXISTS webhook_ticket_created AFTER INSERT ON service_tickets
BEGIN
  INSERT INTO webhook_events (id, type, created, data)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'ticket.created', CAST(strftime('%s', 'now') AS INTEGER),
    json_object('number', NEW.number, 'serial', NEW.serial, 'knownDevice', json(CASE NEW.known_device WHEN 1 THEN 'true' ELSE 'false' END),
      'level', NEW.level, 'slaHours', NEW.sla_hours, 'category', NEW.category, 'errorCode', NEW.error_code,
      'description', NEW.description, 'name', NEW.name, 'email', NEW.email, 'phone', NEW.phone,
      'company', NEW.company, 'nip', NEW.nip, 'status', NEW.status, 'createdAt', NEW.created_at, 'dueAt', NEW.due_at));
END;

CREATE TRIGGER IF NOT EXISTS webhook_ticket_status_changed AFTER UPDATE OF status ON service_tickets
WHEN NEW.status IS NOT OLD.status
BEGIN
  INSERT INTO webhook_events (id, type, created, data)
  VALUES ('evt_' || lower(hex(randomblob(12))), 'ticket.status_changed', CAST(strftime('%s', 'now') AS INTEGER),
    json_object('number', NEW.number, 'serial', NEW.serial, 'status', NEW.status, 'previousStatus', OLD.status,
      'changedAt', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
END;

CREATE TRIGGER IF NOT EXISTS webhook_meter_created AFTER INSERT ON meter_readings
BEGIN
  INSERT INTO webhook_events (id, type, created, data)
  SELECT 'evt_' || lower(hex(randomblob(12))), 'meter.created', CAST(strftime('%s', 'now') AS INTEGER),
    json_object('serial', d.serial, 'deviceId', d.device_id, 'readOn', NEW.read_on, 'mono', NEW.mono, 'color', NEW.color,
      'reset', json(CASE NEW.reset WHEN 1 THEN 'true' ELSE 'false' END), 'sentBy', NEW.sent_by, 'createdAt', NEW.created_at)
  FROM devices d WHERE d.id = NEW.device_row;
END;
