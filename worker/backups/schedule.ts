/**
 * The daily backup of every table to R2 (binding BACKUPS; in `wrangler dev` a local bucket under
 * .wrangler/state): `d1/<ISO time>.ndjson.aes`, encrypted under BACKUP_KEY (worker/backups/crypt.ts),
 * written with a multipart upload part by part as the tables are read (never the whole database
 * in memory), then all but the newest BACKUPS_KEPT backups deleted. Webhook secrets still in
 * clear are sealed first, so the backup holds none. The file is the one `npm run backup` writes
 * and `npm run restore` reads (docs/backups.md).
 */
import { sealLegacySecrets } from '../webhooks/index.ts';
import { keyBytes } from '../http/sealed.ts';
import { BACKUP_KEY_SECRET, encryptBackup } from './crypt.ts';
import { backupLines } from './model.ts';

/** Daily backups kept: five weeks, longer than D1 Time Travel's 30 days reach back. */
export const BACKUPS_KEPT = 35;
export const BACKUP_PREFIX = 'd1/';
/** R2 takes parts of at least 5 MiB, all of one size but the last (which may be smaller). */
const PART_BYTES = 8 * 1024 * 1024;

export type BackupReport = { key: string; bytes: number; deleted: string[] };

/** Writes a backup of `env.DB` to R2 and keeps the newest BACKUPS_KEPT. */
export async function backupToR2(env: Pick<Env, 'DB' | 'BACKUPS'>, now = new Date()): Promise<BackupReport> {
  keyBytes(env, BACKUP_KEY_SECRET); // without BACKUP_KEY (MissingKey) nothing is written: never a backup in clear
  await sealLegacySecrets(env);
  const key = `${BACKUP_PREFIX}${now.toISOString().replaceAll(':', '-')}.ndjson.aes`;
  const encrypted = encryptBackup(env, backupLines(env.DB, now));
  const upload = await env.BACKUPS.createMultipartUpload(key, {
    httpMetadata: { contentType: 'application/octet-stream' },
  });
  const parts: R2UploadedPart[] = [];
  // R2 wants every part but the last of one size: whole parts of PART_BYTES are cut from the text.
  let part = new Uint8Array(PART_BYTES);
  let filled = 0;
  let bytes = 0;
  const send = async (body: Uint8Array) => {
    parts.push(await upload.uploadPart(parts.length + 1, body));
  };
  try {
    for await (const chunk of encrypted) {
      bytes += chunk.length;
      for (let at = 0; at < chunk.length; ) {
        const take = Math.min(PART_BYTES - filled, chunk.length - at);
        part.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === PART_BYTES) {
          await send(part);
          part = new Uint8Array(PART_BYTES);
          filled = 0;
        }
      }
    }
    if (filled > 0 || parts.length === 0) await send(part.slice(0, filled));
    await upload.complete(parts);
  } catch (error) {
    await upload.abort().catch(() => undefined);
    throw error;
  }
  return { key, bytes, deleted: await keepNewest(env.BACKUPS) };
}

/** Deletes all but the newest BACKUPS_KEPT backups (their keys sort by time); answers the deleted keys. */
export async function keepNewest(bucket: R2Bucket, kept = BACKUPS_KEPT): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: BACKUP_PREFIX, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const old = keys.sort().slice(0, Math.max(0, keys.length - kept));
  if (old.length > 0) await bucket.delete(old);
  return old;
}
