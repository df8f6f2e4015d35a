-- Webhook signing secrets are stored sealed (AES-GCM under the Worker secret WEBHOOK_SECRETS_KEY,
-- worker/webhooks/secrets.ts: `v1.<iv>.<ciphertext>`), so that D1 and its backups alone cannot
-- sign a webhook. SQL cannot encrypt: the secrets stored before are marked `plain:<secret>`
-- here, used as they are, and sealed by the worker (the daily backup seals them first, so no
-- backup holds one in clear). From now on only a sealed secret may be written.
UPDATE webhook_endpoints SET secret = 'plain:' || secret WHERE secret NOT LIKE 'v1.%';

CREATE TRIGGER IF NOT EXISTS webhook_secret_sealed_on_insert BEFORE INSERT ON webhook_endpoints
WHEN NEW.secret NOT LIKE 'v1.%'
BEGIN
  SELECT RAISE(ABORT, 'webhook secret must be stored sealed');
END;

CREATE TRIGGER IF NOT EXISTS webhook_secret_sealed_on_update BEFORE UPDATE OF secret ON webhook_endpoints
WHEN NEW.secret NOT LIKE 'v1.%' AND NEW.secret IS NOT OLD.secret
BEGIN
  SELECT RAISE(ABORT, 'webhook secret must be stored sealed');
END;
