-- Privacy duties of every form: the optional marketing consent is stored with
-- every lead (the contact form sends it now; a quote keeps its own copy in quotes too),
-- 1 = given, 0 = not given (never ticked in advance). Quotes stored before this column
-- get the consent they were sent with.
ALTER TABLE leads ADD COLUMN marketing_consent INTEGER NOT NULL DEFAULT 0;
UPDATE leads SET marketing_consent = 1
  WHERE id IN (SELECT lead_id FROM quotes WHERE marketing_consent = 1);
