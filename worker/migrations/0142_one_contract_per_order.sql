-- An online order starts exactly one contract: the installation protocol that signs it
-- fails as a whole when another contract already names the order (a second click, two
-- people of the team at once).
CREATE UNIQUE INDEX IF NOT EXISTS contracts_one_per_order ON contracts (order_ref) WHERE order_ref IS NOT NULL;
