/**
 * The fallback rule on every page that carries a widget, the pages read from site/routes.ts
 * (so a page added later is covered without touching this file):
 *  - the widget script cannot load: the app-level panel 'Aplikacja nie może się załadować'
 *    with its two buttons, each widget's section fallback, and no 'Ładowanie...' left turning;
 *    on the routes with a named fallback (fixtures/fallback.ts) also that fallback's title and
 *    text clear of the app panel, the pre-rendered content still readable, 'Spróbuj ponownie'
 *    loading the page again (the fallback again) and 'Strona główna' going home;
 *  - only one widget's chunk cannot load: that widget's section fallback, no loading text;
 *  - JavaScript off: nothing says it is loading, only the "works with JavaScript" note (or the
 *    pre-rendered content);
 *  - while a widget's code is on its way: 'Ładowanie...' beside a turning spinner (spec §2),
 *    the same markup on every page.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { publicRoutes } from '../../site/routes.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { AREAS, boxesIntersect, expectFallback, expectGoesHome, shot } from './fixtures/fallback.ts';

/** The widget tags a page carries, as served (the HTML before any script runs). */
async function tagsOf(request: APIRequestContext, route: string): Promise<string[]> {
  const html = await (await request.get(route)).text();
  return [...new Set([...html.matchAll(/<(kserowo-[a-z-]+)[\s>]/g)].map((m) => m[1]!))];
}

/**
 * The routes whose built page carries a widget (dist/public, which `npm test` builds before the
 * browser tests): the tests are made for these only, so no test is made only to be skipped.
 */
const widgetRoutes = publicRoutes.filter((route) => {
  const file = `dist/public/${route === '/' ? 'index' : route.slice(1)}.html`;
  return /<kserowo-[a-z-]+[\s>]/.test(readFileSync(file, 'utf8'));
});

// The named fallbacks, and the home page's app panel, are checked in this spec's "script cannot
// load" load of their route only: a route that stopped carrying a widget would drop those checks
// without a word, so it stops the spec instead.
for (const path of ['/', ...AREAS.map((a) => a.path)])
  if (!widgetRoutes.includes(path)) throw new Error(`${path} is checked here but its built page carries no widget`);

/** The one placeholder of our pages (site/sections/contact.tsx had it first). */
const PLACEHOLDER = `<p role="status" class="widget-loading"><span aria-hidden="true" class="spinner"></span>${FALLBACK.loading}</p>`;

/** A widget's own chunk in /widgets/v1/ (`kserowo-calculator` → `calculator.<hash>.js`). */
const chunkOf = (tag: string) => new RegExp(`/widgets/v1/${tag.slice('kserowo-'.length)}\\.[0-9a-f]+\\.js$`);

/** Every element showing the loading text that a person can see (shadow roots included). */
const visibleLoading = (page: Page) => page.getByText(FALLBACK.loading).filter({ visible: true });

/** The section fallback of the area around each `tag` on the page, or where a widget is outside any area. */
const areaFallbacks = (page: Page, tag: string) =>
  page.evaluate((t) => {
    return [...document.querySelectorAll(t)].map((el) => {
      const area = el.closest('[data-widget-area]');
      const fallback = area?.querySelector<HTMLElement>('[data-widget-fallback]');
      if (!area) return 'outside any area';
      if (!fallback) return 'area without a fallback';
      return fallback.hidden || fallback.offsetParent === null ? 'fallback hidden' : 'fallback shown';
    });
  }, tag);

for (const route of widgetRoutes) {
  const named = AREAS.find((a) => a.path === route);
  test.describe(`page ${route}`, () => {
    const also = named
      ? `; '${named.title}' clear of the app panel, its buttons reloading the page and going home`
      : '';
    test(`the widget script cannot load: the app panel and every section fallback, nothing left loading${also}`, async ({
      page,
      request,
    }) => {
      const tags = await tagsOf(request, route);
      expect(tags.length, `${route} as served carries the widgets of its built page`).toBeGreaterThan(0);
      await page.route('**/widgets/v1/**', (r) => r.abort());
      await page.goto(route, { waitUntil: 'load' });
      const app = page.locator('#app-fallback');
      await expect(app).toBeVisible({ timeout: 12_000 });
      await expect(app).toContainText(FALLBACK.app);
      await expect(app.getByRole('link', { name: 'Odśwież stronę' })).toHaveAttribute('href', route);
      await expect(app.getByRole('link', { name: FALLBACK.home })).toHaveAttribute('href', '/');
      for (const tag of tags) expect(await areaFallbacks(page, tag), tag).not.toContain('fallback hidden');
      for (const tag of tags) expect(await areaFallbacks(page, tag), tag).not.toContain('outside any area');
      await expect(visibleLoading(page)).toHaveCount(0);
      if (!named) return;
      // The route's named fallback (spec §2), beside the app panel and not under it.
      const fallback = page.locator('[data-widget-fallback]');
      await expect(fallback).toBeVisible();
      expect(await boxesIntersect(app, fallback), 'the app panel covers the fallback').toBe(false);
      // The pre-rendered content stays readable (the contact form and the configurator have none to show).
      if (named.tag !== 'kserowo-contact' && named.tag !== 'kserowo-configurator')
        await expect(page.locator(named.tag)).toBeVisible();
      await fallback.scrollIntoViewIfNeeded();
      await shot(page, `script-unavailable${route.replaceAll('/', '-')}`);
      await expectFallback(page, fallback, named.title, route);
      await expect(page.locator('[data-widget-fallback]')).toBeVisible();
      await expectGoesHome(page.locator('[data-widget-fallback]'), page);
    });

    test("only a widget's own chunk cannot load: that widget's section fallback, nothing left loading, no app panel", async ({
      page,
      request,
    }) => {
      const tags = await tagsOf(request, route);
      expect(tags.length, `${route} as served carries the widgets of its built page`).toBeGreaterThan(0);
      for (const tag of tags) {
        await page.unrouteAll();
        await page.route(chunkOf(tag), (r) => r.fulfill({ status: 404, body: 'Nie znaleziono' }));
        await page.goto(route, { waitUntil: 'load' });
        // Widgets load when they come near the viewport. The widgets above may grow as they load and push
        // this one away again (/dla-partnerow's example has seven), so each check first brings one of
        // this tag's elements into view, in turn, until every area shows its fallback.
        let turn = 0;
        await expect
          .poll(
            async () => {
              await page.locator(tag).evaluateAll((els, i) => els[i % els.length]?.scrollIntoView(), turn++);
              return areaFallbacks(page, tag);
            },
            { message: tag, timeout: 12_000 },
          )
          .not.toContain('fallback hidden');
        expect(await areaFallbacks(page, tag), tag).not.toContain('outside any area');
        // Nothing is left loading there (another widget of the page may well be loading meanwhile).
        const areas = page.locator('[data-widget-area]').filter({ has: page.locator(tag) });
        await expect(areas.getByText(FALLBACK.loading).filter({ visible: true }), `${tag} blocked`).toHaveCount(0);
        await expect(page.locator('#app-fallback')).toBeHidden();
      }
    });
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const route of widgetRoutes)
    test(`${route} says nothing is loading; a widget without pre-rendered content shows the "works with JavaScript" note`, async ({
      page,
      request,
    }) => {
      await page.goto(route);
      await expect(visibleLoading(page)).toHaveCount(0);
      for (const tag of await tagsOf(request, route))
        for (const el of await page.locator(tag).all()) {
          const prerendered = await el.evaluate((e) => (e.shadowRoot?.childElementCount ?? 0) > 0);
          if (!prerendered) await expect(el.getByText(/z włączonym JavaScriptem/), tag).toBeVisible();
        }
    });
});

test.describe('/konfigurator and /admin with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test("/konfigurator never loops: it says at the top that it needs JavaScript, with the way out, and offers no 'Dalej'", async ({
    page,
  }) => {
    await page.goto('/konfigurator');
    const note = page.locator('.noscript-note');
    await expect(note).toContainText('Konfigurator działa z włączonym JavaScriptem');
    await expect(note.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    // The note comes before the configurator, and the pre-rendered first step is there to read.
    expect(
      await note.evaluate((n) => !!(n.compareDocumentPosition(document.querySelector('kserowo-configurator')!) & 4)),
    ).toBe(true);
    const configurator = page.locator('kserowo-configurator');
    await expect(configurator.getByRole('heading', { level: 2 })).toBeVisible();
    // Before: 'Dalej' submitted the form to /konfigurator, which showed step 1 again, for ever.
    await expect(configurator.getByRole('button', { name: 'Dalej' })).toBeHidden();
  });

  test("/admin shows 'Włącz JavaScript' alone, not 'Ładowanie...' above 'Panel admin niedostępny'", async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: FALLBACK.admin })).toHaveCount(1);
    await expect(page.getByText(/Włącz JavaScript/)).toBeVisible();
    await expect(page.getByText(FALLBACK.loading)).toBeHidden();
    await page.waitForTimeout(6_500);
    // The boot fallback's 6 s reveal does not add a second panel either.
    await expect(
      page.getByRole('heading', { name: FALLBACK.admin, exact: true }).filter({ visible: true }),
    ).toHaveCount(1);
  });
});

test.describe("while a widget's code is on its way", () => {
  for (const route of widgetRoutes)
    test(`${route}: every 'Ładowanie...' has a turning spinner beside it, from the one placeholder`, async ({
      page,
      request,
    }) => {
      const tags = await tagsOf(request, route);
      expect(tags.length, `${route} as served carries the widgets of its built page`).toBeGreaterThan(0);
      // Held: no widget's code arrives while the placeholders are looked at.
      await page.route(/\/widgets\/v1\/(?!kserowo)[\w-]+\.[0-9a-f]+\.js$/, () => {
        /* never answered */
      });
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      const placeholders = await page.evaluate((text) => {
        const all = [...document.querySelectorAll('*')].filter(
          (el) => el.localName.startsWith('kserowo-') && !el.shadowRoot?.childElementCount,
        );
        return all.map((el) => {
          const shown = [...el.querySelectorAll<HTMLElement>('*')].find(
            (n) =>
              n.offsetParent !== null &&
              [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent?.includes(text)),
          );
          const spinner = shown?.querySelector<HTMLElement>('.spinner');
          return {
            tag: el.localName,
            markup: shown?.outerHTML.replace(/\s+/g, ' ') ?? '(no loading text)',
            spinner: !!spinner && spinner.offsetWidth > 0 && getComputedStyle(spinner).animationName !== 'none',
          };
        });
      }, FALLBACK.loading);
      // One placeholder for every page and widget: the contact form's, which always had the spinner.
      for (const p of placeholders) expect(p, p.tag).toEqual({ tag: p.tag, markup: PLACEHOLDER, spinner: true });
    });
});
