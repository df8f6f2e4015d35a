// The Worker's key secrets (docs/backups.md "Who may hold what"): WEBHOOK_SECRETS_KEY seals the
// webhook signing secrets in D1, BACKUP_KEY encrypts the backup files. Each is 32 random bytes,
// base64. `npm run keys` prints a fresh pair for `npm run wrangler -- secret put <NAME>`; `npm start`,
// `npm run backup` and `npm run restore` keep the local pair in .dev.vars (made on first use);
// the tests use the fixed pair below, never the .dev.vars one.
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from './env.mjs';

export const KEY_NAMES = ['WEBHOOK_SECRETS_KEY', 'BACKUP_KEY'];

/** The tests' keys (tests/vitest.config.ts, scripts/serve-test.mjs): known, so a test can decrypt. */
export const TEST_KEYS = {
  WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  BACKUP_KEY: Buffer.alloc(32, 11).toString('base64'),
};

export const randomKey = () => randomBytes(32).toString('base64');

/**
 * The local keys: from the environment (`KSEROWO_BACKUP_KEY=… npm run restore` restores a backup
 * of production with its key), else from .dev.vars (or KSEROWO_DEV_VARS's file), where a missing
 * one is made and written, so that `npm start` and the backup scripts agree.
 */
export function localKeys(devVars = process.env.KSEROWO_DEV_VARS ?? path.join(root, '.dev.vars')) {
  const keys = {};
  for (const name of KEY_NAMES) {
    const fromEnv = process.env[`KSEROWO_${name}`];
    if (fromEnv) {
      keys[name] = fromEnv;
      continue;
    }
    const current = existsSync(devVars) ? readFileSync(devVars, 'utf8') : '';
    const found = new RegExp(`^${name}="?([^"\\n]+)"?$`, 'm').exec(current);
    if (found) {
      keys[name] = found[1];
      continue;
    }
    keys[name] = randomKey();
    const gap = current && !current.endsWith('\n') ? '\n' : '';
    appendFileSync(
      devVars,
      `${gap}# ${name} (docs/backups.md): made on first use; keep it to read local backups.\n${name}="${keys[name]}"\n`,
    );
  }
  return keys;
}

/** `--var NAME:value` for wrangler dev, for each key. */
export const keyVars = (keys) => KEY_NAMES.flatMap((name) => ['--var', `${name}:${keys[name]}`]);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of KEY_NAMES) console.log(`${name}=${randomKey()}`);
  console.log(
    'Put each with: npm run wrangler -- secret put <NAME> (and keep BACKUP_KEY apart from the backups: docs/backups.md).',
  );
}
