// Every fallback of spec §2 and §8 on its route: when a widget's code does not load or does
// not come in time, and when a widget fails to render; with 'Spróbuj ponownie' reloading the
// page and 'Strona główna' going home, and no app-level panel over a page's own fallback.
// When the whole widget script is unavailable (the app panel beside each route's named
// fallback), every-widget-page.spec.ts checks it in its load of each route with widgets.
import { type Page, expect, test } from '@playwright/test';
import { FALLBACK, SLOW_LOADING } from '../../widgets/core/texts.ts';
import { logIn } from './admin-helpers.ts';
import { AREAS, expectFallback, expectGoesHome, shot } from './fixtures/fallback.ts';

test.describe("a widget's code fails to load", () => {
  test('a chunk answering 404 shows the configurator fallback above its pre-rendered first step, without the app panel', async ({
    page,
  }) => {
    await page.route(/\/widgets\/v1\/configurator\.[0-9a-f]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'Nie znaleziono' }),
    );
    await page.goto('/konfigurator');
    const fallback = page.locator('[data-widget-fallback]');
    await expect(fallback.getByRole('heading', { name: FALLBACK.configurator })).toBeVisible();
    await page.waitForLoadState('load');
    await expect(page.locator('#app-fallback')).toBeHidden();
  });

  test('a chunk that never arrives: the spinner stays and the page says it is still loading, never the fallback by the clock', async ({
    page,
  }) => {
    await page.route(/\/widgets\/v1\/contact\.[0-9a-f]+\.js$/, () => {
      /* never answered */
    });
    await page.goto('/kontakt');
    const widget = page.locator('kserowo-contact');
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.locator('.spinner')).toBeVisible();
    await expect(widget).toContainText(FALLBACK.loading);
    await shot(page, 'loading-contact');
    // The loader calls the connection slow after 8 s: a note, not the section's error.
    await expect(page.getByRole('status').filter({ hasText: SLOW_LOADING })).toBeVisible({ timeout: 20_000 });
    await shot(page, 'slow-contact');
    await expect(widget.locator('.spinner')).toBeVisible();
    await expect(page.getByRole('heading', { name: FALLBACK.sectionTitle })).toBeHidden();
    await page.waitForLoadState('load');
    await expect(page.locator('#app-fallback')).toBeHidden();
  });

  test("the contact form's placeholder shows the spinner and the loading text until the form comes", async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/widgets\/v1\/contact\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/kontakt');
    const placeholder = page.locator('kserowo-contact .widget-loading');
    await expect(placeholder).toContainText(FALLBACK.loading);
    await expect(placeholder.locator('.spinner')).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Wyślij wiadomość' })).toBeVisible();
    await expect(page.locator('[data-widget-fallback]')).toBeHidden();
  });
});

// A slow phone line is not a failure (issue 48): every widget file late by 6 s or by 30 s, the
// pre-rendered content and the spinner stay, and the widget takes over whenever its code arrives.
test.describe('a slow connection', () => {
  /** Every widget file but the loader (or those `only` matches) answered `seconds` late. */
  const late = (page: Page, seconds: number, only = /\/widgets\/v1\/(?!kserowo)[\w.-]+\.js$/) =>
    page.route(only, async (route) => {
      await new Promise((r) => setTimeout(r, seconds * 1000));
      await route.continue();
    });

  test('the configurator 30 s late: its pre-rendered first step and a note stay, then the configurator takes over', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The configurator's own chunk 30 s late (its shared chunks after it would add their own 30 s each).
    await late(page, 30, /\/widgets\/v1\/configurator\.[0-9a-f]+\.js$/);
    const started = Date.now();
    await page.goto('/konfigurator');
    const configurator = page.locator('kserowo-configurator');
    const firstStep = configurator.getByRole('button', { name: 'Dalej' });
    await expect(firstStep).toBeVisible();
    const note = page.getByRole('status').filter({ hasText: SLOW_LOADING });
    await expect(note).toBeVisible({ timeout: 25_000 });
    // Past the loader's 8 s and the 20 s the old timeout took to break it: still the first step, no error.
    await expect(firstStep).toBeVisible();
    await expect(page.getByRole('heading', { name: FALLBACK.configurator })).toBeHidden();
    await shot(page, 'slow-configurator');
    // The code arrives after 30 s: the live configurator, and the note goes.
    await expect
      .poll(() => page.evaluate(() => !!customElements.get('kserowo-configurator')), { timeout: 60_000 })
      .toBe(true);
    expect(Date.now() - started).toBeGreaterThan(30_000);
    await expect(note).toBeHidden();
    await expect(configurator.getByRole('button', { name: 'Dalej' })).toBeVisible();
    await expect(page.getByRole('heading', { name: FALLBACK.configurator })).toBeHidden();
    await expect(page.locator('#app-fallback')).toBeHidden();
  });

  test('the model list 6 s late takes over from its pre-rendered list, with no fallback at any point', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await late(page, 6);
    await page.goto('/modele');
    await expect
      .poll(() => page.evaluate(() => !!customElements.get('kserowo-models')), { timeout: 45_000 })
      .toBe(true);
    await expect(page.locator('kserowo-models').getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: FALLBACK.models })).toBeHidden();
    await expect(page.locator('#app-fallback')).toBeHidden();
  });
});

/** A catalogue that passes the shape check but cannot be drawn (no feature list, no packages). */
const BROKEN_CATALOGUE = JSON.stringify({
  version: 9,
  devices: ['mono', 'color'].map((type) => ({
    id: `km-${type}`,
    model: 'X',
    name: 'X',
    type,
    format: 'A4',
    features: null,
    packages: [null],
  })),
});

/**
 * Makes the widget on this page fail to render: the page as served with the broken catalogue
 * inline (the widgets that draw the catalogue), or, for the contact form (no catalogue), a
 * browser that refuses the form's first attribute.
 */
async function breakRendering(page: Page, path: string, tag: string): Promise<void> {
  if (tag === 'kserowo-contact') {
    await page.addInitScript(() => {
      const set = Element.prototype.setAttribute;
      Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
        if (name === 'aria-busy' && this instanceof HTMLFormElement) throw new Error('test: the form cannot be drawn');
        set.call(this, name, value);
      };
    });
    return;
  }
  await page.route(new RegExp(`${path}(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /(<script type="application\/json" id="kserowo-catalogue">)[\s\S]*?(<\/script>)/,
      `$1${BROKEN_CATALOGUE}$2`,
    );
    await route.fulfill({ response, body });
  });
}

test.describe('a widget fails to render', () => {
  for (const { path, tag, title } of AREAS)
    test(`${path} shows '${title}' instead of the broken widget, without the app panel`, async ({ page }) => {
      await breakRendering(page, path, tag);
      await page.goto(path);
      await page.locator('[data-widget-area]').scrollIntoViewIfNeeded();
      const fallback = page.locator('[data-widget-fallback]');
      await expect(fallback.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(page.locator(tag)).toBeHidden();
      await expect(page.locator('#app-fallback')).toBeHidden();
      await shot(page, `render-error${path.replaceAll('/', '-')}`);
      await expectFallback(page, fallback, title, path);
      // Reloaded, the widget fails again once it comes near the viewport.
      await page.locator('[data-widget-area]').scrollIntoViewIfNeeded();
      await expectGoesHome(page.locator('[data-widget-fallback]'), page);
    });

  test("a widget in an area without a named fallback (pricing on /) shows spec §8's section error with both buttons", async ({
    page,
  }) => {
    await breakRendering(page, '/', 'kserowo-pricing');
    await page.goto('/');
    const pricing = page.locator('kserowo-pricing').first();
    await pricing.scrollIntoViewIfNeeded();
    const alert = page.locator('#pricing [data-widget-fallback]');
    await expect(alert.getByRole('heading', { name: FALLBACK.sectionTitle })).toBeVisible();
    await expect(alert).toContainText(FALLBACK.sectionText);
    await expect(alert.getByRole('link', { name: FALLBACK.home })).toHaveAttribute('href', '/');
    await expect(pricing).toBeHidden();
    await shot(page, 'render-error-section-default');
    const reloaded = page.waitForRequest((r) => r.isNavigationRequest());
    await alert.getByRole('link', { name: FALLBACK.retry }).click();
    await reloaded;
  });
});

test.describe('/admin', () => {
  test('the admin fallback with both buttons when the panel script cannot load', async ({ page }) => {
    await page.route('**/assets/admin.*.js', (route) => route.abort('connectionrefused'));
    await page.goto('/admin');
    const panel = page.getByRole('alert').filter({ hasText: FALLBACK.admin });
    await expect(panel.getByRole('heading', { name: FALLBACK.admin })).toBeVisible({ timeout: 10_000 });
    await shot(page, 'script-unavailable-admin');
    await expect(panel.getByRole('link', { name: FALLBACK.retry })).toHaveAttribute('href', '/admin');
    await panel.getByRole('link', { name: FALLBACK.home }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the admin fallback with spec §8's text and both buttons when the panel fails to render", async ({ page }) => {
    await logIn(page);
    // A list the panel cannot draw (leads is not a list).
    await page.route('**/api/admin/leads?**', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"leads":7,"total":1}' }),
    );
    await page.route('**/api/admin/leads', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"leads":7,"total":1}' }),
    );
    await page.reload();
    const panel = page.getByRole('alert').filter({ hasText: FALLBACK.admin });
    await expect(panel.getByRole('heading', { name: FALLBACK.admin })).toBeVisible();
    await expect(panel).toContainText(FALLBACK.sectionText);
    await shot(page, 'render-error-admin');
    const reloaded = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/admin');
    await panel.getByRole('button', { name: FALLBACK.retry }).click();
    await reloaded;
    await page.waitForLoadState('load');
    await page
      .getByRole('alert')
      .filter({ hasText: FALLBACK.admin })
      .getByRole('link', { name: FALLBACK.home })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});
