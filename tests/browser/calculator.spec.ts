// 'Nie wiem, ile drukuję' in the configurator and <kserowo-calculator> on a partner page.
import { expect, test, type Page } from '@playwright/test';
import { type PartnerSite, startPartnerSite } from './fixtures/partner-site.ts';
import { ESTIMATE_ERRORS } from '../../widgets/core/estimate.ts';

const cfg = (page: Page) => page.locator('kserowo-configurator');

/** Two readings 30 days apart: 2000 mono and 300 colour pages → 2027 and 304 a month. */
async function fillReadings(page: Page, secondMono = '12000') {
  const c = cfg(page);
  const first = c.getByRole('group', { name: 'Pierwszy odczyt' });
  const second = c.getByRole('group', { name: 'Drugi odczyt' });
  await first.getByLabel('Data odczytu').fill('2026-01-10');
  await first.getByLabel('Licznik mono (czarno-białe)').fill('10000');
  await first.getByLabel('Licznik kolor').fill('2000');
  await second.getByLabel('Data odczytu').fill('2026-02-09');
  await second.getByLabel('Licznik mono (czarno-białe)').fill(secondMono);
  await second.getByLabel('Licznik kolor').fill('2300');
}

test.describe('the configurator with the calculator', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/konfigurator?step=2&device=km-c3320i');
    await expect(cfg(page).getByRole('heading', { name: /Wybierz pakiet/ })).toBeVisible();
  });

  test('two readings give the volume, the recommendation and the saving, then a quote whose page shows them', async ({
    page,
  }) => {
    const c = cfg(page);
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await c.getByRole('button', { name: 'Nie wiem, ile drukuję' }).click();
    await expect(c.getByText('Licznik”', { exact: false })).toBeVisible();
    // The panel is its own chunk, loaded only now.
    expect(chunks.some((p) => /calculator-panel\.\w+\.js$/.test(p))).toBe(true);
    await fillReadings(page);
    // Enter inside the panel calculates; it does not submit the configurator's form.
    await c.getByRole('group', { name: 'Drugi odczyt' }).getByLabel('Licznik kolor').press('Enter');
    const live = c.locator('.kc-live').first();
    await expect(live).toContainText('Średnio 2027 stron mono i 304 strony kolorowe miesięcznie.');
    await expect(live).toContainText(
      'Polecamy Business: przy 2027 stronach mono i 304 stronach kolorowych Basic kosztowałby',
    );
    await expect(c.getByLabel('Strony mono')).toHaveValue('2027');
    await expect(c.getByLabel('Strony kolorowe')).toHaveValue('304');
    await expect(c.getByRole('radio', { name: /Business/ })).toBeChecked();

    await c.getByRole('button', { name: 'Porównaj z obecną umową' }).click();
    await c.getByLabel('Opłata miesięczna netto (zł)').fill('300');
    await c.getByLabel(/Cena za stronę mono/).fill('0,05');
    await c.getByLabel(/Cena za stronę kolor/).fill('0,30');
    await c.getByLabel(/Strony mono w cenie/).fill('1000');
    await c.getByLabel(/Strony kolor w cenie/).fill('100');
    await c.getByLabel(/Toner miesięcznie/).fill('20');
    await c.getByRole('button', { name: 'Porównaj koszty' }).click();
    await expect(c.getByText('Oszczędzasz 179,39 zł netto miesięcznie.')).toBeVisible();
    await expect(c.locator('.kc-table')).toContainText('432,55 zł netto (532,04 zł brutto)');

    for (const [width, height] of [
      [1280, 900],
      [375, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await c.locator('.kc').screenshot({ path: `/tmp/i16-calculator-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.evaluate(() => {
      (window as unknown as { leads: unknown[] }).leads = [];
      document.addEventListener('kserowo:lead', (e) =>
        (window as unknown as { leads: unknown[] }).leads.push((e as CustomEvent).detail),
      );
    });
    await c.getByRole('button', { name: 'Dalej' }).click();
    await c.getByLabel('Imię i nazwisko').fill('Anna Nowak');
    await c.getByRole('textbox', { name: /^E-mail/ }).fill('anna@firma.pl');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
    await c.getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    const sent = JSON.parse(res.request().postData() ?? '{}');
    expect(sent.estimate.source).toBe('counters');
    expect(sent.comparison.monthlyFee).toBe(300);
    const body = (await res.json()) as { url: string; savingsMonthly: number };
    expect(body.savingsMonthly).toBe(179.39);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { leads: unknown[] }).leads))
      .toEqual([expect.objectContaining({ volume_mono: 2027, volume_color: 304, savings_monthly: 179.39 })]);

    await page.goto(body.url);
    await expect(page.getByRole('heading', { name: 'Porównanie z obecną umową' })).toBeVisible();
    await expect(page.getByText('z dwóch odczytów licznika (30 dni)')).toBeVisible();
    await expect(page.getByRole('row', { name: /Oszczędność miesięcznie/ })).toContainText('179,39 zł netto');
    for (const [width, height] of [
      [1280, 900],
      [375, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `/tmp/i16-quote-${width}.png`, fullPage: true });
    }
  });

  test('a wrong reading shows its Polish error and keeps what was typed', async ({ page }) => {
    const c = cfg(page);
    await c.getByRole('button', { name: 'Nie wiem, ile drukuję' }).click();
    await fillReadings(page, '9000');
    await c.getByRole('button', { name: 'Oblicz liczbę stron' }).click();
    const field = c.getByRole('group', { name: 'Drugi odczyt' }).getByLabel('Licznik mono (czarno-białe)');
    await expect(c.getByText(ESTIMATE_ERRORS.lower).first()).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('9000');
    await expect(c.getByRole('group', { name: 'Pierwszy odczyt' }).getByLabel('Data odczytu')).toHaveValue(
      '2026-01-10',
    );
    await expect(c.getByLabel('Strony mono')).toHaveValue('');
    await expect(c.getByRole('heading', { name: /Wybierz pakiet/ })).toBeVisible();
  });
});

test.describe('<kserowo-calculator> on a partner page', () => {
  let site: PartnerSite;
  test.beforeAll(async () => {
    site = await startPartnerSite();
  });
  test.afterAll(async () => site.close());

  test('works under the strict CSP and hostile CSS, with the keyboard, and emits kserowo:estimate', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(
      site.page({ body: '<kserowo-calculator id="calc" partner="drukarnia-abc"></kserowo-calculator>', hostile: true }),
    );
    const calc = page.locator('kserowo-calculator');
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    const compareChunk = (p: string) => /calculator-compare\.\w+\.js$/.test(p);
    const profileTab = calc.getByRole('tab', { name: 'Z profilu biura' });
    await calc.getByRole('tab', { name: 'Z liczników urządzenia' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(profileTab).toBeFocused();
    await expect(profileTab).toHaveAttribute('aria-selected', 'true');
    await calc.getByLabel('Ile osób drukuje?').fill('4');
    await calc.getByRole('radio', { name: /Mało/ }).check();
    await calc.getByLabel('Udział wydruków kolorowych (%)').fill('10');
    await calc.getByRole('button', { name: 'Oblicz liczbę stron' }).click();
    await expect(calc.getByText('Średnio 360 stron mono i 40 stron kolorowych miesięcznie.')).toBeVisible();
    await expect(calc.getByText(/To szacunek: zależnie od nawyków biura od 200 do 600 stron/)).toBeVisible();
    await expect(calc.getByRole('link', { name: 'Przejdź do konfiguratora z tą liczbą stron' })).toHaveAttribute(
      'href',
      /mono=360&color=40/,
    );
    // The comparison's code is not part of the first load: it comes when the visitor opens it.
    expect(chunks.filter(compareChunk)).toEqual([]);
    await calc.getByRole('button', { name: 'Porównaj z obecną umową' }).click();
    await expect.poll(() => chunks.filter(compareChunk).length).toBe(1);
    await calc.getByLabel('Opłata miesięczna netto (zł)').fill('100');
    await calc.getByLabel('Opłata miesięczna netto (zł)').press('Enter');
    await expect(calc.getByText(/^Uczciwie: przy tej liczbie stron obecna umowa jest tańsza o/)).toBeVisible();
    await calc.screenshot({ path: '/tmp/i16-partner-360.png' });

    const recorded = await page.evaluate(() => ({
      events: (window as unknown as { kserowoEvents: { type: string; detail: unknown }[] }).kserowoEvents,
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    }));
    expect(recorded.violations).toEqual([]);
    const estimates = recorded.events.filter((e) => e.type === 'kserowo:estimate').map((e) => e.detail);
    expect(estimates).toEqual([
      { mono: 360, color: 40, source: 'profile' },
      { mono: 360, color: 40, source: 'profile', savingsMonthly: expect.any(Number) },
    ]);
    expect((estimates[1] as { savingsMonthly: number }).savingsMonthly).toBeLessThan(0);
    // 360 px: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
