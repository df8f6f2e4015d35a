// Analytics pushes (DESIGN §2 table, spec §3, §7, §9): exact `dataLayer` objects and
// `fbq` calls, only where the page has them; CTA clicks and scroll depth on our pages.
import { expect, test, type Page } from '@playwright/test';
import { startPartnerSite, type PartnerSite } from './fixtures/partner-site.ts';

type Recorded = { dataLayer?: unknown[]; fbqCalls?: unknown[][] };

/** The page's tag manager and pixel, as stand-ins that only record. */
const FAKE_TAGS = `window.dataLayer = []; window.fbqCalls = []; window.fbq = function () { window.fbqCalls.push([].slice.call(arguments)); };`;

const pushed = (page: Page, event?: string) =>
  page.evaluate((name) => {
    const layer = (window as unknown as Recorded).dataLayer ?? [];
    return name ? layer.filter((e) => (e as { event?: string }).event === name) : layer;
  }, event);

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => {
  await site.close();
});

test.describe('widget analytics on a partner page', () => {
  test('a pricing switch pushes the documented dataLayer object and the custom pixel event', async ({ page }) => {
    await page.goto(site.page({ body: '<kserowo-pricing id="p"></kserowo-pricing>', early: FAKE_TAGS }));
    await page.locator('#p').getByText('Mono', { exact: true }).click();
    await expect(page.locator('#p .card:visible').first()).toContainText('od 175 zł');
    expect(await pushed(page)).toEqual([
      {
        event: 'pricing_type_change',
        event_category: 'engagement',
        event_action: 'pricing_toggle',
        event_label: 'mono',
      },
    ]);
    expect(await page.evaluate(() => (window as unknown as Recorded).fbqCalls)).toEqual([
      ['trackCustom', 'PricingToggle', { type: 'mono' }],
    ]);
  });

  test('a contact lead pushes exactly generate_lead (contact_form, 100 PLN) and the Lead and Contact pixel events', async ({
    page,
  }) => {
    await page.goto(site.page({ body: '<kserowo-contact id="c" partner="abc"></kserowo-contact>', early: FAKE_TAGS }));
    const form = page.locator('#c');
    await form.getByLabel(/Imię i nazwisko/).fill('Jan Analityczny');
    await form.getByLabel(/Email/).fill(`analytics-${Date.now()}@example.pl`);
    await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(form.getByRole('status')).toContainText('Wiadomość wysłana!');
    expect(await pushed(page)).toEqual([
      {
        event: 'generate_lead',
        event_category: 'lead',
        event_action: 'contact_form',
        event_label: 'contact',
        value: 100,
        currency: 'PLN',
      },
    ]);
    expect(await page.evaluate(() => (window as unknown as Recorded).fbqCalls)).toEqual([
      ['track', 'Lead', { value: 100, currency: 'PLN' }],
      ['track', 'Contact'],
    ]);
  });

  test('a widget that fails to render shows its fallback and reports a non-fatal exception; the host page lives on', async ({
    page,
  }) => {
    // A catalogue that passes the shape check but breaks rendering (no feature list).
    await page.route(/\/api\/catalogue$/, (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({
          version: 9,
          devices: [
            { id: 'km-x', model: 'X', name: 'X', type: 'mono', format: 'A4', features: null, packages: [null] },
          ],
        }),
      }),
    );
    await page.goto(
      site.page({ body: '<kserowo-models id="m"></kserowo-models><p id="after">Treść partnera</p>', early: FAKE_TAGS }),
    );
    await expect(page.locator('#m').getByRole('alert')).toContainText('Strona modeli niedostępna');
    const exceptions = (await pushed(page, 'exception')) as { event: string; description: string; fatal: boolean }[];
    expect(exceptions).toHaveLength(1);
    expect(exceptions[0]).toEqual({
      event: 'exception',
      description: expect.stringMatching(/^Strona modeli niedostępna: .+/),
      fatal: false,
    });
    await expect(page.locator('#after')).toBeVisible();
    expect(
      await page.evaluate(() =>
        (window as unknown as { kserowoEvents: { type: string; detail: { kind: string } }[] }).kserowoEvents.map(
          (e) => [e.type, e.detail.kind],
        ),
      ),
    ).toEqual([['kserowo:error', 'render']]);
  });

  test('a page without a tag manager or pixel gets neither: the widgets create nothing', async ({ page }) => {
    await page.goto(site.page({ body: '<kserowo-pricing id="p"></kserowo-pricing>' }));
    await page.locator('#p').getByText('Mono', { exact: true }).click();
    await expect(page.locator('#p .card:visible').first()).toContainText('od 175 zł');
    expect(
      await page.evaluate(() => [
        typeof (window as unknown as Recorded).dataLayer,
        typeof (window as unknown as { fbq?: unknown }).fbq,
      ]),
    ).toEqual(['undefined', 'undefined']);
  });
});

test.describe('CTA clicks on our pages', () => {
  test.beforeEach(async ({ page }) => {
    // A tag manager's data layer, and no navigation, so the pushes can be read.
    await page.addInitScript(() => {
      (window as unknown as Recorded).dataLayer = [];
      window.addEventListener('click', (e) => e.preventDefault());
    });
  });

  test('the hero CTA pushes cta_click with its campaign and href', async ({ page }) => {
    await page.goto('/');
    const cta = page.locator('a[href*="utm_campaign=hero_cta"]').first();
    const href = await cta.getAttribute('href');
    await cta.click();
    expect(await pushed(page, 'cta_click')).toEqual([
      { event: 'cta_click', event_category: 'cta', event_action: 'hero_cta', event_label: href },
    ]);
  });

  test('a pricing card CTA is reported once, by the widget', async ({ page }) => {
    await page.goto('/');
    await page.locator('kserowo-pricing').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => !!customElements.get('kserowo-pricing'))).toBe(true);
    await page
      .locator('kserowo-pricing')
      .getByRole('link', { name: /Skonfiguruj pakiet Premium/ })
      .click();
    expect(await pushed(page, 'cta_click')).toEqual([
      {
        event: 'cta_click',
        event_category: 'cta',
        event_action: 'main_pricing_cta',
        event_label: '/konfigurator?package=premium&utm_source=site&utm_medium=pricing&utm_campaign=main_pricing_cta',
      },
    ]);
  });

  test('a link without a campaign is not a CTA', async ({ page }) => {
    await page.goto('/');
    await page.locator('footer a[href="/polityka-prywatnosci"]').first().click();
    expect(await pushed(page, 'cta_click')).toEqual([]);
  });
});

test.describe('scroll depth on our pages', () => {
  const depth = (mark: number) => ({
    event: 'scroll_depth',
    event_category: 'engagement',
    event_action: 'scroll',
    event_label: `${mark}%`,
    value: mark,
    currency: 'PLN',
  });

  test.beforeEach(async ({ page }) => {
    // Page time stands still unless a test moves it.
    await page.clock.install({ time: new Date('2026-11-23T09:00:00Z') });
    await page.addInitScript(() => ((window as unknown as Recorded).dataLayer = []));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.clock.pauseAt(new Date('2026-11-23T09:01:00Z'));
  });

  test('reports 25, 50, 75 and 100% once each, at most one every 2 s', async ({ page }) => {
    expect(await pushed(page, 'scroll_depth')).toEqual([]);
    // One jump to the bottom passes every mark at once: they come out 2 s apart.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => pushed(page, 'scroll_depth')).toEqual([depth(25)]);
    await page.clock.runFor(1999);
    expect(await pushed(page, 'scroll_depth')).toEqual([depth(25)]);
    await page.clock.runFor(1);
    expect(await pushed(page, 'scroll_depth')).toEqual([depth(25), depth(50)]);
    await page.clock.runFor(2000);
    expect(await pushed(page, 'scroll_depth')).toEqual([depth(25), depth(50), depth(75)]);
    await page.clock.runFor(2000);
    expect(await pushed(page, 'scroll_depth')).toEqual([depth(25), depth(50), depth(75), depth(100)]);
    // Scrolling up and down again repeats nothing.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(10_000);
    expect(await pushed(page, 'scroll_depth')).toHaveLength(4);
  });

  test('a slow reader gets each mark as it is reached', async ({ page }) => {
    const scrollTo = (percent: number) =>
      page.evaluate(
        (p) => window.scrollTo(0, ((document.documentElement.scrollHeight - innerHeight) * p) / 100),
        percent,
      );
    await scrollTo(30);
    await expect.poll(() => pushed(page, 'scroll_depth')).toEqual([depth(25)]);
    await page.clock.runFor(5000);
    expect(await pushed(page, 'scroll_depth')).toEqual([depth(25)]);
    await scrollTo(55);
    await expect.poll(() => pushed(page, 'scroll_depth')).toEqual([depth(25), depth(50)]);
  });
});
