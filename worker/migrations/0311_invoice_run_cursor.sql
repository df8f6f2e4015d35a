-- A month's issue run goes on where the last invocation stopped: D1 answers 1 000 queries per
-- Worker invocation, and issuing 200 contracts takes about 420, so a month of thousands of
-- contracts is issued over several runs (the cron's every minute, or the owner's button again).
ALTER TABLE invoice_runs ADD COLUMN after_contract TEXT; -- the last contract number looked at; NULL once finished
