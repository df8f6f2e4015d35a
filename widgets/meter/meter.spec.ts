// <kserowo-meter> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, type Page, test } from '@playwright/test';
import { answer, mount, violations } from '../../tests/components/mount.ts';
import { SERVICE_ERRORS } from '../core/service-fields.ts';
import { METER_TEXT, type MeterDevice } from './copy.ts';

const device: MeterDevice = {
  serial: 'AA2K021012345',
  device: 'Konica Minolta bizhub C3320i',
  type: 'color',
  contract: 'UM-2026-000001',
  company: 'Firma A sp. z o.o.',
  last: { readOn: '2026-10-31', mono: 20_000, color: 5_000 },
  pageCounting: 'Jak liczymy strony: według liczników urządzenia.',
};

/** The device the reading link names, as the worker would answer it. */
const linkedDevice = (page: Page) =>
  page.route('**/api/meter-readings/device*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(device) }),
  );

test.describe('<kserowo-meter>', () => {
  test.describe('opened from the reminder link', () => {
    test.beforeEach(async ({ page }) => {
      await linkedDevice(page);
      await mount(page, '<kserowo-meter t="link-token-1"></kserowo-meter>');
    });

    test('names the device of the link and sends nothing until the mono counter is typed', async ({ page }) => {
      const meter = page.locator('kserowo-meter');
      await expect(meter.getByText(device.serial).first()).toBeVisible();
      const sent = await answer(page, '/api/meter-readings', 201, { ok: true, id: '1' });
      await meter.locator('[part~="submit"]').click();
      await expect(meter.getByText(SERVICE_ERRORS.counter).first()).toBeVisible();
      expect(sent).toEqual([]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-meter')).toEqual([]);
    });
  });

  test.describe('without a reading link', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-meter serial="AA2K021012345"></kserowo-meter>'));

    test('says where the link comes from and asks for no serial', async ({ page }) => {
      const meter = page.locator('kserowo-meter');
      await expect(meter.getByText(METER_TEXT.noLink).first()).toBeVisible();
      await expect(meter.locator('[name="serial"]')).toHaveCount(0);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-meter')).toEqual([]);
    });
  });
});
