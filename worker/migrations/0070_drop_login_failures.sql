-- The per-IP login failures of 0004 are counted in login_throttle (0031: one
-- atomic upsert per attempt, per IP and per account); nothing reads or writes this table.
DROP TABLE IF EXISTS admin_login_failures;
