// React → Preact: the one table every bundler of the project reads (Rollup for the widgets,
// esbuild for the site, the admin and the test probes, Vite for Vitest). tsconfig.json's
// `paths` give the same names their Preact types; tests/unit/preact-alias.test.ts keeps them in step.

/** Import name → Preact module. The dev runtime is what Vitest's JSX imports; it must be Preact's too. */
export const PREACT_ALIAS = {
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom': 'preact/compat',
  react: 'preact/compat',
};

/** The table for @rollup/plugin-alias and Vite: exact names only, so `react-dom` does not catch `react-dom/client`. */
export const preactAliasEntries = Object.entries(PREACT_ALIAS).map(([name, replacement]) => ({
  find: new RegExp(`^${name.replaceAll('/', '\\/')}$`),
  replacement,
}));
