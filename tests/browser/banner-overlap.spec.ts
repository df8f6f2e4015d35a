// The cookie banner never covers a sticky bar, a toast, a focused field or a form button,
// from 360 to 1280 px, and takes at most a quarter of a phone's screen.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { TOAST } from '../../widgets/core/errors.ts';

// 360 px stands for the phones: no media or container query of the site or the widgets falls
// between 360 and 375 px, and the narrower window is where the banner wraps the most.
const WIDTHS = [360, 768, 1280];
const ROUTES = ['/', '/modele', '/kontakt', '/konfigurator'];

const banner = (page: Page) => page.getByRole('region', { name: 'Zgoda na pliki cookies' });

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClear(page: Page, what: Locator, name: string): Promise<void> {
  await expect(what).toBeVisible();
  const [a, b] = [await what.boundingBox(), await banner(page).boundingBox()];
  expect(a, name).not.toBeNull();
  expect(intersect(a!, b!), `${name} ${JSON.stringify(a)} under the banner ${JSON.stringify(b)}`).toBe(false);
}

/**
 * Focuses every field and button of the page's forms and widgets (shadow roots included), one
 * after another, and lists those that end up under the banner.
 */
const focusedUnderBanner = (page: Page) =>
  page.evaluate(async () => {
    const bannerBox = document.getElementById('consent')!.getBoundingClientRect();
    const controls: HTMLElement[] = [];
    const collect = (root: ParentNode) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.shadowRoot) collect(el.shadowRoot);
        if (el.closest('#consent, .site-header, .site-footer')) continue;
        if (el.matches('input:not([type=hidden]), select, textarea, form button, [class*="k-root"] button'))
          controls.push(el);
      }
    };
    collect(document);
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const under: string[] = [];
    for (const el of controls) {
      if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue; // not shown
      el.focus();
      await frame();
      const box = el.getBoundingClientRect();
      if (box.bottom > bannerBox.top && box.top < bannerBox.bottom && box.height > 0)
        under.push(`${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? el.textContent?.trim().slice(0, 30)}`);
    }
    return { checked: controls.length, under };
  });

for (const width of WIDTHS)
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    for (const path of ROUTES)
      test(`${path}: no focused field or button under the banner`, async ({ page }) => {
        await page.goto(path);
        await expect(banner(page)).toBeVisible();
        await page.waitForLoadState('load');
        // Bring every widget in (each loads when it comes near the viewport).
        for (const tag of ['kserowo-pricing', 'kserowo-models', 'kserowo-configurator', 'kserowo-contact']) {
          const widget = page.locator(tag).first();
          if (!(await widget.count())) continue;
          await widget.evaluate((el) => el.scrollIntoView());
          await page.waitForFunction((t) => customElements.get(t), tag);
        }
        const { checked, under } = await focusedUnderBanner(page);
        expect(checked).toBeGreaterThan(0);
        expect(under).toEqual([]);
        const box = (await banner(page).boundingBox())!;
        if (width === 360) {
          expect(box.height).toBeLessThanOrEqual(740 / 4);
          if (process.env.KSEROWO_SCREENSHOTS)
            await page.screenshot({
              path: `${process.env.KSEROWO_SCREENSHOTS}/banner-360${path.replaceAll('/', '-')}.png`,
            });
        }
      });

    test('/modele: the compare bar stays above the banner', async ({ page }) => {
      await page.goto('/modele');
      const models = page.locator('kserowo-models');
      await models.getByRole('checkbox', { name: 'Porównaj C258' }).check();
      await models.getByRole('checkbox', { name: 'Porównaj 4052' }).check();
      // Scrolled to the top of the list, the bar sticks to the bottom of the window.
      await models
        .locator('.card')
        .first()
        .evaluate((card) => window.scrollBy(0, card.getBoundingClientRect().top - 100));
      const bar = models.locator('.bar');
      await expectClear(page, bar, 'compare bar');
      await expectClear(page, bar.getByRole('button', { name: 'Porównaj modele' }), 'compare button');
    });

    test('/konfigurator: a click on a device card while the banner is up selects it, and the page stays put', async ({
      page,
    }) => {
      await page.goto('/konfigurator');
      await expect(banner(page)).toBeVisible();
      const cfg = page.locator('kserowo-configurator');
      await cfg.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => customElements.get('kserowo-configurator'));
      const card = cfg.locator('label.dev').filter({ hasText: 'bizhub 4052' });
      // The card in the middle of the space above the banner, clear of it.
      await card.evaluate((el) => {
        const top = document.getElementById('consent')!.getBoundingClientRect().top;
        window.scrollBy({ top: el.getBoundingClientRect().top - top / 2, behavior: 'instant' });
      });
      await expectClear(page, card, 'device card');
      const before = await page.evaluate(() => window.scrollY);
      await card.getByText('Konica Minolta bizhub 4052').click();
      await expect(card.getByRole('radio')).toBeChecked();
      expect(await page.evaluate(() => window.scrollY), 'the page moved under the pointer').toBe(before);
    });

    test('the skip link takes a keyboard user to the start of the content, with its heading in view', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Przejdź do głównej treści' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const top = await page.locator('main').evaluate((el) => el.getBoundingClientRect().top);
      expect(top, "main's top is in the window").toBeGreaterThanOrEqual(-1);
      expect(top).toBeLessThan(width < 768 ? 740 : 800);
      // The page's heading is not under the sticky header either.
      const header = (await page.locator('.site-header').boundingBox())!;
      const heading = (await page.locator('main h1').boundingBox())!;
      expect(heading.y, 'the heading starts below the sticky header').toBeGreaterThanOrEqual(header.y + header.height);
    });

    for (const path of ['/kontakt', '/'])
      test(`${path}: the contact form's toast and the field it focuses stay above the banner`, async ({ page }) => {
        await page.goto(path);
        const form = page.locator('kserowo-contact');
        await form.scrollIntoViewIfNeeded();
        await form.getByLabel(/Imię i nazwisko/).fill('Jan Kowalski');
        await form.getByLabel(/^Email/).fill('jan@');
        await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
        const toast = form.getByRole('alert').filter({ hasText: TOAST.badEmail.title });
        await expectClear(page, toast, 'toast');
        await expect(form.getByLabel(/^Email/)).toBeFocused();
        await expectClear(page, form.getByLabel(/^Email/), 'focused e-mail field');
      });
  });
