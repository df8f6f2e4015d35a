-- The response-time statistics ('Czas odpowiedzi') read per-day counters instead of timing
-- every lead of the range at each view: one row per day (UTC, like the inbox's date filter),
-- dimension and key, kept by the model code in the batches that store, answer, assign,
-- mark as spam and erase a lead (models/lead-response-days.ts). Dimensions: 'all' (key ''),
-- 'person' (the owner's account id, '' for nobody) and 'source' (the partner as
-- 'partner: <name>', else utm_source, else '(bezpośrednio)'). Spam is not counted.
-- `hours` holds the first answers' business hours as a histogram in tenths of an hour
-- (JSON {"h<tenths>": count}), enough for the median the panel shows to one decimal.
CREATE TABLE IF NOT EXISTS lead_response_days (
  dim      TEXT    NOT NULL,
  day      TEXT    NOT NULL,                                -- YYYY-MM-DD of leads.created_at
  key      TEXT    NOT NULL,
  leads    INTEGER NOT NULL DEFAULT 0,
  answered INTEGER NOT NULL DEFAULT 0,
  within   INTEGER NOT NULL DEFAULT 0,                      -- answered within the first-answer promise
  hours    TEXT    NOT NULL DEFAULT '{}',
  PRIMARY KEY (dim, day, key)
) WITHOUT ROWID;

-- The leads stored before this table, counted once (the promise: 1 business hour, terms.ts
-- FIRST_ANSWER_HOURS). A lead answered before its business hours were stored (migration
-- 0120) is timed by the wall clock, which never undercounts business time.
INSERT INTO lead_response_days (dim, day, key, leads, answered, within, hours)
SELECT dim, day, key, SUM(n), SUM(answered * n), SUM(w),
  COALESCE(json_group_object('h' || tenths, n) FILTER (WHERE answered = 1), '{}')
FROM (
  SELECT dim, day, key, answered, tenths, COUNT(*) AS n, SUM(answered AND hours <= 1) AS w
  FROM (
    SELECT d.dim AS dim, date(l.created_at) AS day,
      CASE d.dim
        WHEN 'all' THEN ''
        WHEN 'person' THEN COALESCE(CAST(l.assigned_to AS TEXT), '')
        ELSE CASE
          WHEN json_valid(l.attribution) AND COALESCE(json_extract(l.attribution, '$.partner'), '') != ''
            THEN 'partner: ' || json_extract(l.attribution, '$.partner')
          WHEN json_valid(l.attribution) AND COALESCE(json_extract(l.attribution, '$.utm_source'), '') != ''
            THEN json_extract(l.attribution, '$.utm_source')
          ELSE '(bezpośrednio)'
        END
      END AS key,
      l.first_response_at IS NOT NULL AS answered,
      COALESCE(l.response_hours, (julianday(l.first_response_at) - julianday(l.created_at)) * 24) AS hours,
      CAST(round(COALESCE(l.response_hours, (julianday(l.first_response_at) - julianday(l.created_at)) * 24) * 10) AS INTEGER) AS tenths
    FROM leads l JOIN (SELECT value AS dim FROM json_each('["all","person","source"]')) d
    WHERE l.status != 'spam'
  )
  GROUP BY dim, day, key, answered, tenths
)
GROUP BY dim, day, key;
