-- The audit log filtered by area or by person, newest first: a page reads its entries along
-- (area, id) or (account_id, id), not by walking back past every other area's entries.
CREATE INDEX IF NOT EXISTS audit_log_page_by_area ON audit_log (area, id);
CREATE INDEX IF NOT EXISTS audit_log_page_by_account ON audit_log (account_id, id);
