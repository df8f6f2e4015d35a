// The sales team's working day: a manager adds two sales people and gives each a lead; one
// logs in, starts from 'Moje leady', moves her lead to 'oferta wysłana' with a next step and
// a note, and takes over her colleague's lead; the colleague finds the takeover e-mail on
// the lead, the manager in the outbox. Screenshots at 1280 and 375 px.
import { type Browser, type Page, expect, test } from '@playwright/test';
import { logIn, message, submitContact } from './admin-helpers.ts';

const PASSWORD = 'poranna kawa nad Słupią 8';

/** The owner adds a sales person in 'Zespół'; answers their one-time link. */
async function addSalesPerson(page: Page, name: string, email: string): Promise<string> {
  await page.getByRole('link', { name: 'Zespół' }).click();
  await expect(page.getByRole('heading', { name: 'Zespół', level: 1 })).toBeVisible();
  const form = page.locator('form.add-person');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Imię i nazwisko').fill(name);
  await form.getByLabel(/^Rola/).selectOption('sales');
  await page.getByRole('button', { name: 'Dodaj i utwórz link' }).click();
  await expect(page.getByText(`Dodano: ${name} (Sprzedaż).`)).toBeVisible();
  return page.getByLabel('Link do ustawienia hasła').inputValue();
}

/** The person sets a password through the link and logs in, in a browser of their own. */
async function firstLogin(browser: Browser, link: string, email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: new URL(link).origin, viewport, locale: 'pl-PL' });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Nowe hasło').fill(PASSWORD);
  await page.getByLabel('Powtórz hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ustaw hasło' }).click();
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByText('(Sprzedaż)')).toBeVisible();
  return { context, page };
}

/** The owner gives a lead to a person from the lead's page. */
async function assign(page: Page, leadId: string, lead: string, person: string) {
  await page.goto(`/admin#leady/${leadId}`);
  await expect(page.getByRole('heading', { name: lead, level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Przypisz osobie' }).selectOption({ label: person });
  await expect(page.getByText(`Przypisano: ${person}.`)).toBeVisible();
}

test('a manager gives leads to two sales people; one works Moje leady and takes over the other’s lead', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const ala = { name: `Ala Handlowa ${stamp % 100000}`, email: `ala.${stamp}@kserowo.test` };
  const bob = { name: `Bob Handlowy ${stamp % 100000}`, email: `bob.${stamp}@kserowo.test` };
  const alaLead = `Kancelaria Ali ${stamp}`;
  const bobLead = `Drukarnia Boba ${stamp}`;
  const alaLeadId = await submitContact(request, {
    name: alaLead,
    email: 'kancelaria@example.pl',
    company: 'Kancelaria',
  });
  const bobLeadId = await submitContact(request, { name: bobLead, email: 'drukarnia@example.pl' });

  await logIn(page, 'Kierownik');
  const alaLink = await addSalesPerson(page, ala.name, ala.email);
  const bobLink = await addSalesPerson(page, bob.name, bob.email);
  await assign(page, alaLeadId, alaLead, ala.name);
  await assign(page, bobLeadId, bobLead, bob.name);

  // Ala's morning: 'Moje leady' first, only hers, with the first-answer deadline.
  const { context: alaContext, page: alaPage } = await firstLogin(browser, alaLink, ala.email);
  await expect(alaPage.getByRole('heading', { name: 'Moje leady', level: 1 })).toBeVisible();
  const rows = alaPage.locator('.lead-list tbody tr');
  await expect(rows.filter({ hasText: alaLead })).toHaveCount(1);
  await expect(rows.filter({ hasText: bobLead })).toHaveCount(0);
  await expect(rows.filter({ hasText: alaLead })).toContainText(/do \d{4}-\d{2}-\d{2} \d{2}:\d{2}|po terminie/);
  await alaPage.screenshot({ path: 'test-results/sales-day-my-leads-1280.png', fullPage: true });

  // Stage, next step (Warsaw time), note.
  await alaPage.getByRole('link', { name: alaLead }).click();
  await alaPage.getByRole('combobox', { name: 'Etap', exact: true }).selectOption('oferta wysłana');
  await alaPage.getByRole('combobox', { name: 'Kolejny krok' }).selectOption('telefon');
  // A step in the past (a typo of the year) is a question at the field, not saved silently.
  // On a phone: the field keeps the focus and the question under it is in view.
  await alaPage.setViewportSize({ width: 375, height: 740 });
  await alaPage.getByLabel(/Termin kroku/).fill('2020-03-04T10:30');
  await alaPage.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(alaPage.getByRole('button', { name: 'Termin jest właściwy – zapisz' })).toBeInViewport();
  await expect(
    alaPage.getByRole('alert').filter({ hasText: 'Termin kolejnego kroku (2020-03-04 10:30) już minął.' }),
  ).toBeVisible();
  await expect(alaPage.getByLabel(/Termin kroku/)).toBeFocused();
  await expect(alaPage.getByRole('button', { name: 'Termin jest właściwy – zapisz' })).toBeVisible();
  for (const width of [375, 1280]) {
    await alaPage.setViewportSize({ width, height: 900 });
    await alaPage.getByRole('button', { name: 'Termin jest właściwy – zapisz' }).scrollIntoViewIfNeeded();
    await alaPage.screenshot({
      path: `${process.env.KSEROWO_SCREENSHOTS ?? 'test-results'}/lead-past-step-${width}.png`,
    });
  }
  await alaPage.getByLabel(/Termin kroku/).fill('2030-03-04T10:30');
  await expect(alaPage.getByRole('button', { name: 'Termin jest właściwy – zapisz' })).toHaveCount(0);
  await alaPage.getByRole('button', { name: 'Zapisz' }).click();
  await expect(message(alaPage, 'Zapisano.')).toBeVisible();
  await expect(alaPage.locator('.promise')).toContainText(/Pierwsza odpowiedź .*: \d{4}-\d{2}-\d{2} \d{2}:\d{2}, po/);
  await alaPage.getByLabel('Nowa notatka').fill('Wysłałam ofertę na dwie kserokopiarki.');
  await alaPage.getByRole('button', { name: 'Dodaj notatkę' }).click();
  await expect(alaPage.locator('.notes li')).toContainText(['Wysłałam ofertę na dwie kserokopiarki.']);
  await expect(alaPage.locator('.notes li').first()).toContainText(ala.name);
  // Sales cannot erase a lead: no button for it.
  await expect(alaPage.getByRole('button', { name: 'Usuń lead' })).toHaveCount(0);
  await alaPage.screenshot({ path: 'test-results/sales-day-lead-1280.png', fullPage: true });

  await alaPage.getByRole('link', { name: '← Wszystkie leady' }).click();
  const mine = alaPage.locator('.lead-list tbody tr').filter({ hasText: alaLead });
  await expect(mine).toContainText('oferta wysłana');
  await expect(mine).toContainText('telefon · 2030-03-04 10:30');
  await alaPage.getByRole('button', { name: 'Tablica etapów' }).click();
  await expect(
    alaPage.locator('.board-column', { has: alaPage.getByRole('heading', { name: /^oferta wysłana/ }) }),
  ).toContainText(alaLead);
  await alaPage.screenshot({ path: 'test-results/sales-day-board-1280.png', fullPage: true });

  // Ala takes over Bob's lead.
  await alaPage.getByRole('button', { name: 'Wszystkie leady' }).click();
  await alaPage.getByRole('button', { name: 'Lista' }).click();
  await alaPage.getByRole('link', { name: bobLead }).click();
  await alaPage.getByRole('button', { name: 'Przejmij lead' }).click();
  await expect(alaPage.getByText('Poprzednia osoba dostała e-mail.')).toBeVisible();

  // On a phone: Moje leady and the lead.
  await alaPage.setViewportSize({ width: 375, height: 800 });
  await alaPage.goto('/admin#leady');
  await alaPage.getByRole('button', { name: 'Moje leady' }).click();
  await expect(alaPage.getByRole('heading', { name: 'Moje leady', level: 1 })).toBeVisible();
  await expect(alaPage.locator('.lead-list tbody tr').filter({ hasText: bobLead })).toHaveCount(1);
  expect(await alaPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await alaPage.screenshot({ path: 'test-results/sales-day-my-leads-375.png', fullPage: true });
  await alaPage.getByRole('button', { name: 'Tablica etapów' }).click();
  await alaPage.screenshot({ path: 'test-results/sales-day-board-375.png', fullPage: true });
  await alaPage.goto(`/admin#leady/${alaLeadId}`);
  await expect(alaPage.getByRole('heading', { name: 'Notatki' })).toBeVisible();
  expect(await alaPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await alaPage.screenshot({ path: 'test-results/sales-day-lead-375.png', fullPage: true });
  await alaContext.close();

  // Bob finds the takeover e-mail on the lead he had.
  const { context: bobContext, page: bobPage } = await firstLogin(browser, bobLink, bob.email, {
    width: 375,
    height: 800,
  });
  await expect(bobPage.locator('.lead-list tbody tr').filter({ hasText: bobLead })).toHaveCount(0);
  await bobPage.goto(`/admin#leady/${bobLeadId}`);
  const mails = bobPage.locator('section', { has: bobPage.getByRole('heading', { name: 'Powiadomienia e-mail' }) });
  await expect(
    mails
      .locator('.mail')
      .filter({ hasText: `do ${bob.email}` })
      .filter({ hasText: 'Twój lead przejęła inna osoba' }),
  ).toHaveCount(1);
  await bobPage.screenshot({ path: 'test-results/sales-day-takeover-375.png', fullPage: true });
  await bobContext.close();

  // The manager sees it in the outbox, and the takeover in the audit log.
  await page.getByRole('link', { name: 'Wysyłka e-maili' }).click();
  await expect(
    page.locator('tr').filter({ hasText: 'Twój lead przejęła inna osoba' }).filter({ hasText: bobLead }).first(),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/sales-day-outbox-1280.png', fullPage: true });
  await page.getByRole('link', { name: 'Historia zmian' }).click();
  await expect(
    page.locator('.audit tbody tr').filter({ hasText: 'Leady: przejęcie' }).filter({ hasText: ala.email }).first(),
  ).toContainText('przejęcie od innej osoby: tak');
});
