-- The inbox search (`q`: part of a name, an e-mail address or a company) reads a full-text
-- index instead of walking every lead until a page is found: an FTS5 table of trigrams over
-- those three columns of `leads`, so any part of three or more characters is found,
-- case-insensitively, Polish letters included. Contentless (`content = ''`): the index holds
-- only trigrams and the leads' rowids, never a second copy of a person's data, and with
-- `contentless_delete = 1` a lead leaves it by its rowid alone: an erasure or anonymisation
-- cannot fail on an index out of step with the table. Kept by the model code in the batches
-- that store, anonymise and erase a lead (models/leads.ts), like the counters; no trigger.
CREATE VIRTUAL TABLE IF NOT EXISTS leads_search USING fts5(
  name, email, company, content = '', contentless_delete = 1, tokenize = 'trigram'
);

-- The leads stored before the index.
INSERT INTO leads_search (rowid, name, email, company)
SELECT rowid, name, email, COALESCE(company, '') FROM leads;
