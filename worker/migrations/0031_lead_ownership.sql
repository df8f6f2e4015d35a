-- Lead ownership and response time: who handles a lead, and when it was first
-- answered. The first response is the first change of status or notes, stamped by a
-- trigger so every route that changes a lead counts, without each having to remember.
ALTER TABLE leads ADD COLUMN assigned_to INTEGER REFERENCES accounts (id) ON DELETE SET NULL;
ALTER TABLE leads ADD COLUMN assigned_at TEXT;
ALTER TABLE leads ADD COLUMN first_response_at TEXT;
CREATE INDEX IF NOT EXISTS leads_by_assignee ON leads (assigned_to, created_at DESC);

CREATE TRIGGER IF NOT EXISTS leads_first_response
AFTER UPDATE OF status, notes ON leads
WHEN OLD.first_response_at IS NULL AND (NEW.status IS NOT OLD.status OR NEW.notes IS NOT OLD.notes)
BEGIN
  UPDATE leads SET first_response_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;
