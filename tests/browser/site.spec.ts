// The whole site as a visitor meets it: every route, the home sections, FAQ, counters,
// small screens, accessibility (axe), security headers and the fallbacks.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { publicRoutes } from '../../site/routes.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';

// Every route answering 200 with its title and one h1, without horizontal scroll at 360 px,
// and axe on it: tests/browser/quality.spec.ts, in the same page load as its other checks.
test.describe('every route', () => {
  for (const path of ['/miasto/nieznane', '/nie-ma-takiej-strony', '/miasto']) {
    test(`${path} is the not-found page with status 404, noindex and a way home`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.locator('h1')).toHaveText('Nie znaleziono strony');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test.describe('the home page', () => {
  test('has the sections of spec §2 in order, after the skip link', async ({ page }) => {
    await page.goto('/');
    const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual([
      'why-rent',
      'comparison',
      'ecology',
      'products',
      'configurator',
      'pricing',
      'process',
      'stats',
      'clients',
      'testimonials',
      'faq',
      'why-us',
      'contact',
    ]);
    await expect(page.locator('main > section').first()).toContainText('Dzierżawa kserokopiarek w Słupsku');
    await expect(page.locator('body > a').first()).toHaveText('Przejdź do głównej treści');
    await expect(page.getByRole('link', { name: 'Skonfiguruj online' })).toHaveAttribute(
      'href',
      /utm_campaign=hero_cta/,
    );
    await expect(page.getByRole('link', { name: 'Bezpłatna konsultacja' })).toHaveAttribute('href', '#contact');
    await expect(page.locator('#why-rent .card')).toHaveCount(6);
    await expect(page.locator('#process li')).toHaveCount(5);
    await expect(page.locator('#testimonials figure')).toHaveCount(3);
    await expect(page.locator('#why-us .card')).toHaveCount(3);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Przejdź do głównej treści' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('FAQ keeps one answer open at a time', async ({ page }) => {
    await page.goto('/#faq');
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(4);
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await items.nth(3).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await expect(items.nth(3)).toHaveAttribute('open', '');
    await expect(items.nth(2)).not.toHaveAttribute('open');
  });

  test('the counters count up once to 150+, 98%, 15 and 100+', async ({ page }) => {
    await page.goto('/');
    const values = page.locator('#stats .stat-value');
    await expect(values).toHaveText(['0+', '0%', '0', '0+']);
    // Record every value the counters show from here on.
    await page.evaluate(() => {
      const seen: string[][] = [];
      (window as unknown as { seen: string[][] }).seen = seen;
      const els = [...document.querySelectorAll('#stats .stat-value')];
      new MutationObserver(() => seen.push(els.map((e) => e.textContent ?? ''))).observe(
        document.getElementById('stats')!,
        { subtree: true, childList: true, characterData: true },
      );
    });
    await page.locator('#stats').scrollIntoViewIfNeeded();
    await expect(values).toHaveText(['150+', '98%', '15', '100+'], { timeout: 5000 });
    const firstRun = await page.evaluate(() => (window as unknown as { seen: string[][] }).seen.length);
    expect(firstRun).toBeGreaterThan(10);
    // Away and back: no second run.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#stats').scrollIntoViewIfNeeded();
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await expect(values).toHaveText(['150+', '98%', '15', '100+']);
    expect(await page.evaluate(() => (window as unknown as { seen: string[][] }).seen.length)).toBe(firstRun);
    await expect(page.locator('#stats [data-counters]')).toHaveAttribute('data-counted', 'true');
  });
});

test.describe('accessibility (axe)', () => {
  test('the open burger menu has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test.describe('security headers', () => {
  for (const path of ['/', '/miasto/bytow', '/polityka-prywatnosci', '/miasto/nieznane']) {
    test(`${path} is served with CSP, HSTS, nosniff, Referrer-Policy and frame-ancestors`, async ({ request }) => {
      const res = await request.get(path);
      const h = res.headers();
      expect(h['content-security-policy']).toContain("script-src 'self';");
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy']).not.toContain('unsafe-inline');
      expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });
  }

  test('the page works under its CSP: no violation, the widget upgrades', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
    await page.goto('/miasto/koszalin');
    await page.locator('kserowo-pricing').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => !!customElements.get('kserowo-pricing'))).toBe(true);
    await page.goto('/');
    await page.locator('#stats').scrollIntoViewIfNeeded();
    await expect(page.locator('#stats .stat-value').first()).toHaveText('150+', { timeout: 5000 });
    expect(violations).toEqual([]);
  });

  test('widget files and the catalogue stay loadable from other origins', async ({ request }) => {
    const loader = await request.get('/widgets/v1/kserowo.js');
    expect(loader.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    expect(loader.headers()['access-control-allow-origin']).toBe('*');
    const api = await request.get('/api/catalogue', { headers: { Origin: 'https://partner.example' } });
    expect(api.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    expect(api.headers()['access-control-allow-origin']).toBe('*');
  });

  test('sitemap.xml and robots.txt are served', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of publicRoutes) expect(sitemap).toContain(`<loc>https://kserowo.pl${path}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /wycena/');
  });
});

test.describe('when the widget script cannot load', () => {
  test('a city page shows its fallback text and the app fallback offers reload and home', async ({ page }) => {
    await page.route('**/widgets/v1/kserowo.js', (route) => route.abort());
    await page.goto('/miasto/lebork');
    await expect(page.getByText(FALLBACK.city)).toBeVisible();
    const app = page.locator('#app-fallback');
    await expect(app).toBeVisible();
    await expect(app).toContainText(FALLBACK.app);
    await expect(app.getByRole('link', { name: FALLBACK.home })).toHaveAttribute('href', '/');
    // The prices stay readable from the pre-rendered markup.
    await expect(page.locator('kserowo-pricing')).toContainText('od 195 zł');
  });

  test('a city page shows no fallback when the widgets work', async ({ page }) => {
    await page.goto('/miasto/lebork');
    await page.waitForLoadState('load');
    await expect(page.getByText(FALLBACK.city)).toBeHidden();
    await expect(page.locator('#app-fallback')).toBeHidden();
  });
});
