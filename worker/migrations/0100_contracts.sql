-- Contracts: the record the money hangs on (DESIGN §8). A contract names the customer
-- (company, NIP, billing e-mail), its start and term; its devices stay rows of `devices`
-- (serial, model, package), now tied to a contract and given an unguessable reading
-- token; each device's monthly fee, allowances and overage rates are frozen in
-- `contract_rates` from the catalogue version live at signing, and a later price change
-- is a new rates row (an amendment) with its effective date, never an edit.

CREATE TABLE IF NOT EXISTS contracts (
  id                 TEXT    PRIMARY KEY,             -- random (a UUID); 'm<device id>' for contracts made by this migration
  number             TEXT    NOT NULL UNIQUE,         -- UM-2026-000123 (year of the start)
  year               INTEGER NOT NULL,
  seq                INTEGER NOT NULL,
  company            TEXT    NOT NULL,
  nip                TEXT,
  billing_email      TEXT,                            -- lower case; reading reminders and the customer portal
  start_date         TEXT    NOT NULL,                -- YYYY-MM-DD (Warsaw)
  term_months        INTEGER NOT NULL CHECK (term_months BETWEEN 1 AND 120),
  catalogue_version  INTEGER NOT NULL,                -- the version the prices were frozen from (0: the built-in catalogue)
  origin             TEXT    NOT NULL DEFAULT 'team' CHECK (origin IN ('team', 'order', 'migration')),
  order_ref          TEXT,                            -- the online order it came from, when it did
  created_by         TEXT    NOT NULL,
  created_at         TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (year, seq)
);
CREATE INDEX IF NOT EXISTS contracts_by_email ON contracts (billing_email);
CREATE INDEX IF NOT EXISTS contracts_by_nip ON contracts (nip);

-- A device's prices under its contract. The first row starts with the contract and comes
-- from the catalogue (`catalogue_version`); an amendment adds a row from its effective
-- date (the first day of a month), with its reason and author. A bill of a month uses
-- the newest row effective on or before the month's last day.
CREATE TABLE IF NOT EXISTS contract_rates (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  device_row         INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  effective_from     TEXT    NOT NULL,                -- YYYY-MM-DD
  catalogue_version  INTEGER,                         -- where the figures came from; NULL for an amendment typed by the team
  device_id          TEXT    NOT NULL,                -- catalogue device id, e.g. km-c3320i
  device_name        TEXT    NOT NULL,                -- 'Konica Minolta bizhub C3320i', as signed
  device_type        TEXT    NOT NULL CHECK (device_type IN ('mono', 'color')),
  level              TEXT    NOT NULL CHECK (level IN ('basic', 'business', 'premium')),
  monthly_price      REAL    NOT NULL,                -- PLN net per month
  monthly_limit      INTEGER NOT NULL,                -- mono pages included per month
  color_limit        INTEGER,                         -- colour pages included per month (colour devices)
  overage_mono       REAL    NOT NULL,                -- PLN net per mono page over the limit
  overage_color      REAL,                            -- PLN net per colour page over the limit
  reason             TEXT,
  created_by         TEXT    NOT NULL,
  created_at         TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (device_row, effective_from)
);

ALTER TABLE devices ADD COLUMN contract_id TEXT REFERENCES contracts (id);
-- The secret of the device's reading link /licznik?t=…: only its holder (the contract's
-- billing e-mail gets it) may send a reading of the device.
ALTER TABLE devices ADD COLUMN reading_token TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS devices_by_reading_token ON devices (reading_token);
CREATE INDEX IF NOT EXISTS devices_by_contract ON devices (contract_id);

-- Corrections without losing history: a correction is a new reading that supersedes an
-- earlier one (`supersedes`), with its reason; `voided` = 1 withdraws the superseded
-- reading without a replacement value. A bill counts only readings nothing supersedes.
-- `source`: 'link' (the device's token link), 'portal', 'team', or 'form' (a reading sent
-- with only a serial number before contracts existed; still counted, the team may void it).
ALTER TABLE meter_readings ADD COLUMN supersedes INTEGER REFERENCES meter_readings (id);
ALTER TABLE meter_readings ADD COLUMN reason TEXT;
ALTER TABLE meter_readings ADD COLUMN voided INTEGER NOT NULL DEFAULT 0;
ALTER TABLE meter_readings ADD COLUMN source TEXT NOT NULL DEFAULT 'form';
CREATE UNIQUE INDEX IF NOT EXISTS meter_readings_superseded ON meter_readings (supersedes) WHERE supersedes IS NOT NULL;
UPDATE meter_readings SET source = 'team' WHERE submission_id IS NULL;

-- Reading reminders: one per contract and billing month, with the e-mail it queued.
CREATE TABLE IF NOT EXISTS reading_reminders (
  contract_id  TEXT    NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
  period       TEXT    NOT NULL,                      -- YYYY-MM: the month whose last day is the billing date
  outbox_id    INTEGER,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (contract_id, period)
);

-- The outbox (0002, 0020) also carries e-mails of a contract (reading reminders) and
-- e-mails that belong to no row at all (a sign-in link, an order's acceptance code): the
-- owner check goes and a contract column comes. Rebuilt, as SQLite cannot drop a CHECK.
CREATE TABLE outbox_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id      TEXT    REFERENCES leads (id) ON DELETE CASCADE,
  ticket_id    TEXT    REFERENCES service_tickets (id) ON DELETE CASCADE,
  contract_id  TEXT    REFERENCES contracts (id) ON DELETE CASCADE,
  recipient    TEXT    NOT NULL,
  reply_to     TEXT,
  subject      TEXT    NOT NULL,
  body         TEXT    NOT NULL,
  state        TEXT    NOT NULL DEFAULT 'pending'
               CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'dead')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  last_error   TEXT,
  created_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at      TEXT
);
INSERT INTO outbox_new (id, lead_id, ticket_id, recipient, reply_to, subject, body, state, attempts, last_error, created_at, updated_at, sent_at)
  SELECT id, lead_id, ticket_id, recipient, reply_to, subject, body, state, attempts, last_error, created_at, updated_at, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX IF NOT EXISTS outbox_by_lead ON outbox (lead_id);
CREATE INDEX IF NOT EXISTS outbox_by_ticket ON outbox (ticket_id);
CREATE INDEX IF NOT EXISTS outbox_by_contract ON outbox (contract_id);
CREATE INDEX IF NOT EXISTS outbox_unsent ON outbox (state, updated_at);

-- Migration note: today's devices become contracts.
--  * Devices of one customer (the NIP, else the company name) with the same start and
--    term become one contract; a device without a customer is a contract of its own.
--    A device without a start date starts on the day it was registered; without a term,
--    24 months (the shorter standard term).
--  * Prices: the catalogue version live at the contract's start, i.e. the newest version
--    published (catalogue_versions.created_at, UTC) before the end of the start day that
--    has the device and package; when none was published by then, the built-in catalogue
--    (version 0, its figures as of this migration, copied below); a model that only a
--    later version has takes the first version that has it.
--  * Readings sent before contracts existed stay counted (source 'form'); the team can
--    void one by a correction.
CREATE TABLE contract_migration_builtin (
  device_id TEXT, name TEXT, type TEXT, level TEXT,
  price REAL, mlimit INTEGER, climit INTEGER, omono REAL, ocolor REAL
);
INSERT INTO contract_migration_builtin VALUES
  ('km-227', 'Konica Minolta bizhub 227', 'mono', 'basic', 219, 1000, NULL, 0.04, NULL),
  ('km-227', 'Konica Minolta bizhub 227', 'mono', 'business', 229, 2000, NULL, 0.04, NULL),
  ('km-227', 'Konica Minolta bizhub 227', 'mono', 'premium', 239, 3500, NULL, 0.04, NULL),
  ('km-308', 'Konica Minolta bizhub 308', 'mono', 'basic', 229, 1000, NULL, 0.04, NULL),
  ('km-308', 'Konica Minolta bizhub 308', 'mono', 'business', 235, 2000, NULL, 0.04, NULL),
  ('km-308', 'Konica Minolta bizhub 308', 'mono', 'premium', 239, 3500, NULL, 0.04, NULL),
  ('km-4052', 'Konica Minolta bizhub 4052', 'mono', 'basic', 175, 1000, NULL, 0.05, NULL),
  ('km-4052', 'Konica Minolta bizhub 4052', 'mono', 'business', 199, 2000, NULL, 0.05, NULL),
  ('km-4052', 'Konica Minolta bizhub 4052', 'mono', 'premium', 239, 4000, NULL, 0.05, NULL),
  ('km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'basic', 195, 900, 150, 0.08, 0.22),
  ('km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'business', 235, 1800, 350, 0.08, 0.22),
  ('km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'premium', 279, 2800, 600, 0.08, 0.22),
  ('km-c3350i', 'Konica Minolta bizhub C3350i', 'color', 'basic', 199, 800, 200, 0.09, 0.24),
  ('km-c3350i', 'Konica Minolta bizhub C3350i', 'color', 'business', 239, 1600, 400, 0.09, 0.24),
  ('km-c3350i', 'Konica Minolta bizhub C3350i', 'color', 'premium', 289, 2500, 700, 0.09, 0.24),
  ('km-c250i', 'Konica Minolta bizhub C250i', 'color', 'basic', 429, 1500, 500, 0.04, 0.18),
  ('km-c250i', 'Konica Minolta bizhub C250i', 'color', 'business', 459, 3000, 1000, 0.04, 0.18),
  ('km-c250i', 'Konica Minolta bizhub C250i', 'color', 'premium', 499, 5000, 2000, 0.04, 0.18),
  ('km-c258', 'Konica Minolta bizhub C258', 'color', 'basic', 309, 1500, 500, 0.04, 0.19),
  ('km-c258', 'Konica Minolta bizhub C258', 'color', 'business', 335, 3000, 1000, 0.04, 0.19),
  ('km-c258', 'Konica Minolta bizhub C258', 'color', 'premium', 375, 5000, 2000, 0.04, 0.19),
  ('km-c458', 'Konica Minolta bizhub C458', 'color', 'basic', 439, 2500, 800, 0.04, 0.19),
  ('km-c458', 'Konica Minolta bizhub C458', 'color', 'business', 475, 5000, 1500, 0.04, 0.19),
  ('km-c458', 'Konica Minolta bizhub C458', 'color', 'premium', 545, 10000, 3000, 0.04, 0.19);

-- Each device's customer key, start and term as the contract will have them.
CREATE TABLE contract_migration_devices AS
  SELECT id AS device_row,
         CASE WHEN nip IS NOT NULL AND nip <> '' THEN 'nip:' || nip
              WHEN trim(company) <> '' THEN 'firma:' || lower(trim(company))
              ELSE 'urzadzenie:' || id END
           || '|' || coalesce(contract_start, substr(created_at, 1, 10)) || '|' || coalesce(term_months, 24) AS key,
         coalesce(contract_start, substr(created_at, 1, 10)) AS start_date,
         coalesce(term_months, 24) AS term_months
  FROM devices;

INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version,
                       origin, created_by)
  SELECT 'm' || g.first_row,
         'UM-' || g.year || '-' || printf('%06d', row_number() OVER (PARTITION BY g.year ORDER BY g.first_row)),
         g.year,
         row_number() OVER (PARTITION BY g.year ORDER BY g.first_row),
         g.company, g.nip, g.email, g.start_date, g.term_months, 0, 'migration', 'migracja'
  FROM (
    SELECT min(m.device_row) AS first_row, CAST(substr(m.start_date, 1, 4) AS INTEGER) AS year,
           max(d.company) AS company, max(nullif(d.nip, '')) AS nip, lower(min(d.email)) AS email,
           m.start_date, m.term_months
    FROM contract_migration_devices m JOIN devices d ON d.id = m.device_row
    GROUP BY m.key
  ) g;

UPDATE devices SET
  contract_id = (SELECT 'm' || min(o.device_row) FROM contract_migration_devices o
                 WHERE o.key = (SELECT k.key FROM contract_migration_devices k WHERE k.device_row = devices.id)),
  reading_token = lower(hex(randomblob(24)));

CREATE TABLE contract_migration_prices AS
  SELECT cv.version, cv.created_at,
         json_extract(dev.value, '$.id') AS device_id, json_extract(dev.value, '$.name') AS name,
         json_extract(dev.value, '$.type') AS type, json_extract(pkg.value, '$.level') AS level,
         json_extract(pkg.value, '$.monthlyPrice') AS price, json_extract(pkg.value, '$.monthlyLimit') AS mlimit,
         json_extract(pkg.value, '$.colorLimit') AS climit, json_extract(pkg.value, '$.overage.mono') AS omono,
         json_extract(pkg.value, '$.overage.color') AS ocolor
  FROM catalogue_versions cv, json_each(cv.data, '$.devices') dev, json_each(dev.value, '$.packages') pkg
  UNION ALL
  SELECT 0, '', device_id, name, type, level, price, mlimit, climit, omono, ocolor FROM contract_migration_builtin;

CREATE TABLE contract_migration_choice AS
  SELECT d.id AS device_row, d.device_id, d.level, c.start_date,
         coalesce(
           (SELECT max(p.version) FROM contract_migration_prices p
            WHERE p.device_id = d.device_id AND p.level = d.level AND p.version > 0
              AND p.created_at < date(c.start_date, '+1 day')),
           (SELECT 0 FROM contract_migration_builtin b WHERE b.device_id = d.device_id AND b.level = d.level),
           (SELECT min(p.version) FROM contract_migration_prices p
            WHERE p.device_id = d.device_id AND p.level = d.level AND p.version > 0),
           0) AS version
  FROM devices d JOIN contracts c ON c.id = d.contract_id;

INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type, level,
                            monthly_price, monthly_limit, color_limit, overage_mono, overage_color, reason, created_by)
  SELECT ch.device_row, ch.start_date, ch.version, p.device_id, p.name, p.type, p.level,
         p.price, p.mlimit, p.climit, p.omono, p.ocolor, 'Ceny z katalogu obowiązującego w dniu rozpoczęcia umowy', 'migracja'
  FROM contract_migration_choice ch
  JOIN contract_migration_prices p ON p.version = ch.version AND p.device_id = ch.device_id AND p.level = ch.level;

UPDATE contracts SET catalogue_version = coalesce(
  (SELECT max(r.catalogue_version) FROM contract_rates r JOIN devices d ON d.id = r.device_row WHERE d.contract_id = contracts.id),
  0);

DROP TABLE contract_migration_choice;
DROP TABLE contract_migration_prices;
DROP TABLE contract_migration_devices;
DROP TABLE contract_migration_builtin;
