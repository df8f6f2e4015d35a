import { expect, test } from '@playwright/test';

const pricing = (page: import('@playwright/test').Page) => page.locator('kserowo-pricing');

/** Widgets load as they come near the viewport: scroll to the pricing and wait for the upgrade. */
async function upgraded(page: import('@playwright/test').Page) {
  await pricing(page).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => !!customElements.get('kserowo-pricing'))).toBe(true);
}

test.describe('<kserowo-pricing> on the home page', () => {
  test.describe('when the page loads', () => {
    test('shows the colour prices: "od 195 zł"', async ({ page }) => {
      await page.goto('/');
      const cards = pricing(page).locator('.card:visible');
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(0)).toContainText('od 195 zł netto / mies.');
      await expect(cards.nth(0)).toContainText('239,85 zł brutto');
      await expect(cards.nth(0)).toContainText('900 stron mono + 150 stron kolor');
      await expect(cards.nth(1)).toContainText('Najpopularniejszy');
      await expect(cards.nth(1)).toContainText('od 235 zł');
      await expect(cards.nth(2)).toContainText('od 279 zł');
      await expect(pricing(page)).toContainText('Wszystkie podane ceny są cenami netto.');
      await expect(page.getByRole('switch', { name: 'Pokaż ceny urządzeń kolorowych' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
    });

    test('upgrades the pre-rendered markup into a live widget', async ({ page }) => {
      await page.goto('/');
      await upgraded(page);
    });

    test('links each card to the configurator with the package and the campaign', async ({ page }) => {
      await page.goto('/');
      const cta = pricing(page).getByRole('link', { name: /Skonfiguruj pakiet Business/ });
      await expect(cta).toHaveAttribute(
        'href',
        '/konfigurator?package=business&utm_source=site&utm_medium=pricing&utm_campaign=main_pricing_cta',
      );
    });
  });

  test.describe('when Mono is chosen', () => {
    test('shows "od 175 zł", 1000 pages and the mono Premium allowance, and tells the host page', async ({ page }) => {
      await page.goto('/');
      await upgraded(page);
      await page.evaluate(() => {
        (window as unknown as { events: unknown[] }).events = [];
        document.addEventListener('kserowo:type-change', (e) =>
          (window as unknown as { events: unknown[] }).events.push((e as CustomEvent).detail),
        );
      });
      await pricing(page).getByText('Mono', { exact: true }).click();
      const cards = pricing(page).locator('.card:visible');
      await expect(cards.nth(0)).toContainText('od 175 zł netto / mies.');
      await expect(cards.nth(0)).toContainText('215,25 zł brutto');
      await expect(cards.nth(0)).toContainText('1000 stron mono');
      await expect(cards.nth(0)).not.toContainText('kolor');
      await expect(cards.nth(1)).toContainText('od 199 zł');
      await expect(cards.nth(2)).toContainText('od 239 zł');
      await expect(cards.nth(2)).toContainText('4000 stron mono');
      await expect(page.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
      expect(await page.evaluate(() => (window as unknown as { events: unknown[] }).events)).toEqual([
        { type: 'mono' },
      ]);
    });
  });

  test.describe('by keyboard alone', () => {
    test('the switch toggles with Space and the tooltips open on focus and close on Escape', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('switch', { name: 'Pokaż ceny urządzeń kolorowych' });
      // Tab from the start of the page until the switch has focus.
      for (let i = 0; i < 150 && !(await toggle.evaluate((el) => el.matches(':focus'))); i++)
        await page.keyboard.press('Tab');
      await expect(toggle).toBeFocused();
      // Focus reaching the pre-rendered switch loads the widget before it scrolled near.
      await expect.poll(() => page.evaluate(() => !!customElements.get('kserowo-pricing'))).toBe(true);
      await page.keyboard.press('Space');
      await expect(pricing(page).locator('.card:visible').first()).toContainText('od 175 zł');
      await page.keyboard.press('Space');
      await expect(pricing(page).locator('.card:visible').first()).toContainText('od 195 zł');

      const sla = pricing(page).getByRole('button', { name: 'SLA 4h' });
      for (let i = 0; i < 150 && !(await sla.evaluate((el) => el.matches(':focus'))); i++)
        await page.keyboard.press('Tab');
      await expect(sla).toBeFocused();
      const tip = pricing(page).getByRole('tooltip').filter({ hasText: '4 godzin' });
      await expect(tip).toBeVisible();
      await expect(sla).toHaveAccessibleDescription(/4 godzin/);
      await page.keyboard.press('Escape');
      await expect(tip).toBeHidden();
      await page.keyboard.press('Tab');
      const security = pricing(page).getByRole('button', { name: 'Bezpieczeństwo' });
      await expect(security).toBeFocused();
      await expect(pricing(page).getByRole('tooltip').filter({ hasText: 'zastępcze' })).toBeVisible();
    });
  });

  test.describe('tooltips', () => {
    test('open on hover', async ({ page }) => {
      await page.goto('/');
      await upgraded(page);
      await pricing(page).getByRole('button', { name: 'SLA 4h' }).hover();
      await expect(pricing(page).getByRole('tooltip').filter({ hasText: '4 godzin' })).toBeVisible();
    });
  });

  test.describe('at 375 and 1280 px', () => {
    for (const width of [375, 1280]) {
      test(`fits ${width} px without horizontal scroll (screenshot)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        await pricing(page).scrollIntoViewIfNeeded();
        await expect(pricing(page).locator('.card:visible')).toHaveCount(3);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `tests/browser/screenshots/home-${width}.png`, fullPage: true });
      });
    }
  });
});

test.describe('<kserowo-pricing> on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 800 } });

  test('a tap opens a tooltip and a second tap closes it', async ({ page }) => {
    await page.goto('/');
    await upgraded(page);
    const sla = pricing(page).getByRole('button', { name: 'SLA 4h' });
    await sla.scrollIntoViewIfNeeded();
    await sla.tap();
    const tip = pricing(page).getByRole('tooltip').filter({ hasText: '4 godzin' });
    await expect(tip).toBeVisible();
    await pricing(page).getByRole('heading', { name: 'Premium' }).tap();
    await expect(tip).toBeHidden();
  });
});
