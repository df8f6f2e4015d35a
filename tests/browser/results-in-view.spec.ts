// The result where the eye is: after 'Wyślij zapytanie o wycenę' the configurator's success
// box (its heading, 'Zamów online') is inside the view and focused, on a phone and wider, on
// our page and on a partner's page of its own layout.
import { expect, test, type Page } from '@playwright/test';
import { startPartnerSite, type PartnerSite } from './fixtures/partner-site.ts';

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => {
  await site.close();
});

const SIZES = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

/** Where the success box's heading and order link are, and what has the focus. */
const placement = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('kserowo-configurator')!;
    const root = host.shadowRoot!;
    const done = root.querySelector<HTMLElement>('[part~="done"]')!;
    const heading = done.querySelector('h2')!.getBoundingClientRect();
    const order = [...done.querySelectorAll('a')].find((a) => a.textContent === 'Zamów online')!;
    const link = order.getBoundingClientRect();
    const inView = (r: DOMRect) => r.top >= 0 && r.bottom <= innerHeight;
    const atLink = root.elementFromPoint(link.left + link.width / 2, link.top + link.height / 2);
    return {
      headingInView: inView(heading),
      orderInView: inView(link),
      orderUncovered: atLink === order || order.contains(atLink),
      focusInBox: document.activeElement === host && done.contains(root.activeElement),
    };
  });

async function sendQuote(page: Page): Promise<void> {
  const cfg = page.locator('kserowo-configurator');
  await cfg.getByLabel('Imię i nazwisko').fill('Anna Nowak');
  await cfg.getByRole('textbox', { name: /^E-mail/ }).fill('anna@firma.pl');
  // The visitor scrolls on to the button at the form's end, as one does on a phone.
  await cfg.getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
  await expect(cfg.getByRole('heading', { name: /^Wycena KS-\d{4}-\d{6} jest gotowa$/ })).toBeAttached();
  // The view may move smoothly to the box: wait until it stands still.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = scrollY;
        setTimeout(() => resolve(scrollY === y), 200);
      }),
  );
}

for (const size of SIZES)
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: size });

    test('on /konfigurator the success box and "Zamów online" are in view and the box has the focus', async ({
      page,
    }) => {
      await page.goto('/konfigurator?step=3&device=km-c258&package=business');
      await sendQuote(page);
      expect(await placement(page)).toEqual({
        headingInView: true,
        orderInView: true,
        orderUncovered: true,
        focusInBox: true,
      });
      await page.screenshot({ path: `/tmp/h-front-quote-done-${size.width}.png` });
    });

    test("on a partner's page (content above and below) the success box is in view and focused", async ({ page }) => {
      const filler = '<p class="filler">Drukarnia ABC – o nas.</p>';
      await page.goto(
        site.page({
          body: `${filler}<kserowo-configurator partner="drukarnia-abc" device="km-c258" package="business"></kserowo-configurator>${filler}`,
          css: '.filler { height: 900px }',
        }),
      );
      const cfg = page.locator('kserowo-configurator');
      await cfg.scrollIntoViewIfNeeded();
      await cfg.getByRole('button', { name: 'Dalej' }).click();
      await sendQuote(page);
      expect(await placement(page)).toMatchObject({ headingInView: true, orderInView: true, focusInBox: true });
    });
  });
