// The advisor across the whole catalogue: a 12-person law firm that knows neither the model
// nor its volume goes from the calculator to a stored quote with its volume and its saving,
// on our site (/kalkulator → /konfigurator) and on a partner's pages (the calculator's link
// hands the figures over in the configurator's URL, without sync-url).
import { expect, test, type Page, type Locator } from '@playwright/test';
import { type PartnerSite, startPartnerSite } from './fixtures/partner-site.ts';
import { storedLead, storedLeads } from './fixtures/stored.ts';

/** 12 people, 'Dużo' (500 pages each), 15 % colour: 5 100 mono + 900 colour pages a month. */
async function lawFirm(calc: Locator, compare = true) {
  await calc.getByRole('tab', { name: 'Z profilu biura' }).click();
  await calc.getByLabel('Ile osób drukuje?').fill('12');
  await calc.getByRole('radio', { name: /Dużo/ }).check();
  await calc.getByLabel('Udział wydruków kolorowych (%)').fill('15');
  await calc.getByRole('button', { name: 'Oblicz liczbę stron' }).click();
  await expect(calc.getByText('Średnio 5100 stron mono i 900 stron kolorowych miesięcznie.')).toBeVisible();
  // C258 Premium: 375 + 100 × 0,04 = 379,00 zł, the cheapest colour device built for it.
  await expect(
    calc.getByText('Polecamy: Konica Minolta bizhub C258 Premium – 379,00 zł netto miesięcznie.'),
  ).toBeVisible();
  if (!compare) return;
  await calc.getByRole('button', { name: 'Porównaj z obecną umową' }).click();
  await calc.getByLabel('Opłata miesięczna netto (zł)').fill('650');
  await calc.getByRole('button', { name: 'Porównaj koszty' }).click();
  // 650,00 − 379,00 = 271,00 zł a month.
  await expect(calc.getByText('Oszczędzasz 271,00 zł netto miesięcznie.')).toBeVisible();
}

/** Step 2 with the handed-over figures, then the contact step and the quote; answers the stored quote. */
async function sendQuote(page: Page, email: string) {
  const cfg = page.locator('kserowo-configurator');
  await expect(cfg.getByRole('heading', { name: /Wybierz pakiet/ })).toBeVisible();
  await expect(cfg.getByLabel('Strony mono')).toHaveValue('5100');
  await expect(cfg.getByLabel('Strony kolorowe')).toHaveValue('900');
  await expect(cfg.getByRole('radio', { name: /Premium/ })).toBeChecked();
  await cfg.getByRole('button', { name: 'Dalej' }).click();
  await cfg.getByLabel('Imię i nazwisko').fill('Kancelaria Prawna');
  await cfg.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await cfg.getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const sent = JSON.parse(res.request().postData() ?? '{}');
  expect(sent).toMatchObject({
    deviceId: 'km-c258',
    level: 'premium',
    volume: { mono: 5100, color: 900 },
    estimate: { source: 'profile', people: 12, profile: 'lot', colorShare: 15 },
    comparison: { monthlyFee: 650 },
  });
  const body = (await res.json()) as { url: string; savingsMonthly: number };
  expect(body.savingsMonthly).toBe(271);

  // Stored, e-mailed to the sales team and on the quote page, with the volume and the saving.
  const [listed] = await storedLeads(email);
  const detail = await storedLead(String(listed?.id));
  expect(detail.quote?.volume).toEqual({ mono: 5100, color: 900 });
  expect(detail.quote?.estimateRows.map((r) => r.join(': '))).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Oszczędność miesięcznie: 271,00 zł netto/)]),
  );
  const mail = detail.notifications.map((n) => n.body).join('\n');
  expect(mail).toContain('5100 stron mono + 900 stron kolorowych');
  expect(mail).toMatch(/Oszczędność miesięcznie\W+271,00 zł netto/);
  expect(mail).toMatch(/Przez 24 miesiące\W+6504,00 zł netto/);
  await page.goto(body.url);
  await expect(page.getByRole('row', { name: /Oszczędność miesięcznie/ })).toContainText('271,00 zł netto');
  await expect(page.getByRole('row', { name: /Przez 24 miesiące/ })).toContainText('6504,00 zł netto');
  await expect(page.locator('main')).toContainText('5100 stron mono + 900 stron kolorowych');
}

test('a law firm goes from /kalkulator to a stored quote with its volume and saving', async ({ page }) => {
  await page.goto('/');
  // From the home page: the configurator teaser's link to the calculator.
  await page.locator('#configurator').getByRole('link', { name: 'Nie wiem, który model i ile drukuję' }).click();
  await expect(page).toHaveURL(/\/kalkulator$/);
  const calc = page.locator('kserowo-calculator');
  await lawFirm(calc);
  await calc.getByRole('link', { name: 'Przejdź do konfiguratora z tą liczbą stron' }).click();
  await expect(page).toHaveURL(/\/konfigurator\?/);
  await sendQuote(page, `kancelaria-${Date.now()}@firma.pl`);
});

test.describe('on a partner page', () => {
  let site: PartnerSite;
  test.beforeAll(async () => {
    site = await startPartnerSite();
  });
  test.afterAll(async () => site.close());

  test('the calculator hands the figures to the configurator on another partner page, without sync-url', async ({
    page,
  }) => {
    const offer = site.page({ body: '<kserowo-configurator partner="drukarnia-abc"></kserowo-configurator>' });
    await page.goto(
      site.page({
        body: `<kserowo-calculator partner="drukarnia-abc" configurator-url="${offer}"></kserowo-calculator>`,
        hostile: true,
      }),
    );
    const calc = page.locator('kserowo-calculator');
    await lawFirm(calc);
    await calc.getByRole('link', { name: 'Przejdź do konfiguratora z tą liczbą stron' }).click();
    await expect(page).toHaveURL(new RegExp(`^${offer}\\?`));
    await sendQuote(page, `partner-kancelaria-${Date.now()}@firma.pl`);
  });
});

test('the configurator offers the advisor in both steps, the clicked device beside the best one', async ({ page }) => {
  await page.goto('/konfigurator?step=2&device=km-c3320i');
  const cfg = page.locator('kserowo-configurator');
  await cfg.getByRole('button', { name: 'Nie wiem, ile drukuję' }).click();
  await lawFirm(cfg, false);
  // C3320i Premium: 279 + 2 300 × 0,08 + 300 × 0,22 = 529,00 zł: 150,00 zł a month more.
  await expect(cfg.locator('.kc-clicked')).toContainText(
    'Wybrane urządzenie: Konica Minolta bizhub C3320i Premium – 529,00 zł netto, 150,00 zł netto miesięcznie więcej niż polecana oferta (3600,00 zł przez 24 miesiące, 5400,00 zł przez 36 miesięcy) nie jest zbudowane na tyle stron miesięcznie.',
  );
  await cfg.getByRole('button', { name: 'Wybierz Konica Minolta bizhub C258 Premium' }).click();
  await expect(cfg.locator('.for')).toContainText('Konica Minolta bizhub C258');
  await expect(cfg.getByRole('radio', { name: /Premium/ })).toBeChecked();
  // The quote of the advised C258 keeps the clicked C3320i beside it, priced by the server.
  await cfg.getByRole('button', { name: 'Dalej' }).click();
  await cfg.getByLabel('Imię i nazwisko').fill('Kancelaria Prawna');
  await cfg.getByRole('textbox', { name: /^E-mail/ }).fill(`kancelaria-c3320i-${Date.now()}@firma.pl`);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await cfg.getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
  const res = await answer;
  expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ deviceId: 'km-c258', clicked: 'km-c3320i' });
  await page.goto(((await res.json()) as { url: string }).url);
  await expect(page.getByRole('row', { name: /Urządzenie wybrane na początku/ })).toContainText(
    'Konica Minolta bizhub C3320i Premium – 529,00 zł netto miesięcznie',
  );
  await expect(page.getByRole('row', { name: /Różnica względem polecanej oferty/ })).toContainText(
    '150,00 zł netto miesięcznie więcej (3600,00 zł przez 24 miesiące)',
  );

  await page.goto('/konfigurator');
  await cfg.getByRole('button', { name: 'Nie wiem, który model i ile drukuję' }).click();
  await expect(cfg.getByRole('tab', { name: 'Z profilu biura' })).toBeVisible();
});

test('a transposed digit in the counters is questioned before any offer', async ({ page }) => {
  await page.goto('/kalkulator');
  const calc = page.locator('kserowo-calculator');
  const first = calc.getByRole('group', { name: 'Pierwszy odczyt' });
  const second = calc.getByRole('group', { name: 'Drugi odczyt' });
  await first.getByLabel('Data odczytu').fill('2026-10-01');
  await first.getByLabel('Licznik mono (czarno-białe)').fill('45000');
  await first.getByLabel(/Licznik kolor/).fill('1200');
  await second.getByLabel('Data odczytu').fill('2026-10-31');
  // 64 890 typed for 46 890: 19 890 pages in 30 days, 20 155 a month.
  await second.getByLabel('Licznik mono (czarno-białe)').fill('64890');
  await second.getByLabel(/Licznik kolor/).fill('1380');
  await calc.getByRole('button', { name: 'Oblicz liczbę stron' }).click();
  const ask = calc.getByRole('alert').filter({ hasText: 'czy żadna cyfra nie jest przestawiona?' });
  // The meter form's rule: over 3 × the usual month of the catalogue (3 750 pages).
  await expect(ask).toContainText(
    '20\u00a0337 stron miesięcznie to ponad 3 razy więcej, niż przewiduje największy pakiet typowego urządzenia z naszej oferty (3750 stron).',
  );
  await expect(calc.getByText(/^Polecamy:/)).toHaveCount(0);
  await expect(calc.getByRole('link', { name: 'Przejdź do konfiguratora z tą liczbą stron' })).toHaveCount(0);
  await calc.getByRole('button', { name: 'Tak, liczby są poprawne' }).click();
  await expect(calc.getByText(/Żadne z naszych urządzeń nie jest zbudowane na tyle stron miesięcznie/)).toBeVisible();
  // 12 139 pages a month: the C458 Premium would fit them, and still the counters are asked about.
  await second.getByLabel('Licznik mono (czarno-białe)').fill('56800');
  await calc.getByRole('button', { name: 'Oblicz liczbę stron' }).click();
  await expect(ask).toContainText('12\u00a0139 stron miesięcznie to ponad 3 razy więcej');
  await expect(calc.getByText(/^Polecamy:/)).toHaveCount(0);
  await calc.getByRole('button', { name: 'Tak, liczby są poprawne' }).click();
  await expect(calc.getByText(/^Polecamy: Konica Minolta bizhub C458 Premium/)).toBeVisible();
  // The right digits: 1 915 mono + 182 colour pages, the C3320i Business at 244,20 zł.
  await second.getByLabel('Licznik mono (czarno-białe)').fill('46890');
  await calc.getByRole('button', { name: 'Oblicz liczbę stron' }).click();
  await expect(calc.getByText('Średnio 1915 stron mono i 182 strony kolorowe miesięcznie.')).toBeVisible();
  await expect(
    calc.getByText('Polecamy: Konica Minolta bizhub C3320i Business – 244,20 zł netto miesięcznie.'),
  ).toBeVisible();
});
