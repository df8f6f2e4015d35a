-- A customer's reading the counter's rules find implausible (over three times the usual
-- month: the counter's own average, or the package's allowance before it has a month of
-- history), sent again with the customer's confirmation, is stored but held for the desk:
-- it counts neither in a bill nor against the readings after it until the team corrects it
-- (a correction with the same counters accepts it, a withdrawal drops it). A held row is
-- never updated: the correction supersedes it, as any correction does.
ALTER TABLE meter_readings ADD COLUMN held INTEGER NOT NULL DEFAULT 0;

-- The desk's list of readings to check, newest first, as the readings list pages them.
CREATE INDEX IF NOT EXISTS meter_readings_held ON meter_readings (read_on, id) WHERE held = 1;
