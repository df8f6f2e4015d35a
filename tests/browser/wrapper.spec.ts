// The r2wc wrapper (widgets/core/define.ts) closes r2wc's three gaps (DESIGN §2).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { PREACT_ALIAS } from '../../scripts/preact-alias.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
let probeScript = '';

test.beforeAll(async () => {
  const result = await esbuild.build({
    entryPoints: [path.join(here, 'fixtures/probe-widget.tsx')],
    bundle: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    jsxImportSource: 'react',
    alias: PREACT_ALIAS,
  });
  probeScript = result.outputFiles[0]!.text;
});

/** A blank page with `html` in its body; the probe is defined by `define()`. */
async function blank(page: Page, html: string) {
  await page.goto('/404');
  await page.evaluate((markup) => {
    document.body.innerHTML = markup;
  }, html);
  return {
    define: () => page.addScriptTag({ content: probeScript, type: 'module' }),
  };
}

const out = (page: Page, id: string, cls: string) => page.locator(`#${id}`).locator(`output.${cls}`);

test.describe('defineWidget', () => {
  // The probe is injected as an inline script, which the site's CSP (script-src 'self') rightly blocks.
  test.use({ bypassCSP: true });

  test('applies a property set before the element was defined', async ({ page }) => {
    const { define } = await blank(page, '<probe-widget id="p"></probe-widget>');
    await page.evaluate(() => {
      const el = document.getElementById('p') as HTMLElement & { label?: string; data?: unknown };
      el.label = 'early';
      el.data = { items: ['a', 'b'] };
    });
    await define();
    await expect(out(page, 'p', 'label')).toHaveText('[early]');
    await expect(out(page, 'p', 'data')).toHaveText('a,b');
    // And the accessor works afterwards too.
    await page.evaluate(() => ((document.getElementById('p') as HTMLElement & { label?: string }).label = 'later'));
    await expect(out(page, 'p', 'label')).toHaveText('[later]');
  });

  test('keeps its state when the element is moved', async ({ page }) => {
    const { define } = await blank(page, '<div id="a"><probe-widget id="p"></probe-widget></div><div id="b"></div>');
    await define();
    const button = page.locator('#p').getByRole('button');
    await button.click();
    await button.click();
    await expect(button).toHaveText('clicks: 2');
    await page.evaluate(() => document.getElementById('b')!.append(document.getElementById('p')!));
    await expect(page.locator('#b #p').getByRole('button')).toHaveText('clicks: 2');
  });

  test('unmounts an element that stays removed, and mounts it fresh when it comes back', async ({ page }) => {
    const { define } = await blank(page, '<probe-widget id="p"></probe-widget>');
    await define();
    await page.locator('#p').getByRole('button').click();
    const afterRemoval = await page.evaluate(async () => {
      const el = document.getElementById('p')!;
      el.remove();
      await new Promise((r) => setTimeout(r, 20));
      const children = el.shadowRoot!.childNodes.length;
      document.body.append(el);
      return children;
    });
    expect(afterRemoval).toBe(0);
    await expect(page.locator('#p').getByRole('button')).toHaveText('clicks: 0');
  });

  test('treats a bare boolean attribute as true, "false" and removal as false', async ({ page }) => {
    const { define } = await blank(
      page,
      '<probe-widget id="bare" filters></probe-widget><probe-widget id="off" filters="false"></probe-widget>',
    );
    await define();
    await expect(out(page, 'bare', 'filters')).toHaveText('true');
    await expect(out(page, 'off', 'filters')).toHaveText('false');
    await page.evaluate(() => document.getElementById('bare')!.removeAttribute('filters'));
    await expect(out(page, 'bare', 'filters')).toHaveText('false');
    await page.evaluate(() => document.getElementById('off')!.setAttribute('filters', ''));
    await expect(out(page, 'off', 'filters')).toHaveText('true');
    await page.evaluate(() => ((document.getElementById('off') as HTMLElement & { filters: boolean }).filters = false));
    await expect(out(page, 'off', 'filters')).toHaveText('false');
    expect(await page.evaluate(() => document.getElementById('off')!.hasAttribute('filters'))).toBe(false);
  });

  test('passes empty strings, resets removed attributes and parses numbers', async ({ page }) => {
    const { define } = await blank(page, '<probe-widget id="p" label="" count="3"></probe-widget>');
    await define();
    await expect(out(page, 'p', 'label')).toHaveText('[]');
    await expect(out(page, 'p', 'count')).toHaveText('3');
    await page.evaluate(() => {
      const el = document.getElementById('p')!;
      el.removeAttribute('label');
      el.removeAttribute('count');
    });
    await expect(out(page, 'p', 'label')).toHaveText('(none)');
    await expect(out(page, 'p', 'count')).toHaveText('(none)');
  });

  test('upgraded with its attributes set, its own sheet comes before the sheets its parts adopt as they render', async ({
    page,
  }) => {
    // An upgrade calls attributeChangedCallback (which renders) before connectedCallback: the
    // calculator's panel once adopted its sheet first, and the widget's base rules overrode it.
    const { define } = await blank(page, '<probe-widget id="p" label="x"></probe-widget>');
    await define();
    await expect(out(page, 'p', 'label')).toHaveText('[x]');
    expect(await out(page, 'p', 'label').evaluate((el) => getComputedStyle(el).fontSize)).toBe('17px');
  });

  test('styles its shadow root with an adopted constructable stylesheet', async ({ page }) => {
    const { define } = await blank(page, '<probe-widget id="p"></probe-widget>');
    await define();
    await expect(out(page, 'p', 'label')).toHaveText('(none)');
    const styled = await page.evaluate(() => {
      const root = document.getElementById('p')!.shadowRoot!;
      return {
        adopted: root.adoptedStyleSheets.length,
        styleElements: root.querySelectorAll('style').length,
        color: getComputedStyle(root.querySelector('.k-root')!).color,
      };
    });
    expect(styled).toEqual({ adopted: 1, styleElements: 0, color: 'rgb(1, 2, 3)' });
  });
});
