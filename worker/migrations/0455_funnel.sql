-- "Od kliknięcia do przelewu" ('Liczby'): per-day counters of every step from a
-- lead to the money paid, by the lead's partner, utm_source, utm_medium, utm_campaign and the
-- path of the page the widget stood on. The report reads O(days × keys), never the leads.
--
-- lead_funnel: what one lead contributes, kept so that any later event (a quote, an order
-- signed, verified, installed, an invoice issued, a payment matched or taken back) can take
-- the lead's old contribution out of the counters, work out the new one from the chain
-- lead → quote → order → contract → invoice → payment for that lead alone, and add it back
-- (worker/funnel/model.ts). Keys are fixed when the lead is stored: its Warsaw day and its
-- attribution ('(brak)' when missing). No personal data: a person's erasure leaves it.
CREATE TABLE IF NOT EXISTS lead_funnel (
  lead_id            TEXT    PRIMARY KEY,
  day                TEXT    NOT NULL,                 -- YYYY-MM-DD, Europe/Warsaw, of leads.created_at
  partner            TEXT    NOT NULL,
  source             TEXT    NOT NULL,
  medium             TEXT    NOT NULL,
  campaign           TEXT    NOT NULL,
  page               TEXT    NOT NULL,                 -- the host page's path (no query), at most 200 characters
  quotes             INTEGER NOT NULL DEFAULT 0,
  orders             INTEGER NOT NULL DEFAULT 0,       -- orders signed (installed ones included)
  verified           INTEGER NOT NULL DEFAULT 0,
  installed          INTEGER NOT NULL DEFAULT 0,
  contract_value_gr  INTEGER NOT NULL DEFAULT 0,       -- the contracts' monthly fees net as signed
  invoiced_net_gr    INTEGER NOT NULL DEFAULT 0,       -- net of the invoices and their corrections (KSeF-rejected left out)
  paid_gr            INTEGER NOT NULL DEFAULT 0,       -- what came in against them (invoice_balances.paid_gr)
  signed_days        INTEGER                           -- Warsaw days from the lead to its first signed order
) WITHOUT ROWID;

-- The sums of lead_funnel per dimension ('partner', 'source', 'medium', 'campaign', 'page'),
-- lead day and key.
CREATE TABLE IF NOT EXISTS funnel_counts (
  dim                TEXT    NOT NULL,
  day                TEXT    NOT NULL,
  key                TEXT    NOT NULL,
  leads              INTEGER NOT NULL DEFAULT 0,
  quotes             INTEGER NOT NULL DEFAULT 0,
  orders             INTEGER NOT NULL DEFAULT 0,
  verified           INTEGER NOT NULL DEFAULT 0,
  installed          INTEGER NOT NULL DEFAULT 0,
  contract_value_gr  INTEGER NOT NULL DEFAULT 0,
  invoiced_net_gr    INTEGER NOT NULL DEFAULT 0,
  paid_gr            INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (dim, day, key)
) WITHOUT ROWID;

-- How many leads of a day and key signed after how many days: the median from lead to signed
-- is read from this histogram.
CREATE TABLE IF NOT EXISTS funnel_signed_days (
  dim   TEXT    NOT NULL,
  day   TEXT    NOT NULL,
  key   TEXT    NOT NULL,
  days  INTEGER NOT NULL,
  n     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (dim, day, key, days)
) WITHOUT ROWID;

-- A lead's orders, for the refresh of its contribution.
CREATE INDEX IF NOT EXISTS orders_by_lead ON orders (lead_id);

-- The leads stored before these tables, each with what it became (leadFunnelSql('SELECT id FROM leads') of
-- worker/funnel/model.ts, word for word: worker/funnel/funnel.test.ts checks it), then their sums.
INSERT INTO lead_funnel (lead_id, day, partner, source, medium, campaign, page,
    quotes, orders, verified, installed, contract_value_gr, invoiced_net_gr, paid_gr, signed_days)
  SELECT l.id, (CASE WHEN l.created_at >= date(substr(l.created_at, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00'
      AND l.created_at < date(substr(l.created_at, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00'
    THEN date(l.created_at, '+2 hours') ELSE date(l.created_at, '+1 hour') END), COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.partner') END, ''), '(brak)'), COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.utm_source') END, ''), '(brak)'),
    COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.utm_medium') END, ''), '(brak)'), COALESCE(NULLIF(CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.utm_campaign') END, ''), '(brak)'), COALESCE(NULLIF((SELECT substr(CASE WHEN instr(p.v, '?') > 0 THEN substr(p.v, 1, instr(p.v, '?') - 1) ELSE p.v END, 1, 200)
    FROM (SELECT CASE WHEN json_valid(l.attribution) THEN json_extract(l.attribution, '$.page') END AS v) p
    WHERE substr(p.v, 1, 1) = '/'), ''), '(brak)'),
    EXISTS (SELECT 1 FROM quotes q WHERE q.lead_id = l.id),
    (SELECT COUNT(*) FROM orders o WHERE o.lead_id = l.id AND o.status IN ('signed', 'installed')),
    (SELECT COUNT(*) FROM orders o WHERE o.lead_id = l.id AND o.status IN ('signed', 'installed') AND o.verified_at IS NOT NULL),
    (SELECT COUNT(*) FROM orders o WHERE o.lead_id = l.id AND o.status = 'installed'),
    (SELECT COALESCE(SUM(CAST(ROUND(r.monthly_price * 100) AS INTEGER)), 0)
       FROM orders o JOIN contracts c ON c.order_ref = o.id JOIN devices d ON d.contract_id = c.id
       JOIN contract_rates r ON r.device_row = d.id
         AND r.effective_from = (SELECT MIN(r1.effective_from) FROM contract_rates r1 WHERE r1.device_row = d.id)
       WHERE o.lead_id = l.id),
    (SELECT COALESCE(SUM(i.net_gr), 0)
       FROM orders o JOIN contracts c ON c.order_ref = o.id JOIN invoices i ON i.contract_id = c.id
       WHERE o.lead_id = l.id
         AND NOT EXISTS (SELECT 1 FROM ksef_invoices k WHERE k.invoice_id = i.id AND k.status = 'rejected')),
    (SELECT COALESCE(SUM(b.paid_gr), 0)
       FROM orders o JOIN contracts c ON c.order_ref = o.id JOIN invoice_balances b ON b.contract_id = c.id
       WHERE o.lead_id = l.id),
    (SELECT CAST(julianday(MIN((CASE WHEN o.accepted_at >= date(substr(o.accepted_at, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00'
      AND o.accepted_at < date(substr(o.accepted_at, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00'
    THEN date(o.accepted_at, '+2 hours') ELSE date(o.accepted_at, '+1 hour') END))) - julianday((CASE WHEN l.created_at >= date(substr(l.created_at, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00'
      AND l.created_at < date(substr(l.created_at, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00'
    THEN date(l.created_at, '+2 hours') ELSE date(l.created_at, '+1 hour') END)) AS INTEGER)
       FROM orders o WHERE o.lead_id = l.id AND o.status IN ('signed', 'installed') AND o.accepted_at IS NOT NULL)
  FROM leads l WHERE l.id IN (SELECT id FROM leads)
  ON CONFLICT (lead_id) DO UPDATE SET quotes = excluded.quotes, orders = excluded.orders, verified = excluded.verified,
    installed = excluded.installed, contract_value_gr = excluded.contract_value_gr,
    invoiced_net_gr = excluded.invoiced_net_gr, paid_gr = excluded.paid_gr, signed_days = excluded.signed_days;

INSERT INTO funnel_counts (dim, day, key, leads, quotes, orders, verified, installed, contract_value_gr, invoiced_net_gr, paid_gr)
SELECT d.dim, f.day, CASE d.dim WHEN 'partner' THEN f.partner WHEN 'source' THEN f.source WHEN 'medium' THEN f.medium
    WHEN 'campaign' THEN f.campaign ELSE f.page END,
  COUNT(*), SUM(f.quotes), SUM(f.orders), SUM(f.verified), SUM(f.installed), SUM(f.contract_value_gr),
  SUM(f.invoiced_net_gr), SUM(f.paid_gr)
FROM lead_funnel f JOIN (SELECT value AS dim FROM json_each('["partner","source","medium","campaign","page"]')) d
GROUP BY 1, 2, 3;

INSERT INTO funnel_signed_days (dim, day, key, days, n)
SELECT d.dim, f.day, CASE d.dim WHEN 'partner' THEN f.partner WHEN 'source' THEN f.source WHEN 'medium' THEN f.medium
    WHEN 'campaign' THEN f.campaign ELSE f.page END, f.signed_days, COUNT(*)
FROM lead_funnel f JOIN (SELECT value AS dim FROM json_each('["partner","source","medium","campaign","page"]')) d
WHERE f.signed_days IS NOT NULL
GROUP BY 1, 2, 3, 4;
