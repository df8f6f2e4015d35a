// <kserowo-meter> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, test } from '@playwright/test';
import { answer, mount, violations } from '../../tests/components/mount.ts';
import { SERVICE_ERRORS } from '../core/service-fields.ts';

test.describe('<kserowo-meter>', () => {
  test.describe('opened from the reminder link (serial given)', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-meter serial="AA2K021012345"></kserowo-meter>'));

    test('keeps the serial and sends nothing until the mono counter is typed', async ({ page }) => {
      const meter = page.locator('kserowo-meter');
      await expect(meter.locator('[name="serial"]')).toHaveValue('AA2K021012345');
      const sent = await answer(page, '/api/meter-readings', 201, { ok: true, id: '1' });
      await meter.locator('[part~="submit"]').click();
      await expect(meter.getByText(SERVICE_ERRORS.counter).first()).toBeVisible();
      expect(sent).toEqual([]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-meter')).toEqual([]);
    });
  });
});
