-- The order form's NIP look-ups in the Ministry of Finance's White List, cached 24 h per
-- NIP (models/company-lookups.ts): a visitor retyping a NIP, or two people of one company,
-- cost the MF's daily quota once. Only answers are kept (found or not in the register),
-- never a failure, so an outage is asked again at the next look-up.
CREATE TABLE IF NOT EXISTS company_lookups (
  nip         TEXT    PRIMARY KEY,                      -- 10 digits
  found       INTEGER NOT NULL CHECK (found IN (0, 1)),
  data        TEXT,                                     -- JSON {name, vatStatus, regon, krs, address} when found
  fetched_at  TEXT    NOT NULL                          -- ISO instant of the MF's answer
);
