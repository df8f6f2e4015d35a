/**
 * The webhook signing secrets, sealed (worker/http/sealed.ts) under the Worker secret
 * WEBHOOK_SECRETS_KEY, so that D1 and its backups alone cannot sign a webhook: only the Worker,
 * which holds the key, opens a secret to sign a delivery or to show it to an owner. Rows from
 * before migration 0470 hold `plain:<secret>`; `sealLegacySecrets` seals them (the daily backup
 * runs it first, so no backup holds one in clear), and each is opened as it is meanwhile.
 */
import { aesKey, isSealed, seal, unseal } from '../http/sealed.ts';
import { LEGACY_PREFIX, legacySecrets, newWebhookSecret, sealSecretStatement } from './model-webhook-endpoints.ts';

export const WEBHOOK_KEY_SECRET = 'WEBHOOK_SECRETS_KEY';

export const webhookKey = (env: object): Promise<CryptoKey> => aesKey(env, WEBHOOK_KEY_SECRET);

/** A new signing secret: `{plain}` to show once to the owner, `{sealed}` to store. */
export async function newSealedSecret(env: object): Promise<{ plain: string; sealed: string }> {
  const plain = newWebhookSecret();
  return { plain, sealed: await seal(await webhookKey(env), plain) };
}

/** The signing secret a stored value holds. */
export async function openSecret(env: object, stored: string): Promise<string> {
  if (stored.startsWith(LEGACY_PREFIX)) return stored.slice(LEGACY_PREFIX.length);
  if (!isSealed(stored)) throw new Error('webhook secret neither sealed nor marked legacy');
  return unseal(await webhookKey(env), stored);
}

/** Seals every secret still in clear; answers how many. */
export async function sealLegacySecrets(env: { DB: D1Database }): Promise<number> {
  const legacy = await legacySecrets(env.DB);
  if (legacy.length === 0) return 0;
  const key = await webhookKey(env);
  const statements = await Promise.all(
    legacy.map(async (row) =>
      sealSecretStatement(env.DB, row.id, row.secret, await seal(key, row.secret.slice(LEGACY_PREFIX.length))),
    ),
  );
  await env.DB.batch(statements);
  return legacy.length;
}
