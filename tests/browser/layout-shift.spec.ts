/**
 * No page moves under the reader while it loads: on every public route (site/routes.ts), at
 * phone and desktop sizes, the layout shifts from navigation until every widget in view has
 * drawn itself add up to 0.000 (the Layout Instability API, as Lighthouse reads CLS, and the
 * bench's bar: under 0.0005). A form whose
 * first render is shorter or taller than its placeholder (the meter without a reading link,
 * the calculator) used to move the paragraph under it.
 */
import { expect, test } from '@playwright/test';
import { publicRoutes } from '../../site/routes.ts';
import { settle } from './fixtures/scroll.ts';

// A phone and a desktop. 412 × 915 (a large Android phone) was a third size, but no media or
// container query of the site or the widgets falls between 360 and 480 px (`max-width: 480px` is
// the narrowest rule), so it laid the pages out by the same rules as 360 px: 20 page loads less.
const SIZES = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
];

for (const size of SIZES)
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: size, isMobile: size.width < 600, hasTouch: size.width < 600 });
    for (const route of publicRoutes)
      test(`${route}: cumulative layout shift 0 until the widgets in view have drawn`, async ({ page }) => {
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: { value: number; sources: string[] }[] };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node }[];
            })[])
              if (!e.hadRecentInput)
                w.shifts.push({
                  value: e.value,
                  sources: (e.sources ?? []).map((s) => `${s.node?.nodeName}.${(s.node as Element)?.className ?? ''}`),
                });
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(route, { waitUntil: 'load' });
        // Every widget near the viewport (the loader's margin) has been defined and has drawn.
        await expect
          .poll(() =>
            page.evaluate(() =>
              [...document.querySelectorAll('*')]
                .filter((el) => el.localName.startsWith('kserowo-'))
                .filter((el) => el.getBoundingClientRect().top < innerHeight + 400)
                .every((el) => customElements.get(el.localName)),
            ),
          )
          .toBe(true);
        await settle(page);
        await page.waitForTimeout(500);
        const shifts = await page.evaluate(
          () => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts,
        );
        // 0.000 as Lighthouse prints CLS, the bench's own bar (bench/lighthouse.bench.mjs): under 0.0005.
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        expect(cls, JSON.stringify(shifts)).toBeLessThan(0.0005);
      });
  });
