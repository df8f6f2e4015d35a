-- The collector's reports that made no reading (a same day's later polls, unknown serials, refusals) are pruned
-- after 35 days by the five-minute cron (worker/collector/prune.ts): at 10 000 devices polled 6 times a day the
-- table grew 44 MB a day, D1's 10 GB in about 230 days (bench/collector-push.bench.mjs). A report that made a
-- reading keeps the reading's raw counters and stays. The run reads them along this index, oldest first.
CREATE INDEX IF NOT EXISTS collector_reports_prunable ON collector_reports (at) WHERE reading_id IS NULL;
