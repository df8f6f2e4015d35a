-- Catalogue versions published from the admin panel (DESIGN §4). While this table is
-- empty the built-in catalogue of widgets/core/catalogue.ts is live.
CREATE TABLE IF NOT EXISTS catalogue_versions (
  version     INTEGER PRIMARY KEY AUTOINCREMENT,
  data        TEXT    NOT NULL,            -- JSON: {devices: Device[]}
  note        TEXT,
  created_by  TEXT    NOT NULL DEFAULT 'admin',
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
