// The owner looks a person up by e-mail address in 'Dane osobowe', downloads
// everything stored about them as JSON, then erases it after the confirmation; both show
// in 'Historia zmian'. Screenshots at 360 and 1280 px.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { logIn, message, submitContact } from './admin-helpers.ts';

test('an owner exports and erases a person’s data from the admin view', async ({ page, request }) => {
  const stamp = Date.now();
  const email = `marta.${stamp}@biuro-rodo.pl`;
  const name = `Marta Prywatna ${stamp % 100000}`;
  const other = `inna.${stamp}@biuro-rodo.pl`;
  await submitContact(request, { name, email, phone: '600 500 400', message: 'Proszę o kontakt w sprawie kopiarki.' });
  await submitContact(request, { name, email, message: 'Drugie zapytanie.' });
  await submitContact(request, { name: 'Inna Osoba', email: other });

  await logIn(page, 'Właścicielka');
  await page.getByRole('navigation', { name: 'Sekcje panelu' }).getByRole('link', { name: 'Dane osobowe' }).click();
  await expect(page.getByRole('heading', { name: 'Dane osobowe', level: 1 })).toBeVisible();

  // An address no form would accept: a Polish error, nothing asked.
  const field = page.getByLabel('Adres e-mail osoby');
  await field.fill('marta@');
  await field.press('Enter');
  await expect(
    message(page, 'Podaj prawidłowy adres e-mail osoby (np. jan.kowalski@firma.pl).', 'alert'),
  ).toBeVisible();
  await expect(field).toBeFocused();

  // By keyboard, in capitals: the address is compared without regard to case.
  await field.fill(` ${email.toUpperCase()} `);
  await field.press('Enter');
  const found = page.getByRole('region', { name: `Dane adresu ${email}` });
  await expect(found).toContainText('Zapytania z formularzy (kontakt i wyceny): 2');
  await expect(found).toContainText('E-maile wysłane w ich sprawie: 2');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/privacy-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const downloading = page.waitForEvent('download');
  await found.getByRole('button', { name: 'Pobierz dane (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^kserowo-dane-marta\\.${stamp}-biuro-rodo\\.pl-\\d{4}-\\d\\d-\\d\\d\\.json$`),
  );
  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text) as { email: string; leads: { name: string; phone: string | null }[] };
  expect(data.email).toBe(email);
  expect(data.leads.map((l) => l.name)).toEqual([name, name]);
  expect(data.leads[0]?.phone).toBe('600 500 400');
  expect(text).not.toContain(other);
  await expect(message(page, /^Pobrano plik/)).toBeVisible();

  // Erasure: the confirmation says what goes; 'Anuluj' keeps everything.
  await found.getByRole('button', { name: 'Usuń dane tej osoby…' }).click();
  const confirm = page.getByRole('region', { name: `Usunąć dane adresu ${email}?` });
  await expect(confirm.getByRole('heading')).toBeFocused();
  await expect(confirm).toContainText('Zapytania z formularzy (kontakt i wyceny): 2');
  await expect(confirm).toContainText('Tego nie da się cofnąć.');
  await page.screenshot({ path: 'test-results/privacy-confirm-1280.png', fullPage: true });
  await confirm.getByRole('button', { name: 'Anuluj' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(found.getByRole('button', { name: 'Usuń dane tej osoby…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Tak, usuń dane' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Usunięto dane adresu ${email}:` })).toContainText(
    'Zapytania z formularzy (kontakt i wyceny): 2',
  );
  await expect(found).toContainText('Brak danych dla tego adresu.');
  await page.screenshot({ path: 'test-results/privacy-erased-1280.png', fullPage: true });

  // The other person's lead is still in the inbox; hers shows no name any more.
  await page.getByRole('link', { name: 'Leady' }).click();
  await expect(page.getByRole('link', { name: 'Inna Osoba' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);

  // Both are in the audit log, under the address.
  await page.getByRole('link', { name: 'Historia zmian' }).click();
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows.filter({ hasText: 'Dane osobowe: eksport' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Dane osobowe: usunięcie' })).toHaveCount(1);
});
