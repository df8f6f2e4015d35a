-- The numbers ('Liczby') read per-day counters instead of scanning every lead: one row per
-- day (UTC, like the inbox's date filter), kind and value of one dimension, counted in the
-- same D1 batch that stores the lead (models/lead-counts.ts) and taken back when a lead is
-- erased. Dimensions: 'all' (key ''), 'source', 'campaign', 'partner' (the attribution,
-- '(brak)' when empty), 'device' and 'package' (a quote's device name and level). The
-- dashboard reads O(days × values), whatever the number of leads.
CREATE TABLE IF NOT EXISTS lead_counts (
  dim   TEXT    NOT NULL,
  day   TEXT    NOT NULL,                                   -- YYYY-MM-DD of leads.created_at
  kind  TEXT    NOT NULL,
  key   TEXT    NOT NULL,
  n     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (dim, day, kind, key)
) WITHOUT ROWID;

-- The leads stored before this table, counted once.
INSERT INTO lead_counts (dim, day, kind, key, n)
SELECT d.dim, date(l.created_at), l.kind,
  CASE d.dim
    WHEN 'all' THEN ''
    WHEN 'source' THEN COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.utm_source') END, ''), '(brak)')
    WHEN 'campaign' THEN COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.utm_campaign') END, ''), '(brak)')
    WHEN 'partner' THEN COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.partner') END, ''), '(brak)')
    WHEN 'device' THEN q.device_name
    ELSE q.level
  END, COUNT(*)
FROM leads l LEFT JOIN quotes q ON q.lead_id = l.id
  JOIN (SELECT value AS dim FROM json_each('["all","source","campaign","partner","device","package"]')) d
WHERE (d.dim NOT IN ('device', 'package') OR q.id IS NOT NULL)
GROUP BY 1, 2, 3, 4;
