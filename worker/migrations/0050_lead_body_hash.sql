-- Idempotency that returns the stored answer only for the same body (DESIGN §7):
-- the SHA-256 of the submission's normalised body, stored with its submission_id. A used
-- id with another hash is refused (409) without anything of the first lead. Leads stored
-- before this column have NULL and are never answered to a replay.
ALTER TABLE leads ADD COLUMN body_hash TEXT;
