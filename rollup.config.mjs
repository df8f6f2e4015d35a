// Builds the widgets: a tiny loader (`/widgets/v1/kserowo.js`), one shared runtime
// chunk (Preact compat, r2wc, widgets/core) and one chunk per widget, all with hashed
// immutable names in dist/public/widgets/v1/, plus the stable `kserowo.js` alias.
// React is aliased to Preact's compat layer; KSEROWO_REACT=1 builds with real React
// instead (for the size comparison of `npm run bench`).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import alias from '@rollup/plugin-alias';
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { budgetPlugin } from './scripts/budgets.mjs';
import { preactAliasEntries } from './scripts/preact-alias.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const useReact = process.env.KSEROWO_REACT === '1';
const outDir = process.env.KSEROWO_WIDGETS_OUT ?? path.join(root, 'dist/public/widgets/v1');

/**
 * The shared runtime: the framework, the wrapper and what every widget renders through (the
 * loading state and error boundary of `Fallback`, analytics, the common props); a chunk of
 * its own would cost every widget its wrapper and gzip overhead on top. Also the brand's
 * name (brand.ts, a few bytes: kept out of `shared`, which re-exports it through terms.ts,
 * so the lead forms' privacy clause does not pull that chunk in), and the field limits
 * (limits.ts, 0.1 KB): every form and the calculator read them, and a chunk of their own
 * cost each of those widgets more than the runtime grows; so does `focusField` (field-focus.ts),
 * which every form uses to bring a refused field into view, the cards' heading level
 * (heading.ts, 0.2 KB: a chunk of its own cost pricing and models 0.3 KB each), and the Warsaw
 * clock (warsaw-time.ts, 0.2 KB: today's date for the calculator's and the forms' checks, the
 * formatter every date text is written with), and the number formats (format.ts, 0.3 KB: the
 * service and meter forms write counters with `formatNumber`; in `shared` they pulled in the
 * price maths, 1.3 KB, for it). Other modules
 * of widgets/core (pricing maths, validation, the bundled catalogue) go where Rollup
 * puts them: into the widget that uses them, or a chunk shared by the few that do.
 */
const runtimeModules =
  /widgets\/core\/(define|catalogue-source|events|model|texts|Fallback|analytics|widget-props|brand|limits|field-focus|heading|warsaw-time|format)\.tsx?$/;

/**
 * What the catalogue widgets (pricing, models, configurator, calculator) share besides the
 * runtime, as one chunk: left to itself Rollup cuts it along who imports what into several tiny
 * chunks, each costing every widget its own wrapper and gzip overhead (the contact form needs
 * none). The widgets' base styles (theme.ts) are a chunk of their own: the service and meter
 * forms need them and none of the prices, so they no longer load the price maths (1.3 KB).
 */
const catalogueWidgetModules = /widgets\/core\/(pricing|price-labels|links|terms)\.tsx?$/;

function chunkOf(id) {
  if (/node_modules\/(preact|@r2wc|react|react-dom|scheduler)\//.test(id)) return 'runtime';
  if (runtimeModules.test(id)) return 'runtime';
  if (catalogueWidgetModules.test(id)) return 'shared';
  if (/widgets\/core\/theme\.ts$/.test(id)) return 'theme';
  // The plural rules go with the page counts that need them most (the quote's summary, the
  // calculator's panel); the configurator's first steps import the same chunk for their terms.
  if (/widgets\/core\/(plural|quote-text)\.ts$/.test(id)) return 'quote-text';
  // What sends a form (the request, the first visit's attribution, the toasts): the forms and the
  // configurator's first steps (which remember the first visit and send the quote) share it.
  if (/widgets\/core\/(api|attribution|errors)\.ts$/.test(id)) return 'send';
  return undefined;
}

/** `process.env.NODE_ENV` → "production" (Preact compat reads it; React picks its production build by it). */
function nodeEnv() {
  return {
    name: 'kserowo-node-env',
    transform(code) {
      if (!code.includes('process.env.NODE_ENV')) return null;
      return { code: code.replaceAll('process.env.NODE_ENV', '"production"'), map: null };
    },
  };
}

/** Emits `kserowo.js` (the `v1` alias) beside the hashed loader, and an SRI manifest. */
function aliasAndManifest() {
  return {
    name: 'kserowo-alias-manifest',
    generateBundle(_options, bundle) {
      const files = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const sri = `sha384-${createHash('sha384').update(output.code).digest('base64')}`;
        files[fileName] = { integrity: sri, name: output.name };
        if (output.isEntry && output.name === 'kserowo') {
          this.emitFile({ type: 'asset', fileName: 'kserowo.js', source: output.code });
          files['kserowo.js'] = { integrity: sri, name: 'kserowo', alias: fileName };
        }
      }
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify({ files }, null, 2)}\n` });
    },
  };
}

export default {
  input: { kserowo: path.join(root, 'widgets/loader.ts') },
  output: {
    dir: outDir,
    format: 'es',
    entryFileNames: '[name].[hash].js',
    chunkFileNames: (chunk) => {
      // A widget's chunk by its entry module (with no facade when a chunk it loads imports from it).
      const widget = (chunk.facadeModuleId ? [chunk.facadeModuleId] : chunk.moduleIds)
        .map((id) => id.match(/widgets\/([^/]+)\/index\.ts$/)?.[1])
        .find(Boolean);
      // The estimate panel (widgets/kit/estimate/Panel.tsx): loaded by `<kserowo-calculator>`, and by the
      // configurator only when the visitor opens 'Nie wiem, ile drukuję'.
      if (chunk.name === 'Panel') return 'calculator-panel.[hash].js';
      // Its comparison with the current contract, loaded when the visitor opens it.
      if (chunk.name === 'Compare') return 'calculator-compare.[hash].js';
      // The configurator's quote step (summary and contact fields), loaded when the package step shows.
      if (chunk.name === 'QuoteStep') return 'configurator-quote.[hash].js';
      return `${widget ?? chunk.name}.[hash].js`;
    },
    manualChunks: chunkOf,
    hashCharacters: 'hex',
    compact: true,
  },
  preserveEntrySignatures: false,
  plugins: [
    alias({ entries: useReact ? [] : preactAliasEntries }),
    resolve({ browser: true, extensions: ['.ts', '.tsx', '.mjs', '.js'] }),
    typescript({
      tsconfig: path.join(root, 'tsconfig.json'),
      include: ['widgets/**/*.ts', 'widgets/**/*.tsx'],
      // `npm run typecheck` checks types; the build only transpiles (TypeScript 5.5+ `noCheck`).
      compilerOptions: {
        noEmit: false,
        noCheck: true,
        rewriteRelativeImportExtensions: true,
        target: 'ES2022',
        sourceMap: false,
        declaration: false,
      },
      noEmitOnError: false,
    }),
    nodeEnv(),
    terser({
      module: true,
      ecma: 2020,
      compress: {
        passes: 3,
        unsafe: true,
        unsafe_arrows: true,
        unsafe_methods: true,
        unsafe_comps: true,
        pure_getters: true,
      },
      format: { comments: false },
    }),
    aliasAndManifest(),
    useReact ? undefined : budgetPlugin(),
  ],
};
