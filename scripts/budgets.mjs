// Gzipped size budgets: the widget chunks, the site script and the CSS
// each page carries. `npm run build` prints one table and fails when a budget is
// exceeded; tests/unit/budgets.test.ts proves it does with fixtures over budget.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** KB (1024 bytes) gzipped. A widget's figure includes the non-runtime chunks it imports. */
export const BUDGETS_KB = {
  kserowo: 2,
  runtime: 12,
  pricing: 6,
  models: 8,
  contact: 8,
  /**
   * Raised from 15 in round 2 (docs/budgets.md "Budgets"): the pre-rendered first step, prefill, the
   * calculator's entry and the estimate in the quote took it to 15.29 KB.
   */
  configurator: 16,
  /** The service and meter forms, each with the form kit it imports (11.0 and 10.8 KB measured). */
  service: 12,
  /**
   * Raised from 12 when the reading link came (the device it names, its last reading, how
   * pages are counted, a colour field only for colour devices) beside the messages next to
   * their fields: 12.07 KB measured. Only customers with a reading link load it.
   */
  meter: 13,
  /** `<kserowo-calculator>` with its panel chunk (shared with the configurator). */
  calculator: 12,
  /** The site script of a page (all its `/assets/*.js` together). */
  site: 4,
  /** The CSS of a page: its stylesheets plus the `<style>` it carries inline (e.g. in pre-rendered widgets). */
  css: 15,
  /**
   * The admin panel's start (only the team loads it): the frame, login and what every tab
   * shares, before any tab. It was every tab in one file up to 54.05 KB; since each tab is a
   * chunk loaded when it is opened (site/admin/App.tsx), the start is 16.94 KB and a new tab no
   * longer grows it (56 before the split).
   */
  admin: 24,
  /** One tab of the admin panel, with the chunks it needs beyond the start. */
  adminTab: 16,
};

export const gzipSize = (code) => gzipSync(code, { level: 9 }).length;

/**
 * Sizes per budgeted name from a Rollup bundle-like map
 * `{fileName: {type, name, code, imports}}` (or the `output` array of `bundle.write`).
 * @returns {{name: string, file: string, bytes: number, budget: number | undefined}[]}
 */
export function measure(bundle) {
  const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const own = (c) => gzipSize(c.code);
  const rows = [];
  for (const chunk of chunks) {
    const name = chunk.fileName.split('.')[0];
    let bytes = own(chunk);
    if (name !== 'runtime' && name !== 'kserowo') {
      // Shared non-runtime code (e.g. validation) counts for every widget that needs it.
      for (const dep of chunk.imports ?? []) {
        const d = byFile.get(dep);
        if (d && !d.fileName.startsWith('runtime.')) bytes += own(d);
      }
    }
    rows.push({ name, file: chunk.fileName, bytes, budget: BUDGETS_KB[name] });
  }
  return rows.sort((a, b) => a.file.localeCompare(b.file));
}

/** Every `.html` file under `dir`, as paths relative to it. */
function htmlFiles(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...htmlFiles(dir, rel));
    else if (entry.name.endsWith('.html')) files.push(rel);
  }
  return files.sort();
}

/** `index.html` → `/`, `kontakt.html` → `/kontakt`, `miasto/bytow/index.html` → `/miasto/bytow`. */
export const pathOfPage = (file) => `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;

const attr = (tag, name) =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
    ?.slice(1)
    .find((v) => v !== undefined);

/**
 * What a built page loads of the site's own assets: stylesheets, inline `<style>`
 * contents (including those inside Declarative Shadow DOM templates) and site scripts
 * (same-origin `<script src>` outside `/widgets/`, whose sizes the widget rows cover).
 */
export function pageAssets(html) {
  const stylesheets = [];
  const scripts = [];
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/(^|\s)stylesheet(\s|$)/i.test(attr(tag, 'rel') ?? '')) stylesheets.push(attr(tag, 'href'));
  }
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src?.startsWith('/') && !src.startsWith('//') && !src.startsWith('/widgets/')) scripts.push(src);
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
  return { stylesheets: stylesheets.filter(Boolean), scripts, inlineCss };
}

/** The relative modules a bundled script imports statically (`import{a}from"./x.js"`, `import"./y.js"`) and dynamically (`import("./z.js")`). */
export function importsOf(code) {
  const statics = [
    ...code.matchAll(/\bimport\s*(?:\{[^}]*\}\s*from\s*|[\w$*\s,]+\sfrom\s*)?["'](\.\/[^"']+)["']/g),
  ].map((m) => m[1]);
  const dynamic = [...code.matchAll(/\bimport\(\s*["'](\.\/[^"']+)["']\s*\)/g)].map((m) => m[1]);
  return { statics, dynamic };
}

/**
 * Rows for the built site in `publicDir`: per page, its site script(s) with every chunk they
 * import statically (budget `site`, or `admin` for the panel), one row per chunk the panel
 * loads on demand (a tab, budget `adminTab`, with what it needs beyond the start), and its CSS
 * (budget `css`). A linked file counts gzipped on its own; the inline CSS counts gzipped
 * together, as it travels inside the compressed HTML.
 */
export function measureSite(publicDir) {
  const rows = [];
  const read = (href) => {
    const file = path.join(publicDir, href.split(/[?#]/)[0]);
    if (!existsSync(file)) throw new Error(`A page links ${href}, which the build did not write.`);
    return readFileSync(file);
  };
  const sizeOf = (href) => gzipSize(read(href));
  /** `href` and the files it imports statically, transitively. */
  const closure = (href, into = new Set()) => {
    if (into.has(href)) return into;
    into.add(href);
    for (const dep of importsOf(read(href).toString()).statics) closure(new URL(dep, `http://x${href}`).pathname, into);
    return into;
  };
  const scriptRows = new Map();
  for (const file of htmlFiles(publicDir)) {
    const page = pathOfPage(file);
    const { stylesheets, scripts, inlineCss } = pageAssets(readFileSync(path.join(publicDir, file), 'utf8'));
    const cssBytes =
      stylesheets.reduce((sum, href) => sum + sizeOf(href), 0) +
      (inlineCss.length ? gzipSize(inlineCss.join('\n')) : 0);
    rows.push({ name: 'css', file: `css ${page}`, bytes: cssBytes, budget: BUDGETS_KB.css });
    if (scripts.length === 0) continue;
    // Pages loading the same scripts share one row, named after the files.
    const key = scripts.join(' + ');
    if (scriptRows.has(key)) {
      scriptRows.get(key).pages.push(page);
      continue;
    }
    // The admin panel's script is not the public site's: a budget of its own.
    const name = page === '/admin' || page.startsWith('/admin/') ? 'admin' : 'site';
    const start = new Set(scripts.flatMap((s) => [...closure(s)]));
    scriptRows.set(key, {
      name,
      file: scripts.map((s) => s.replace(/^\//, '')).join(' + '),
      bytes: [...start].reduce((sum, s) => sum + sizeOf(s), 0),
      budget: BUDGETS_KB[name],
      pages: [page],
    });
    if (name !== 'admin') continue;
    const onDemand = new Set(
      [...start].flatMap((s) => importsOf(read(s).toString()).dynamic.map((d) => new URL(d, `http://x${s}`).pathname)),
    );
    for (const chunk of [...onDemand].sort()) {
      const extra = [...closure(chunk)].filter((s) => !start.has(s));
      rows.push({
        name: 'adminTab',
        file: chunk.replace(/^\//, ''),
        bytes: extra.reduce((sum, s) => sum + sizeOf(s), 0),
        budget: BUDGETS_KB.adminTab,
      });
    }
  }
  return [...scriptRows.values(), ...rows];
}

/** The rows over budget. */
export const overBudget = (rows) => rows.filter((r) => r.budget !== undefined && r.bytes > r.budget * 1024);

/** What a row is called from build to build (its file name carries a content hash). */
export const rowKey = (r) => (r.file.startsWith('css ') ? r.file : r.name);

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/** `+0.12 KB`, `−0.50 KB`, `+4 B` (under 100 bytes), `±0`, or `new` for a row the earlier build did not have. */
export function delta(bytes, before) {
  if (before === undefined) return 'new';
  const d = bytes - before;
  if (d === 0) return '±0';
  const size = Math.abs(d) < 100 ? `${Math.abs(d)} B` : `${(Math.abs(d) / 1024).toFixed(2)} KB`;
  return `${d > 0 ? '+' : '−'}${size}`;
}

/**
 * The size table; with `previous` (the sizes of an earlier commit, `{label, sizes}`), a column
 * of each row's change against it, as Preact's size bot comments on a pull request.
 */
export function formatTable(rows, previous) {
  const width = Math.max(32, ...rows.map((r) => r.file.length));
  const head = previous ? `  ${`vs ${previous.label}`.padStart(12)}` : '';
  const rule = previous ? `  ${'-'.repeat(12)}` : '';
  const lines = [
    `${'file'.padEnd(width)}  gzip       budget  ${head}`,
    `${'-'.repeat(width)}  ---------  --------${rule}`,
  ];
  for (const r of rows) {
    const budget = r.budget === undefined ? '—' : `${r.budget} KB`;
    const change = previous ? `  ${delta(r.bytes, previous.sizes[rowKey(r)]).padStart(12)}` : '';
    const flag = r.budget !== undefined && r.bytes > r.budget * 1024 ? '  OVER BUDGET' : '';
    lines.push(`${r.file.padEnd(width)}  ${kb(r.bytes).padStart(9)}  ${budget.padStart(8)}${change}${flag}`);
  }
  return lines.join('\n');
}

const overMessage = (over) =>
  `Bundle budget exceeded: ${over.map((r) => `${r.file} ${(r.bytes / 1024).toFixed(2)} KB > ${r.budget} KB${r.pages ? ` (pages ${r.pages.join(', ')})` : ''}`).join(', ')}`;

/**
 * The gate of `npm run build`: prints the one table of widget, site-script and CSS
 * sizes and throws when any row is over its budget.
 */
export function checkBudgets(rows, { log = console.log, previous } = {}) {
  log(`\nSizes (gzipped)\n${formatTable(rows, previous)}\n`);
  const over = overBudget(rows);
  if (over.length > 0) throw new Error(overMessage(over));
}

/**
 * Rollup plugin: fails the widget build as soon as a chunk is over budget (with the
 * table). The full table, site included, is printed by `checkBudgets` in scripts/build.mjs.
 */
export function budgetPlugin({ log = () => {} } = {}) {
  return {
    name: 'kserowo-budgets',
    writeBundle(_options, bundle) {
      const rows = measure(bundle);
      log(`\nWidget sizes (gzipped)\n${formatTable(rows)}\n`);
      const over = overBudget(rows);
      if (over.length > 0) this.error(`${overMessage(over)}\n${formatTable(rows)}`);
    },
  };
}
