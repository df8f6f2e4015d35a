-- KSeF's technical warnings (the X-System-Warning header, `[code]: message | …`): kept by code
-- and message with when they were first and last seen, logged by the sender and shown in the
-- panel's Faktury tab (docs/ksef.md). A warning changes nothing in the answer it came with.
CREATE TABLE IF NOT EXISTS ksef_warnings (
  code       TEXT NOT NULL,
  message    TEXT NOT NULL,
  path       TEXT NOT NULL,                 -- the request it came with last
  first_seen TEXT NOT NULL,                 -- ISO instant
  last_seen  TEXT NOT NULL,
  seen       INTEGER NOT NULL DEFAULT 1,    -- how many answers carried it
  PRIMARY KEY (code, message)
);
CREATE INDEX IF NOT EXISTS ksef_warnings_recent ON ksef_warnings (last_seen);
