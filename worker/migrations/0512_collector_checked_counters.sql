-- A device's counter checked against its own counter screen (docs/collector.md "Checked at the device"): the
-- shipped profiles are unchecked, so every collector reading waited for the desk. The service compares one held
-- reading with the device's counter screen and confirms it: that reading is accepted (a correction with the same
-- counters) and the device's later readings from the same profile are no longer held for the profile. Kept on the
-- device's collector row, read by the report's upsert (no query more per reading).
ALTER TABLE collector_devices ADD COLUMN checked_profile TEXT;
ALTER TABLE collector_devices ADD COLUMN checked_by TEXT;
ALTER TABLE collector_devices ADD COLUMN checked_at TEXT;
