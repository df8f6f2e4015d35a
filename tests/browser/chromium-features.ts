// The one `--disable-features` switch our Chromium runs get. Chromium keeps only the last of a
// repeated switch, and Playwright puts its own list first (HttpsUpgrades, PaintHolding, MediaRouter…),
// so a second switch of ours would silently turn Playwright's back on. This reads Playwright's list
// from the installed playwright-core (it exports none) and adds ours; it stops the run at once if
// a Playwright upgrade moved the list, rather than lose it without a word.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Ours: Chromium 156 (Debian's 156.0.8078.114) renders the address bar's suggestion popup as a WebUI page,
 * in a renderer of its own for every window, so for every test's page. Eight pages took 27 s of CPU
 * with it and 8.5 s without (docs/testing-costs.md). A headless test has no address bar to type in.
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export function playwrightDisabledFeatures(): string[] {
  const bundle = createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(readFileSync(bundle, 'utf8'))?.[1];
  const names = [...(list ?? '').matchAll(/^\s*"(\w+)",?\s*$/gm)].map((m) => m[1] as string);
  if (names.length < 5)
    throw new Error(
      `Playwright's --disable-features list not found in ${bundle}: see tests/browser/chromium-features.ts`,
    );
  return names;
}

export const disableFeaturesSwitch = (): string =>
  `--disable-features=${[...playwrightDisabledFeatures(), ...OUR_DISABLED_FEATURES].join(',')}`;
