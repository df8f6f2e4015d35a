// An owner adds a sales person, who sets a password through the one-time link,
// logs in, takes a lead and changes its status; the audit log and the response-time
// stats show it. Screenshots of the new tabs at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { logIn, message, submitContact } from './admin-helpers.ts';

const PASSWORD = 'wiosenna łąka nad Słupią';

test('owner adds a sales person who takes a lead; the audit log and the response stats show it', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, eleven page loads and five screenshots on a server the other specs share.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `ewa.${stamp}@kserowo.test`;
  const leadName = `Biuro Rachunkowe ${stamp}`;
  const person = `Ewa Handlowa ${stamp % 100000}`;
  await submitContact(request, { name: leadName, email: 'biuro@example.pl' });

  await logIn(page, 'Szef');
  await page.getByRole('link', { name: 'Zespół' }).click();
  // Not before the view is there: the inbox's search field ('Szukaj (imię, e-mail, firma)') took the e-mail once.
  await expect(page.getByRole('heading', { name: 'Zespół', level: 1 })).toBeVisible();
  const addPerson = page.locator('form.add-person');
  await addPerson.getByLabel('E-mail', { exact: true }).fill(email);
  await addPerson.getByLabel('Imię i nazwisko').fill(person);
  await addPerson.getByLabel(/^Rola/).selectOption('sales');
  await page.getByRole('button', { name: 'Dodaj i utwórz link' }).click();
  await expect(page.getByText(`Dodano: ${person} (Sprzedaż).`)).toBeVisible();
  const link = await page.getByLabel('Link do ustawienia hasła').inputValue();
  expect(link).toMatch(/\/admin#haslo=[\w-]{40,}$/);
  await page.screenshot({ path: 'test-results/team-1280.png', fullPage: true });

  // The sales person, in a browser of their own.
  const context = await browser.newContext({ baseURL: new URL(link).origin });
  const sales = await context.newPage();
  await sales.goto(link);
  await sales.getByLabel('Nowe hasło').fill('za krótkie');
  await sales.getByLabel('Powtórz hasło').fill('za krótkie');
  await sales.getByRole('button', { name: 'Ustaw hasło' }).click();
  await expect(message(sales, 'Hasło musi mieć co najmniej 12 znaków.', 'alert')).toBeVisible();
  await sales.getByLabel('Nowe hasło').fill(PASSWORD);
  await sales.getByLabel('Powtórz hasło').fill(PASSWORD);
  await sales.getByRole('button', { name: 'Ustaw hasło' }).click();
  await expect(sales.getByText(`Hasło ustawione. Zaloguj się jako ${email}.`)).toBeVisible();
  await sales.getByLabel(/^E-mail/).fill(email);
  await sales.getByLabel('Hasło').fill(PASSWORD);
  await sales.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(sales.getByText('(Sprzedaż)')).toBeVisible();
  // Sales sees leads, not the team, the catalogue or the audit log.
  const nav = sales.getByRole('navigation', { name: 'Sekcje panelu' });
  await expect(nav.getByRole('link', { name: 'Leady' })).toBeVisible();
  for (const hidden of ['Zespół', 'Historia zmian', 'Cennik', 'Wysyłka e-maili'])
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);

  // A sales person starts from 'Moje leady'; the new lead is nobody's yet.
  await expect(sales.getByRole('heading', { name: 'Moje leady', level: 1 })).toBeVisible();
  await sales.getByRole('button', { name: 'Wszystkie leady' }).click();
  await sales.getByRole('link', { name: leadName }).click();
  await sales.getByRole('button', { name: 'Przejmij lead' }).click();
  await expect(sales.getByText('Lead jest teraz Twój.')).toBeVisible();
  await expect(sales.locator('section', { has: sales.getByRole('heading', { name: 'Prowadzi' }) })).toContainText(
    person,
  );
  await sales.getByRole('combobox', { name: 'Etap', exact: true }).selectOption('w kontakcie');
  await sales.getByRole('button', { name: 'Zapisz' }).click();
  await expect(sales.getByText('Zapisano.')).toBeVisible();
  await context.close();

  // The owner sees it in the audit log…
  await page.getByRole('link', { name: 'Historia zmian' }).click();
  const rows = page.locator('.audit tbody tr');
  // Other specs change leads on the same server meanwhile: the row is the one by this sales person.
  const change = rows.filter({ hasText: 'Leady: zmiana' }).filter({ hasText: email }).first();
  await expect(change).toContainText('status: nowy → w kontakcie');
  await expect(rows.filter({ hasText: 'Leady: przejęcie' }).filter({ hasText: person }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Zespół: dodanie' }).filter({ hasText: email }).first()).toContainText('Szef');
  // The log's first screen: the whole log grows with every spec's changes and views (a full-page
  // shot of it at 375 px took the test past its minute in a full run).
  await page.screenshot({ path: 'test-results/audit-1280.png' });
  // …and in the response-time stats, answered within the target.
  await page.getByRole('link', { name: 'Liczby' }).click();
  const byPerson = page.locator('section', {
    has: page.getByRole('heading', { name: 'Pierwsza odpowiedź według osoby' }),
  });
  await expect(byPerson.getByRole('row', { name: new RegExp(person) })).toContainText('100%');
  await page.screenshot({ path: 'test-results/stats-1280.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('link', { name: 'Zespół' }).click();
  await expect(page.getByRole('heading', { name: 'Zespół' })).toBeVisible();
  await page.screenshot({ path: 'test-results/team-375.png', fullPage: true });
  await page.getByRole('link', { name: 'Historia zmian' }).click();
  await expect(page.locator('.audit tbody tr').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/audit-375.png' });
});
