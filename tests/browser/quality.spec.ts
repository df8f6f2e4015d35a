/**
 * Quality gates on every public route, one page load per width: at 1280 px the page
 * answers 200 with its title, one visible h1 and lang="pl"; at 360 px it has no horizontal
 * scroll as it loads; then, at 375 px and 1280 px, it loads without console errors and
 * failed requests, every widget on it upgrades once the page has been scrolled through, and
 * axe finds no violations in the page and the widgets' shadow roots. The routes come from
 * site/routes.ts, so new pages are covered as they land. (Axe on each route as it loads,
 * before the widgets below the fold upgrade, runs in Firefox: tests/browser/firefox/axe.test.ts.)
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

for (const route of publicRoutes) {
  test.describe(`page ${route}`, () => {
    for (const width of WIDTHS) {
      const phone = width < 600;
      const name = phone
        ? `at ${NARROWEST} px has no horizontal scroll; at ${width} px loads cleanly, upgrades every widget and has no axe violations`
        : `at ${width} px answers 200 with its title and one h1, loads cleanly, upgrades every widget and has no axe violations`;
      test(name, async ({ page }) => {
        await page.setViewportSize({ width: phone ? NARROWEST : width, height: phone ? 740 : 900 });
        const problems = watchLoad(page, route);
        const response = await page.goto(route, { waitUntil: 'load' });
        expect(response?.status(), `${route} answers 200`).toBe(200);
        if (phone) {
          expect(await overflow(page), `horizontal scroll on ${route} at ${NARROWEST} px`).toBe(0);
          await page.setViewportSize({ width, height: 740 });
        } else {
          await expect(page).toHaveTitle(titleOf(route) ?? '');
          await expect(page.locator('h1')).toHaveCount(1);
          await expect(page.locator('h1')).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
        }
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
