// <kserowo-models> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, test } from '@playwright/test';
import { mount, violations } from '../../tests/components/mount.ts';
import { MODELS } from './copy.ts';

const cards = (page: import('@playwright/test').Page) => page.locator('kserowo-models [part~="card"]');
const toolbar = (page: import('@playwright/test').Page) => page.getByRole('group', { name: MODELS.filtersLabel });

test.describe('<kserowo-models>', () => {
  test.describe('with limit="3"', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-models limit="3"></kserowo-models>'));

    test('shows the three popular models, the C258 first, without filters', async ({ page }) => {
      await expect(cards(page)).toHaveCount(3);
      await expect(cards(page).first()).toContainText('C258');
      await expect(toolbar(page)).toHaveCount(0);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-models')).toEqual([]);
    });
  });

  test.describe('with filters (a bare boolean attribute)', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-models filters></kserowo-models>'));

    test('shows every model with the filters, and removing the attribute hides them', async ({ page }) => {
      await expect(cards(page)).toHaveCount(8);
      await expect(toolbar(page)).toBeVisible();
      await page.locator('kserowo-models').evaluate((el) => el.removeAttribute('filters'));
      await expect(toolbar(page)).toHaveCount(0);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-models')).toEqual([]);
    });
  });

  test.describe('with filters="false"', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-models filters="false"></kserowo-models>'));

    test('reads "false" as HTML does: no filters', async ({ page }) => {
      await expect(cards(page)).toHaveCount(8);
      await expect(toolbar(page)).toHaveCount(0);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-models')).toEqual([]);
    });
  });
});
