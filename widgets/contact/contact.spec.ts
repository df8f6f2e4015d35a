// <kserowo-contact> mounted on its own (tests/components): one state per describe, axe in each.
import { expect, type Page, test } from '@playwright/test';
import { answer, events, listen, mount, violations } from '../../tests/components/mount.ts';
import { TOAST } from '../core/errors.ts';

const form = (page: Page) => page.locator('kserowo-contact');
const input = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
const submit = (page: Page) => form(page).locator('[part~="submit"]');

test.describe('<kserowo-contact>', () => {
  test.describe('empty', () => {
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-contact></kserowo-contact>'));

    test('refuses to send without a name and an e-mail, with the validation toast, and sends nothing', async ({
      page,
    }) => {
      const sent = await answer(page, '/api/send-contact-email', 200, { ok: true, id: 'x' });
      await submit(page).click();
      await expect(form(page).getByRole('alert')).toContainText(TOAST.validation.title);
      expect(sent).toEqual([]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-contact')).toEqual([]);
    });
  });

  test.describe('two columns at 1280 px with a message under one field', () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test.beforeEach(async ({ page }) => mount(page, '<kserowo-contact name="Anna Nowak"></kserowo-contact>'));

    test("the other field of the row keeps its input's place and height", async ({ page }) => {
      const box = async (name: string) => (await input(page, name).boundingBox())!;
      const before = await box('name');
      await submit(page).click();
      await expect(form(page).locator('.kc-field-error')).toBeVisible();
      const [name, email] = [await box('name'), await box('email')];
      expect(email.x, 'e-mail beside the name, in the same row').toBeGreaterThan(name.x + name.width);
      expect(name).toEqual(before);
      // The refused field's own input only gains its thicker red border.
      expect(email.y).toBe(before.y);
      expect(email.height).toBeLessThanOrEqual(before.height + 2);
    });
  });

  test.describe('prefilled by the host', () => {
    test.beforeEach(async ({ page }) =>
      mount(page, '<kserowo-contact name="Anna Nowak" email="anna@firma.pl"></kserowo-contact>'),
    );

    test('sends the prefilled contact, thanks the visitor and tells the host of the lead', async ({ page }) => {
      await expect(input(page, 'name')).toHaveValue('Anna Nowak');
      await expect(input(page, 'email')).toHaveValue('anna@firma.pl');
      await listen(page, 'kserowo:lead');
      const sent = await answer(page, '/api/send-contact-email', 200, { ok: true, id: 'x' });
      await submit(page).click();
      await expect(form(page).getByRole('status')).toContainText(TOAST.success.title);
      expect(sent).toEqual([expect.objectContaining({ name: 'Anna Nowak', email: 'anna@firma.pl' })]);
      expect(await events(page, 'kserowo:lead')).toEqual([expect.objectContaining({ kind: 'contact' })]);
    });

    test('has no axe violations', async ({ page }) => {
      expect(await violations(page, 'kserowo-contact')).toEqual([]);
    });
  });

  test.describe('when the server refuses the message', () => {
    test.beforeEach(async ({ page }) =>
      mount(page, '<kserowo-contact name="Anna Nowak" email="anna@firma.pl"></kserowo-contact>'),
    );

    test("shows the server's Polish error and keeps what was typed", async ({ page }) => {
      await answer(page, '/api/send-contact-email', 503, { error: 'Baza danych jest chwilowo niedostępna.' });
      await submit(page).click();
      await expect(form(page).getByRole('alert')).toContainText('Baza danych jest chwilowo niedostępna.');
      await expect(input(page, 'name')).toHaveValue('Anna Nowak');
      expect(await violations(page, 'kserowo-contact')).toEqual([]);
    });

    test('outlines and focuses the field a 400 names, with the message next to it', async ({ page }) => {
      const refusal = 'Pole „Email” musi zawierać jeden prawidłowy adres email.';
      await answer(page, '/api/send-contact-email', 400, { error: refusal, field: 'email' });
      await submit(page).click();
      await expect(input(page, 'email')).toHaveAttribute('aria-invalid', 'true');
      await expect(input(page, 'email')).toBeFocused();
      await expect(input(page, 'name')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(form(page).locator('.kc-email').getByText(refusal)).toBeVisible();
    });
  });
});
