// `npm run wrangler -- <args>`: wrangler with the project's offline environment.
import { spawnSync } from 'node:child_process';
import { root, applyWranglerEnv, wranglerBin } from './env.mjs';

applyWranglerEnv();
const result = spawnSync(process.execPath, [wranglerBin, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
