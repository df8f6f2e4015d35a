// The environment every wrangler run gets (DESIGN §6): local only, no metrics, no
// update check, no cf-object fetch, config kept inside the project instead of ~.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const wranglerEnv = {
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  WRANGLER_LOG_PATH: path.join(root, '.wrangler/logs'),
  XDG_CONFIG_HOME: path.join(root, '.wrangler/config'),
  XDG_CACHE_HOME: path.join(root, '.wrangler/cache'),
  NO_UPDATE_NOTIFIER: '1',
};

/** Applies the wrangler environment to this process (and so to its children). */
export function applyWranglerEnv() {
  Object.assign(process.env, wranglerEnv);
}

export const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
