// Builds everything into dist/public: the widgets (Rollup), the site script and CSS
// (esbuild), then every page of the site (site/build.tsx, rendered with Preact).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import { checkBudgets, measure, measureSite } from './budgets.mjs';
import { compareWithHistory } from './size-history.mjs';
import { importForNode, writeHashed, writeSplit } from './bundle.mjs';
import { PREACT_ALIAS } from './preact-alias.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/public');

/** Builds the widgets; returns their budget rows (scripts/budgets.mjs). */
async function buildWidgets() {
  const { default: config } = await import(pathToFileURL(path.join(root, 'rollup.config.mjs')).href);
  const bundle = await rollup({
    ...config,
    onwarn: (w, warn) => (w.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(w)),
  });
  try {
    const { output } = await bundle.write(config.output);
    return measure(output);
  } finally {
    await bundle.close();
  }
}

/**
 * From the widgets' contracts (scripts/contracts.ts): custom-elements.json and
 * kserowo.d.ts beside the widgets, the widget tables of docs/partners.md; fails when a contract
 * description was bundled into a widget chunk.
 */
async function buildContracts() {
  const { writeContractFiles } = await importForNode('contracts', {
    entryPoints: [path.join(root, 'scripts/contracts.ts')],
  });
  writeContractFiles(path.join(out, 'widgets/v1'), path.join(root, 'docs/partners.md'));
}

/** Site script and CSS, hashed for immutable caching; returns their public paths. */
async function buildSiteAssets() {
  const assetsOut = path.join(out, 'assets');
  mkdirSync(assetsOut, { recursive: true });
  cpSync(path.join(root, 'site/assets'), assetsOut, { recursive: true });

  const jsName = await writeHashed(assetsOut, 'site', 'js', {
    entryPoints: [path.join(root, 'site/script/site.ts')],
    format: 'esm',
    target: 'es2020',
    alias: PREACT_ALIAS,
  });
  const cssName = await writeHashed(assetsOut, 'site', 'css', {
    entryPoints: [path.join(root, 'site/styles/site.css')],
    external: ['*.svg'],
  });
  return { css: `/assets/${cssName}`, siteScript: `/assets/${jsName}`, widgetScript: '/widgets/v1/kserowo.js' };
}

/** Bundles site/build.tsx for Node (React aliased to Preact) and runs it: pages, sitemap, robots.txt, `_headers` (widget files' rules included). */
async function buildPages(assets) {
  const { buildSite } = await importForNode('site-build', {
    entryPoints: [path.join(root, 'site/build.tsx')],
    alias: PREACT_ALIAS,
    jsx: 'automatic',
    jsxImportSource: 'react',
  });
  return buildSite(out, assets);
}

/**
 * The admin panel: its own script and CSS, bundled apart from the public
 * widgets (never counted in their budgets), and the page shell `admin.html` that the
 * worker serves at `/admin`.
 */
async function buildAdmin() {
  const assetsOut = path.join(out, 'assets');
  const panelOptions = {
    format: 'esm',
    target: 'es2020',
    // Not a widget: Preact itself, without compat (site/admin/preact-react.ts).
    alias: { ...PREACT_ALIAS, react: path.join(root, 'site/admin/preact-react.ts') },
    jsx: 'automatic',
    jsxImportSource: 'react',
    logLevel: 'warning',
  };
  // The panel itself: one chunk per tab (site/admin/App.tsx loads a tab's code when it is opened).
  const jsName = await writeSplit(assetsOut, 'admin', {
    ...panelOptions,
    entryPoints: [path.join(root, 'site/admin/main.tsx')],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const cssName = await writeHashed(assetsOut, 'admin', 'css', {
    entryPoints: [path.join(root, 'site/admin/admin.css')],
  });
  const { adminShell } = await importForNode('admin-shell', {
    entryPoints: [path.join(root, 'site/admin/shell.ts')],
  });
  writeFileSync(path.join(out, 'admin.html'), adminShell({ script: `/assets/${jsName}`, css: `/assets/${cssName}` }));
}

export async function build() {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  const widgetSizes = await buildWidgets();
  await buildContracts();
  const assets = await buildSiteAssets();
  const pages = await buildPages(assets);
  await buildAdmin();
  // One table of widget, site-script and per-page CSS sizes, each against the last recorded
  // commit (scripts/size-history.mjs); throws over a budget.
  const rows = [...widgetSizes, ...measureSite(out)];
  checkBudgets(rows, { previous: compareWithHistory(rows) });
  console.log(
    `Built ${pages.length} pages and the widgets into dist/public in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  build().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
