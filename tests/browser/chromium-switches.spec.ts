// The Chromium of these tests: Playwright's own features-off list reaches the browser whole, with
// ours added (Chromium keeps only the last `--disable-features`), and no window starts the address
// bar's WebUI popup, a renderer per page that tripled the suite's CPU (tests/browser/chromium-features.ts).
import { expect, test } from '@playwright/test';
import { OUR_DISABLED_FEATURES, playwrightDisabledFeatures } from './chromium-features.ts';

test('Chromium gets one features-off switch with Playwright’s list and ours, and no address-bar renderer', async ({
  browser,
  page,
}) => {
  // The browser's own command line, as chrome://version shows it.
  await page.goto('chrome://version');
  const argv = ((await page.locator('#command_line').textContent()) ?? '').split(/\s+/);
  const last = argv.filter((a) => a.startsWith('--disable-features=')).at(-1) ?? '';
  const off = new Set(last.slice('--disable-features='.length).split(','));
  for (const name of [...playwrightDisabledFeatures(), ...OUR_DISABLED_FEATURES]) expect(off, name).toContain(name);
  expect(off).toContain('HttpsUpgrades');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox')).map((t) => t.url)).toEqual([]);
});
