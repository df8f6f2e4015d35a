-- A device the team moved to another collector site (docs/collector.md "A device moved"): a customer's copier
-- carried to another office, or a device of the same customer under another contract on this site's network.
-- Its readings are taken by this site's collector only (the site of its own contract lists it as outside the
-- contract from then on) and billed under its own contract, as before. One row a device; moving it back to its
-- contract's site deletes the row. Who moved it and when is also in the audit log.
CREATE TABLE IF NOT EXISTS collector_moved_devices (
  device_row INTEGER PRIMARY KEY REFERENCES devices (id),
  site_id    TEXT    NOT NULL REFERENCES collector_sites (id),
  moved_by   TEXT    NOT NULL,
  moved_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS collector_moved_to_site ON collector_moved_devices (site_id);
