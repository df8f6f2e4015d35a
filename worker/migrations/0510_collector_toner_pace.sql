-- The "~30 days left at the device's pace" toner rule (docs/collector.md "Toner by level"): where each
-- cartridge's pace is counted from, its first report (the level and maximum then). A level above it, or
-- another maximum, is a new cartridge and moves it; otherwise it stays, so a report costs one read of
-- these rows and no write. The pace is the drop since `base_at` over the days since.
CREATE TABLE IF NOT EXISTS collector_toner_pace (
  device_row  INTEGER NOT NULL REFERENCES devices (id),
  colour      TEXT    NOT NULL CHECK (colour IN ('black', 'cyan', 'magenta', 'yellow')),
  base_at     TEXT    NOT NULL,                       -- the report's `at`
  base_level  INTEGER NOT NULL,
  base_max    INTEGER NOT NULL,
  PRIMARY KEY (device_row, colour)
);
