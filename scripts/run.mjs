// `node scripts/run.mjs <command> [args]`: runs a tool (vitest, playwright, tsc…) with the
// project's offline environment set before the tool loads wrangler, so nothing is
// written to ~ and nothing phones home.
import { spawnSync } from 'node:child_process';
import { root, applyWranglerEnv } from './env.mjs';
import { assignTestPorts } from './ports.mjs';

applyWranglerEnv();
// Each test server on a free port unless its variable names one, so `npm test` runs beside
// `npm start` or a second checkout's tests (scripts/ports.mjs).
await assignTestPorts();
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/run.mjs <command> [args]');
  process.exit(2);
}
const result = spawnSync(command, args, {
  cwd: root,
  stdio: 'inherit',
  shell: false,
  env: { ...process.env, PATH: `${root}/node_modules/.bin:${process.env.PATH}` },
});
process.exit(result.status ?? 1);
