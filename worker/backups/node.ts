/**
 * The Node entry of the backups, bundled for `npm run backup` / `npm run restore`
 * (scripts/backup.mjs, scripts/restore.mjs, through scripts/bundle.mjs). The
 * daily backup to R2 is worker/backups/schedule.ts. docs/backups.md.
 */
export { sealLegacySecrets } from '../webhooks/index.ts';
export { decryptBackup, encryptBackup } from './crypt.ts';
export { backupLines } from './model.ts';
export { RestoreRefused, restoreBackup } from './model-restore.ts';
