-- Webhook lanes: a receiver that hangs rests for a while (its deliveries wait on the queue
-- instead of holding up other endpoints' deliveries in the consumer), and each delivery
-- counts the attempts of its current retry chain from `chain_base` (the attempts it had
-- when the chain began: 0, or the count at the admin's 'Wyślij ponownie').
ALTER TABLE webhook_endpoints ADD COLUMN resting_until INTEGER;   -- ms since epoch; NULL: not resting
ALTER TABLE webhook_deliveries ADD COLUMN chain_base INTEGER NOT NULL DEFAULT 0;
