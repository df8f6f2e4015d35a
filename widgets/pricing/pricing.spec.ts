// <kserowo-pricing> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, test } from '@playwright/test';
import { events, listen, mount, violations } from '../../tests/components/mount.ts';
import { PRICING } from '../core/price-labels.ts';

// Both types are in the markup (the switch works without JavaScript); only the chosen one shows.
const prices = (page: import('@playwright/test').Page) =>
  page.locator('kserowo-pricing [part~="price"]').filter({ visible: true });

test.describe('<kserowo-pricing>', () => {
  test.describe('without attributes', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-pricing></kserowo-pricing>'));

    test('shows the three colour packages from 195, 235 and 279 zł net, Business as the most popular', async ({
      page,
    }) => {
      await expect(page.getByRole('switch')).toBeChecked();
      await expect(prices(page)).toHaveText([/od\s+195\s+zł/, /od\s+235\s+zł/, /od\s+279\s+zł/]);
      await expect(page.locator('kserowo-pricing [part~="card"]').filter({ visible: true }).nth(1)).toContainText(
        PRICING.popular,
      );
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-pricing')).toEqual([]);
    });
  });

  test.describe("on a partner's page with an h1 and no h2", () => {
    test.beforeEach(async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => document.querySelector('#host h2')?.remove());
      await page.evaluate(() =>
        document.getElementById('host')?.insertAdjacentHTML('beforeend', '<kserowo-pricing></kserowo-pricing>'),
      );
      await expect(page.locator('kserowo-pricing [part~="card"]').first()).toBeVisible();
    });

    test("the cards are headed h2, one below the page's h1, and axe finds no heading-order issue", async ({ page }) => {
      await expect(page.locator('kserowo-pricing').getByRole('heading', { level: 2, name: 'Business' })).toBeVisible();
      expect(await violations(page, 'kserowo-pricing')).toEqual([]);
    });
  });

  test.describe('with heading-level="4" set by the partner', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-pricing heading-level="4"></kserowo-pricing>'));

    test('the cards are headed h4, and change with the attribute', async ({ page }) => {
      const pricing = page.locator('kserowo-pricing');
      await expect(pricing.getByRole('heading', { level: 4, name: 'Business' })).toBeVisible();
      await pricing.evaluate((el) => el.setAttribute('heading-level', '3'));
      await expect(pricing.getByRole('heading', { level: 3, name: 'Business' })).toBeVisible();
    });
  });

  test.describe('with type="mono"', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-pricing type="mono"></kserowo-pricing>'));

    test('shows the mono packages from 175 zł, and switching to colour tells the host', async ({ page }) => {
      await expect(page.getByRole('switch')).not.toBeChecked();
      await expect(prices(page).first()).toHaveText(/od\s+175\s+zł/);
      await listen(page, 'kserowo:type-change');
      await page.getByRole('switch').click();
      await expect(prices(page).first()).toHaveText(/od\s+195\s+zł/);
      expect(await events(page, 'kserowo:type-change')).toEqual([{ type: 'color' }]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-pricing')).toEqual([]);
    });
  });
});
