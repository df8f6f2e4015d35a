-- A bank statement is imported once: its identity (format, our account, the
-- statement's number and sequence: worker/payments/statement.ts `statementIdentity`) is unique,
-- so of parallel uploads of one file the first batch claims it and the others fail whole
-- (nothing of theirs is written) and answer "Ten wyciąg już wczytano". Rows imported before
-- have no identity.
ALTER TABLE bank_statements ADD COLUMN identity TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS bank_statements_by_identity ON bank_statements (identity) WHERE identity IS NOT NULL;
