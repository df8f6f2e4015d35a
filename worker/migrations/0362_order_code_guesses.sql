-- An order's wrong acceptance codes in all, whatever the number of codes sent: a new code
-- (the button, or the form sent again) resets its own tries (`code_attempts`) but never
-- this count, so the guesses an order allows are a real limit (orders/model.ts CODE_LIMITS).
ALTER TABLE orders ADD COLUMN wrong_codes INTEGER NOT NULL DEFAULT 0;
