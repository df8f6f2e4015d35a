// From /konfigurator to a signed rental contract without a phone call (DESIGN §8, §9): the
// company by NIP from the White List stand-in (shown, never typed), the signer, a delivery
// day, the document, the code read from the admin outbox, the acceptance, then the
// verification's instructions (a 1,00 zł transfer from the company's listed account); the
// team verifies (by hand here; by a statement in payments.spec.ts) and records the
// installation, which starts the contract, and the customer signs in to /konto (the link of
// the sign-in e-mail, the scanner-safe button) and finds the installed device there.
// At 1280 px by mouse and at 375 px by keyboard.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { OrderListRow } from '../../worker/admin-shared/admin-api-orders.ts';
import { mkdirSync } from 'node:fs';
import { addTeamPerson, adminCookie, base, codeFromOutbox, logIn, logInWithAccount, message } from './admin-helpers.ts';
import { signInLink } from './test-db.ts';

/** Screenshots looked at for the verified-customer work. */
const SHOTS = process.env.KSEROWO_SCREENSHOTS ?? 'test-results/shots';
mkdirSync(SHOTS, { recursive: true });

/** After the acceptance: the verification's instructions, with the order's number in the title. */
async function seesVerification(page: Page, number: string) {
  const verify = page.getByRole('region', { name: /Weryfikacja firmy: przelew 1,00 zł/ });
  await expect(verify).toBeVisible();
  await expect(verify).toContainText('Stan zamówienia: do weryfikacji');
  await expect(verify.locator('#verify-title-text')).toHaveText(`Weryfikacja ${number}`);
  await expect(verify.locator('#verify-amount')).toHaveText('1,00 zł');
  await expect(verify.locator('#verify-from')).toContainText('…2874');
}
const cfg = (page: Page) => page.locator('kserowo-configurator');

/** What the order page's summary says of the quote: the device's name, the package, the term. */
async function quoteFacts(page: Page): Promise<{ device: string; level: string; term: string }> {
  const cell = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
  const text = async (name: string) => (await cell(name).textContent()) ?? '';
  return {
    device: (await text('Urządzenie')).replace(/ \(.*$/, ''),
    level: (await text('Pakiet')).replace(/:.*$/, ''),
    term: await text('Okres umowy'),
  };
}

/**
 * The customer signs in to /konto as a customer does: the address typed, the link read
 * from the sign-in e-mail in the outbox, the button pressed (a mail scanner's GET spends
 * nothing); then the installed device's card shows its model, serial, package and term.
 */
async function portalShowsDevice(
  page: Page,
  email: string,
  device: { serial: string; name: string; level: string; term: string },
  shot: string,
) {
  await page.goto('/konto');
  await page.getByLabel('E-mail z umowy').first().fill(email);
  await page.getByRole('button', { name: 'Wyślij link do logowania' }).click();
  await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible();
  await page.goto(await signInLink(email));
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/konto$/);
  const card = page.locator('.portal-device').filter({ hasText: device.serial });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(device.name);
  await expect(card).toContainText(`Pakiet${device.level}`);
  await expect(card).toContainText(new RegExp(`UM-\\d{4}-\\d{6}: od [^,]+, ${device.term}, do `));
  await page.screenshot({ path: `test-results/${shot}`, fullPage: true });
}

/** Configurator → quote, as a visitor does; answers the quote's number. */
async function quoteFromConfigurator(page: Page, email: string): Promise<string> {
  await page.goto('/konfigurator?device=km-c3320i');
  await expect(cfg(page).getByRole('heading', { level: 2 }).first()).toContainText('Wybierz pakiet');
  await cfg(page).getByRole('button', { name: 'Dalej' }).click();
  await cfg(page).getByLabel('Imię i nazwisko').fill('Jan Kowalski');
  await cfg(page)
    .getByRole('textbox', { name: /^E-mail/ })
    .fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await cfg(page).getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
  const body = (await (await answer).json()) as { number: string };
  await expect(cfg(page).getByRole('heading', { name: `Wycena ${body.number} jest gotowa` })).toBeVisible();
  return body.number;
}

/** Presses Tab until the element with `id` has the focus (keyboard only). */
async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 40; i++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

test('at 1280 px: configurator → order → code from the outbox → signed; the team records the installation; the customer finds the device in /konto', async ({
  page,
}) => {
  // The whole way, from the configurator to the customer's portal, on a shared machine: more than the default minute.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `zamowienie-${Date.now()}@example.pl`;
  const number = await quoteFromConfigurator(page, email);
  await cfg(page).getByRole('link', { name: 'Zamów online' }).click();
  await expect(page.getByRole('heading', { name: `Zamówienie do wyceny ${number}` })).toBeVisible();
  const facts = await quoteFacts(page);

  await page.getByLabel('NIP').fill('5260250274');
  await page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }).click();
  await expect(page.locator('#vat-check')).toContainText('Czynny podatnik VAT');
  // The register's data are shown, not typed: there is no field for them.
  await expect(page.locator('#company-name')).toHaveText('MINISTERSTWO FINANSÓW');
  await expect(page.locator('#company-address')).toHaveText('ŚWIĘTOKRZYSKA 12, 00-916 WARSZAWA');
  await expect(page.getByLabel('Pełna nazwa firmy')).toHaveCount(0);
  await page.getByLabel('Imię i nazwisko').fill('Jan Kowalski');
  await page.getByLabel('Stanowisko lub funkcja').fill('Dyrektor generalny');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel('Telefon').fill('+48 59 123 45 67');
  await page.getByLabel(/mogę reprezentować tę firmę/).check();
  await page.getByLabel(/Miasto obsługi/).selectOption('Słupsk');
  const firstDay = await page.locator('#f-date option').nth(1).getAttribute('value');
  await page.getByLabel('Dzień dostawy i instalacji').selectOption(firstDay ?? '');
  await page.getByLabel(/Adres dostawy/).fill('ul. Długa 5, 76-200 Słupsk');
  await page.screenshot({ path: 'test-results/order-1280-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Przygotuj umowę i wyślij kod' }).click();

  await expect(page.getByRole('heading', { name: /Przeczytaj umowę/ })).toBeFocused();
  await expect(page.locator('#doc-text')).toContainText(`UMOWA NAJMU URZĄDZENIA WIELOFUNKCYJNEGO do wyceny ${number}`);
  await expect(page.locator('#doc-text')).toContainText(
    'Status VAT w wykazie podatników VAT Ministerstwa Finansów: Czynny',
  );
  await page.screenshot({ path: 'test-results/order-1280-document.png', fullPage: true });
  // The form, the document and the code field together: no accessibility violation.
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
    ),
  ).toEqual([]);

  // A wrong code first: refused next to the field, attempts counted.
  const code = await codeFromOutbox(email);
  await page.getByLabel(/Kod z e-maila/).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Akceptuję umowę' }).click();
  await expect(page.locator('#err-code')).toContainText('Nieprawidłowy kod');
  await page.getByLabel(/Kod z e-maila/).fill(code);
  await page.getByRole('button', { name: 'Akceptuję umowę' }).click();
  await expect(
    page.getByRole('heading', { name: 'Zamówienie podpisane – czekamy na przelew weryfikacyjny' }),
  ).toBeFocused();
  await seesVerification(page, number);
  await page.screenshot({ path: `${SHOTS}/order-1280-verification.png`, fullPage: true });

  // The team sees it and records the installation, which starts the contract.
  await logIn(page);
  await page.goto('/admin#zamowienia');
  const row = page.getByRole('row', { name: /MINISTERSTWO FINANSÓW/ }).filter({ hasText: number });
  await expect(row).toContainText('podpisane');
  await row.getByRole('link', { name: 'Szczegóły' }).click();
  await expect(page.getByRole('heading', { name: `Zamówienie ${number}` })).toBeVisible();
  await expect(page.locator('pre.document')).toContainText(`do wyceny ${number}`);
  // The order and its lead link each other: to the lead (won only once the company is verified), and back.
  await page.getByRole('link', { name: 'Lead tego zamówienia' }).click();
  const leadOrder = page.getByRole('region', { name: 'Zamówienie online' });
  await expect(leadOrder).toContainText('MINISTERSTWO FINANSÓW · podpisane');
  await page.screenshot({ path: 'test-results/order-1280-lead.png', fullPage: true });
  await leadOrder.getByRole('link', { name: 'Otwórz zamówienie' }).click();
  await expect(page.getByRole('heading', { name: `Zamówienie ${number}` })).toBeVisible();
  // No installation before the company is verified: the owner checks it by hand, saying what was checked.
  await expect(page.getByRole('button', { name: 'Zapisz protokół i rozpocznij umowę' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /^Weryfikacja/ })).toContainText('do weryfikacji');
  const handCheck = page.getByRole('form', { name: 'Weryfikacja ręczna' });
  await handCheck.getByLabel('Co sprawdzono').selectOption('phone');
  // The order's own number is not a register's: refused next to its field.
  await handCheck.getByLabel('Numer telefonu z rejestru').fill('+48 59 123 45 67');
  await handCheck.getByLabel('Rejestr, z którego wzięto numer').selectOption('KRS');
  await handCheck
    .getByLabel('Co potwierdzono (wymagane)')
    .fill('Sekretariat potwierdził zamówienie i osobę podpisującą.');
  await handCheck.getByRole('button', { name: 'Zweryfikuj firmę' }).click();
  await expect(message(page, /numer podany w zamówieniu/, 'alert')).toBeVisible();
  await expect(handCheck.getByLabel('Numer telefonu z rejestru')).toHaveAttribute('aria-invalid', 'true');
  await handCheck.getByLabel('Numer telefonu z rejestru').fill('22 694 55 55');
  await page.screenshot({ path: `${SHOTS}/order-1280-hand-check.png`, fullPage: true });
  await handCheck.getByRole('button', { name: 'Zweryfikuj firmę' }).click();
  await expect(page.getByRole('row', { name: /^Weryfikacja/ })).toContainText('zweryfikowane');
  await expect(page.getByRole('row', { name: /^Weryfikacja/ })).toContainText('telefon 22 694 55 55 (numer z KRS)');
  // The one who verified by hand does not install: a second person (the service desk) records the protocol.
  const technician = await addTeamPerson('service');
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await logInWithAccount(page, technician.email, technician.password);
  await page.goto(`/admin#zamowienia`);
  await page
    .getByRole('row', { name: /MINISTERSTWO FINANSÓW/ })
    .filter({ hasText: number })
    .getByRole('link', { name: 'Szczegóły' })
    .click();
  await expect(page.getByRole('heading', { name: `Zamówienie ${number}` })).toBeVisible();
  const serial = `ZAM${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel('Numer seryjny').fill(serial);
  await page.getByLabel('Początkowy licznik mono').fill('1200');
  // The starting colour counter is the sum the accepted terms count as colour pages.
  await expect(page.locator('label').filter({ has: page.getByLabel('Początkowy licznik kolor') })).toContainText(
    'Suma liczników pełnego koloru, jednego koloru i dwóch kolorów: tak warunki umowy liczą strony kolorowe.',
  );
  await page.getByLabel('Początkowy licznik kolor').fill('340');
  await page.getByRole('button', { name: 'Zapisz protokół i rozpocznij umowę' }).click();
  await expect(message(page, /Umowa UM-\d{4}-\d{6}/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Umowa UM-/ })).toBeVisible();
  await expect(page.getByText('Strony w trybach jednego i dwóch kolorów: liczone jak strony kolorowe')).toBeVisible();
  await expect(page.locator('main, body').first()).toContainText(serial);
  await page.screenshot({ path: 'test-results/order-1280-admin.png', fullPage: true });

  // The contract's customer is the signer's e-mail: their portal shows the installed device.
  await portalShowsDevice(
    page,
    email,
    { serial, name: facts.device, level: facts.level, term: facts.term },
    'order-1280-konto.png',
  );
});

test('at 375 px by keyboard only: the order page from NIP to the signed contract; once installed, the device in /konto', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const email = `klawiatura-${Date.now()}@example.pl`;
  await quoteFromConfigurator(page, email);
  const orderLink = cfg(page).getByRole('link', { name: 'Zamów online' });
  await orderLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Zamówienie do wyceny/ })).toBeVisible();
  const facts = await quoteFacts(page);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await tabTo(page, 'f-nip');
  await page.keyboard.type('526-025-02-74');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Pobierz dane z wykazu VAT
  await expect(page.locator('#vat-check')).toContainText('Czynny podatnik VAT');
  await tabTo(page, 'f-signerName');
  await page.keyboard.type('Jan Kowalski');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Prezes zarządu');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('591234567');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.locator('#f-represents')).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('l'); // type-ahead: the only city with an L
  await expect(page.locator('#f-city')).toHaveValue('Lębork');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => `${document.activeElement?.tagName}#${document.activeElement?.id}`);
  expect(focused).toBe('SELECT#f-date');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#f-date')).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ul. Kopernika 1, 84-300 Lębork');
  await page.screenshot({ path: 'test-results/order-375-form.png', fullPage: true });
  await tabTo(page, 'order-submit');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: /Przeczytaj umowę/ })).toBeFocused();
  await page.screenshot({ path: 'test-results/order-375-document.png', fullPage: false });
  await tabTo(page, 'f-code');
  await page.keyboard.type(await codeFromOutbox(email));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Zamówienie podpisane – czekamy na przelew weryfikacyjny' }),
  ).toBeFocused();
  const number =
    (await page.getByRole('heading', { level: 1 }).textContent())?.replace(/^Zamówienie do wyceny /, '') ?? '';
  await seesVerification(page, number);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/order-375-verification.png`, fullPage: true });

  // The team's installation protocol (through the API here; the 1280 px test fills the panel's form).
  const cookie = await adminCookie();
  const { orders } = (await (await fetch(`${base}/api/admin/orders`, { headers: { cookie } })).json()) as {
    orders: OrderListRow[];
  };
  const order = orders.find((o) => o.signer_email === email);
  const verified = await fetch(`${base}/api/admin/orders/${order?.id}/verify`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({
      check: 'document',
      document: 'odpis aktualny z KRS i pełnomocnictwo podpisującego',
      note: 'Rozmowa z podpisującym, numer z rejestru; firma potwierdzona.',
    }),
  });
  expect(verified.status).toBe(200);
  // A second person installs: a service account of its own (the owner's secret login verified).
  const technician = await addTeamPerson('service');
  const signedIn = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: technician.email, password: technician.password }),
  });
  expect(signedIn.status).toBe(200);
  const serviceCookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const serial = `KLW${Date.now().toString(36).toUpperCase()}`;
  const installed = await fetch(`${base}/api/admin/orders/${order?.id}/installation`, {
    method: 'POST',
    headers: { cookie: serviceCookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({
      installedOn: new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date()),
      serial,
      mono: 15,
      color: 4,
      termMonths: 12,
    }),
  });
  expect(installed.status).toBe(201);
  await portalShowsDevice(
    page,
    email,
    { serial, name: facts.device, level: facts.level, term: facts.term },
    'order-375-konto.png',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the NIP look-up shows only what the register says: no company outside it, none that is not an active VAT taxpayer', async ({
  page,
  request,
}) => {
  const quote = await request.post('/api/quotes', {
    data: {
      deviceId: 'km-4052',
      level: 'basic',
      term: 24,
      contact: { name: 'Ewa', email: 'ewa@example.pl' },
      submissionId: crypto.randomUUID(),
    },
  });
  const { id } = (await quote.json()) as { id: string };
  await page.goto(`/wycena/${id}`);
  await page.getByRole('link', { name: 'Zamów online' }).click();
  await page.getByLabel('NIP').fill('5260250275');
  await page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }).click();
  await expect(page.locator('#err-nip')).toContainText('prawidłowy numer NIP');
  await expect(page.getByLabel('NIP')).toBeFocused();
  await page.getByLabel('NIP').fill('8390000063'); // valid, but not in the register
  await page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }).click();
  await expect(page.locator('#err-nip')).toContainText('Nie znaleźliśmy tego NIP w wykazie');
  await page.getByLabel('NIP').fill('8390000034'); // the stand-in's API error
  await page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }).click();
  await expect(page.locator('#vat-check')).toContainText('chwilowo nie odpowiada');
  await expect(page.locator('#company')).toBeHidden();
  await page.getByLabel('NIP').fill('8390000011'); // exempt from VAT
  await page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }).click();
  await expect(page.locator('#vat-check')).toContainText('To nie jest czynny podatnik VAT');
  await expect(page.locator('#company-vat')).toContainText('Zwolniony');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280])
    test(`the order page works as plain forms: the summary, the terms, the document and the code, to the signed contract (${width} px)`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const email = `bez-js-${width}-${Date.now()}@example.pl`;
      const quote = await request.post('/api/quotes', {
        data: {
          deviceId: 'km-4052',
          level: 'business',
          term: 36,
          contact: { name: 'Ewa Nowak', email },
          submissionId: crypto.randomUUID(),
        },
      });
      const { id, number } = (await quote.json()) as { id: string; number: string };
      await page.goto(`/zamowienie/${id}`);
      await expect(page.getByRole('heading', { name: `Zamówienie do wyceny ${number}` })).toBeVisible();
      await expect(page.getByRole('row', { name: /^Urządzenie/ })).toContainText('bizhub 4052');
      // The look-up works as a form too: the page comes back with the register's company shown, the fields kept.
      await page.getByLabel('Imię i nazwisko').fill('Ewa Nowak');
      await page.getByLabel('NIP').fill('5260250274');
      await page.getByRole('button', { name: 'Pobierz dane z wykazu VAT' }).click();
      await expect(page.locator('#company-name')).toHaveText('MINISTERSTWO FINANSÓW');
      await expect(page.getByLabel('Imię i nazwisko')).toHaveValue('Ewa Nowak');
      await page.screenshot({ path: `${SHOTS}/order-nojs-${width}-company.png`, fullPage: true });

      // Sent without the declaration: the page comes back with the error next to it, the fields kept.
      await page.getByLabel('Stanowisko lub funkcja').fill('Prezes zarządu');
      await page.getByLabel(/^E-mail/).fill(email);
      await page.getByLabel('Telefon').fill('591234567');
      await page.getByLabel(/Miasto obsługi/).selectOption('Słupsk');
      // Every city's free days under its name, without the script.
      const slupskDay = await page.locator('#f-date optgroup[label="Słupsk"] option').first().getAttribute('value');
      await page.getByLabel('Dzień dostawy i instalacji').selectOption(slupskDay ?? '');
      await page.getByLabel(/Adres dostawy/).fill('ul. Długa 5, 76-200 Słupsk');
      await page.getByRole('button', { name: 'Przygotuj umowę i wyślij kod' }).click();
      await expect(page.locator('#err-represents')).toContainText('Potwierdź, że możesz reprezentować firmę');
      // The page opens at the refusal above the form, which links to the field.
      await expect(page.locator('#order-status').getByRole('link')).toHaveAttribute('href', '#f-represents');
      await expect(page.getByLabel('Stanowisko lub funkcja')).toHaveValue('Prezes zarządu');
      await expect(page.getByLabel('Dzień dostawy i instalacji')).toHaveValue(slupskDay ?? '');
      await page.screenshot({ path: `test-results/order-nojs-${width}-error.png`, fullPage: true });

      await page.getByLabel(/mogę reprezentować tę firmę/).check();
      await page.getByRole('button', { name: 'Przygotuj umowę i wyślij kod' }).click();
      // The next step, rendered by the server: the document with its versioned terms, readable and downloadable.
      await expect(page).toHaveURL(new RegExp(`/zamowienie/${id}#accept$`));
      await expect(page.getByRole('heading', { name: /Przeczytaj umowę/ })).toBeVisible();
      const documentText = page.locator('#doc-text');
      await expect(documentText).toContainText(`UMOWA NAJMU URZĄDZENIA WIELOFUNKCYJNEGO do wyceny ${number}`);
      await expect(documentText).toContainText('Ogólne warunki najmu urządzeń Kserowo (wersja');
      await expect(documentText).toContainText('Status VAT w wykazie podatników VAT Ministerstwa Finansów: Czynny');
      const href = await page.getByRole('link', { name: 'Pobierz umowę (TXT)' }).first().getAttribute('href');
      const downloaded = await request.get(href ?? '');
      expect(downloaded.status()).toBe(200);
      expect(await downloaded.text()).toContain(`do wyceny ${number}`);
      await page.screenshot({ path: `test-results/order-nojs-${width}-document.png`, fullPage: true });

      const code = await codeFromOutbox(email);
      await page.getByLabel(/Kod z e-maila/).fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Akceptuję umowę' }).click();
      await expect(page.locator('#err-code')).toContainText('Nieprawidłowy kod');
      await page.getByRole('button', { name: 'Wyślij nowy kod' }).click();
      await expect(page.locator('#code-status')).toContainText('Wysłaliśmy nowy kod');
      await page.getByLabel(/Kod z e-maila/).fill(await codeFromOutbox(email));
      await page.getByRole('button', { name: 'Akceptuję umowę' }).click();
      await expect(page).toHaveURL(new RegExp(`/zamowienie/${id}#done$`));
      await expect(
        page.getByRole('heading', { name: 'Zamówienie podpisane – czekamy na przelew weryfikacyjny' }),
      ).toBeVisible();
      await expect(page.locator('#done')).toContainText('Wybrany dzień dostawy i instalacji:');
      // Not a contract yet: the page says it waits for the company's transfer.
      await expect(page.locator('#done')).not.toContainText('Umowa zawarta');
      await seesVerification(page, number);
      await expect(page.locator('#order-form')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/order-nojs-${width}-signed.png`, fullPage: true });
    });
});
