-- How a colour device's single- and two-colour pages count, as the contract says (widgets/core/terms.ts
-- SPOT_COLOUR_COUNTING): 'colour' (added to the colour counter), 'mono' (added to the mono counter), or NULL
-- where the contract does not say (every contract signed before the terms of 2026-12-03): those counters are
-- kept raw with the collector's report and billed as neither. Changed only by an amendment, never in place.
ALTER TABLE contracts ADD COLUMN spot_colour TEXT CHECK (spot_colour IN ('colour', 'mono'));
