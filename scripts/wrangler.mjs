// `npm run wrangler -- <args>`: wrangler with the project's offline environment.
import { spawnSync } from 'node:child_process';
import { root, useWranglerEnv, wranglerBin } from './env.mjs';

useWranglerEnv();
const result = spawnSync(process.execPath, [wranglerBin, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
