-- A fault ticket's deadline follows its device. A report by NIP for a company of several
-- devices runs on the shortest promise among them until the desk names the device; naming
-- or changing the device counts the deadline again from the report's time, and the change
-- row keeps the promise and the deadline before and after it (NULL on rows made before).
ALTER TABLE ticket_device_changes ADD COLUMN from_sla_hours INTEGER;
ALTER TABLE ticket_device_changes ADD COLUMN to_sla_hours INTEGER;
ALTER TABLE ticket_device_changes ADD COLUMN from_due_at TEXT;
ALTER TABLE ticket_device_changes ADD COLUMN to_due_at TEXT;

-- The customer's own link to the status page: the page shows the deadline (which would tell
-- the package of a device) only with this key, which goes to the contract's address in the
-- confirmation and to the customer's portal, never to whoever typed a serial or a NIP.
ALTER TABLE service_tickets ADD COLUMN customer_key TEXT;
