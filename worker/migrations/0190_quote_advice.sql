-- The advisor's best offer beside the device the visitor clicked, stored with the quote as
-- JSON {clicked, best, difference} (widgets/core/advisor.ts `quoteAdvice`), recomputed by the
-- worker from the catalogue at the quote's volume, never taken from the browser. NULL: the
-- quote states no volume, or the clicked device at its package is the best offer.
ALTER TABLE quotes ADD COLUMN advice TEXT;
