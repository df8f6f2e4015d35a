// <kserowo-service> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, type Page, test } from '@playwright/test';
import { answer, mount, violations } from '../../tests/components/mount.ts';

const form = (page: Page) => page.locator('kserowo-service');

test.describe('<kserowo-service>', () => {
  test.describe('empty', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-service></kserowo-service>'));

    test('refuses an empty form with an error and sends nothing', async ({ page }) => {
      const sent = await answer(page, '/api/service-requests', 201, { ok: true, id: 'x' });
      await form(page).locator('[part~="submit"]').click();
      await expect(form(page).getByRole('alert').first()).not.toBeEmpty();
      expect(sent).toEqual([]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-service')).toEqual([]);
    });
  });
});
