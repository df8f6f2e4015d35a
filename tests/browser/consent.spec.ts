// Our cookie banner (DESIGN §3, spec §7): 'Akceptuję' / 'Odrzucam' of equal weight, the
// choice remembered and changeable from the footer, logged; the tag manager and pixel
// load only after acceptance and only when their ids are configured.
import { expect, test, type Page } from '@playwright/test';
import { analyticsCspSources } from '../../widgets/core/site-analytics.ts';

const GTM_ID = 'GTM-TEST123';
const PIXEL_ID = '123456789012345';
const banner = (page: Page) => page.getByRole('region', { name: 'Zgoda na pliki cookies' });

/** The page CSP of a build with both ids configured: the hosts of `analyticsCspSources` added. */
function withAnalyticsHosts(csp: string): string {
  const sources = analyticsCspSources({ gtm: GTM_ID, pixel: PIXEL_ID });
  return csp
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0] as keyof typeof sources;
      return sources[name] ? `${directive.trim()} ${sources[name].join(' ')}` : directive.trim();
    })
    .join('; ');
}

/** Serves our pages as a build with both ids configured would, and records every tag request. */
async function withIdsConfigured(page: Page): Promise<string[]> {
  const tagRequests: string[] = [];
  await page.route(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//, (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.route(/^http:\/\/127\.0\.0\.1:\d+\/(kontakt)?$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      'id="consent"',
      `id="consent" data-gtm="${GTM_ID}" data-pixel="${PIXEL_ID}"`,
    );
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    if (csp) headers['content-security-policy'] = withAnalyticsHosts(csp);
    return route.fulfill({ response, headers, body: html });
  });
  return tagRequests;
}

const tools = (page: Page) =>
  page.evaluate(() => ({
    dataLayer: Array.isArray((window as unknown as { dataLayer?: unknown }).dataLayer),
    fbq: typeof (window as unknown as { fbq?: unknown }).fbq,
  }));

test.describe('the cookie banner', () => {
  test.describe('on a first visit', () => {
    test('asks with two buttons of equal weight and a link to the privacy policy (screenshots)', async ({ page }) => {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await expect(banner(page)).toBeVisible();
        const accept = banner(page).getByRole('button', { name: 'Akceptuję' });
        const decline = banner(page).getByRole('button', { name: 'Odrzucam' });
        const look = (b: typeof accept) =>
          b.evaluate((el) => {
            const s = getComputedStyle(el);
            const r = el.getBoundingClientRect();
            return {
              bg: s.backgroundColor,
              color: s.color,
              border: s.borderColor,
              size: s.fontSize,
              weight: s.fontWeight,
              w: Math.round(r.width),
              h: Math.round(r.height),
            };
          });
        expect(await look(accept)).toEqual(await look(decline));
        await expect(banner(page).getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute(
          'href',
          '/polityka-prywatnosci',
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `/tmp/i8-consent-${width}.png` });
      }
    });

    test('loads no tag manager and no pixel before a choice', async ({ page }) => {
      const tagRequests = await withIdsConfigured(page);
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(tagRequests).toEqual([]);
      expect(await tools(page)).toEqual({ dataLayer: false, fbq: 'undefined' });
    });
  });

  test.describe("after 'Odrzucam'", () => {
    test('loads nothing, now or on the next page, and logs the choice', async ({ page }) => {
      const tagRequests = await withIdsConfigured(page);
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.goto('/');
      await banner(page).getByRole('button', { name: 'Odrzucam' }).click();
      await expect(banner(page)).toBeHidden();
      expect(logged).toContain('[kserowo] cookies: declined');
      await page.goto('/kontakt');
      await page.waitForLoadState('networkidle');
      await expect(banner(page)).toBeHidden();
      expect(tagRequests).toEqual([]);
      expect(await tools(page)).toEqual({ dataLayer: false, fbq: 'undefined' });
    });
  });

  test.describe("after 'Akceptuję'", () => {
    test('loads the configured tag manager and pixel, on every page after, and logs the choice', async ({ page }) => {
      const tagRequests = await withIdsConfigured(page);
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.goto('/');
      await banner(page).getByRole('button', { name: 'Akceptuję' }).click();
      await expect(banner(page)).toBeHidden();
      expect(logged).toContain('[kserowo] cookies: accepted');
      await expect
        .poll(() => tagRequests)
        .toEqual([
          `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`,
          'https://connect.facebook.net/en_US/fbevents.js',
        ]);
      expect(await tools(page)).toEqual({ dataLayer: true, fbq: 'function' });
      expect(
        await page.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer[0]!.event),
      ).toBe('gtm.js');

      await page.goto('/kontakt');
      await expect(banner(page)).toBeHidden();
      await expect.poll(() => tagRequests).toHaveLength(4);
    });

    test('loads nothing when no id is configured (the default build)', async ({ page }) => {
      const tagRequests: string[] = [];
      page.on('request', (r) => /googletagmanager|facebook/.test(r.url()) && tagRequests.push(r.url()));
      await page.goto('/');
      await banner(page).getByRole('button', { name: 'Akceptuję' }).click();
      await page.waitForLoadState('networkidle');
      expect(tagRequests).toEqual([]);
      expect(await tools(page)).toEqual({ dataLayer: false, fbq: 'undefined' });
    });
  });

  test.describe('from the footer link', () => {
    test('the choice can be changed: withdrawing consent reloads the page without the tools', async ({ page }) => {
      const tagRequests = await withIdsConfigured(page);
      await page.goto('/');
      await banner(page).getByRole('button', { name: 'Akceptuję' }).click();
      await expect.poll(() => tagRequests).toHaveLength(2);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Ustawienia cookies' }).click();
      await expect(banner(page)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await Promise.all([page.waitForEvent('load'), banner(page).getByRole('button', { name: 'Odrzucam' }).click()]);
      await expect(banner(page)).toBeHidden();
      expect(await tools(page)).toEqual({ dataLayer: false, fbq: 'undefined' });
      expect(tagRequests).toHaveLength(2);
    });
  });
});
