-- The outbox and the webhook deliveries filtered by state, newest first: a page of one
-- state reads its rows along (state, id), never walking past the other states' rows.
CREATE INDEX IF NOT EXISTS outbox_page_by_state ON outbox (state, id);
CREATE INDEX IF NOT EXISTS webhook_deliveries_page_by_state ON webhook_deliveries (state, id);
