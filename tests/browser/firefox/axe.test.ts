/**
 * The second engine of the accessibility statement (/deklaracja-dostepnosci): axe-core on
 * every public route of site/routes.ts in Firefox ESR (Gecko) at 375 and 1280 px, as the
 * Chromium quality test does (tests/browser/quality.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publicRoutes } from '../../../site/routes.ts';
import { base, launchFirefox, newPage } from './browser.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeWindow {
  axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] }> };
}

describe('Firefox ESR: axe on every route', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchFirefox();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [375, 1280]) {
    test(`no violations at ${width} px`, { timeout: 300_000 }, async () => {
      const page = await newPage(browser, width);
      const found: string[] = [];
      for (const path of publicRoutes) {
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        await page.evaluate(axeSource);
        const violations = await page.evaluate(
          async () => (await (window as unknown as AxeWindow).axe.run()).violations,
        );
        for (const v of violations) {
          found.push(`${path}: ${v.id} (${v.impact}) ${JSON.stringify(v.nodes.map((n) => n.target))}`);
        }
      }
      await page.close();
      expect(found).toEqual([]);
    });
  }
});
