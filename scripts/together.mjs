// `node scripts/together.mjs <npm script> <npm script> …`: runs the npm scripts at the same
// time, each line of their output prefixed with the script's name, and fails when any of
// them fails (after all have ended). For steps that mostly wait (a type check on one core
// while the other checks another project, the Chromium and Firefox runs on servers of
// their own): docs/testing-costs.md.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root } from './env.mjs';

const scripts = process.argv.slice(2);
if (!scripts.length) {
  console.error('usage: node scripts/together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const width = Math.max(...scripts.map((s) => s.length));

const children = [];
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn(npm, ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const prefix = `[${script.padEnd(width)}] `;
      const drained = [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ].map(
        ([stream, out]) =>
          new Promise((done) =>
            createInterface({ input: stream })
              .on('line', (line) => out.write(`${prefix}${line}\n`))
              .on('close', done),
          ),
      );
      const started = Date.now();
      child.on('close', async (code, signal) => {
        await Promise.all(drained);
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(`${prefix}${code === 0 ? 'passed' : `FAILED (${code ?? signal})`} in ${seconds} s`);
        resolve(code ?? 1);
      });
    }),
);
// A stop reaches every script (each ends its own servers), and this waits for them to end.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });

const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
