// `npm run deploy` runs this first: bundles scripts/launch-check.ts with the real company
// data and site content (esbuild, for Node) and exits with 1, listing what is missing,
// while any supplied value is unset or a sample, or a sample testimonial or client is left,
// or a toner yield is not confirmed (widgets/core/toner.ts `sampleYield(…)`), or
// wrangler.toml keeps leads for another period than the privacy policy states.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importForNode } from './bundle.mjs';
import { root } from './env.mjs';

const { reportFor } = await importForNode('launch-check', {
  stdin: {
    contents: `
      import { supplied } from './widgets/core/company.ts';
      import { clientNames, testimonialEntries } from './site/content/social-proof.ts';
      import { TONER_YIELDS } from './widgets/core/toner.ts';
      import { launchReport, retentionVarOf } from './scripts/launch-check.ts';
      export const reportFor = (toml: string) =>
        launchReport({
          supplied,
          clients: clientNames,
          testimonials: testimonialEntries,
          retentionVar: retentionVarOf(toml),
          tonerYields: TONER_YIELDS,
        });`,
    resolveDir: root,
    sourcefile: 'launch-check-entry.ts',
    loader: 'ts',
  },
});
const report = reportFor(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'));
if (report) {
  console.error(report);
  process.exit(1);
}
console.log('Launch check: every company value is filled in, every toner yield confirmed, no sample content left.');
