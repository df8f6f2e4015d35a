import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

const models = (page: Page) => page.locator('kserowo-models');
const cards = (page: Page) => models(page).locator('.card');

/** The names the cards show, as `Konica Minolta bizhub <model>` for the spec's model numbers. */
const named = (...modelNumbers: string[]) =>
  modelNumbers.map((m) => `Konica Minolta bizhub ${m.replace('bizhub ', '')}`);
const shownNames = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allTextContents();

/** Widgets load as they come near the viewport: scroll to the list and wait for the upgrade. */
async function upgraded(page: Page) {
  await models(page).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => !!customElements.get('kserowo-models'))).toBe(true);
}

/** Presses Tab until `target` has focus (keyboard only, from wherever focus is). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el.matches(':focus'))); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

const radio = (page: Page, name: RegExp) => models(page).getByRole('radio', { name });
const compareBox = (page: Page, model: string) => models(page).getByRole('checkbox', { name: `Porównaj ${model}` });

test.describe('<kserowo-models> on /modele', () => {
  test.describe('when the page loads', () => {
    test('shows all eight models in the popular order with their cards', async ({ page }) => {
      await page.goto('/modele');
      await expect(cards(page)).toHaveCount(8);
      expect(await shownNames(page)).toEqual(
        named('C258', 'C3320i', 'bizhub 227', '4052', 'C3350i', '308', 'C250i', 'C458'),
      );
      const c3320i = cards(page).nth(1);
      await expect(c3320i).toContainText('Kolor');
      await expect(c3320i).toContainText('A4');
      await expect(c3320i).toContainText('Odnowiony');
      await expect(c3320i).toContainText('Model: C3320i');
      await expect(c3320i).toContainText('od 195 zł netto / mies.');
      await expect(c3320i).toContainText('239,85 zł brutto');
      await expect(c3320i).toContainText('W pakiecie Basic: 900 str. mono + 150 str. kolor miesięcznie');
      await expect(c3320i.locator('.pkgs')).toHaveText(['Basic195 zł', 'Business235 zł', 'Premium279 zł'].join(''));
      const features = c3320i.locator('.features li');
      expect(await features.count()).toBeGreaterThanOrEqual(3);
      expect(await features.count()).toBeLessThanOrEqual(5);
      await expect(features.first()).toContainText('33 str./min');
      await expect(cards(page).nth(2)).toContainText('Mono');
      await expect(cards(page).nth(2)).toContainText('W pakiecie Basic: 1000 str. mono miesięcznie');
      await expect(cards(page).nth(2)).not.toContainText('str. kolor');
      await expect(radio(page, /^Wszystkie \(8\)$/).first()).toBeChecked();
      await expect(radio(page, /^Najpopularniejsze$/)).toBeChecked();
    });

    test('"Skonfiguruj" leads to the configurator with the device and the campaign', async ({ page }) => {
      await page.goto('/modele');
      const cta = models(page).getByRole('link', { name: 'Skonfiguruj Konica Minolta bizhub C258' });
      const href = '/konfigurator?device=km-c258&utm_source=site&utm_medium=models&utm_campaign=device_selection';
      await expect(cta).toHaveAttribute('href', href);
      await upgraded(page);
      await expect(cta).toHaveAttribute('href', href);
      await cta.click();
      // The configurator there (sync-url) may add its own step and choices to the URL.
      await page.waitForURL(/\/konfigurator\?/);
      const arrived = new URL(page.url());
      for (const [key, value] of new URL(href, page.url()).searchParams)
        expect(arrived.searchParams.get(key), key).toBe(value);
    });
  });

  test.describe('filters and sort', () => {
    test('Kolor shows the five colour models and counts the formats among them', async ({ page }) => {
      await page.goto('/modele');
      await upgraded(page);
      await radio(page, /^Kolor/).check();
      expect(await shownNames(page)).toEqual(named('C258', 'C3320i', 'C3350i', 'C250i', 'C458'));
      await expect(radio(page, /^Kolor \(5\)$/)).toBeChecked();
      await expect(radio(page, /^A4 \(2\)$/)).toBeVisible();
      await expect(radio(page, /^A3 \(3\)$/)).toBeVisible();
      await expect(radio(page, /^Wszystkie \(5\)$/)).toBeVisible();
    });

    test('Kolor and A4 combine to the two colour A4 models', async ({ page }) => {
      await page.goto('/modele');
      await upgraded(page);
      await radio(page, /^Kolor/).check();
      await radio(page, /^A4/).check();
      expect(await shownNames(page)).toEqual(named('C3320i', 'C3350i'));
      await expect(radio(page, /^Mono \(1\)$/)).toBeVisible();
    });

    test('Mono and A3 combine to the two mono A3 models; Wszystkie brings all back', async ({ page }) => {
      await page.goto('/modele');
      await upgraded(page);
      await radio(page, /^Mono/).check();
      await radio(page, /^A3/).check();
      expect(await shownNames(page)).toEqual(named('bizhub 227', '308'));
      await models(page)
        .getByRole('group', { name: 'Rodzaj' })
        .getByRole('radio', { name: /^Wszystkie/ })
        .check();
      await models(page)
        .getByRole('group', { name: 'Format' })
        .getByRole('radio', { name: /^Wszystkie/ })
        .check();
      await expect(cards(page)).toHaveCount(8);
    });

    test('"Najniższa cena" sorts by the lowest monthly price, also within a filter', async ({ page }) => {
      await page.goto('/modele');
      await upgraded(page);
      await radio(page, /^Najniższa cena$/).check();
      expect(await shownNames(page)).toEqual(
        named('4052', 'C3320i', 'C3350i', 'bizhub 227', '308', 'C258', 'C250i', 'C458'),
      );
      await expect(cards(page).first()).toContainText('od 175 zł');
      await radio(page, /^Mono/).check();
      expect(await shownNames(page)).toEqual(named('4052', 'bizhub 227', '308'));
      await radio(page, /^Najpopularniejsze$/).check();
      expect(await shownNames(page)).toEqual(named('bizhub 227', '4052', '308'));
    });
  });

  test.describe('compare', () => {
    test('shows two or three chosen models side by side, and refuses a fourth', async ({ page }) => {
      await page.goto('/modele');
      await upgraded(page);
      await compareBox(page, 'C258').check();
      const bar = models(page).locator('.bar');
      await expect(bar).toContainText('Do porównania: C258');
      await expect(bar).toContainText('Wybierz jeszcze jeden model');
      await expect(bar.getByRole('button', { name: /Porównaj modele/ })).toHaveCount(0);
      await compareBox(page, '4052').check();
      await compareBox(page, 'C3320i').check();
      await expect(bar).toContainText('Do porównania: C258, 4052, C3320i');
      await compareBox(page, '308').click();
      await expect(compareBox(page, '308')).not.toBeChecked();
      await expect(bar).toContainText('Możesz porównać najwyżej 3 modele');

      await bar.getByRole('button', { name: 'Porównaj modele (3)' }).click();
      const dialog = models(page).getByRole('dialog', { name: 'Porównanie modeli' });
      await expect(dialog).toBeVisible();
      const table = dialog.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(named('C258', '4052', 'C3320i'));
      const rowOf = (label: string) =>
        table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
          .getByRole('cell');
      await expect(rowOf('Rodzaj')).toHaveText(['Kolor', 'Mono', 'Kolor']);
      await expect(rowOf('Format')).toHaveText(['A3', 'A4', 'A4']);
      await expect(rowOf('Cena od')).toHaveText([
        '309 zł netto / mies.',
        '175 zł netto / mies.',
        '195 zł netto / mies.',
      ]);
      await expect(rowOf('Basic')).toHaveText([
        '309 zł1500 str. mono + 500 str. kolor',
        '175 zł1000 str. mono',
        '195 zł900 str. mono + 150 str. kolor',
      ]);
      await expect(rowOf('Premium')).toHaveText([
        '375 zł5000 str. mono + 2000 str. kolor',
        '239 zł4000 str. mono',
        '279 zł2800 str. mono + 600 str. kolor',
      ]);
      await expect(rowOf('Ponad limit: mono')).toHaveText(['0,04 zł', '0,05 zł', '0,08 zł']);
      await expect(rowOf('Ponad limit: kolor')).toHaveText(['0,19 zł', '—', '0,22 zł']);
      await expect(dialog.getByRole('link', { name: 'Skonfiguruj Konica Minolta bizhub 4052' })).toHaveAttribute(
        'href',
        '/konfigurator?device=km-4052&utm_source=site&utm_medium=models&utm_campaign=device_selection',
      );

      await dialog.getByRole('button', { name: 'Zamknij' }).click();
      await expect(dialog).toHaveCount(0);
      await compareBox(page, 'C258').uncheck();
      await bar.getByRole('button', { name: 'Porównaj modele (2)' }).click();
      await expect(models(page).getByRole('dialog').getByRole('columnheader')).toHaveText(named('4052', 'C3320i'));
    });
  });

  test.describe('by keyboard alone', () => {
    test('filters move with the arrow keys and compare opens and closes from the keyboard', async ({ page }) => {
      await page.goto('/modele');
      const all = models(page)
        .getByRole('group', { name: 'Rodzaj' })
        .getByRole('radio', { name: /^Wszystkie/ });
      await tabTo(page, all);
      await expect.poll(() => page.evaluate(() => !!customElements.get('kserowo-models'))).toBe(true);
      await expect(all).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(radio(page, /^Mono/)).toBeFocused();
      await expect(radio(page, /^Mono/)).toBeChecked();
      await expect(cards(page)).toHaveCount(3);
      await page.keyboard.press('Tab');
      await expect(
        models(page)
          .getByRole('group', { name: 'Format' })
          .getByRole('radio', { name: /^Wszystkie/ }),
      ).toBeFocused();
      await page.keyboard.press('ArrowRight');
      expect(await shownNames(page)).toEqual(named('4052'));
      await page.keyboard.press('ArrowRight');
      expect(await shownNames(page)).toEqual(named('bizhub 227', '308'));
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      await expect(radio(page, /^Najniższa cena$/)).toBeChecked();

      await tabTo(page, compareBox(page, 'bizhub 227'));
      await page.keyboard.press('Space');
      await tabTo(page, compareBox(page, '308'));
      await page.keyboard.press('Space');
      const open = models(page).getByRole('button', { name: 'Porównaj modele (2)' });
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      const dialog = models(page).getByRole('dialog', { name: 'Porównanie modeli' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('columnheader')).toHaveText(named('bizhub 227', '308'));
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(open).toBeFocused();
    });
  });

  test.describe('the URL (sync-url)', () => {
    test('holds the filters, order and compared models, keeps other parameters, and brings the view back', async ({
      page,
    }) => {
      await page.goto('/modele?utm_source=news#top');
      await upgraded(page);
      await radio(page, /^Kolor/).check();
      await radio(page, /^A4/).check();
      await compareBox(page, 'C3350i').check();
      await expect(page).toHaveURL(/\/modele\?utm_source=news&type=color&format=A4&compare=km-c3350i#top$/);
      const historyLength = await page.evaluate(() => history.length);
      await radio(page, /^Najniższa cena$/).check();
      await expect(page).toHaveURL(/[?&]order=price(&|#|$)/);
      expect(await page.evaluate(() => history.length)).toBe(historyLength);

      await page.reload();
      await upgraded(page);
      expect(await shownNames(page)).toEqual(named('C3320i', 'C3350i'));
      await expect(radio(page, /^Kolor/)).toBeChecked();
      await expect(radio(page, /^Najniższa cena$/)).toBeChecked();
      await expect(compareBox(page, 'C3350i')).toBeChecked();

      await models(page)
        .getByRole('group', { name: 'Rodzaj' })
        .getByRole('radio', { name: /^Wszystkie/ })
        .check();
      await models(page)
        .getByRole('group', { name: 'Format' })
        .getByRole('radio', { name: /^Wszystkie/ })
        .check();
      await radio(page, /^Najpopularniejsze$/).check();
      await compareBox(page, 'C3350i').uncheck();
      await expect(page).toHaveURL(/\/modele\?utm_source=news#top$/);
    });

    test('a shared link opens the same view', async ({ page }) => {
      await page.goto('/modele?type=mono&order=price&compare=km-4052,km-227');
      await upgraded(page);
      expect(await shownNames(page)).toEqual(named('4052', 'bizhub 227', '308'));
      await expect(models(page).locator('.bar')).toContainText('Do porównania: 4052, bizhub 227');
    });
  });

  test.describe('without sync-url (a partner page)', () => {
    test('leaves the host URL alone', async ({ page }) => {
      await page.goto('/404?partner=page');
      await page.evaluate(() => {
        document.querySelector('main')!.innerHTML = '<kserowo-models filters></kserowo-models>';
      });
      await upgraded(page);
      await expect(cards(page)).toHaveCount(8);
      await radio(page, /^Mono/).check();
      await compareBox(page, '4052').check();
      await expect(cards(page)).toHaveCount(3);
      expect(new URL(page.url()).search).toBe('?partner=page');
      // It links to our configurator on our own origin.
      await expect(models(page).getByRole('link', { name: /Skonfiguruj .*4052/ })).toHaveAttribute(
        'href',
        /\/konfigurator\?device=km-4052&/,
      );
    });
  });

  test.describe('accessibility', () => {
    const axe = (page: Page) => new AxeBuilder({ page });

    test('axe finds no violations on the page, with filters used and with compare open', async ({ page }) => {
      test.slow(); // three full-page scans
      await page.goto('/modele');
      await upgraded(page);
      expect((await axe(page).analyze()).violations).toEqual([]);
      await radio(page, /^Kolor/).check();
      await compareBox(page, 'C258').check();
      await compareBox(page, 'C458').check();
      expect((await axe(page).analyze()).violations).toEqual([]);
      await models(page).getByRole('button', { name: 'Porównaj modele (2)' }).click();
      await expect(models(page).getByRole('dialog')).toBeVisible();
      expect((await axe(page).analyze()).violations).toEqual([]);
    });
  });

  test.describe('at 375 and 1280 px', () => {
    for (const width of [375, 1280]) {
      test(`fits ${width} px without horizontal scroll, also with compare open (screenshots)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/modele');
        await upgraded(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `tests/browser/screenshots/modele-${width}.png`, fullPage: true });
        await compareBox(page, 'C258').check();
        await compareBox(page, 'C3320i').check();
        await compareBox(page, '4052').check();
        await models(page)
          .getByRole('button', { name: /Porównaj modele/ })
          .click();
        await expect(models(page).getByRole('dialog')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `tests/browser/screenshots/modele-compare-${width}.png` });
      });
    }
  });
});

test.describe('<kserowo-models> on the home page', () => {
  test('shows exactly C258, C3320i and bizhub 227, in that order, and a link to all models', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#products');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Nasze modele kserokopiarek');
    expect(await shownNames(page)).toEqual(named('C258', 'C3320i', 'bizhub 227'));
    await upgraded(page);
    expect(await shownNames(page)).toEqual(named('C258', 'C3320i', 'bizhub 227'));
    await expect(models(page).getByRole('radio')).toHaveCount(0);
    await expect(models(page).getByRole('checkbox')).toHaveCount(0);
    await expect(cards(page).nth(1)).toContainText('od 195 zł netto / mies.');
    await section.getByRole('link', { name: 'Zobacz wszystkie modele' }).click();
    await expect(page).toHaveURL('/modele');
  });

  test('axe finds no violations in the models section', async ({ page }) => {
    await page.goto('/');
    await upgraded(page);
    expect((await new AxeBuilder({ page }).include('#products').analyze()).violations).toEqual([]);
  });

  for (const width of [375, 1280]) {
    test(`fits ${width} px (screenshot)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await upgraded(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.locator('#products').screenshot({ path: `tests/browser/screenshots/home-models-${width}.png` });
    });
  }
});
