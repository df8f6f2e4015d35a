-- The sales team's working day (DESIGN §8): a lead's stage in the pipeline, the reason it
-- was lost, its next step with a due time, the first-answer deadline and the two alerts
-- sent when it passes, a notes history, and e-mails addressed to a person of the team.

-- Stages: nowy → w kontakcie → oferta wysłana → negocjacje → wygrany / przegrany. The older
-- status stays and follows the stage (widgets/core/admin/pipeline.ts `statusOfStage`).
ALTER TABLE leads ADD COLUMN stage TEXT NOT NULL DEFAULT 'nowy'
  CHECK (stage IN ('nowy', 'w kontakcie', 'oferta wysłana', 'negocjacje', 'wygrany', 'przegrany'));
ALTER TABLE leads ADD COLUMN lost_reason TEXT;
ALTER TABLE leads ADD COLUMN lost_note TEXT;
ALTER TABLE leads ADD COLUMN next_step_kind TEXT CHECK (next_step_kind IN ('telefon', 'e-mail', 'spotkanie', 'oferta'));
ALTER TABLE leads ADD COLUMN next_step_due_at TEXT;
-- When the first answer is promised (business hours after arrival); NULL for leads older
-- than the promise, which no alert is sent about.
ALTER TABLE leads ADD COLUMN first_answer_due_at TEXT;
ALTER TABLE leads ADD COLUMN owner_alerted_at TEXT;
ALTER TABLE leads ADD COLUMN manager_alerted_at TEXT;

-- The existing statuses on the stages: spam is a lead lost as spam; an earlier loss had no reason.
UPDATE leads SET stage = CASE status WHEN 'spam' THEN 'przegrany' ELSE status END,
  lost_reason = CASE status WHEN 'spam' THEN 'spam' WHEN 'przegrany' THEN 'inny' END;

-- 'Moje leady' by stage, the morning digest's steps, the alerts' backlog.
CREATE INDEX IF NOT EXISTS leads_by_owner_stage ON leads (assigned_to, stage, created_at DESC);
CREATE INDEX IF NOT EXISTS leads_by_stage ON leads (stage, created_at DESC);
CREATE INDEX IF NOT EXISTS leads_next_steps ON leads (next_step_due_at) WHERE next_step_due_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS leads_first_answer_due ON leads (first_answer_due_at)
  WHERE first_response_at IS NULL AND first_answer_due_at IS NOT NULL;

-- The first response is stamped by the model code that records it (worker/models/leads.ts),
-- which knows a stage, a next step and a note count as well as a status: no trigger.
DROP TRIGGER IF EXISTS leads_first_response;

-- The notes history: who wrote what and when; the old single field becomes its first entry.
CREATE TABLE IF NOT EXISTS lead_notes (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id     TEXT    NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  account_id  INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  author      TEXT    NOT NULL,                                -- the name at the time
  body        TEXT    NOT NULL,
  created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS lead_notes_by_lead ON lead_notes (lead_id, id);
INSERT INTO lead_notes (lead_id, author, body, created_at)
  SELECT id, 'notatki sprzed historii', notes, updated_at FROM leads WHERE notes != '';

-- The morning digest is sent once per Warsaw day: the first cron run after 08:00 claims it.
CREATE TABLE IF NOT EXISTS sales_digest_runs (
  day         TEXT    PRIMARY KEY,                             -- RRRR-MM-DD, Warsaw
  started_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The outbox (0002, 0020, 0100) also carries e-mails to a person of the team that belong
-- to no single lead (the morning digest). 0100 dropped the rule that a row belongs to a
-- lead or a ticket, so the person's column is simply added.
ALTER TABLE outbox ADD COLUMN account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS outbox_by_account ON outbox (account_id);
