// <kserowo-service> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, type Page, test } from '@playwright/test';
import { answer, mount, violations } from '../../tests/components/mount.ts';
import { SERVICE_ERRORS } from '../core/service-fields.ts';

const form = (page: Page) => page.locator('kserowo-service');

test.describe('<kserowo-service>', () => {
  test.describe('empty', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-service></kserowo-service>'));

    test('asks for the serial or the NIP before anything is sent', async ({ page }) => {
      const sent = await answer(page, '/api/service-requests', 201, { ok: true, id: 'x' });
      await form(page).locator('[part~="submit"]').click();
      await expect(form(page).getByText(SERVICE_ERRORS.serialOrNip).first()).toBeVisible();
      expect(sent).toEqual([]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-service')).toEqual([]);
    });
  });

  test.describe('with the serial and the contact given by the page', () => {
    test.beforeEach(async ({ page }) =>
      mount(page, '<kserowo-service serial="aa2k 0210" name="Anna Nowak" email="anna@firma.pl"></kserowo-service>'),
    );

    test('shows them in the form, for the customer to describe the fault', async ({ page }) => {
      await expect(form(page).locator('[name="serial"]')).toHaveValue('aa2k 0210');
      await expect(form(page).locator('[name="name"]')).toHaveValue('Anna Nowak');
      await expect(form(page).locator('[name="email"]')).toHaveValue('anna@firma.pl');
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-service')).toEqual([]);
    });

    test('outlines the field a server refusal names (the phone), not the first one', async ({ page }) => {
      const refusal = 'Podaj numer telefonu, pod którym oddzwonimy (co najmniej 9 cyfr).';
      await answer(page, '/api/service-requests', 400, { error: refusal, field: 'phone' });
      await form(page).locator('[name="category"]').selectOption({ index: 1 });
      await form(page).locator('[name="description"]').fill('Papier zacina się w podajniku 2.');
      await form(page).locator('[name="phone"]').fill('600 100 200');
      await form(page).locator('[part~="submit"]').click();
      const phone = form(page).locator('[name="phone"]');
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(phone).toBeFocused();
      await expect(phone).toHaveAccessibleDescription(new RegExp(refusal.replace(/[()]/g, '\\$&')));
      await expect(form(page).locator('[name="serial"]')).not.toHaveAttribute('aria-invalid', 'true');
    });
  });
});
