// `npm run deploy` runs this first: bundles scripts/launch-check.ts with the real company
// data and site content (esbuild, for Node) and exits with 1, listing what is missing,
// while any supplied value is unset or a sample, or a sample testimonial or client is left.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { root } from './env.mjs';

const cache = path.join(root, '.cache');
mkdirSync(cache, { recursive: true });
const entry = path.join(cache, 'launch-check.mjs');
await esbuild.build({
  stdin: {
    contents: `
      import { supplied } from './widgets/core/company.ts';
      import { clientNames, testimonialEntries } from './site/content/social-proof.ts';
      import { launchReport } from './scripts/launch-check.ts';
      export const report = launchReport({ supplied, clients: clientNames, testimonials: testimonialEntries });`,
    resolveDir: root,
    sourcefile: 'launch-check-entry.ts',
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: entry,
  logLevel: 'warning',
});
const { report } = await import(`${pathToFileURL(entry).href}?t=${Date.now()}`);
if (report) {
  console.error(report);
  process.exit(1);
}
console.log('Launch check: every company value is filled in, no sample content left.');
