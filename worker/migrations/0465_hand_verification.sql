-- Verifying an order by hand: the owner's alone, with what was checked, and the
-- installation of a hand-verified order by a second person.
-- What was checked: JSON {kind: 'document', document} or {kind: 'phone', phone, source},
-- the phone taken from a register (KRS, CEIDG, BIP), never the order's own.
ALTER TABLE orders ADD COLUMN verified_check TEXT;
-- The account that verified by hand (0: the first owner's secret login): its installation needs another person.
ALTER TABLE orders ADD COLUMN verified_account_id INTEGER;
