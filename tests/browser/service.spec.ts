// A customer reports a fault without an account, and sends a counter reading through the
// device's reading link; the team sees them in the admin, changes the ticket's status,
// corrects a reading and downloads the billing CSV.
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { logIn, message } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

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
  // Nothing registered comes back to whoever typed a serial: no package, no SLA deadline.
  await expect(form).not.toContainText('4 h');
  await form.getByRole('link', { name: 'Zobacz status zgłoszenia' }).click();
  await expect(customer.getByRole('heading', { name: `Zgłoszenie ${number}` })).toBeVisible();
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(customer.getByText('Zgłoszenie przyjęte do systemu')).toBeVisible();
  await expect(customer.locator('main')).not.toContainText('C3320i');
  const statusUrl = customer.url();

  await team.goto('/admin#serwis');
  const row = team.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('zostało');
  await shoot(team, 'admin-serwis');
  await row.getByRole('link', { name: number }).click();
  await team.getByLabel('Nowy status').selectOption('w drodze');
  await team.getByLabel(/Notatka dla klienta/).fill('Serwisant będzie u Państwa o 12:00.');
  await team.getByRole('button', { name: 'Zapisz status' }).click();
  await expect(message(team, 'Zapisano status „w drodze”.')).toBeVisible();
  await shoot(team, 'admin-zgloszenie');

  await customer.goto(statusUrl);
  await expect(customer.getByText('Serwisant jest w drodze')).toBeVisible();
  await expect(customer.getByText('Serwisant będzie u Państwa o 12:00.')).toBeVisible();
  await expect(customer.getByText(/· Marek/)).toBeVisible();
  await shoot(customer, 'status');

  // The tab is closed and the link lost: the ticket is found again by its number and e-mail.
  const again = await browser.newPage();
  await again.goto('/serwis/zgloszenie/nieznany-adres');
  await again.getByLabel('Numer zgłoszenia').fill(number);
  await again.getByLabel(/E-mail/).fill('anna@firma.pl');
  await again.getByRole('button', { name: 'Pokaż status' }).click();
  await expect(again.getByRole('heading', { name: `Zgłoszenie ${number}` })).toBeVisible();
  await expect(again.getByText('Serwisant jest w drodze')).toBeVisible();
});

test('a customer opens the reminder link, sends a reading and sees it confirmed; the desk corrects a reading and the bill follows', async ({
  browser,
}) => {
  const serial = `MR${Date.now()}`;
  const team = await browser.newPage();
  await logIn(team, 'Ola');
  await addDevice(team, serial, 'km-c3320i', 'basic', 'Biuro Odczytów');
  // The device's contract starts today, and a first month is billed pro rata by days (docs/contracts.md):
  // it starts on the 1st here, so the month's bill below is a whole month's on any day the suite runs.
  const first = `${warsawToday().slice(0, 7)}-01`;
  await d1(`UPDATE contracts SET start_date = '${first}' WHERE id = (SELECT contract_id FROM devices WHERE serial = '${serial}');
    UPDATE contract_rates SET effective_from = '${first}' WHERE device_row IN (SELECT id FROM devices WHERE serial = '${serial}')`);

  // The team sees the device's reading link on its contract (the reminder e-mail carries the same).
  await team.goto('/admin#umowy');
  const contract = team.locator('details.contract', { hasText: serial });
  await contract.locator('summary').click();
  const link = (await contract.getByRole('link', { name: /\/licznik\?t=/ }).getAttribute('href')) ?? '';
  expect(link).toMatch(/\/licznik\?t=[A-Za-z0-9_-]{32}$/);
  await shoot(team, 'admin-umowy');

  const customer = await browser.newPage();
  await customer.goto(new URL(link).pathname + new URL(link).search);
  const form = customer.locator('kserowo-meter');
  await expect(form).toContainText(`Konica Minolta bizhub C3320i, nr seryjny ${serial}`);
  await expect(form).toContainText('strona A3 to 2 strony A4');
  // A new device's first reading is set against the package (900 + 150 pages a month): a
  // plausible one is stored without a question.
  await form.getByLabel(/^Licznik czarno-biały/).fill('1 200');
  await form.getByLabel(/^Licznik kolorowy/).fill('300');
  await form.getByLabel(/^Imię i nazwisko/).fill('Jan Kowalski');
  await form.getByLabel(/^E-mail/).fill('jan@biuro.pl');
  await shoot(customer, 'licznik');
  await form.getByRole('button', { name: 'Wyślij odczyt' }).click();
  await expect(form.getByRole('heading', { name: 'Odczyt zapisany' })).toBeVisible();
  await expect(form).toContainText(`Urządzenie ${serial}`);
  await expect(form).toContainText('1200 stron mono, 300 stron kolor');

  // A lower counter: the server's Polish message, and what was typed stays.
  await form.getByRole('button', { name: 'Podaj kolejny odczyt' }).click();
  await form.getByLabel(/^Licznik czarno-biały/).fill('1100');
  await form.getByLabel(/^Licznik kolorowy/).fill('300');
  await form.getByRole('button', { name: 'Wyślij odczyt' }).click();
  await expect(form.getByRole('alert')).toContainText('Stan licznika nie może być niższy niż poprzedni odczyt');
  await expect(form.getByLabel(/^Licznik czarno-biały/)).toHaveValue('1100');

  // Without the link, the form explains where to get it and takes no serial.
  const stranger = await browser.newPage();
  await stranger.goto(`/licznik?serial=${serial}`);
  await expect(stranger.locator('kserowo-meter')).toContainText('Odczyt podajesz przez link z e-maila');
  await expect(stranger.locator('kserowo-meter').getByLabel(/^Licznik/)).toHaveCount(0);

  // The desk types a second reading of the day with a typo (5200 instead of 2200).
  await team.goto(`/admin#odczyty/${serial}`);
  const entry = team.getByRole('form', { name: 'Odczyt zespołu' });
  await entry.getByLabel('Licznik mono').fill('5200');
  await entry.getByLabel('Licznik kolor').fill('700');
  await entry.getByRole('button', { name: 'Zapisz odczyt' }).click();
  // 4000 pages in a day against the package's 1050 a month: asked, and (the typo missed) confirmed.
  const question = team.getByRole('alert').filter({ hasText: 'wyjątkowo dużo stron' });
  await expect(question).toContainText('1050 stron miesięcznie');
  await question.getByRole('button', { name: 'Liczby są poprawne – zapisz' }).click();
  await expect(message(team, 'Zapisano odczyt.')).toBeVisible();
  const bill = team.locator('table.billing', { hasText: serial });
  // C3320i Basic: 195 zł, 900 mono and 150 colour pages included; 4000 − 900 = 3100 × 0,08 + 250 × 0,22 = 303 zł.
  await expect(bill.locator('tfoot')).toContainText('498,00 zł');

  const typo = team.getByRole('row', { name: /\b5200\b/ });
  await expect(typo).toContainText('Ola');
  await typo.getByRole('button', { name: /Popraw/ }).click();
  const correction = team.getByRole('form', { name: /Korekta odczytu/ });
  await correction.getByLabel('Poprawny licznik mono').fill('2200');
  await correction.getByLabel('Powód korekty').fill('Literówka przy wpisywaniu');
  await correction.getByRole('button', { name: 'Zapisz korektę' }).click();
  await expect(message(team, 'Zapisano korektę odczytu.')).toBeVisible();
  // 1000 − 900 = 100 × 0,08 + 55 = 63 zł over the allowance: 258 zł net.
  await expect(bill.locator('tfoot')).toContainText('258,00 zł');
  const old = team.locator('tr.superseded', { hasText: '5200' });
  await expect(old.locator('del').first()).toBeVisible();
  await expect(old).toContainText('Poprawiony: Ola');
  await expect(team.getByRole('row', { name: /\b2200\b/ })).toContainText('Literówka przy wpisywaniu');
  await expect(team.getByRole('row', { name: /\b1200\b/ }).first()).toContainText('Jan Kowalski <jan@biuro.pl>');
  await shoot(team, 'admin-odczyty');

  const download = team.waitForEvent('download');
  await team.getByRole('link', { name: 'Pobierz CSV (urządzenia)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^rozliczenie-\d{4}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv).toContain(`"${serial}"`);
  expect(csv).toContain('"RAZEM"');

  await team.goto('/admin#urzadzenia');
  await expect(team.getByRole('row', { name: new RegExp(serial) })).toContainText('Biuro Odczytów');
  await shoot(team, 'admin-urzadzenia');
});
