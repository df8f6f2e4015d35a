/**
 * JavaScript transferred by the home page: at most 30 KB while it loads
 * without scrolling or input (the loader fetches a widget only as it comes near the
 * viewport), at most 45 KB once the whole page has been scrolled through. Measured with
 * the Resource Timing API (`transferSize`: compressed body plus headers, as served by
 * `wrangler dev`), in a fresh browser context, so nothing comes from the cache.
 * Sizes, not timings: the same build gives the same figures. The test prints the table.
 */
import { expect, test, type Page } from '@playwright/test';
import { scrollThrough, settle, undefinedWidgets } from './fixtures/scroll.ts';

const KB = 1024;
const BUDGET_FIRST_VIEW = 30 * KB;
const BUDGET_WHOLE_PAGE = 45 * KB;

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

interface Transfer {
  path: string;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
}

/** Every JavaScript file the page fetched so far (inline scripts and JSON data blocks are part of the HTML). */
const javaScriptFetched = (page: Page): Promise<Transfer[]> =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.m?js$/.test(new URL(e.name).pathname) || e.initiatorType === 'script')
      .map((e) => ({
        path: new URL(e.name).pathname,
        transferSize: e.transferSize,
        encodedBodySize: e.encodedBodySize,
        decodedBodySize: e.decodedBodySize,
      }))
      .sort((a, b) => a.path.localeCompare(b.path)),
  );

const total = (files: Transfer[]) => files.reduce((sum, f) => sum + f.transferSize, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

function table(title: string, files: Transfer[], budget: number): string {
  const width = Math.max(36, ...files.map((f) => f.path.length));
  const lines = [
    title,
    `${'file'.padEnd(width)}  ${'transferred'.padStart(11)}  ${'body (enc.)'.padStart(11)}  ${'decoded'.padStart(10)}`,
  ];
  for (const f of files)
    lines.push(
      `${f.path.padEnd(width)}  ${kb(f.transferSize).padStart(11)}  ${kb(f.encodedBodySize).padStart(11)}  ${kb(f.decodedBodySize).padStart(10)}`,
    );
  lines.push(
    `${'total'.padEnd(width)}  ${kb(total(files)).padStart(11)}  budget ${kb(budget)}${total(files) > budget ? '  OVER BUDGET' : ''}`,
  );
  return lines.join('\n');
}

test.describe('JavaScript transferred by the home page', () => {
  for (const viewport of VIEWPORTS) {
    test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
      test(`is at most 30 KB before scrolling and at most 45 KB after scrolling the whole page`, async ({
        page,
      }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto('/', { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        await settle(page);
        const firstView = await javaScriptFetched(page);

        await scrollThrough(page);
        await expect
          .poll(() => undefinedWidgets(page), { message: 'widgets that never upgraded after scrolling' })
          .toEqual([]);
        await settle(page);
        const wholePage = await javaScriptFetched(page);

        const report = [
          table(`Home page, ${viewport.width} px, loaded without scrolling or input`, firstView, BUDGET_FIRST_VIEW),
          table(`Home page, ${viewport.width} px, after scrolling to the bottom`, wholePage, BUDGET_WHOLE_PAGE),
        ].join('\n\n');
        console.log(`\n${report}\n`);
        await testInfo.attach(`transfer-${viewport.width}.txt`, { body: report, contentType: 'text/plain' });

        // Transfer sizes are real: nothing came from a cache, every file was compressed on the wire.
        expect(firstView.length, 'the loader is fetched').toBeGreaterThan(0);
        for (const f of wholePage)
          expect(f.transferSize, `${f.path} was fetched over the network`).toBeGreaterThan(f.encodedBodySize);
        expect
          .soft(
            total(firstView),
            `JavaScript transferred before scrolling at ${viewport.width} px (files: ${firstView.map((f) => f.path).join(', ')})`,
          )
          .toBeLessThanOrEqual(BUDGET_FIRST_VIEW);
        expect(
          total(wholePage),
          `JavaScript transferred after scrolling the whole home page at ${viewport.width} px (files: ${wholePage.map((f) => f.path).join(', ')})`,
        ).toBeLessThanOrEqual(BUDGET_WHOLE_PAGE);
      });
    });
  }
});
