-- Sending invoices to KSeF (worker/invoices/ksef, docs/ksef.md). An invoice's row in
-- ksef_invoices (0250) goes queued → sending (claimed by the one sender run that holds the
-- lease) → sent (KSeF took it into a session: session_ref, and in an online session the
-- invoice's own reference) → accepted (its KSeF number and UPO). When KSeF does not answer
-- the row waits as 'offline' (sent later with offlineMode, by its send_by day); 'rejected'
-- is KSeF's refusal of the invoice (or our own requests refused again and again, said in error).
-- A resent invoice that KSeF already has is answered 440 with the original KSeF number,
-- which the row adopts: KSeF's own duplicate check (seller NIP, type, number) makes a resend
-- after a crash safe, so the sender never needs to know whether a request reached it.
ALTER TABLE ksef_invoices ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE ksef_invoices ADD COLUMN next_attempt_at TEXT;          -- ISO instant: not claimed before it
ALTER TABLE ksef_invoices ADD COLUMN session_ref TEXT;              -- the KSeF session that has the invoice (its UPO)
ALTER TABLE ksef_invoices ADD COLUMN invoice_ref TEXT;              -- KSeF's reference of the invoice in that session
ALTER TABLE ksef_invoices ADD COLUMN offline INTEGER NOT NULL DEFAULT 0; -- 1: sent (to be sent) in offline mode
ALTER TABLE ksef_invoices ADD COLUMN send_by TEXT;                  -- YYYY-MM-DD: the offline mode's last day to send
ALTER TABLE ksef_invoices ADD COLUMN status_code INTEGER;           -- KSeF's last status code of the invoice
ALTER TABLE ksef_invoices ADD COLUMN error TEXT;                    -- why the last attempt failed, or KSeF's refusal
ALTER TABLE ksef_invoices ADD COLUMN sent_at TEXT;
ALTER TABLE ksef_invoices ADD COLUMN accepted_at TEXT;              -- KSeF's acquisitionDate: the number was given
ALTER TABLE ksef_invoices ADD COLUMN mailed_at TEXT;                -- the customer's e-mail is in the outbox
CREATE INDEX IF NOT EXISTS ksef_invoices_due ON ksef_invoices (status, next_attempt_at)
  WHERE status IN ('queued', 'offline', 'sending', 'sent');
-- Accepted invoices whose customer e-mail is still to be written (a run that died after the acceptance).
CREATE INDEX IF NOT EXISTS ksef_invoices_unmailed ON ksef_invoices (accepted_at)
  WHERE status = 'accepted' AND mailed_at IS NULL;
-- Accepted invoices whose UPO is still to fetch (the accepted ones are the whole history).
CREATE INDEX IF NOT EXISTS ksef_invoices_missing_upo ON ksef_invoices (accepted_at)
  WHERE status = 'accepted' AND upo IS NULL;

-- One sender run at a time: the run holds this lease (renewed while it works), so a row in
-- 'sending' found by a run that has just taken the lease was left by a run that died.
CREATE TABLE IF NOT EXISTS ksef_lease (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  holder        TEXT,
  expires_at_ms INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO ksef_lease (id) VALUES (1);

-- The sessions opened, for the log and to close one a dead run left open.
CREATE TABLE IF NOT EXISTS ksef_sessions (
  reference_number TEXT PRIMARY KEY,
  kind             TEXT NOT NULL CHECK (kind IN ('online', 'batch')),
  context_nip      TEXT NOT NULL,
  invoice_count    INTEGER NOT NULL DEFAULT 0,
  status_code      INTEGER,
  opened_at        TEXT NOT NULL,
  closed_at        TEXT
);
CREATE INDEX IF NOT EXISTS ksef_sessions_open ON ksef_sessions (context_nip, opened_at) WHERE closed_at IS NULL;

-- KSeF's request limits are sliding windows per context (1 s, 1 min, 1 h): the requests of
-- the last hour, so that consecutive runs keep within them together.
CREATE TABLE IF NOT EXISTS ksef_requests (
  context TEXT    NOT NULL,
  grp     TEXT    NOT NULL,
  at_ms   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ksef_requests_window ON ksef_requests (context, grp, at_ms);
CREATE INDEX IF NOT EXISTS ksef_requests_age ON ksef_requests (at_ms);
