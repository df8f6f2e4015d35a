-- A person's data (export, erasure, retention) from what the customer's page and the
-- online orders added, each found through an index rather than by reading every row.

-- One rule for "the readings this address sent": the address is the text after the last
-- '<' of `sent_by` ('Name <e-mail>'), without its '>'. A name may hold another '<…>', the
-- address never does, so the last one is the sender's (models/readings.ts `SENDER_OF`).
-- It replaces the index on the text after the first '<', which a name with '<' defeated.
DROP INDEX IF EXISTS meter_readings_by_sender;
CREATE INDEX IF NOT EXISTS meter_readings_by_sender_address
  ON meter_readings (lower(rtrim(substr(sent_by, length(rtrim(sent_by, replace(sent_by, '<', ''))) + 1), '>')))
  WHERE submission_id IS NOT NULL;

-- Online orders by the signer's address; toner orders by who ordered them and by age.
CREATE INDEX IF NOT EXISTS orders_by_signer ON orders (lower(signer_email));
CREATE INDEX IF NOT EXISTS toner_orders_by_orderer ON toner_orders (ordered_by);
CREATE INDEX IF NOT EXISTS toner_orders_by_created ON toner_orders (created_at);

-- E-mails to or about the person outside their leads and tickets (sign-in links,
-- confirmations, an order's code), and the standalone ones by age for the retention job.
CREATE INDEX IF NOT EXISTS outbox_by_recipient ON outbox (lower(recipient));
CREATE INDEX IF NOT EXISTS outbox_by_reply_to ON outbox (lower(reply_to));
CREATE INDEX IF NOT EXISTS outbox_standalone_by_created ON outbox (created_at) WHERE about IS NOT NULL;

-- Sign-ins and sessions of the customer's page by age (the retention job).
CREATE INDEX IF NOT EXISTS portal_sign_ins_by_created ON portal_sign_ins (created_at);
CREATE INDEX IF NOT EXISTS portal_sessions_by_created ON portal_sessions (created_at);
