// Every fallback of spec §2 and §8 on its route: when the widget script is
// unavailable, when a widget's code does not load or does not come in time, and when a
// widget fails to render; with 'Spróbuj ponownie' reloading the page and 'Strona główna'
// going home, and the app-level panel only when the whole script is missing, never over
// a page's own fallback.
import { type Locator, type Page, expect, test } from '@playwright/test';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { logIn } from './admin-helpers.ts';

/** Routes with a widget area and the fallback title each shows (spec §2; §8's default elsewhere). */
const AREAS = [
  { path: '/konfigurator', tag: 'kserowo-configurator', title: FALLBACK.configurator },
  { path: '/modele', tag: 'kserowo-models', title: FALLBACK.models },
  { path: '/miasto/slupsk', tag: 'kserowo-pricing', title: FALLBACK.city },
  { path: '/kontakt', tag: 'kserowo-contact', title: FALLBACK.sectionTitle },
] as const;

const shot = (page: Page, name: string) =>
  process.env.KSEROWO_SHOTS ? page.screenshot({ path: `${process.env.KSEROWO_SHOTS}/${name}.png` }) : undefined;

/** The fallback with its exact title and text, and both buttons doing what spec §8 says. */
async function expectFallback(page: Page, fallback: Locator, title: string, path: string): Promise<void> {
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(fallback).toContainText(FALLBACK.sectionText);
  const home = fallback.getByRole('link', { name: FALLBACK.home });
  await expect(home).toHaveAttribute('href', '/');
  // 'Spróbuj ponownie' loads this page again.
  const reloaded = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === path);
  await fallback.getByRole('link', { name: FALLBACK.retry }).click();
  await reloaded;
  await page.waitForLoadState('load');
}

async function expectGoesHome(fallback: Locator, page: Page): Promise<void> {
  await fallback.getByRole('link', { name: FALLBACK.home }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('h1')).toBeVisible();
}

const boxesIntersect = async (a: Locator, b: Locator): Promise<boolean> => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

test.describe('the widget script is unavailable', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/widgets/v1/**', (route) => route.abort());
  });

  for (const { path, tag, title } of AREAS)
    test(`${path} shows '${title}' in place of the widget's placeholder, beside the app panel`, async ({ page }) => {
      await page.goto(path);
      const fallback = page.locator('[data-widget-fallback]');
      await expect(fallback).toBeVisible();
      const app = page.locator('#app-fallback');
      await expect(app).toBeVisible();
      await expect(app).toContainText(FALLBACK.app);
      expect(await boxesIntersect(app, fallback)).toBe(false);
      // No spinner is left turning: the placeholder gave way to the fallback.
      await expect(page.getByText(FALLBACK.loading)).toBeHidden();
      if (tag !== 'kserowo-contact' && tag !== 'kserowo-configurator') await expect(page.locator(tag)).toBeVisible(); // pre-rendered content stays readable
      await fallback.scrollIntoViewIfNeeded();
      await shot(page, `script-unavailable${path.replaceAll('/', '-')}`);
      await expectFallback(page, fallback, title, path);
      await expect(page.locator('[data-widget-fallback]')).toBeVisible();
      await expectGoesHome(page.locator('[data-widget-fallback]'), page);
    });

  test('/ shows the app-level panel with reload and home', async ({ page }) => {
    await page.goto('/');
    const app = page.locator('#app-fallback');
    await expect(app).toBeVisible();
    await expect(app.getByRole('link', { name: FALLBACK.home })).toHaveAttribute('href', '/');
    await expect(app.getByRole('link', { name: 'Odśwież stronę' })).toHaveAttribute('href', '/');
    await shot(page, 'script-unavailable-home');
  });
});

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

  test('a chunk that never arrives: the spinner, then the fallback after a bounded time', async ({ page }) => {
    await page.route(/\/widgets\/v1\/contact\.[0-9a-f]+\.js$/, () => {
      /* never answered */
    });
    await page.goto('/kontakt');
    const widget = page.locator('kserowo-contact');
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.locator('.spinner')).toBeVisible();
    await expect(widget).toContainText(FALLBACK.loading);
    await shot(page, 'loading-contact');
    const started = Date.now();
    await expect(page.getByRole('heading', { name: FALLBACK.sectionTitle })).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect(widget).toBeHidden();
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
