// The customer's /konto on a phone (375 px), where three things used to go wrong: a refused form
// came back at the page's top with its error 1 000 px below, the reading history named the staff
// member who entered a reading by their own address, and the bills table hid 'Brutto' and the
// details off to the right. Screenshots at 375 and 1280 px when KSEROWO_SCREENSHOTS names a folder.
import { type Page, expect, test } from '@playwright/test';
import { d1, signInLink } from './test-db.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 740 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

/** A signed contract of one Premium colour device for `email`, billed since February 2025, with a reading the team entered. */
async function seedContract(email: string, tag: string): Promise<string> {
  const serial = `PH${tag}`;
  const seq = Number(tag.slice(-6));
  const id = `c-ph-${tag}`;
  await d1(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by)
       VALUES ('${id}', printf('UM-2025-%06d', ${seq}), 2025, ${seq}, 'Biuro Telefoniczne sp. z o.o.', NULL, '${email}', '2025-02-01', 36, 0, 'test');
     INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, email, phone, contract_id, reading_token)
       VALUES ('${serial}', 'km-c3320i', 'premium', '2025-02-01', 36, 'Biuro Telefoniczne sp. z o.o.', '${email}', '600100200', '${id}', 'tok-ph-${tag}');
     INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type, level,
       monthly_price, monthly_limit, color_limit, overage_mono, overage_color, created_by)
     SELECT id, '2025-02-01', 0, 'km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'premium', 279, 2800, 600, 0.08, 0.22, 'test'
       FROM devices WHERE serial = '${serial}';
     INSERT INTO meter_readings (device_row, read_on, mono, color, sent_by, reset, source)
     SELECT id, '2025-02-01', 1200, 340, 'Kasia Nowicka <kasia.nowicka@kserowo.pl>', 0, 'team' FROM devices WHERE serial = '${serial}';`,
  );
  return serial;
}

test('on a phone /konto takes a refused form to its field, names the team as Kserowo and stacks the bills', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-7);
  const email = `telefon-${tag}@biuro.pl`;
  const serial = await seedContract(email, tag);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/konto');
  await page.getByLabel('E-mail z umowy').first().fill(email);
  await page.getByRole('button', { name: 'Wyślij link do logowania' }).click();
  await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible();
  await page.goto(await signInLink(email));
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/konto$/);

  // The reading the team entered is signed by the company, never by the staff member's address.
  const history = page.getByRole('table', { name: new RegExp(serial) });
  await expect(history).toContainText('Kserowo (serwis)');
  await expect(page.locator('main')).not.toContainText('kasia.nowicka');
  await expect(page.locator('main')).not.toContainText('Kasia Nowicka');

  // The bills: every cell within the screen, 'Brutto' under its name, nothing scrolled sideways.
  const bills = page.getByRole('region', { name: 'Rozliczenia' });
  // The first bill's cells, by their place in the row: Okres, Umowa, Netto, Brutto, Szczegóły.
  const cells = bills.locator('tbody tr').first().locator('td');
  const gross = cells.nth(3);
  await expect(gross).toHaveAttribute('data-label', 'Brutto');
  // Scrolled to vertically only: a cell off to the right of a sideways-scrolling table stays out of view.
  await gross.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
  await expect(gross).toBeInViewport({ ratio: 1 });
  await expect(cells.nth(4)).toBeInViewport({ ratio: 1 });
  const sideways = await bills
    .locator('.table-scroll')
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sideways.scroll).toBeLessThanOrEqual(sideways.client);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);

  // A reading refused (letters in the mono counter): the page comes back with the error at its
  // top and the visitor at the field, focused, its error in view.
  const card = page.locator('.portal-device').filter({ hasText: serial });
  await card.locator('summary', { hasText: 'Podaj stan licznika' }).click();
  await card.getByLabel('Strony czarno-białe (licznik)').fill('15 2OO');
  await card.getByLabel('Strony kolorowe (licznik)').fill('2300');
  await card.getByRole('button', { name: 'Zapisz odczyt' }).click();
  const field = page.locator('.portal-device').filter({ hasText: serial }).getByLabel('Strony czarno-białe (licznik)');
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const fieldError = page.locator(`#${await field.getAttribute('aria-describedby')}`);
  await expect(fieldError).toBeInViewport();
  // What was typed is kept.
  await expect(field).toHaveValue('15 2OO');
  await expect(
    page.locator('.portal-device').filter({ hasText: serial }).getByLabel('Strony kolorowe (licznik)'),
  ).toHaveValue('2300');
  const summary = page.locator('#portal-problem');
  await expect(summary).toContainText('Nie wysłaliśmy formularza.');
  await expect(summary).toContainText(((await fieldError.textContent()) ?? '').trim());
  const summaryBox = await summary.boundingBox();
  const mainTop = await page.locator('#portal').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  // At the top of the customer's area, above the devices.
  expect((summaryBox?.y ?? 0) + (await page.evaluate(() => window.scrollY)) - mainTop).toBeLessThan(200);
  await expect(summary.getByRole('link', { name: 'Przejdź do pola z błędem' })).toHaveAttribute(
    'href',
    `#${await field.getAttribute('id')}`,
  );
  await shoot(page, 'konto-blad-odczytu');
});
