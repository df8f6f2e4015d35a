// <kserowo-calculator> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, type Page, test } from '@playwright/test';
import { events, listen, mount, violations } from '../../tests/components/mount.ts';
import { C } from '../kit/estimate/copy.ts';

const calc = (page: Page) => page.locator('kserowo-calculator');

test.describe('<kserowo-calculator>', () => {
  test.describe('on the office profile', () => {
    test.beforeEach(async ({ page }) => {
      await mount(page, '<kserowo-calculator></kserowo-calculator>');
      await calc(page).getByRole('tab', { name: C.tabProfile }).click();
    });

    test('estimates the pages of a ten-person office and tells the host', async ({ page }) => {
      await listen(page, 'kserowo:estimate');
      await calc(page).getByLabel(C.people).fill('10');
      await calc(page).getByRole('button', { name: C.calculate }).click();
      await expect(calc(page).locator('[part~="estimate"]')).toContainText(/Średnio [\d\s\u00a0]+ stron mono/);
      expect(await events(page, 'kserowo:estimate')).toEqual([expect.objectContaining({ source: 'profile' })]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-calculator')).toEqual([]);
    });
  });

  test.describe('on the counters', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-calculator></kserowo-calculator>'));

    test('asks for two readings first and explains where to find them', async ({ page }) => {
      await expect(calc(page).getByRole('tab', { name: C.tabCounters })).toHaveAttribute('aria-selected', 'true');
      await expect(calc(page).getByText(C.first, { exact: true })).toBeVisible();
      await expect(calc(page).getByText(C.second, { exact: true })).toBeVisible();
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-calculator')).toEqual([]);
    });
  });
});
