-- Each collector device's last report (docs/collector.md "Fallen off"): the five-minute cron finds the
-- devices silent for 3 days in `collector_quiet` (last_at, only those not listed yet) instead of grouping every
-- report by device, which read every report kept (2 191 reports of one device: 4 405 rows a run). Written by
-- each report of a contract's device (last_at the latest, `listed` back to 0); `listed` is 1 while the device
-- is listed as fallen off (its open 'silent' fault in collector_faults), so a run reads only the devices it lists.
CREATE TABLE IF NOT EXISTS collector_devices (
  device_row  INTEGER PRIMARY KEY REFERENCES devices (id),
  site_id     TEXT    NOT NULL REFERENCES collector_sites (id),
  serial      TEXT    NOT NULL,
  last_at     TEXT    NOT NULL,
  listed      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS collector_quiet ON collector_devices (last_at) WHERE listed = 0;
-- The devices that reported before this migration, with their last report's site and serial (SQLite takes
-- the bare columns from the row of max(at)).
INSERT OR IGNORE INTO collector_devices (device_row, site_id, serial, last_at, listed)
SELECT r.device_row, r.site_id, r.serial, max(r.at),
       EXISTS (SELECT 1 FROM collector_faults f WHERE f.device_row = r.device_row AND f.fault = 'silent' AND f.cleared_at IS NULL)
FROM collector_reports r WHERE r.device_row IS NOT NULL AND r.outcome != 'unknown' GROUP BY r.device_row;

-- A reading written or removed checks the reports that name it (reading_id REFERENCES meter_readings): without
-- an index each such statement planned a scan of every report.
CREATE INDEX IF NOT EXISTS collector_reports_by_reading ON collector_reports (reading_id);
