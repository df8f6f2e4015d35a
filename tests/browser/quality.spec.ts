/**
 * Quality gates on every public route, one page load per size, at a phone (360 × 800, touch)
 * and a desktop (1280 × 800). As the page loads: it answers 200; at 360 px it has no horizontal
 * scroll; at 1280 px it has its title, one visible h1 and lang="pl"; and nothing moves under the
 * reader: the layout shifts from navigation until every widget in view has drawn add up to 0.000
 * (the Layout Instability API, as Lighthouse reads CLS, and the bench's bar: under 0.0005; a form
 * whose first render is shorter or taller than its placeholder, the meter without a reading link
 * or the calculator, used to move the paragraph under it). Then, at 375 × 740 and 1280 × 900, it
 * loads without console errors and failed requests, every widget on it upgrades once the page has
 * been scrolled through, and axe finds no violations in the page and the widgets' shadow roots.
 * The routes come from site/routes.ts, so new pages are covered as they land. (Axe on each route
 * as it loads, before the widgets below the fold upgrade, runs in Firefox:
 * tests/browser/firefox/axe.test.ts.)
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cities } from '../../site/content/cities.ts';
import { pageMeta } from '../../site/content/pages.ts';
import { publicRoutes } from '../../site/routes.ts';
import { scrollThrough, settle, undefinedWidgets } from './fixtures/scroll.ts';

const WIDTHS = [375, 1280] as const;
/** The narrowest phone the site is laid out for: no horizontal scroll at this width. */
const NARROWEST = 360;

const titleOf = (path: string) => cities.find((c) => path === `/miasto/${c.slug}`)?.metaTitle ?? pageMeta[path]?.title;

/** How far the page is wider than the window, in CSS pixels (0: no horizontal scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface LoadProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

/** Records what goes wrong while a page loads; the document's own status is checked apart. */
function watchLoad(page: Page, documentPath: string): LoadProblems {
  const problems: LoadProblems = { consoleErrors: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught ${error.name}: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && !(response.request().isNavigationRequest() && url.pathname === documentPath)) {
      problems.failedRequests.push(`${response.request().method()} ${response.url()}: HTTP ${response.status()}`);
    }
  });
  return problems;
}

/** One line per failing element: `rule (impact): target — html — what to fix`. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ');
      const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
      const fix = (node.failureSummary ?? '')
        .split('\n')
        .slice(1)
        .map((l) => l.trim())
        .filter(Boolean)
        .join('; ');
      return `${violation.id} (${violation.impact}): ${target} — ${html} — ${fix}`;
    }),
  );
}

/**
 * The sizes each route loads at: the layout shift is measured at these, as the page loads (a
 * phone and a desktop; 412 × 915, a large Android phone, was a third size, but no media or
 * container query of the site or the widgets falls between 360 and 480 px, `max-width: 480px`
 * being the narrowest rule, so it laid the pages out by the same rules as 360 px). After the
 * measurement the window takes the size the rest of the gates are made at (`gates`).
 */
const SIZES = [
  { width: NARROWEST, height: 800, gates: { width: 375, height: 740 } },
  { width: 1280, height: 800, gates: { width: 1280, height: 900 } },
] as const;

type Shift = { value: number; sources: string[] };

/** Records every layout shift without recent input from the start of the navigation (before `goto`). */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: Shift[] };
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

/** The layout shifts once every widget near the viewport (the loader's margin) has been defined and has drawn. */
async function shiftsUntilWidgetsInViewDrew(page: Page): Promise<Shift[]> {
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
  return page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
}

for (const size of SIZES) {
  const phone = size.width < 600;
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, isMobile: phone, hasTouch: phone });
    for (const route of publicRoutes) {
      const atLoad = phone ? `${route} has no horizontal scroll` : `${route} answers 200 with its title and one h1`;
      test(`${atLoad}, cumulative layout shift 0 until the widgets in view have drawn; at ${size.gates.width} px it loads cleanly, upgrades every widget and has no axe violations`, async ({
        page,
      }) => {
        const width = size.gates.width;
        await recordShifts(page);
        const problems = watchLoad(page, route);
        const response = await page.goto(route, { waitUntil: 'load' });
        expect(response?.status(), `${route} answers 200`).toBe(200);
        if (phone) {
          expect(await overflow(page), `horizontal scroll on ${route} at ${NARROWEST} px`).toBe(0);
        } else {
          await expect(page).toHaveTitle(titleOf(route) ?? '');
          await expect(page.locator('h1')).toHaveCount(1);
          await expect(page.locator('h1')).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
        }
        // Read before anything scrolls or resizes the page. Soft, so that a shift does not hide the gates below.
        const shifts = await shiftsUntilWidgetsInViewDrew(page);
        // 0.000 as Lighthouse prints CLS, the bench's own bar (bench/lighthouse.bench.mjs): under 0.0005.
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        expect.soft(cls, JSON.stringify(shifts)).toBeLessThan(0.0005);
        await page.setViewportSize(size.gates);
        await scrollThrough(page);
        await expect
          .poll(() => undefinedWidgets(page), { message: `widgets on ${route} that never upgraded` })
          .toEqual([]);
        await settle(page);
        expect.soft(problems.consoleErrors, `console errors while ${route} loads at ${width} px`).toEqual([]);
        expect.soft(problems.failedRequests, `failed requests while ${route} loads at ${width} px`).toEqual([]);
        expect(await axeViolations(page), `axe violations on ${route} at ${width} px`).toEqual([]);
      });
    }
  });
}

test.describe('the 404 page', () => {
  for (const width of WIDTHS) {
    const phone = width < 600;
    const name = `at ${width} px answers 404 without console errors or failed requests and has no axe violations`;
    test(phone ? `${name}, and no horizontal scroll at ${NARROWEST} px` : name, async ({ page }) => {
      const missing = '/nie-ma-takiej-strony';
      await page.setViewportSize({ width: phone ? NARROWEST : width, height: phone ? 740 : 900 });
      const problems = watchLoad(page, missing);
      const response = await page.goto(missing, { waitUntil: 'load' });
      expect(response?.status()).toBe(404);
      if (phone) {
        expect(await overflow(page), `horizontal scroll on the 404 page at ${NARROWEST} px`).toBe(0);
        await page.setViewportSize({ width, height: 740 });
      }
      await settle(page);
      // The browser itself logs the 404 of the document as a console error; nothing else may.
      const ownErrors = problems.consoleErrors.filter((e) => !(e.includes('404') && e.includes(missing)));
      expect.soft(ownErrors, `console errors while the 404 page loads at ${width} px`).toEqual([]);
      expect.soft(problems.failedRequests, `failed requests while the 404 page loads at ${width} px`).toEqual([]);
      expect(await axeViolations(page), `axe violations on the 404 page at ${width} px`).toEqual([]);
    });
  }
});
