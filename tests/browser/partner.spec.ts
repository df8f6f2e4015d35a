// Our widgets on a partner's site: another origin, a strict CSP that allows
// only our origin for scripts and connections, hostile CSS. Covers every tag the loader
// registers, so widgets landing later are checked without changing this file.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { apiOrigin, startPartnerSite, widgetTags, type PartnerSite } from './fixtures/partner-site.ts';
import { MAX_DIFF_RATIO, comparePngs } from './fixtures/pixels.ts';
import { storedLeads } from './fixtures/stored.ts';

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => {
  await site.close();
});

const allWidgets = (attrs = 'partner="drukarnia-abc"') =>
  widgetTags.map((tag) => `<section class="slot"><${tag} id="${tag}" ${attrs}></${tag}></section>`).join('\n');

/** Scrolls each widget into view (they load near the viewport) and waits until all have rendered their content. */
async function allRendered(page: Page, tags: string[] = widgetTags) {
  for (const tag of tags) {
    await page.locator(tag).first().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate((t) => {
          if (!customElements.get(t)) return 'undefined';
          return [...document.querySelectorAll(t)].every((el) => {
            const root = el.shadowRoot ?? el;
            return root.querySelector('.k-root') !== null && root.querySelector('.loading') === null;
          })
            ? 'rendered'
            : 'loading';
        }, tag),
      )
      .toBe('rendered');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

const recorded = (page: Page) =>
  page.evaluate(() => ({
    events: (window as unknown as { kserowoEvents: { type: string; detail: unknown; target: string }[] }).kserowoEvents,
    violations: (window as unknown as { cspViolations: string[] }).cspViolations,
  }));

test.describe('a partner page on another origin with a strict CSP and hostile CSS', () => {
  test(`embeds every widget (${widgetTags.join(', ')}) without a CSP violation, fetching only our scripts and one catalogue`, async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(site.page({ body: allWidgets(), hostile: true }));
    await allRendered(page);
    for (const tag of widgetTags) {
      const root = page.locator(tag);
      await expect(root.locator('[role="alert"].fallback')).toHaveCount(0);
    }
    expect((await recorded(page)).violations).toEqual([]);
    const ours = requests.filter((u) => u.startsWith(apiOrigin)).map((u) => new URL(u).pathname);
    expect(ours.filter((p) => p === '/api/catalogue')).toHaveLength(1);
    expect(ours.filter((p) => p !== '/api/catalogue' && !/^\/widgets\/v1\/[\w.-]+\.js$/.test(p))).toEqual([]);
    // No fonts, images or styles from anyone: the partner's CSP would block them.
    expect(requests.filter((u) => /\.(woff2?|ttf|png|jpe?g|svg|gif|webp)(\?|$)/.test(u))).toEqual([]);
  });

  test('each widget looks exactly as on a plain page: same size, no red, no 30 px or page font in its text', async ({
    page,
  }) => {
    const measure = async (hostile: boolean) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(site.page({ body: allWidgets(), hostile }));
      await allRendered(page);
      return page.evaluate(
        (tags) =>
          tags.map((tag) => {
            const el = document.getElementById(tag)!;
            const root = el.shadowRoot ?? el;
            const texts = [...root.querySelectorAll('.k-root, .k-root *')].filter(
              (n) =>
                n instanceof HTMLElement &&
                n.offsetParent !== null &&
                [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent!.trim()),
            );
            const styles = texts.map((n) => getComputedStyle(n));
            return {
              tag,
              height: Math.round(el.getBoundingClientRect().height),
              red: styles.filter((s) => s.color === 'rgb(255, 0, 0)').length,
              thirtyPx: styles.filter((s) => s.fontSize === '30px').length,
              comicSans: styles.filter((s) => /comic/i.test(s.fontFamily)).length,
              texts: texts.length,
            };
          }),
        widgetTagsInPage,
      );
    };
    const widgetTagsInPage = widgetTags;
    const plain = await measure(false);
    const hostile = await measure(true);
    for (const [i, tag] of widgetTags.entries()) {
      expect(plain[i]!.texts, `${tag} shows text`).toBeGreaterThan(0);
      // Same size and as many 30 px texts as on the plain page (a price may be 30 px by design).
      expect(hostile[i], tag).toEqual(plain[i]);
      expect(hostile[i], tag).toMatchObject({ red: 0, comicSans: 0 });
    }
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px each widget fits and looks pixel for pixel as on a neutral page (screenshots compared)`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const shots = async (hostile: boolean) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(site.page({ body: allWidgets(), hostile }));
        await allRendered(page);
        const out = new Map<string, Buffer>();
        for (const tag of widgetTags) {
          const overflow = await page
            .locator(tag)
            .evaluate((el) => el.getBoundingClientRect().right - document.documentElement.clientWidth);
          expect(overflow, `${tag} stays inside the viewport`).toBeLessThanOrEqual(0);
          const path = `/tmp/i19-${tag}-${width}-${hostile ? 'hostile' : 'neutral'}.png`;
          out.set(tag, await page.locator(tag).screenshot({ path, animations: 'disabled' }));
        }
        return out;
      };
      const neutral = await shots(false);
      const hostile = await shots(true);
      for (const tag of widgetTags) {
        const diff = comparePngs(neutral.get(tag)!, hostile.get(tag)!, `/tmp/i19-${tag}-${width}-diff.png`);
        console.log(`pixels: ${tag} at ${width} px, ${diff.width}×${diff.height}, ${diff.diffPixels} differing`);
        expect(diff.sameSize, `${tag} has the same size on both pages`).toBe(true);
        expect(diff.ratio, `${tag}: share of differing pixels`).toBeLessThanOrEqual(MAX_DIFF_RATIO);
      }
    });
  }

  test('every widget speaks Polish on an English page: lang="pl" on its root, every text in Polish', async ({
    page,
  }) => {
    await page.goto(site.page({ body: allWidgets(), hostile: true }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await allRendered(page);
    const languages = await page.evaluate(
      (tags) =>
        tags.map((tag) => {
          const el = document.getElementById(tag)!;
          const root = el.shadowRoot ?? el;
          const texts = [...root.querySelectorAll('*')].filter((n) =>
            [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent!.trim()),
          );
          return {
            tag,
            rootLang: root.querySelector('.k-root')?.getAttribute('lang'),
            texts: texts.length,
            notPolish: texts.filter((n) => !n.matches(':lang(pl)')).map((n) => n.localName),
          };
        }),
      widgetTags,
    );
    for (const l of languages) {
      expect(l.texts, l.tag).toBeGreaterThan(0);
      expect(l, l.tag).toMatchObject({ rootLang: 'pl', notPolish: [] });
    }
  });

  test("takes the partner's theme from custom properties and ::part()", async ({ page }) => {
    const css = `${widgetTags.join(', ')} { --kserowo-font: monospace; --kserowo-accent: rgb(122, 46, 142); }
kserowo-pricing::part(cta) { text-transform: uppercase; }`;
    await page.goto(site.page({ body: allWidgets(), css, hostile: true }));
    await allRendered(page);
    for (const tag of widgetTags) {
      const font = await page
        .locator(tag)
        .evaluate((el) => getComputedStyle((el.shadowRoot ?? el).querySelector('.k-root')!).fontFamily);
      expect(font, tag).toBe('monospace');
      const buttons = await page
        .locator(tag)
        .evaluate((el) =>
          [...(el.shadowRoot ?? el).querySelectorAll('.btn:not(.ghost)')].map(
            (b) => getComputedStyle(b).backgroundColor,
          ),
        );
      expect(
        buttons.every((b) => b === 'rgb(122, 46, 142)'),
        `${tag} buttons take the accent`,
      ).toBe(true);
    }
    const cta = page.locator('kserowo-pricing').getByRole('link', { name: /Business/ });
    await expect(cta).toHaveCSS('text-transform', 'uppercase');
  });
});

test.describe('widget lifecycle on a partner page', () => {
  test('a property set before our script defines the element is applied', async ({ page }) => {
    const early = `${widgetTags.map((t) => `document.getElementById('${t}').utmCampaign = 'early-${t}';`).join('\n')}
document.getElementById('kserowo-pricing').type = 'mono';`;
    await page.goto(site.page({ body: allWidgets(), early }));
    await allRendered(page);
    await expect(page.locator('kserowo-pricing .card:visible').first()).toContainText('od 175 zł');
    for (const tag of widgetTags) {
      const value = await page
        .locator(tag)
        .evaluate((el) => (el as HTMLElement & { utmCampaign?: string }).utmCampaign);
      expect(value, tag).toBe(`early-${tag}`);
    }
  });

  test('moving a widget keeps its state', async ({ page }) => {
    await page.goto(
      site.page({
        body: '<div id="a"><kserowo-pricing id="p" partner="abc"></kserowo-pricing></div><div id="b"></div>',
      }),
    );
    await allRendered(page, ['kserowo-pricing']);
    await page.locator('#p').getByText('Mono', { exact: true }).click();
    await expect(page.locator('#p .card:visible').first()).toContainText('od 175 zł');
    await page.evaluate(() => document.getElementById('b')!.append(document.getElementById('p')!));
    await expect(page.locator('#b #p .card:visible').first()).toContainText('od 175 zł');
    await expect(page.locator('#b #p').getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  test('two instances work independently and tell the host page which one changed', async ({ page }) => {
    await page.goto(
      site.page({
        body: '<kserowo-pricing id="one"></kserowo-pricing><kserowo-pricing id="two" type="mono"></kserowo-pricing>',
      }),
    );
    await allRendered(page, ['kserowo-pricing']);
    await page.locator('#one').getByText('Mono', { exact: true }).click();
    await page.locator('#two').getByText('Kolor', { exact: true }).click();
    await expect(page.locator('#one .card:visible').first()).toContainText('od 175 zł');
    await expect(page.locator('#two .card:visible').first()).toContainText('od 195 zł');
    expect((await recorded(page)).events).toEqual([
      { type: 'kserowo:type-change', detail: { type: 'mono' }, target: 'one' },
      { type: 'kserowo:type-change', detail: { type: 'color' }, target: 'two' },
    ]);
  });

  test('two configurators on one page keep their own steps and choices, and leave the host URL alone', async ({
    page,
  }) => {
    const url = site.page({
      body: '<kserowo-configurator id="a"></kserowo-configurator><kserowo-configurator id="b"></kserowo-configurator>',
    });
    await page.goto(url);
    await allRendered(page, ['kserowo-configurator']);
    const a = page.locator('#a');
    const b = page.locator('#b');
    await a.getByText('Konica Minolta bizhub C3320i').click();
    await a.getByRole('button', { name: 'Dalej' }).click();
    await expect(a.getByRole('radio', { name: /Basic/ })).toBeVisible();
    // The second one is still on its first step.
    await expect(b.getByRole('radio', { name: /Basic/ })).toHaveCount(0);
    await b.getByText('Konica Minolta bizhub C258').click();
    await b.getByRole('button', { name: 'Dalej' }).click();
    await expect(a).toContainText('195 zł');
    await expect(a).not.toContainText('309 zł');
    await expect(b).toContainText('309 zł');
    await expect(b).not.toContainText('195 zł');
    const steps = ((await recorded(page)).events ?? []).filter((e) => e.type === 'kserowo:step');
    expect(steps.map((e) => e.target)).toContain('a');
    expect(steps.map((e) => e.target)).toContain('b');
    expect(page.url()).toBe(url);
  });

  test('one catalogue request serves every instance on the page', async ({ page }) => {
    const catalogueRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/catalogue') && catalogueRequests.push(r.url()));
    await page.goto(
      site.page({ body: `${allWidgets()}\n${allWidgets('partner="second"').replace(/id="/g, 'id="second-')}` }),
    );
    await allRendered(page);
    expect(catalogueRequests).toEqual([`${apiOrigin}/api/catalogue`]);
  });
});

test.describe('a React 19 host page', () => {
  let app = '';
  test.beforeAll(async () => {
    // Real React 19 (not Preact), as a partner's app would bundle it.
    const built = await esbuild.build({
      entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/react19-host.jsx')],
      bundle: true,
      format: 'esm',
      write: false,
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    app = built.outputFiles[0]!.text;
  });

  test('ten checks: attributes, on… events, prefill, re-render, move, remount and unmount', async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(site.page({ body: '<div id="app"></div>', app }));
    const contact = page.locator('#contact');
    const pricing = page.locator('#pricing');
    const state = page.locator('#state');
    const host = (call: string) => page.evaluate((c) => new Function(`window.host.${c}`)(), call);
    // 1. React renders our elements with its props as attributes, and they upgrade.
    await expect(pricing.locator('.card:visible').first()).toContainText('od 175 zł');
    await expect(pricing).toHaveAttribute('utm-campaign', 'react');
    // 2. A prop changed by React reaches the widget.
    await host("setType('color')");
    await expect(pricing.locator('.card:visible').first()).toContainText('od 195 zł');
    // 3. An `onkserowo:type-change` prop hears the widget's event (React 19 custom-element events).
    await pricing.getByText('Mono', { exact: true }).click();
    await expect(state).toContainText('changes mono');
    // 4. Prefill attributes from React props fill the form; an empty one arriving later fills its field.
    await expect(contact.getByLabel(/Imię i nazwisko/)).toHaveValue('Jan Partnerski');
    await host("setUser({ name: 'Jan Partnerski', email: 'jan@partner.pl' })");
    await expect(contact.getByLabel(/^Email/)).toHaveValue('jan@partner.pl');
    // 5. What the visitor typed outlives a re-render of the host and a new prefill value.
    await contact.getByLabel(/^Telefon/).fill('600 100 200');
    await contact.getByLabel(/Imię i nazwisko/).fill('Janina Partnerska');
    await host('rerender()');
    await host("setUser({ name: 'Ktoś Inny', email: 'jan@partner.pl' })");
    await expect(contact.getByLabel(/Imię i nazwisko/)).toHaveValue('Janina Partnerska');
    await expect(contact.getByLabel(/^Telefon/)).toHaveValue('600 100 200');
    // 6. A keyed reorder moves the elements in the DOM; both keep their state.
    await host('swap()');
    await expect(page.locator('main > div').first()).toHaveAttribute('id', 'slot-b');
    await expect(contact.getByLabel(/^Telefon/)).toHaveValue('600 100 200');
    await expect(pricing.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    // 7. The form sends from the React page and `onkserowo:lead` updates React state.
    await contact.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(contact.getByRole('status')).toContainText('Wiadomość wysłana!');
    await expect(state).toContainText('leads 1');
    // 8. A remount (new key) is a fresh form, prefilled from the current props.
    await contact.getByLabel(/^Telefon/).fill('500 500 500');
    await host('remount()');
    await expect(contact.getByLabel(/^Telefon/)).toHaveValue('');
    await expect(contact.getByLabel(/Imię i nazwisko/)).toHaveValue('Ktoś Inny');
    // 9. An unmounted widget leaves the page and the host goes on rendering.
    await host('hide()');
    await expect(pricing).toHaveCount(0);
    await host('rerender()');
    await expect(state).toContainText('render 2');
    // 10. Nothing went wrong on the way: no page errors, no console errors, one lead heard.
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { hostLog: string[] }).hostLog)).toEqual(['lead contact']);
  });
});

test.describe('widget files', () => {
  test('are served for any origin, hashed files cached for a year, the alias and manifest for minutes, matching the SRI manifest', async ({
    request,
  }) => {
    const manifestResponse = await request.get(`${apiOrigin}/widgets/v1/manifest.json`, {
      headers: { Origin: 'https://drukarnia-abc.pl' },
    });
    expect(manifestResponse.headers()['access-control-allow-origin']).toBe('*');
    expect(manifestResponse.headers()['cache-control']).toBe('public, max-age=300');
    const manifest = (await manifestResponse.json()) as {
      files: Record<string, { integrity: string; alias?: string }>;
    };
    expect(Object.keys(manifest.files)).toContain('kserowo.js');
    for (const [name, file] of Object.entries(manifest.files)) {
      const response = await request.get(`${apiOrigin}/widgets/v1/${name}`, {
        headers: { Origin: 'https://drukarnia-abc.pl' },
      });
      const headers = response.headers();
      expect(response.status(), name).toBe(200);
      expect(headers['content-type'], name).toMatch(/^text\/javascript/);
      expect(headers['access-control-allow-origin'], name).toBe('*');
      expect(headers['access-control-allow-credentials'], name).toBeUndefined();
      expect(headers['cross-origin-resource-policy'], name).toBe('cross-origin');
      expect(headers['cache-control'], name).toBe(
        file.alias ? 'public, max-age=300' : 'public, max-age=31536000, immutable',
      );
      expect(
        `sha384-${createHash('sha384')
          .update(await response.body())
          .digest('base64')}`,
        name,
      ).toBe(file.integrity);
    }
  });

  test('a partner may pin the hashed loader with its SRI hash; a wrong hash is refused by the browser', async ({
    page,
    request,
  }) => {
    const manifest = (await (await request.get(`${apiOrigin}/widgets/v1/manifest.json`)).json()) as {
      files: Record<string, { integrity: string; alias?: string }>;
    };
    const alias = manifest.files['kserowo.js']!;
    const pinned = { widgetScript: `${apiOrigin}/widgets/v1/${alias.alias}`, integrity: alias.integrity };
    await page.goto(site.page({ body: '<kserowo-pricing></kserowo-pricing>', ...pinned }));
    await allRendered(page, ['kserowo-pricing']);

    const tampered = {
      ...pinned,
      integrity: `sha384-${createHash('sha384').update('something else').digest('base64')}`,
    };
    await page.goto(site.page({ body: '<kserowo-pricing></kserowo-pricing>', ...tampered }));
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.documentElement.dataset.kserowo ?? 'not loaded')).toBe('not loaded');
  });
});

test.describe('the /dla-partnerow page', () => {
  test('documents every widget, every event, the CSP and the pinned version, and shows a live example', async ({
    page,
    request,
  }) => {
    await page.goto('/dla-partnerow');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widżety Kserowo na Twojej stronie');
    const main = page.locator('main');
    for (const tag of widgetTags)
      await expect(main.getByRole('heading', { name: new RegExp(`<${tag}>`) })).toBeVisible();
    for (const event of ['kserowo:type-change', 'kserowo:step', 'kserowo:lead', 'kserowo:error']) {
      await expect(main.getByRole('rowheader', { name: event })).toBeVisible();
    }
    for (const attribute of ['partner', 'utm-source', 'utm-medium', 'utm-campaign', 'api-base']) {
      await expect(main.getByRole('rowheader', { name: attribute, exact: true }).first()).toBeVisible();
    }
    await expect(main).toContainText('<script type="module" src="https://kserowo.pl/widgets/v1/kserowo.js"></script>');
    // Prefill attributes of the forms, and React 19 usage (attributes, on… events).
    for (const attribute of ['name', 'email', 'phone', 'company', 'nip'])
      await expect(main.getByRole('rowheader', { name: attribute, exact: true }).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: '7. React 19' })).toBeVisible();
    await expect(main.locator('#react ~ pre').first()).toContainText('onkserowo:lead={() => setSent(true)}');
    await expect(main).toContainText(
      "Content-Security-Policy: script-src 'self' https://kserowo.pl; connect-src 'self' https://kserowo.pl",
    );
    const manifest = (await (await request.get('/widgets/v1/manifest.json')).json()) as {
      files: Record<string, { integrity: string; alias?: string }>;
    };
    const alias = manifest.files['kserowo.js']!;
    await expect(main).toContainText(`https://kserowo.pl/widgets/v1/${alias.alias}`);
    await expect(main).toContainText(`integrity="${alias.integrity}"`);

    const demo = page.locator('.partner-demo kserowo-pricing');
    await demo.scrollIntoViewIfNeeded();
    await expect(demo.locator('.card:visible').first()).toContainText('od 195 zł');
    await expect(demo.getByRole('link', { name: /Business/ })).toHaveCSS('background-color', 'rgb(122, 46, 142)');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/i8-dla-partnerow-${width}.png` });
      await page.locator('#csp').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/i8-dla-partnerow-csp-${width}.png` });
      await page.locator('.partner-demo').screenshot({ path: `/tmp/i8-dla-partnerow-example-${width}.png` });
    }
  });
});

test.describe('leads sent from a partner page', () => {
  test('a contact message reaches us with the partner id, the UTM values and the partner origin; the host page hears kserowo:lead', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = `partner-${Date.now()}@drukarnia-abc.pl`;
    const url = site.page(
      { body: '<kserowo-contact id="form" partner="drukarnia-abc" utm-source="abc"></kserowo-contact>', hostile: true },
      '?utm_source=ignored&utm_medium=referral&utm_campaign=wiosna',
    );
    await page.goto(url);
    const form = page.locator('#form');
    await form.getByLabel(/Imię i nazwisko/).fill('Anna Partnerska');
    await form.getByLabel(/Email/).fill(email);
    await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(form.getByRole('status')).toContainText('Wiadomość wysłana!');
    expect((await recorded(page)).events).toEqual([
      { type: 'kserowo:lead', detail: { kind: 'contact', value: 100, currency: 'PLN' }, target: 'form' },
    ]);
    expect((await recorded(page)).violations).toEqual([]);

    const [lead] = await storedLeads(email);
    expect(lead?.kind).toBe('contact');
    expect(lead?.origin).toBe(site.origin);
    expect(lead?.attribution).toEqual({
      page: new URL(url).pathname + new URL(url).search,
      origin: site.origin,
      referrer: '',
      partner: 'drukarnia-abc',
      utm_source: 'abc',
      utm_medium: 'referral',
      utm_campaign: 'wiosna',
    });
  });
});

test.describe('a quote sent from a partner page', () => {
  test('is stored with the partner id, the UTM values and the partner origin; host listeners and dataLayer get the documented events', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = `quote-${Date.now()}@drukarnia-abc.pl`;
    const early = 'window.dataLayer = [];';
    const url = site.page(
      {
        body: '<kserowo-configurator id="cfg" partner="drukarnia-abc" utm-campaign="wiosna"></kserowo-configurator>',
        hostile: true,
        early,
      },
      '?utm_source=abc&utm_medium=referral',
    );
    await page.goto(url);
    const cfg = page.locator('#cfg');
    await cfg.getByText('Konica Minolta bizhub C3320i').click();
    await cfg.getByRole('button', { name: 'Dalej' }).click();
    await cfg.getByRole('radio', { name: /Basic/ }).check();
    await cfg.getByRole('button', { name: 'Dalej' }).click();
    await cfg.getByLabel('Imię i nazwisko').fill('Ewa Partnerska');
    await cfg.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await cfg.getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
    await expect(cfg.getByRole('heading', { name: /Wycena KS-\d{4}-\d+ jest gotowa/ })).toBeVisible();

    const { events, violations } = await recorded(page);
    expect(violations).toEqual([]);
    const lead = events.find((e) => e.type === 'kserowo:lead');
    expect(lead).toEqual({
      type: 'kserowo:lead',
      detail: { kind: 'quote', number: expect.stringMatching(/^KS-\d{4}-\d+$/), value: 100, currency: 'PLN' },
      target: 'cfg',
    });
    expect(events.filter((e) => e.type === 'kserowo:step').map((e) => (e.detail as { step: number }).step)).toEqual([
      1, 2, 3,
    ]);
    const layer = (
      await page.evaluate(() => (window as unknown as { dataLayer: { event: string }[] }).dataLayer)
    ).filter((e) => e.event === 'generate_lead');
    expect(layer).toEqual([
      {
        event: 'generate_lead',
        event_category: 'lead',
        event_action: 'quote',
        event_label: 'km-c3320i/basic',
        value: 100,
        currency: 'PLN',
        device_id: 'km-c3320i',
        package_level: 'basic',
        monthly_net: 195,
      },
    ]);

    const [stored] = await storedLeads(email);
    expect(stored?.kind).toBe('quote');
    expect(stored?.origin).toBe(site.origin);
    expect(stored?.attribution).toEqual({
      page: new URL(url).pathname + new URL(url).search,
      origin: site.origin,
      referrer: '',
      partner: 'drukarnia-abc',
      utm_source: 'abc',
      utm_medium: 'referral',
      utm_campaign: 'wiosna',
    });
  });
});
