-- One-time unlock links of a team account: while strangers' wrong passwords hold the account
-- locked for browsers it never signed in with, its owner asks for a link e-mailed to the
-- account's own address; opening it (a POST, once) makes that browser known to the account
-- (login_devices), which then has a login budget of its own. Only the SHA-256 of the
-- token is stored; at most a few links an hour per account (counted in the insert).
CREATE TABLE IF NOT EXISTS login_unlocks (
  token_hash  TEXT    PRIMARY KEY,
  login       TEXT    NOT NULL,                                -- the account's lower-case e-mail
  ip          TEXT,                                            -- who asked
  created_at  INTEGER NOT NULL,                                -- ms since epoch
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX IF NOT EXISTS login_unlocks_by_login ON login_unlocks (login, created_at);
