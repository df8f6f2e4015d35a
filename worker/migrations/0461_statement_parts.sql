-- Large statements are imported in the background in bounded parts (worker/payments/
-- background.ts): the upload stores the statement row ('importing', how many parts) and its
-- credit lines, keyed, as parts of at most 500; the `kserowo-statements` queue imports one part
-- per message (matched, stored, the part deleted and the count raised in one batch) until the
-- statement is 'done'; a part that fails for good marks it 'failed' with which part and why.
-- Statements imported at once are 'done' with one part.
ALTER TABLE bank_statements ADD COLUMN state TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('importing', 'done', 'failed'));
ALTER TABLE bank_statements ADD COLUMN parts INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bank_statements ADD COLUMN parts_done INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bank_statements ADD COLUMN error TEXT;

CREATE TABLE IF NOT EXISTS bank_statement_parts (
  statement_id TEXT    NOT NULL REFERENCES bank_statements (id),
  part         INTEGER NOT NULL,                                   -- 1, 2, …
  lines        TEXT    NOT NULL,                                   -- JSON [{line, key}]
  origin       TEXT    NOT NULL,                                   -- the site's origin, for the e-mails' links
  PRIMARY KEY (statement_id, part)
);
