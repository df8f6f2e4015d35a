-- Behaviour moves from triggers into the model code that makes the change
-- (worker/models/webhooks.ts `webhookEventStatements`, leads.ts `updateLead`), where a
-- reader looks for it. Webhook events are now written in the change's own batch and only
-- when an active endpoint subscribes to the type; the lead's first response is stamped by
-- `updateLead`, with its business hours computed once and stored in `response_hours`.
DROP TRIGGER IF EXISTS webhook_event_fanout;
DROP TRIGGER IF EXISTS webhook_lead_created;
DROP TRIGGER IF EXISTS webhook_lead_status_changed;
DROP TRIGGER IF EXISTS webhook_quote_created;
DROP TRIGGER IF EXISTS webhook_ticket_created;
DROP TRIGGER IF EXISTS webhook_ticket_status_changed;
DROP TRIGGER IF EXISTS webhook_meter_created;
DROP TRIGGER IF EXISTS leads_first_response;

-- Business hours from created_at to first_response_at (NULL: not answered yet, or answered
-- before this column: the statistics compute those once more).
ALTER TABLE leads ADD COLUMN response_hours REAL;

-- Events the triggers wrote for no endpoint at all held a person's data for nobody.
DELETE FROM webhook_events WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id);
