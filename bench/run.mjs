// `npm run bench`: builds, then runs every bench/*.bench.mjs in turn. Each module exports
// `title` and `run()` returning Markdown; the sections are printed and written to
// bench/results.md. Figures, not pass/fail: goals are read from the table.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from '../scripts/build.mjs';
import { root, useWranglerEnv } from '../scripts/env.mjs';

useWranglerEnv();
const started = Date.now();
const only = process.argv.slice(2);
await build();

const dir = path.join(root, 'bench');
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.mjs') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
const sections = [`# Benchmarks\n\nRun on ${new Date().toISOString()} (Node ${process.version}, ${(await import('node:os')).cpus().length} cores).\n`];
for (const file of files) {
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  console.log(`\n▶ ${mod.title}`);
  const t0 = Date.now();
  const markdown = await mod.run();
  const section = `## ${mod.title}\n\n${markdown.trim()}\n\n_${((Date.now() - t0) / 1000).toFixed(0)} s_\n`;
  console.log(section);
  sections.push(section);
}
sections.push(`Total: ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
writeFileSync(path.join(dir, 'results.md'), sections.join('\n'));
console.log(`Written to bench/results.md in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
