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

  test.describe('refused by the server for one field', () => {
    const dateRefusal = 'Data odczytu jest wcześniejsza niż początek umowy (01.05.2026).';
    test.beforeEach(async ({ page }) => {
      await linkedDevice(page);
      await mount(page, '<kserowo-meter t="link-token-1" name="Jan Klient" email="jan@firma.pl"></kserowo-meter>');
      const meter = page.locator('kserowo-meter');
      await meter.locator('[name="mono"]').fill('21 000');
      await meter.locator('[name="color"]').fill('5 100');
    });

    test('outlines the date the server names, with its message under it and the focus on it, not mono', async ({
      page,
    }) => {
      const meter = page.locator('kserowo-meter');
      await answer(page, '/api/meter-readings', 400, { error: dateRefusal, field: 'readOn' });
      await meter.locator('[part~="submit"]').click();
      const date = meter.locator('[name="readOn"]');
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(meter.locator('[name="mono"]')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(date).toBeFocused();
      // The message sits under the date and describes it for a screen reader.
      const describedBy = (await date.getAttribute('aria-describedby')) ?? '';
      const message = meter.locator(`[id="${describedBy.split(' ').at(-1)}"]`);
      await expect(message).toHaveText(dateRefusal);
      await expect(message).toBeInViewport();
    });

    test('outlines the colour counter when that one is refused, and lets go of it once edited', async ({ page }) => {
      const meter = page.locator('kserowo-meter');
      await answer(page, '/api/meter-readings', 400, { error: 'Stan licznika nie może być niższy.', field: 'color' });
      await meter.locator('[part~="submit"]').click();
      const color = meter.locator('[name="color"]');
      await expect(color).toHaveAttribute('aria-invalid', 'true');
      await expect(meter.locator('[name="mono"]')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(color).toBeFocused();
      await color.fill('5 200');
      await expect(color).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('a refusal naming no field of the form outlines none and shows the message', async ({ page }) => {
      const meter = page.locator('kserowo-meter');
      await answer(page, '/api/meter-readings', 400, { error: 'Nieprawidłowe dane formularza.' });
      await meter.locator('[part~="submit"]').click();
      await expect(meter.getByText('Nieprawidłowe dane formularza.').first()).toBeVisible();
      await expect(meter.locator('[aria-invalid="true"]')).toHaveCount(0);
    });

    test('has no axe violations with the date refused', async ({ page }) => {
      const meter = page.locator('kserowo-meter');
      await answer(page, '/api/meter-readings', 400, { error: dateRefusal, field: 'readOn' });
      await meter.locator('[part~="submit"]').click();
      await expect(meter.locator('[name="readOn"]')).toHaveAttribute('aria-invalid', 'true');
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
