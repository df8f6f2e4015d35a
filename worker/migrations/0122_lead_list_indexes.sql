-- The inbox's keyset pages (newest first, after a (created_at, id) cursor), with or without
-- a filter, read only the rows of the page: one index per filter, ending in the sort key.
CREATE INDEX IF NOT EXISTS leads_page ON leads (created_at, id);
CREATE INDEX IF NOT EXISTS leads_page_by_kind ON leads (kind, created_at, id);
CREATE INDEX IF NOT EXISTS leads_page_by_status ON leads (status, created_at, id);
CREATE INDEX IF NOT EXISTS leads_page_by_source ON leads (json_extract(attribution, '$.utm_source'), created_at, id);
CREATE INDEX IF NOT EXISTS leads_page_by_campaign ON leads (json_extract(attribution, '$.utm_campaign'), created_at, id);
CREATE INDEX IF NOT EXISTS leads_page_by_partner ON leads (json_extract(attribution, '$.partner'), created_at, id);
-- The older ones these replace.
DROP INDEX IF EXISTS leads_by_created;
DROP INDEX IF EXISTS leads_by_status;
