// A right-to-left host page (<html dir="rtl">, e.g. a partner's Arabic or Hebrew site) must not
// mirror our Polish widgets: `all: initial` leaves `direction` inherited, so every widget root
// sets `direction: ltr` and `dir="ltr"`. Each widget is compared pixel for pixel with the same
// page written left to right.
import { expect, test, type Page } from '@playwright/test';
import { startPartnerSite, widgetTags, type PartnerSite } from './fixtures/partner-site.ts';
import { MAX_DIFF_RATIO, comparePngs } from './fixtures/pixels.ts';

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => site.close());

const body = widgetTags
  .map((tag) => `<section class="slot"><${tag} partner="drukarnia-abc"></${tag}></section>`)
  .join('\n');

/** Each widget scrolled into view (they load near the viewport) until its content has rendered. */
async function allRendered(page: Page) {
  for (const tag of widgetTags) {
    await page.locator(tag).first().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate((t) => {
          const el = document.querySelector(t);
          const root = el?.shadowRoot ?? el;
          return !!root?.querySelector('.k-root') && !root.querySelector('.loading');
        }, tag),
      )
      .toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const width of [375, 1280]) {
  test(`at ${width} px every widget on a right-to-left page looks as on a left-to-right one`, async ({ page }) => {
    test.setTimeout(120_000);
    const shots = async (dir: 'ltr' | 'rtl') => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(site.page({ body, dir }));
      await allRendered(page);
      const out = new Map<string, Buffer>();
      for (const tag of widgetTags) {
        const root = await page.locator(tag).evaluate((el) => {
          const r = (el.shadowRoot ?? el).querySelector('.k-root') as HTMLElement;
          return { dir: r.getAttribute('dir'), direction: getComputedStyle(r).direction };
        });
        expect(root, `${tag} on a ${dir} page`).toEqual({ dir: 'ltr', direction: 'ltr' });
        const path = `/tmp/i28-rtl-${tag}-${width}-${dir}.png`;
        out.set(tag, await page.locator(tag).screenshot({ path, animations: 'disabled' }));
      }
      return out;
    };
    const ltr = await shots('ltr');
    const rtl = await shots('rtl');
    for (const tag of widgetTags) {
      const diff = comparePngs(ltr.get(tag)!, rtl.get(tag)!, `/tmp/i28-rtl-${tag}-${width}-diff.png`);
      expect(diff.sameSize, `${tag} has the same size on both pages`).toBe(true);
      expect(diff.ratio, `${tag}: share of differing pixels`).toBeLessThanOrEqual(MAX_DIFF_RATIO);
    }
  });
}
