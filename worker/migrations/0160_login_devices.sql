-- Browsers an account has signed in with (device cookies): a stranger's wrong guesses lock
-- the account for browsers that never signed in to it, while its owner's own browser keeps
-- a budget of its own (README "Team accounts", login throttling). Only the SHA-256 of the
-- cookie's random value is stored.
CREATE TABLE IF NOT EXISTS login_devices (
  token_hash    TEXT    PRIMARY KEY,
  login         TEXT    NOT NULL,                              -- lower-case e-mail, or 'admin' (the first owner)
  created_at    INTEGER NOT NULL,                              -- ms since epoch
  last_used_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS login_devices_login ON login_devices (login);
