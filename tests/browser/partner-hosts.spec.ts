// Our widgets inside other components' shadow roots (a Lit, Stencil or Angular Elements host,
// a page builder) and with two copies of the snippet on one page: they load and draw wherever
// they are attached, a load failure is said where the host can hear it, and one copy runs; and a
// host sheet that reverts every style (`* { all: revert }`) leaves the calculator's box as it is.
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  CALCULATOR_BODY,
  DARK_CANVAS_CSS,
  REVERT_HOST_CSS,
  calculatorBox,
  calculatorDrawn,
  colourAboveBottom,
} from './fixtures/host-sheet.ts';
import { apiOrigin, startPartnerSite, type PartnerSite } from './fixtures/partner-site.ts';

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => {
  await site.close();
});

/**
 * A host element `name` that draws `inner` into a shadow root of `mode` the way component
 * libraries do (after connecting, in a microtask); `hand` makes it hand a closed root over with
 * the documented call.
 */
const host = (name: string, mode: 'open' | 'closed', inner: string, hand = false) => `
customElements.define('${name}', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: '${mode}' });
    window.roots = window.roots || {};
    window.roots['${name}'] = root;
    ${hand ? '(window.kserowoRoots ??= []).push(root);' : ''}
    queueMicrotask(() => { root.innerHTML = ${JSON.stringify(inner)}; });
  }
});`;

/** What the widget inside `name`'s shadow root shows: 'drawn' once its own shadow root has its content. */
const state = (page: Page, name: string, tag: string) =>
  page.evaluate(
    ([name, tag]: [string, string]) => {
      const root = (window as unknown as { roots?: Record<string, ShadowRoot> }).roots?.[name];
      const el = root?.querySelector(tag);
      if (!el) return 'no element';
      if (el.hasAttribute('data-kserowo-failed')) return 'failed';
      if (!customElements.get(tag)) return 'undefined';
      return el.shadowRoot?.querySelector('.k-root [part~="card"], .k-root form, .k-root .price') ? 'drawn' : 'empty';
    },
    [name, tag] as [string, string],
  );

test.describe('widgets in shadow roots', () => {
  test('draw in an open root of a host defined before our script ran, and of one defined after', async ({ page }) => {
    await page.goto(
      site.page({
        body: '<x-before></x-before><x-after></x-after>',
        early: host('x-before', 'open', '<kserowo-pricing partner="drukarnia-abc"></kserowo-pricing>'),
        app: host('x-after', 'open', '<kserowo-contact partner="drukarnia-abc"></kserowo-contact>'),
      }),
    );
    await expect.poll(() => state(page, 'x-before', 'kserowo-pricing')).toBe('drawn');
    await expect.poll(() => state(page, 'x-after', 'kserowo-contact')).toBe('drawn');
  });

  test('draw in a closed root attached after our script ran, and in one handed over with the documented call', async ({
    page,
  }) => {
    await page.goto(
      site.page({
        body: '<x-early-closed></x-early-closed><x-late-closed></x-late-closed>',
        early: host('x-early-closed', 'closed', '<kserowo-pricing></kserowo-pricing>', true),
        app: host('x-late-closed', 'closed', '<kserowo-models limit="3"></kserowo-models>'),
      }),
    );
    await expect.poll(() => state(page, 'x-early-closed', 'kserowo-pricing')).toBe('drawn');
    await expect.poll(() => state(page, 'x-late-closed', 'kserowo-models')).toBe('drawn');
  });

  test("a widget whose code cannot load says so inside the host's root: data-kserowo-failed and kserowo:error, once on document", async ({
    page,
  }) => {
    await page.route(/\/widgets\/v1\/pricing\.[0-9a-f]+\.js$/, (r) => r.abort());
    await page.goto(
      site.page({
        body: '<x-shop></x-shop>',
        app: `${host('x-shop', 'open', '<kserowo-pricing></kserowo-pricing>')}
document.querySelector('x-shop').shadowRoot.addEventListener('kserowo:error', (e) => (window.heardInHost = e.detail));`,
      }),
    );
    await expect.poll(() => state(page, 'x-shop', 'kserowo-pricing')).toBe('failed');
    const heard = await page.evaluate(() => ({
      inHost: (window as unknown as { heardInHost?: { kind: string; tag: string } }).heardInHost,
      onDocument: (window as unknown as { kserowoEvents: { type: string }[] }).kserowoEvents.filter(
        (e) => e.type === 'kserowo:error',
      ).length,
      html: document.documentElement.dataset.kserowoFailed,
    }));
    expect(heard).toEqual({
      inHost: expect.objectContaining({ kind: 'network', tag: 'kserowo-pricing' }),
      onDocument: 1,
      html: 'kserowo-pricing',
    });
  });
});

test.describe('two copies of the snippet on one page', () => {
  async function pinnedLoader(page: Page) {
    const manifest = (await (await page.request.get(`${apiOrigin}/widgets/v1/manifest.json`)).json()) as {
      files: Record<string, { integrity: string; alias?: string }>;
    };
    const alias = manifest.files['kserowo.js']!;
    return { src: `${apiOrigin}/widgets/v1/${alias.alias}`, integrity: alias.integrity };
  }
  const aliasSrc = `${apiOrigin}/widgets/v1/kserowo.js`;

  const runs = async (page: Page, options: Omit<Parameters<PartnerSite['page']>[0], 'body'>) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(site.page({ body: '<kserowo-pricing></kserowo-pricing>', ...options }));
    await page.waitForLoadState('load');
    await expect(page.locator('kserowo-pricing [part~="card"]').first()).toBeVisible();
    return {
      running: await page.evaluate(() => (window as unknown as { kserowoLoader?: string }).kserowoLoader),
      warnings,
    };
  };

  for (const order of ['alias first', 'pinned first'] as const)
    test(`the pinned version runs, whichever comes first (${order}), and the other says so once in the console`, async ({
      page,
    }) => {
      const pinned = await pinnedLoader(page);
      const [first, second] = order === 'alias first' ? [{ src: aliasSrc }, pinned] : [pinned, { src: aliasSrc }];
      const { running, warnings } = await runs(page, {
        widgetScript: first.src,
        ...(first.integrity ? { integrity: first.integrity } : {}),
        moreScripts: [second],
      });
      expect(running).toBe(pinned.src);
      expect(warnings.filter((w) => w.startsWith('Kserowo:'))).toEqual([
        `Kserowo: skrypt widżetów jest tu dwa razy; działa ${pinned.src}.`,
      ]);
    });

  test('the alias takes over when the pinned copy is refused (a wrong SRI hash)', async ({ page }) => {
    const pinned = await pinnedLoader(page);
    const wrong = `sha384-${createHash('sha384').update('something else').digest('base64')}`;
    const { running } = await runs(page, {
      widgetScript: aliasSrc,
      moreScripts: [{ src: pinned.src, integrity: wrong }],
    });
    expect(running).toBe(aliasSrc);
  });
});

test.describe(`a host sheet that reverts everything: ${REVERT_HOST_CSS}`, () => {
  const measure = async (page: Page, width: number, css: string) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(site.page({ body: CALCULATOR_BODY, css }));
    await page.waitForFunction(calculatorDrawn);
    const box = await page.evaluate(calculatorBox);
    // The middle of the strip under the panel (its margin: 18 px), or of the panel's bottom without it.
    const under = colourAboveBottom(await page.locator('#calc').screenshot(), 9);
    return { ...box, under };
  };

  for (const width of [375, 1280])
    test(`at ${width} px the calculator's box is as tall as on a neutral page, and the strip under its panel is the widget's surface on a dark canvas`, async ({
      page,
    }) => {
      const neutral = await measure(page, width, '');
      const reverted = await measure(page, width, REVERT_HOST_CSS);
      // Before .k-root was a flow-root, the panel's 18 px margin collapsed out of the reverted
      // (inline, uncontained) host: 1413 against 1431 px at 375, 766.5 against 784.5 at 1280.
      expect(reverted.height).toBe(neutral.height);
      expect(reverted.strip).toBe(neutral.strip);
      for (const css of [DARK_CANVAS_CSS, `${REVERT_HOST_CSS}\n${DARK_CANVAS_CSS}`]) {
        const dark = await measure(page, width, css);
        expect(dark.height, css).toBe(neutral.height);
        // Before, the strip inside the host was unpainted: the page's dark canvas, rgb(18, 18, 18).
        expect(dark.under, css).toBe(dark.surface);
      }
    });
});
