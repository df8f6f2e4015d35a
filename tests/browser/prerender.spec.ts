// Pre-rendered widgets (DESIGN §2): the prices are in the HTML as Declarative Shadow DOM,
// readable without JavaScript, and the upgrade by the widget script shifts nothing.
import { expect, test, type Page } from '@playwright/test';

const WIDGETS = ['kserowo-models', 'kserowo-pricing'] as const;
const LIST_PRICES = ['309', '195', '219', '175', '199', '229', '429', '439'];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the three popular models and the package prices', async ({ page }) => {
    await page.goto('/');
    const models = page.locator('#products kserowo-models');
    await expect(models.getByRole('heading', { level: 3 })).toHaveText([
      'Konica Minolta bizhub C258',
      'Konica Minolta bizhub C3320i',
      'Konica Minolta bizhub 227',
    ]);
    await expect(models.locator('.card').nth(1)).toContainText('od 195 zł netto / mies.');
    const pricing = page.locator('kserowo-pricing .card:visible');
    await expect(pricing).toHaveCount(3);
    await expect(pricing.first()).toContainText('od 195 zł netto / mies.');
    await expect(page.locator('kserowo-pricing')).toContainText('Wszystkie podane ceny są cenami netto.');
  });

  test('the pricing switch shows mono and colour prices on / without the script (a checkbox and :has())', async ({
    page,
  }) => {
    await page.goto('/');
    const pricing = page.locator('kserowo-pricing');
    const firstPrice = pricing.locator('.card:visible .price').first();
    const toggle = pricing.getByRole('switch', { name: 'Pokaż ceny urządzeń kolorowych' });
    await expect(toggle).toBeChecked();
    await expect(firstPrice).toHaveText('od 195 zł netto / mies.');
    await pricing.getByText('Mono', { exact: true }).click();
    await expect(toggle).not.toBeChecked();
    await expect(pricing.locator('.card:visible')).toHaveCount(3);
    await expect(firstPrice).toHaveText('od 175 zł netto / mies.');
    await expect(pricing.locator('.card:visible').nth(2)).toContainText('4000 stron mono');
    await pricing.getByText('Kolor', { exact: true }).click();
    await expect(firstPrice).toHaveText('od 195 zł netto / mies.');
    // By keyboard: Space on the focused switch.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(firstPrice).toHaveText('od 175 zł netto / mies.');
    expect(await page.evaluate(() => customElements.get('kserowo-pricing'))).toBeUndefined();
  });

  test('/modele shows all eight models with their prices and configurator links', async ({ page }) => {
    await page.goto('/modele');
    const cards = page.locator('kserowo-models .card');
    await expect(cards).toHaveCount(8);
    for (const [i, price] of LIST_PRICES.entries()) {
      await expect(cards.nth(i)).toBeVisible();
      await expect(cards.nth(i).locator('.price')).toHaveText(`od ${price} zł netto / mies.`);
    }
    await expect(page.locator('kserowo-models')).toContainText('od 195 zł');
    await expect(page.locator('kserowo-models').getByRole('link', { name: /^Skonfiguruj / })).toHaveCount(8);
    await expect(
      page.locator('kserowo-models').getByRole('link', { name: 'Skonfiguruj Konica Minolta bizhub 4052' }),
    ).toHaveAttribute(
      'href',
      '/konfigurator?device=km-4052&utm_source=site&utm_medium=models&utm_campaign=device_selection',
    );
  });

  test('/modele filters by type and format without the script; sort and compare wait for it', async ({ page }) => {
    await page.goto('/modele');
    const models = page.locator('kserowo-models');
    const visibleNames = () => models.locator('.card h3').filter({ visible: true }).allTextContents();
    await models.getByRole('radio', { name: /^Mono/ }).check();
    expect(await visibleNames()).toEqual([
      'Konica Minolta bizhub 227',
      'Konica Minolta bizhub 4052',
      'Konica Minolta bizhub 308',
    ]);
    await models.getByRole('radio', { name: /^A3/ }).check();
    expect(await visibleNames()).toEqual(['Konica Minolta bizhub 227', 'Konica Minolta bizhub 308']);
    await expect(models.getByRole('radio', { name: 'Najniższa cena' })).toBeHidden();
    await expect(models.getByRole('checkbox').first()).toBeHidden();
  });

  test('/modele carries Product and Offer data with net monthly prices', async ({ page }) => {
    await page.goto('/modele');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? '{}');
    expect(data['@type']).toBe('ItemList');
    const products = data.itemListElement.map((e: { item: unknown }) => e.item);
    expect(products).toHaveLength(8);
    const c3320i = products.find((p: { model: string }) => p.model === 'C3320i');
    expect(c3320i.offers.map((o: { price: number }) => o.price)).toEqual([195, 235, 279]);
    expect(c3320i.offers[0].priceSpecification).toMatchObject({
      '@type': 'UnitPriceSpecification',
      price: 195,
      priceCurrency: 'PLN',
      valueAddedTaxIncluded: false,
    });
  });
});

/**
 * Each element of the widgets' shadow roots: tag, attributes (sorted), checked state, own
 * text and its box in page coordinates. The layout-shift API cannot see inside an upgrade
 * (the client render replaces the nodes, and new nodes do not count as moved), so equal
 * markup and equal boxes are what prove that nothing inside a widget moves.
 */
function shadowSignatures(page: Page) {
  return page.evaluate(
    (tags) => {
      const out: Record<string, string[]> = {};
      for (const tag of tags) {
        document.querySelectorAll(tag).forEach((host, i) => {
          out[`${tag}#${i}`] = [...(host.shadowRoot?.querySelectorAll('*') ?? [])]
            .filter((e) => e.localName !== 'style')
            .map((e) => {
              // `checked` is an attribute in the markup and a property after the client render.
              const attrs = [...e.attributes]
                .filter((a) => a.name !== 'checked')
                .map((a) => `${a.name}=${a.value}`)
                .sort()
                .join(' ');
              const text = [...e.childNodes]
                .filter((n) => n.nodeType === Node.TEXT_NODE)
                .map((n) => n.textContent)
                .join('');
              const checked = e instanceof HTMLInputElement && e.checked ? ':checked' : '';
              const r = e.getBoundingClientRect();
              const box =
                r.width === 0 && r.height === 0
                  ? 'no box'
                  : [r.left + scrollX, r.top + scrollY, r.width, r.height].map((v) => Math.round(v * 2) / 2).join(',');
              return `<${e.localName} ${attrs}>${checked}${text} @${box}`;
            });
        });
      }
      return out;
    },
    [...WIDGETS],
  );
}

/**
 * Scrolls every widget into view (the loader defines them as they come near) and waits for
 * the upgrade. With `release`, a widget's chunk is let through only once it is in the
 * viewport, so its upgrade happens where a shift would count.
 */
async function upgradeAll(page: Page, release?: (tag: string) => void) {
  for (const tag of WIDGETS) {
    const hosts = page.locator(tag);
    const n = await hosts.count();
    for (let i = 0; i < n; i++) await hosts.nth(i).scrollIntoViewIfNeeded();
    if (n === 0) continue;
    await expect(hosts.last()).toBeInViewport();
    release?.(tag);
    await expect.poll(() => page.evaluate((t) => !!customElements.get(t), tag)).toBe(true);
  }
  // Rendered by the client now: the declarative <style> is gone, the adopted sheet is in.
  const styles = await page.evaluate(
    (tags) =>
      tags.flatMap((t) =>
        [...document.querySelectorAll(t)].map(
          (h) =>
            `${h.shadowRoot!.querySelectorAll('style').length} style, ${h.shadowRoot!.adoptedStyleSheets.length} adopted`,
        ),
      ),
    [...WIDGETS],
  );
  expect(styles.length).toBeGreaterThan(0);
  expect(new Set(styles)).toEqual(new Set(['0 style, 1 adopted']));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

for (const path of ['/', '/modele']) {
  test.describe(`upgrading the pre-rendered widgets on ${path}`, () => {
    test('the first client render equals the pre-rendered markup', async ({ page }) => {
      // Hold the widget chunks back until the pre-rendered markup has been read.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(/\/widgets\/v1\/(models|pricing)\.[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      const before = await shadowSignatures(page);
      expect(Object.keys(before).length).toBeGreaterThan(0);
      expect(await page.evaluate((tags) => tags.some((t) => customElements.get(t)), [...WIDGETS])).toBe(false);
      release();
      await upgradeAll(page);
      expect(
        await page.evaluate(
          (tags) => tags.every((t) => !document.querySelector(t) || customElements.get(t)),
          [...WIDGETS],
        ),
      ).toBe(true);
      expect(await shadowSignatures(page)).toEqual(before);
    });

    // At a common laptop and phone size, and in a viewport tall enough to show the whole page, where a
    // widget changing size at its upgrade would move visible content below it.
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 375, height: 800 },
      { width: 1280, height: 9000 },
    ])
      test(`cumulative layout shift is 0 from navigation until the widgets have upgraded (${viewport.width}×${viewport.height})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        if (viewport.height > 2000) {
          // Everything is in view here, so the contact form (light DOM, not
          // pre-rendered, a reserved min-height until it loads) would be measured too; keep
          // it a placeholder and measure the pre-rendered widgets alone.
          await page.route(/\/widgets\/v1\/contact\.[0-9a-f]+\.js$/, (route) => route.abort());
        }
        await page.addInitScript(() => {
          const w = window as unknown as {
            cls: { value: number; sources: string[] }[];
            clsObserver: PerformanceObserver;
          };
          w.cls = [];
          const record = (entries: PerformanceEntryList) => {
            for (const e of entries as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node }[];
            })[]) {
              if (!e.hadRecentInput)
                w.cls.push({ value: e.value, sources: (e.sources ?? []).map((s) => s.node?.nodeName ?? '?') });
            }
          };
          w.clsObserver = new PerformanceObserver((list) => record(list.getEntries()));
          w.clsObserver.observe({ type: 'layout-shift', buffered: true });
          (w as unknown as { flushCls: () => void }).flushCls = () => record(w.clsObserver.takeRecords());
        });
        const gates = new Map<string, () => void>();
        const held = new Map(WIDGETS.map((t) => [t as string, new Promise<void>((r) => gates.set(t, r))]));
        await page.route(/\/widgets\/v1\/(models|pricing)\.[0-9a-f]+\.js$/, async (route) => {
          await held.get(route.request().url().includes('/models.') ? 'kserowo-models' : 'kserowo-pricing');
          await route.continue();
        });
        await page.goto(path);
        expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift'))).toBe(true);
        await upgradeAll(page, (tag) => gates.get(tag)?.());
        const shifts = await page.evaluate(() => {
          const w = window as unknown as { cls: { value: number; sources: string[] }[]; flushCls: () => void };
          w.flushCls();
          return w.cls;
        });
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        test.info().annotations.push({ type: 'CLS', description: `${path}: ${cls}` });
        expect(shifts).toEqual([]);
        expect(cls).toBe(0);

        // The measurement does see a shift when one happens (so the 0 above means something).
        await page.evaluate(async () => {
          const main = document.querySelector('main')!;
          window.scrollTo({ top: 0, behavior: 'instant' });
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          main.prepend(Object.assign(document.createElement('div'), { style: 'height:200px' }));
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        });
        const after = await page.evaluate(() => {
          const w = window as unknown as { cls: { value: number }[]; flushCls: () => void };
          w.flushCls();
          return w.cls.reduce((sum, s) => sum + s.value, 0);
        });
        expect(after).toBeGreaterThan(0);
      });
  });
}
