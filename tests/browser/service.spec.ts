// Issue 17: a customer reports a fault and sends a counter reading without an account; the
// team sees them in the admin, changes the ticket's status and downloads the billing CSV.
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { logIn } from './admin-helpers.ts';

/** Where screenshots go when KSEROWO_SCREENSHOTS is set (for looking at, not asserted). */
const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Adds a device to the registry through the admin API, as the panel does (same origin, session cookie). */
async function addDevice(page: Page, serial: string, deviceId: string, level: string, company: string) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/admin/devices', {
    headers: { Origin: origin },
    data: { serial, deviceId, level, company, city: 'Słupsk' },
  });
  expect(res.status()).toBe(201);
}

test('a customer reports a fault with a serial, gets the number and sees the team’s status change', async ({
  browser,
}) => {
  const serial = `SR${Date.now()}`;
  const team = await browser.newPage();
  await logIn(team, 'Marek');
  await addDevice(team, serial, 'km-c3320i', 'premium', 'Firma Testowa');

  const customer = await browser.newPage();
  await customer.goto('/serwis');
  const form = customer.locator('kserowo-service');
  await form.getByLabel(/^Numer seryjny/).fill(serial.toLowerCase());
  await form.getByLabel(/^Co się dzieje/).selectOption({ label: 'Kod błędu na panelu' });
  await form.getByLabel(/^Kod błędu z panelu/).fill('C2557');
  await form.getByLabel(/^Opis problemu/).fill('Na panelu kod C2557, urządzenie nie drukuje.');
  await form.getByLabel(/^Imię i nazwisko/).fill('Anna Nowak');
  await form.getByLabel(/^Telefon/).fill('600 100 200');
  await form.getByLabel(/^E-mail/).fill('anna@firma.pl');
  await expect(form.getByRole('checkbox', { name: /Chcę otrzymywać/ })).not.toBeChecked();
  await shoot(customer, 'serwis');
  await form.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();

  await expect(form.getByRole('heading', { name: 'Zgłoszenie przyjęte' })).toBeFocused();
  const number = (await form.locator('.sf-number').textContent()) ?? '';
  expect(number).toMatch(/^SR-\d{4}-\d{6}$/);
  await expect(form).toContainText(/Serwis odpowie najpóźniej .* \(4 h w godzinach pracy serwisu\)/);
  await form.getByRole('link', { name: 'Zobacz status zgłoszenia' }).click();
  await expect(customer.getByRole('heading', { name: `Zgłoszenie ${number}` })).toBeVisible();
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(customer.getByText('Zgłoszenie przyjęte do systemu')).toBeVisible();
  const statusUrl = customer.url();

  await team.goto('/admin#serwis');
  const row = team.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('zostało');
  await shoot(team, 'admin-serwis');
  await row.getByRole('link', { name: number }).click();
  await team.getByLabel('Nowy status').selectOption('w drodze');
  await team.getByLabel(/Notatka dla klienta/).fill('Serwisant będzie u Państwa o 12:00.');
  await team.getByRole('button', { name: 'Zapisz status' }).click();
  await expect(team.getByRole('status')).toHaveText('Zapisano status „w drodze”.');
  await shoot(team, 'admin-zgloszenie');

  await customer.goto(statusUrl);
  await expect(customer.getByText('Serwisant jest w drodze')).toBeVisible();
  await expect(customer.getByText('Serwisant będzie u Państwa o 12:00.')).toBeVisible();
  await expect(customer.getByText(/· Marek/)).toBeVisible();
  await shoot(customer, 'status');
});

test('a reading is sent, a lower one is refused, and both the admin and the billing CSV show it', async ({
  browser,
}) => {
  const serial = `MR${Date.now()}`;
  const team = await browser.newPage();
  await logIn(team, 'Ola');
  await addDevice(team, serial, 'km-c3320i', 'basic', 'Biuro Odczytów');

  const customer = await browser.newPage();
  await customer.goto(`/licznik?serial=${serial}`);
  const form = customer.locator('kserowo-meter');
  await expect(form.getByLabel(/^Numer seryjny/)).toHaveValue(serial);
  await form.getByLabel(/^Licznik czarno-biały/).fill('12 000');
  await form.getByLabel(/^Licznik kolorowy/).fill('3000');
  await form.getByLabel(/^Imię i nazwisko/).fill('Jan Kowalski');
  await form.getByLabel(/^E-mail/).fill('jan@biuro.pl');
  await shoot(customer, 'licznik');
  await form.getByRole('button', { name: 'Wyślij odczyt' }).click();
  await expect(form.getByRole('heading', { name: 'Odczyt zapisany' })).toBeVisible();
  await expect(form).toContainText('12 000 stron mono, 3000 stron kolor');

  // A lower counter: the server's Polish message, and what was typed stays.
  await form.getByRole('button', { name: 'Podaj kolejny odczyt' }).click();
  await form.getByLabel(/^Licznik czarno-biały/).fill('11000');
  await form.getByLabel(/^Licznik kolorowy/).fill('3000');
  await form.getByRole('button', { name: 'Wyślij odczyt' }).click();
  await expect(form.getByRole('alert')).toContainText('Stan licznika nie może być niższy niż poprzedni odczyt');
  await expect(form.getByLabel(/^Licznik czarno-biały/)).toHaveValue('11000');

  await team.goto(`/admin#odczyty/${serial}`);
  const reading = team.getByRole('row', { name: new RegExp(serial) }).first();
  await expect(reading).toContainText('12000');
  await expect(reading).toContainText('Jan Kowalski <jan@biuro.pl>');
  await shoot(team, 'admin-odczyty');

  const download = team.waitForEvent('download');
  await team.getByRole('link', { name: 'Pobierz CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rozliczenie-\d{4}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv).toContain(`"${serial}"`);
  expect(csv).toContain('"RAZEM"');

  await team.goto('/admin#urzadzenia');
  await expect(team.getByRole('row', { name: new RegExp(serial) })).toContainText('Biuro Odczytów');
  await shoot(team, 'admin-urzadzenia');
});
