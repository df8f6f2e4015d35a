// Our widgets on a dark partner page: without a theme each paints its own light surface under
// its dark text; with the documented dark theme (custom properties) every background follows the
// theme. axe's colour contrast passes in all seven widgets either way, the hostile CSS on top.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DARK_THEME, darkThemeCss } from '../../widgets/core/contract.ts';
import { startPartnerSite, widgetTags, type PartnerSite } from './fixtures/partner-site.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => {
  await site.close();
});

const DARK_HOST = 'html, body { background: #0c121a !important; color: #e9eef5 }';
// The model list with its filter pills (`filters`), as a partner's catalogue page shows it.
const body = widgetTags
  .map(
    (tag) =>
      `<section class="slot"><${tag} id="${tag}"${tag === 'kserowo-models' ? ' filters' : ''}></${tag}></section>`,
  )
  .join('\n');

async function drawn(page: Page) {
  for (const tag of widgetTags) {
    await page.locator(tag).scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.locator(tag).evaluate((el) => {
          const root = el.shadowRoot ?? el;
          return !!root.querySelector('.k-root') && !root.querySelector('.loading');
        }),
      )
      .toBe(true);
  }
}

/** axe's colour-contrast findings inside the widgets, as lines named by their widget (one axe run for all). */
async function contrast(page: Page): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withRules(['color-contrast']);
  for (const tag of widgetTags) axe = axe.include(tag);
  const results = await axe.analyze();
  const lines: string[] = [];
  for (const v of results.violations)
    for (const n of v.nodes) {
      // The first selector of a node's target is its widget's host (a shadow DOM path starts there).
      const host = String([n.target[0]].flat()[0]);
      const tag = widgetTags.find((t) => host.includes(t)) ?? host;
      lines.push(`${tag}: ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`);
    }
  return lines;
}

/** Each filter pill of the model list: its text and WCAG contrast ratio of its text on its background. */
async function pillContrasts(page: Page): Promise<{ text: string; ratio: number; colors: string }[]> {
  return page.locator('kserowo-models').evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    return [...(el.shadowRoot?.querySelectorAll<HTMLElement>('.opts label > span') ?? [])].map((span) => {
      const { color, backgroundColor } = getComputedStyle(span);
      const [a, b] = [luminance(color), luminance(backgroundColor)].sort((x, y) => y - x);
      return {
        text: span.textContent ?? '',
        ratio: ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05),
        colors: `${color} on ${backgroundColor}`,
      };
    });
  });
}

for (const mode of ['without a theme', 'with the documented dark theme', 'with prefers-color-scheme: dark'] as const)
  test(`on a dark host page ${mode}, every widget passes axe colour contrast`, async ({ page }) => {
    test.setTimeout(120_000);
    const tags = widgetTags.join(', ');
    const theme =
      mode === 'with the documented dark theme'
        ? darkThemeCss(tags)
        : mode === 'with prefers-color-scheme: dark'
          ? `@media (prefers-color-scheme: dark) { ${darkThemeCss(tags)} }`
          : '';
    if (mode === 'with prefers-color-scheme: dark') await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(site.page({ body, hostile: true, css: `${DARK_HOST}\n${theme}` }));
    await drawn(page);
    expect(await contrast(page)).toEqual([]);
    if (mode !== 'without a theme') {
      // The theme reached the widgets: each one's surface is the theme's.
      const surfaces = await page.evaluate(
        (tags) =>
          tags.map(
            (t) =>
              getComputedStyle(
                (document.getElementById(t)!.shadowRoot ?? document.getElementById(t)!).querySelector('.k-root')!,
              ).backgroundColor,
          ),
        widgetTags,
      );
      expect(new Set(surfaces)).toEqual(new Set(['rgb(23, 33, 46)']));
      // The model list's filter pills, chosen or not: axe leaves them out (the radio lies over the pill, so it
      // cannot tell the colours), and the unchosen ones were white with the theme's light text (1.16:1).
      const pills = await pillContrasts(page);
      expect(pills.length).toBeGreaterThan(3);
      for (const pill of pills) expect(pill.ratio, `'${pill.text}' ${pill.colors}`).toBeGreaterThanOrEqual(4.5);
      expect(DARK_THEME['--kserowo-surface']).toBe('#17212e');
    }
    if (shots)
      await page.screenshot({ path: `${shots}/dark-host-${mode.replace(/[^a-z]+/g, '-')}-1280.png`, fullPage: true });
  });
