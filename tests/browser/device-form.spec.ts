// 'Urządzenia' → 'Nowe urządzenie' signs a one-device contract: for a colour model the form asks how
// the contract counts single- and two-colour pages (as the terms: colour, unless signed otherwise),
// and a mono model is not asked. At 375 px, with no axe violations; screenshots when
// KSEROWO_SCREENSHOTS names a folder.
import { expect, test } from '@playwright/test';
import { axeViolationsIn, logIn } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;

test('a colour device added in the registry is signed with the chosen rule for single- and two-colour pages (375 px)', async ({
  page,
}) => {
  const serial = `SPOT${String(Date.now()).slice(-8)}`;
  await page.setViewportSize({ width: 375, height: 900 });
  await logIn(page, 'Właściciel');
  await page.goto('/admin#urzadzenia');
  const form = page.getByRole('form', { name: 'Nowe urządzenie' });
  await form.getByLabel('Numer seryjny').fill(serial);
  const rule = form.getByLabel(/Strony w trybach jednego i dwóch kolorów/);
  // A mono model has no such pages: not asked.
  await form.getByLabel('Model').selectOption('km-4052');
  await expect(rule).toHaveCount(0);
  // A colour model: asked, as the terms count them unless the signed contract says otherwise.
  await form.getByLabel('Model').selectOption('km-c258');
  await expect(rule).toHaveValue('colour');
  await expect(rule.locator('option:checked')).toHaveText('liczone jak strony kolorowe');
  await rule.selectOption({ label: 'liczone jak strony czarno-białe' });
  await form.getByLabel('Firma').fill('Drukarnia Jednokolorowa');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeViolationsIn(page, 'form[aria-label="Nowe urządzenie"]')).toEqual([]);
  if (shots) {
    await form.screenshot({ path: `${shots}/device-form-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.screenshot({ path: `${shots}/device-form-1280.png` });
  }
  await form.getByRole('button', { name: 'Dodaj urządzenie' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Dodano urządzenie ${serial}.` })).toBeVisible();
  const [contract] = await d1<{ spot_colour: string | null; company: string }>(
    `SELECT c.spot_colour, c.company FROM contracts c JOIN devices d ON d.contract_id = c.id WHERE d.serial = '${serial}'`,
  );
  expect(contract).toEqual({ spot_colour: 'mono', company: 'Drukarnia Jednokolorowa' });
});
