// `npm run docs:api`: writes the route list of docs/api.md from the worker's Hono app itself
// (bundled for Node by esbuild, as the launch check is) and the role table, between the
// markers of scripts/api-doc.ts. worker/api-doc.test.ts fails when the file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { root } from './env.mjs';
import { PREACT_ALIAS } from './preact-alias.mjs';

const { section, file, withApiRoutesSection } = await importForNode('api-doc', {
  stdin: {
    contents: `
      import { app } from './worker/app.ts';
      import { OPEN_PATHS } from './worker/middleware/admin-guard/index.ts';
      import { API_DOC_FILE, apiRoutesSection } from './scripts/api-doc.ts';
      export { withApiRoutesSection } from './scripts/api-doc.ts';
      export const section = apiRoutesSection(app.routes, OPEN_PATHS);
      export const file = API_DOC_FILE;`,
    resolveDir: root,
    sourcefile: 'api-doc-entry.ts',
    loader: 'ts',
  },
  alias: PREACT_ALIAS,
  jsx: 'automatic',
  jsxImportSource: 'react',
});

const target = path.join(root, file);
const doc = readFileSync(target, 'utf8');
const next = withApiRoutesSection(doc, section);
if (next === doc) console.log(`${file}: the route list is up to date.`);
else {
  writeFileSync(target, next);
  console.log(`${file}: the route list was rewritten from the app.`);
}
