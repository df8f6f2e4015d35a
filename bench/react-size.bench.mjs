// The same widgets built with real React 19 instead of Preact compat (rollup.config.mjs
// with KSEROWO_REACT=1, which drops the Preact aliases and the budget plugin), for the
// size comparison: gzipped sizes of what a page needs for each widget, and the ratio
// Preact / React. Both builds run in child processes with the same config, into temp dirs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const title = 'Widget size: Preact compat vs real React';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');

/** In the child: builds the widgets into KSEROWO_WIDGETS_OUT and prints the budget rows as JSON. */
async function buildChild() {
  const { rollup } = await import('rollup');
  const { measure } = await import(pathToFileURL(path.join(root, 'scripts/budgets.mjs')).href);
  const { default: config } = await import(pathToFileURL(path.join(root, 'rollup.config.mjs')).href);
  const plugins = config.plugins.filter(Boolean);
  if (process.env.KSEROWO_REACT === '1') {
    // React and react-dom ship CommonJS. The converter runs after kserowo-node-env has replaced
    // process.env.NODE_ENV, so only the production builds are required.
    const { default: commonjs } = await import('@rollup/plugin-commonjs');
    const at = plugins.findIndex((p) => p.name === 'kserowo-node-env') + 1;
    plugins.splice(at, 0, commonjs({ include: /node_modules/, transformMixedEsModules: false }));
  }
  const bundle = await rollup({
    ...config,
    plugins,
    onwarn: (w, warn) => (w.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(w)),
  });
  const { output } = await bundle.write(config.output);
  await bundle.close();
  const chunks = output.filter((o) => o.type === 'chunk');
  const dev = chunks.some((c) => Object.keys(c.modules).some((id) => id.includes('.development.')));
  process.stdout.write(JSON.stringify({ rows: measure(output), dev }));
}

function build(react) {
  const out = mkdtempSync(path.join(tmpdir(), `kserowo-${react ? 'react' : 'preact'}-`));
  try {
    const child = spawnSync(process.execPath, [self, '--build'], {
      cwd: root,
      env: { ...process.env, KSEROWO_REACT: react ? '1' : '', KSEROWO_WIDGETS_OUT: out },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      timeout: 180_000,
    });
    if (child.status !== 0)
      throw new Error(`${react ? 'React' : 'Preact'} build failed: ${child.stderr || child.error}`);
    return JSON.parse(child.stdout);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

export async function run() {
  const preact = build(false);
  const react = build(true);
  const size = (result, name) => result.rows.filter((r) => r.name === name).reduce((s, r) => s + r.bytes, 0);
  const widgets = [...new Set(preact.rows.map((r) => r.name))].filter(
    (n) => !['kserowo', 'runtime'].includes(n) && preact.rows.some((r) => r.name === n && r.budget !== undefined),
  );

  const lines = ['| what (gzipped) | Preact compat | React 19 | Preact / React |', '|---|---:|---:|---:|'];
  const line = (what, p, r) => lines.push(`| ${what} | ${kb(p)} | ${kb(r)} | ${(p / r).toFixed(2)} |`);
  line('loader `kserowo.js`', size(preact, 'kserowo'), size(react, 'kserowo'));
  line('shared runtime chunk', size(preact, 'runtime'), size(react, 'runtime'));
  for (const w of widgets) line(`\`${w}\` chunk (with its shared non-runtime chunks)`, size(preact, w), size(react, w));
  const page = (result, w) => size(result, 'kserowo') + size(result, 'runtime') + size(result, w);
  for (const w of widgets)
    line(`a page with only \`<kserowo-${w}>\`: loader + runtime + widget`, page(preact, w), page(react, w));
  const all = (result) => result.rows.reduce((s, r) => s + r.bytes, 0);
  line('**every chunk**', all(preact), all(react));
  const version = (pkg) =>
    JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  lines.push(
    '',
    `React ${version('react-dom')} production builds (${react.dev ? '**development code found in the React build: the figure is wrong**' : 'no development code in the output'}), bundled by the same Rollup config with @rollup/plugin-commonjs; Preact ${version('preact')} through preact/compat. Gzip level 9, as the build table.`,
  );
  return lines.join('\n');
}

if (process.argv[2] === '--build') {
  buildChild().catch((error) => {
    console.error(error.stack ?? error);
    process.exit(1);
  });
}
