// `npm run bench`: builds, then runs every bench/*.bench.mjs in turn (`npm run bench --
// lighthouse` runs only the matching ones). Each module exports `title`, `run({deadline})`
// returning Markdown and optionally `order` (lower first; default 50). The sections are
// printed and written to bench/results.md; a run of some benchmarks replaces only their
// sections there (and the run's), keeping the other benchmarks' earlier sections. Figures, not pass/fail: goals are read from the
// table. The run itself is checked: it must finish within 15 minutes and leave no process
// behind (bench/processes.mjs); otherwise it says so in the results and exits with 1.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from '../scripts/build.mjs';
import { root, applyWranglerEnv } from '../scripts/env.mjs';
import { markRun, ownStartTicks, reapLeftovers } from './processes.mjs';

/** The whole run, build included, must fit in this. */
const LIMIT_MS = 15 * 60_000;
/** Time kept free at the end for stopping servers and writing the results. */
const MARGIN_MS = 45_000;

applyWranglerEnv();
const started = Date.now();
const startTicks = ownStartTicks();
// Only what this run started is reaped at the end: not a shell someone opened meanwhile.
const mark = markRun();
const deadline = started + LIMIT_MS - MARGIN_MS;
const only = process.argv.slice(2);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

const sections = [
  `# Benchmarks\n\nRun on ${new Date().toISOString()} (Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start: the machine is shared, so timings vary between runs).\n`,
];
const problems = [];

const RESULTS = path.join(root, 'bench/results.md');

/** The title of a section (`## <title>` on its first line). */
const titleOf = (section) => section.split('\n', 1)[0].replace(/^## /, '').trim();

/**
 * The file's sections after this run: with every benchmark run, this run's; with some,
 * the earlier file's header and sections in their order, those of this run's benchmarks (and the run's
 * own) replaced, new ones added before the run's.
 */
function resultsAfter(header, ran, runSection) {
  if (only.length === 0 || !existsSync(RESULTS)) return [header, ...ran, runSection];
  const [earlierHeader = header, ...earlier] = readFileSync(RESULTS, 'utf8').split(/^(?=## )/m);
  const byTitle = new Map(ran.map((section) => [titleOf(section), section]));
  const kept = earlier
    .filter((section) => titleOf(section) !== 'Run')
    .map((section) => {
      const now = byTitle.get(titleOf(section));
      byTitle.delete(titleOf(section));
      return now ?? section.trimEnd().concat('\n');
    });
  // The earlier header tells when the other sections ran; the note, which ran now.
  const note = `Only ${ran.map((section) => `"${titleOf(section)}"`).join(', ')} ran on ${new Date().toISOString()} (load average ${os.loadavg()[0].toFixed(1)} at the end); the other sections are from the run above.\n`;
  // An earlier run's note goes only when every section it names ran again now; another's stays.
  const titles = new Set(ran.map(titleOf));
  const keptHeader = earlierHeader
    .split('\n')
    .filter((line) => {
      if (!/^Only .* ran on /.test(line)) return true;
      const named = [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
      return !named.every((title) => titles.has(title));
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
  return [`${keptHeader}\n\n${note}`, ...kept, ...byTitle.values(), runSection];
}

function writeResults() {
  const total = Date.now() - started;
  const checks = [
    `- Total time: ${seconds(total)} (limit ${seconds(LIMIT_MS)})${total > LIMIT_MS ? ' — **over the limit**' : ''}.`,
    ...problems.map((p) => `- **${p}**`),
  ];
  if (!problems.some((p) => p.startsWith('Processes left behind'))) checks.push('- Processes left behind: none.');
  const [header = '', ...ran] = sections;
  writeFileSync(RESULTS, resultsAfter(header, ran, `## Run\n\n${checks.join('\n')}\n`).join('\n'));
  console.log(`\n## Run\n\n${checks.join('\n')}\nWritten to bench/results.md.`);
  return total <= LIMIT_MS && problems.length === 0;
}

async function finish() {
  // esbuild (site build, routes) keeps a service process until told to stop.
  (await import('esbuild')).stop();
  const left = await reapLeftovers(root, startTicks, 5000, mark);
  if (left.length > 0)
    problems.push(
      `Processes left behind (killed now): ${left.map((p) => `${p.pid} \`${p.command.slice(0, 100)}\``).join(', ')}`,
    );
  process.exit(writeResults() ? 0 : 1);
}

// A hung benchmark must not hold the run past the limit.
setTimeout(() => {
  problems.push(`Stopped at the ${seconds(LIMIT_MS)} limit while a benchmark was still running.`);
  finish();
}, LIMIT_MS).unref();

try {
  await build();
  const dir = path.join(root, 'bench');
  const files = readdirSync(dir).filter(
    (f) => f.endsWith('.bench.mjs') && (only.length === 0 || only.some((o) => f.includes(o))),
  );
  const benches = [];
  for (const file of files) benches.push({ file, mod: await import(pathToFileURL(path.join(dir, file)).href) });
  benches.sort((a, b) => (a.mod.order ?? 50) - (b.mod.order ?? 50) || a.file.localeCompare(b.file));
  for (const { file, mod } of benches) {
    console.log(`\n▶ ${mod.title}`);
    const t0 = Date.now();
    let markdown;
    try {
      markdown = await mod.run({ deadline });
    } catch (error) {
      problems.push(`${file} failed: ${error.message ?? error}`);
      markdown = `**Failed:** ${error.stack ?? error}`;
    }
    const section = `## ${mod.title}\n\n${markdown.trim()}\n\n_${file}: ${seconds(Date.now() - t0)}_\n`;
    console.log(section);
    sections.push(section);
  }
} catch (error) {
  problems.push(`The run failed: ${error.message ?? error}`);
}
await finish();
