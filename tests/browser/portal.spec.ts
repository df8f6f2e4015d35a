// The customer's page /konto as a customer uses it: found from the home page, signed in
// through the e-mail's link after a mail scanner opened it, two devices, a fault on the
// Premium one with its 4 h deadline, a reading, a toner order the team then accepts;
// the header and footer links of every page; /serwis's fallback when its code is blocked.
import { type Page, expect, test } from '@playwright/test';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { publicRoutes } from '../../site/routes.ts';
import { logIn } from './admin-helpers.ts';
import { d1, signInLink } from './test-db.ts';

/** A signed contract of two devices (Premium colour, Basic mono) for `email`, as the contract record keeps it. */
async function seedContract(email: string, tag: string): Promise<{ premium: string; basic: string }> {
  const premium = `PK${tag}P`;
  const basic = `PK${tag}B`;
  const seq = Number(tag.slice(-6));
  const id = `c-${tag}`;
  const rate = (serial: string, deviceId: string, name: string, type: string, level: string, values: string) =>
    `INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type, level,
       monthly_price, monthly_limit, color_limit, overage_mono, overage_color, created_by)
     SELECT id, '2025-02-01', 0, '${deviceId}', '${name}', '${type}', '${level}', ${values}, 'test' FROM devices WHERE serial = '${serial}';`;
  await d1(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by)
       VALUES ('${id}', printf('UM-2025-%06d', ${seq}), 2025, ${seq}, 'Drukarnia Portalowa sp. z o.o.', NULL, '${email}', '2025-02-01', 36, 0, 'test');
     INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, email, phone, contract_id, reading_token)
       VALUES ('${premium}', 'km-c3320i', 'premium', '2025-02-01', 36, 'Drukarnia Portalowa sp. z o.o.', '${email}', '600100200', '${id}', 'tok-${tag}-p'),
              ('${basic}', 'km-227', 'basic', '2025-02-01', 36, 'Drukarnia Portalowa sp. z o.o.', '${email}', '600100200', '${id}', 'tok-${tag}-b');
     ${rate(premium, 'km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'premium', '279, 2800, 600, 0.08, 0.22')}
     ${rate(basic, 'km-227', 'Konica Minolta bizhub 227', 'mono', 'basic', '219, 1000, NULL, 0.04, NULL')}`,
  );
  return { premium, basic };
}

const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// The whole visit once, on a phone (fault, reading and toner are the worker's answers, the same at
// every width); at 1280 px the test below walks what the width changes.
{
  const width = 375;
  test(`a customer with two devices finds the portal, signs in through a scanned link and uses it (${width} px)`, async ({
    page,
    browser,
  }) => {
    // Many steps on a shared machine: more than the default minute.
    test.setTimeout(180_000);
    const tag = `${width}${String(Date.now()).slice(-6)}`;
    const email = `klient-${tag}@drukarnia.pl`;
    const { premium, basic } = await seedContract(email, tag);
    await page.setViewportSize({ width, height: 900 });

    // The customer's whole visit is timed and printed (a figure for the notes, never asserted).
    const started = Date.now();
    await page.goto('/');
    if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Strefa klienta' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/konto$/);
    await page.getByLabel('E-mail z umowy').first().fill(email);
    await page.getByRole('button', { name: 'Wyślij link do logowania' }).click();
    await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible();

    const link = await signInLink(email);
    expect(new URL(link).pathname).toBe('/konto/zaloguj');
    // A mail scanner opens the link first: it gets the page with the button, and spends nothing.
    const scanner = await browser.newContext();
    const scanned = await scanner.request.get(link);
    expect(scanned.status()).toBe(200);
    expect(await scanned.text()).not.toContain(premium);
    await scanner.close();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Logowanie do strefy klienta' })).toBeVisible();
    await shoot(page, 'konto-przycisk');
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page).toHaveURL(/\/konto$/);
    const devices = page.locator('.portal-device');
    await expect(devices).toHaveCount(2);
    const premiumCard = devices.filter({ hasText: premium });
    const basicCard = devices.filter({ hasText: basic });
    await expect(premiumCard).toContainText('4 h robocze (SLA Premium)');
    await expect(basicCard).toContainText('24 h robocze');
    await shoot(page, 'konto-urzadzenia');

    // A fault on the Premium device: its 4 h clock.
    await premiumCard.locator('summary', { hasText: 'Zgłoś awarię' }).click();
    await premiumCard.getByLabel('Co się dzieje?').selectOption({ label: 'Kod błędu na panelu' });
    await premiumCard.getByLabel('Opis problemu').fill('Kod C2557 na panelu, nie drukuje.');
    await premiumCard.getByLabel('Imię i nazwisko').fill('Anna Nowak');
    await premiumCard.getByLabel('Telefon do serwisanta').fill('600 100 200');
    await premiumCard.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    const notice = page.locator('#portal-notice');
    await expect(notice).toContainText(
      /Przyjęliśmy zgłoszenie SR-\d{4}-\d{6}\. Serwis zareaguje w ciągu 4 h roboczych – do /,
    );
    await expect(page.getByRole('region', { name: 'Zgłoszenia serwisowe' })).toContainText('reakcja w 4 h robocze');
    await shoot(page, 'konto-zgloszenie');

    // A reading of the Premium device: no serial typed, counted at once.
    const premiumAgain = page.locator('.portal-device').filter({ hasText: premium });
    await premiumAgain.locator('summary', { hasText: 'Podaj stan licznika' }).click();
    await premiumAgain.getByLabel('Strony czarno-białe (licznik)').fill('15200');
    await premiumAgain.getByLabel('Strony kolorowe (licznik)').fill('2300');
    await premiumAgain.getByRole('button', { name: 'Zapisz odczyt' }).click();
    await expect(notice).toContainText(
      /Zapisaliśmy odczyt ODC-\d+ \(Konica Minolta bizhub C3320i, 15\s200 mono, 2300 kolor\)/,
    );
    await expect(page.getByRole('table', { name: new RegExp(premium) })).toContainText('15');

    // Toner for the mono device: black only; with one reading it waits for the team.
    const basicAgain = page.locator('.portal-device').filter({ hasText: basic });
    await basicAgain.locator('summary', { hasText: 'Zamów toner' }).click();
    await expect(basicAgain.getByRole('checkbox')).toHaveCount(1);
    await basicAgain.getByRole('checkbox', { name: /czarny/ }).check();
    await basicAgain.getByRole('button', { name: 'Wyślij zamówienie' }).click();
    await expect(notice).toContainText(/Przyjęliśmy zamówienie tonera TON-\d{4}-\d{6} \(czarny \(K\): do akceptacji\)/);
    const orderNo = /TON-\d{4}-\d{6}/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    // A second black cartridge is not offered while the first is on its way.
    const basicAfter = page.locator('.portal-device').filter({ hasText: basic });
    await basicAfter.locator('summary', { hasText: 'Zamów toner' }).click();
    await expect(basicAfter.getByRole('checkbox', { name: /czarny.*w drodze/ })).toBeDisabled();
    await shoot(page, 'konto-toner');

    // The team accepts it in the admin.
    const team = await browser.newPage();
    await logIn(team, 'Serwis');
    await team.goto('/admin#tonery');
    const row = team.getByRole('row').filter({ hasText: orderNo });
    await expect(row).toContainText('do akceptacji');
    await row.getByRole('button', { name: 'Akceptuj' }).click();
    await expect(team.getByRole('row').filter({ hasText: orderNo })).toContainText('przyjęte (Serwis)');
    await team.close();

    await page.getByRole('button', { name: 'Wyloguj' }).click();
    await expect(page.getByRole('button', { name: 'Wyślij link do logowania' })).toBeVisible();
    await expect(page.locator('.portal-device')).toHaveCount(0);
    console.log(`portal: the customer's visit at ${width} px took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

test('at 1280 px the customer finds the portal in the header, signs in, and each device opens its three forms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `1280${String(Date.now()).slice(-6)}`;
  const email = `klient-${tag}@drukarnia.pl`;
  const { premium, basic } = await seedContract(email, tag);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  // From 1024 px the header shows the link itself, with no burger menu.
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await page.getByRole('banner').getByRole('link', { name: 'Strefa klienta' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/konto$/);
  await page.getByLabel('E-mail z umowy').first().fill(email);
  await page.getByRole('button', { name: 'Wyślij link do logowania' }).click();
  await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible();
  await page.goto(await signInLink(email));
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/konto$/);
  const devices = page.locator('.portal-device');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: premium })).toContainText('4 h robocze (SLA Premium)');
  await expect(devices.filter({ hasText: basic })).toContainText('24 h robocze');
  const card = devices.filter({ hasText: premium });
  await card.locator('summary', { hasText: 'Zgłoś awarię' }).click();
  await expect(card.getByLabel('Opis problemu')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Wyślij zgłoszenie' })).toBeVisible();
  await card.locator('summary', { hasText: 'Podaj stan licznika' }).click();
  await expect(card.getByLabel('Strony kolorowe (licznik)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Zapisz odczyt' })).toBeVisible();
  await card.locator('summary', { hasText: 'Zamów toner' }).click();
  await expect(card.getByRole('checkbox', { name: /czarny/ })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Wyślij zamówienie' })).toBeVisible();
  // Nothing of the page is wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page.locator('.portal-device')).toHaveCount(0);
});

test("every page links 'Strefa klienta' in its header and the customer forms in its footer", async ({ page }) => {
  for (const route of [...publicRoutes, '/nie-ma-takiej-strony']) {
    await page.goto(route);
    const header = page.getByRole('banner').getByRole('link', { name: 'Strefa klienta' });
    // One of the two (the header's from 1024 px, the burger menu's below) shows at a time.
    await expect(header.filter({ visible: true }), route).toHaveCount(1);
    await expect(header.first(), route).toHaveAttribute('href', '/konto');
    const footer = page.getByRole('navigation', { name: 'Dla klientów' });
    await expect(footer.getByRole('link', { name: 'Strefa klienta' }), route).toHaveAttribute('href', '/konto');
    await expect(footer.getByRole('link', { name: 'Zgłoś awarię' }), route).toHaveAttribute('href', '/serwis');
    await expect(footer.getByRole('link', { name: 'Podaj stan licznika' }), route).toHaveAttribute('href', '/licznik');
  }
  await page.goto('/kontakt');
  await page.getByRole('main').getByRole('link', { name: 'Zgłoś awarię' }).click();
  await expect(page).toHaveURL(/\/serwis$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Podaj stan licznika' }).click();
  await expect(page).toHaveURL(/\/licznik$/);
});

test('the burger menu at 375 px offers the customer page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/serwis');
  const link = page.getByRole('navigation', { name: 'Główna nawigacja' }).getByRole('link', { name: 'Strefa klienta' });
  await expect(link).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/konto$/);
});

for (const { path: route, chunk, title } of [
  { path: '/serwis', chunk: /\/widgets\/v1\/service\.[0-9a-f]+\.js$/, title: FALLBACK.service },
  { path: '/licznik', chunk: /\/widgets\/v1\/meter\.[0-9a-f]+\.js$/, title: FALLBACK.meter },
])
  test(`${route} with its code blocked shows '${title}' instead of '${FALLBACK.loading}' forever`, async ({ page }) => {
    await page.route(chunk, (r) => r.abort());
    await page.goto(route);
    const fallback = page.locator('[data-widget-fallback]');
    await expect(fallback.getByRole('heading', { name: title })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(FALLBACK.loading)).toBeHidden();
    await expect(fallback.getByRole('link', { name: FALLBACK.home })).toHaveAttribute('href', '/');
    await shoot(page, `fallback${route.replace('/', '-')}`);
  });
