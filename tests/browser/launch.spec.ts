/**
 * Launch readiness as a visitor sees it on a local run: sample company data and
 * sample testimonials are visibly marked, a sample phone is never dialled, the
 * accessibility statement is linked from the footer and listed in the sitemap, and
 * addresses with a trailing slash move permanently (308) to the canonical ones.
 */
import { expect, test } from '@playwright/test';

test.describe('trailing slashes', () => {
  for (const path of ['/modele', '/kontakt', '/deklaracja-dostepnosci', '/miasto/slupsk']) {
    test(`${path}/ answers 308 to ${path}`, async ({ request }) => {
      const response = await request.get(`${path}/?utm_source=x`, { maxRedirects: 0 });
      expect(response.status()).toBe(308);
      expect(new URL(response.headers().location ?? '', 'http://h').pathname).toBe(path);
    });
  }
});

test.describe('sample data on a local run', () => {
  for (const width of [375, 1280]) {
    test(`home and /kontakt mark the samples at ${width} px (screenshots)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const footer = page.locator('footer');
      await expect(footer.getByText('przykładowe dane')).toBeVisible();
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
      const card = page.locator('#contact .card', { hasText: 'Zadzwoń do nas' });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('przykładowe dane')).toBeVisible();
      const testimonials = page.locator('#testimonials');
      await testimonials.scrollIntoViewIfNeeded();
      await expect(testimonials.getByText('Przykładowe treści – nie pochodzą od prawdziwych klientów')).toBeVisible();
      await expect(page.locator('#clients').getByText('przykładowe dane')).toBeVisible();
      await page.screenshot({ path: `tests/browser/screenshots/launch-home-${width}.png`, fullPage: true });

      await page.goto('/kontakt');
      await expect(page.locator('main .card', { hasText: 'Telefon' }).getByText('przykładowe dane')).toBeVisible();
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `tests/browser/screenshots/launch-kontakt-${width}.png`, fullPage: true });
    });
  }
});

test.describe('accessibility statement', () => {
  test('is linked from the footer, lists what was tested and how to report a barrier', async ({ page, request }) => {
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Deklaracja dostępności' }).click();
    await expect(page).toHaveURL(/\/deklaracja-dostepnosci$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deklaracja dostępności');
    const tested = page.getByRole('region', { name: 'Co sprawdziliśmy' });
    for (const text of ['axe', 'klawiaturą', 'czytnik ekranu', 'Chromium', 'Firefox'])
      await expect(tested).toContainText(text);
    await expect(page.getByRole('region', { name: 'Zgłoś barierę' })).toContainText('kontakt@kserowo.pl');
    expect(await (await request.get('/sitemap.xml')).text()).toContain('/deklaracja-dostepnosci</loc>');
  });
});
