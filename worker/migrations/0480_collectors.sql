-- Collectors (docs/collector.md "Worker side"): a program on the customer's network
-- that reads the copiers' counters over SNMP and pushes them, signed, to /api/collector/readings.
--
-- A collector site is one contract's (one customer site's) collector. The panel shows its
-- enrolment code once; only the code's SHA-256 is stored. The collector exchanges the code for
-- its key; the key is stored encrypted (AES-GCM under the Worker secret COLLECTOR_KEY_SECRET),
-- so a D1 backup alone cannot sign a push.
CREATE TABLE IF NOT EXISTS collector_sites (
  id            TEXT    PRIMARY KEY,                  -- 'col_' + random
  contract_id   TEXT    NOT NULL REFERENCES contracts (id),
  created_by    TEXT    NOT NULL,
  created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  enrolled_at   TEXT,
  last_push_at  TEXT,
  -- The last push's failed polls, as the collector sent them (JSON array of {host, at, reason}).
  last_failures TEXT    NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS collector_sites_by_contract ON collector_sites (contract_id);

-- Enrolment codes: single use, 7 days; the code itself is never stored.
CREATE TABLE IF NOT EXISTS collector_codes (
  code_hash   TEXT PRIMARY KEY,                       -- hex SHA-256 of the code
  site_id     TEXT NOT NULL REFERENCES collector_sites (id) ON DELETE CASCADE,
  expires_at  TEXT NOT NULL,
  used_at     TEXT
);

-- A site's key (one live key; a new enrolment replaces it): 'v1.<iv b64url>.<ciphertext b64url>'.
CREATE TABLE IF NOT EXISTS collector_keys (
  site_id     TEXT PRIMARY KEY REFERENCES collector_sites (id) ON DELETE CASCADE,
  key_cipher  TEXT NOT NULL,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Signatures seen in the time window (replays refused); older rows are pruned as pushes come.
CREATE TABLE IF NOT EXISTS collector_signatures (
  signature   TEXT    PRIMARY KEY,
  site_id     TEXT    NOT NULL,
  seen_at     INTEGER NOT NULL                        -- unix seconds
);
CREATE INDEX IF NOT EXISTS collector_signatures_by_time ON collector_signatures (seen_at);

-- Pushes taken (idempotent on the collector's pushId).
CREATE TABLE IF NOT EXISTS collector_pushes (
  site_id     TEXT NOT NULL,
  push_id     TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (site_id, push_id)
);

-- Every device report as the collector sent it: the raw counters (its profile's names),
-- markerLife, toner, state, and what became of it: `outcome` 'recorded' (a reading of the
-- meter, `reading_id`), 'held' (a reading held for the desk: `reading_id`, `held_reason`),
-- 'same-day' (kept here only: the device already has a reading of that day), 'unknown' (a
-- serial not on this site's contract: listed for the team, never billed), 'refused' (the
-- counter's rules refused it: `held_reason` says which). Unique on (serial, at, counters).
CREATE TABLE IF NOT EXISTS collector_reports (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  site_id         TEXT    NOT NULL REFERENCES collector_sites (id),
  serial          TEXT    NOT NULL,
  device_row      INTEGER REFERENCES devices (id),
  at              TEXT    NOT NULL,
  identity        TEXT    NOT NULL UNIQUE,            -- serial|at|counters JSON
  model           TEXT    NOT NULL,
  profile         TEXT    NOT NULL,
  profile_checked INTEGER NOT NULL,
  unit            TEXT    NOT NULL,
  counters        TEXT    NOT NULL,                   -- JSON, the profile's names
  marker_life     TEXT    NOT NULL,                   -- JSON
  toner           TEXT    NOT NULL,                   -- JSON [{colorant, level, max}]
  status          TEXT    NOT NULL,                   -- JSON {device, errors, alerts}
  mono            INTEGER,
  color           INTEGER,
  outcome         TEXT    NOT NULL,
  held_reason     TEXT,
  reading_id      INTEGER REFERENCES meter_readings (id),
  received_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS collector_reports_by_device ON collector_reports (device_row, at);
CREATE INDEX IF NOT EXISTS collector_reports_by_site ON collector_reports (site_id, at);
CREATE INDEX IF NOT EXISTS collector_reports_unknown ON collector_reports (site_id, serial) WHERE outcome = 'unknown';

-- A fault a device reported (a service call, repeated jams): one service ticket per fault
-- while it lasts; a report without it clears it, and the next one opens a new ticket. 'silent':
-- a device that had reports and sent none for 3 days (fallen off): listed, its customer e-mailed
-- once; its next report clears it.
CREATE TABLE IF NOT EXISTS collector_faults (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  device_row  INTEGER NOT NULL REFERENCES devices (id),
  fault       TEXT    NOT NULL CHECK (fault IN ('service', 'jams', 'silent')),
  ticket_id   TEXT,
  opened_at   TEXT    NOT NULL,
  cleared_at  TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS collector_faults_open ON collector_faults (device_row, fault) WHERE cleared_at IS NULL;
