/**
 * The second engine of the accessibility statement (/deklaracja-dostepnosci): axe on every
 * public route in Firefox (Gecko) at 375 and 1280 px. Playwright drives only its own patched
 * Firefox, which cannot be downloaded here, so Debian's firefox-esr is driven through
 * WebDriver BiDi by puppeteer-core, and axe-core is injected into each page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import puppeteer, { type Browser } from 'puppeteer-core';
import { publicRoutes } from '../../site/routes.ts';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeWindow {
  axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] }> };
}

test.describe('Firefox (Gecko): axe on every route', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let browser: Browser;

  test.beforeAll(async () => {
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  });
  test.afterAll(async () => {
    await browser?.close();
  });

  for (const width of [375, 1280]) {
    test(`no violations at ${width} px`, async ({ baseURL }) => {
      const page = await browser.newPage();
      await page.setViewport({ width, height: 900 });
      const found: string[] = [];
      for (const path of publicRoutes) {
        await page.goto(`${baseURL}${path}`, { waitUntil: 'load' });
        await page.evaluate(axeSource);
        const violations = await page.evaluate(
          async () => (await (window as unknown as AxeWindow).axe.run()).violations,
        );
        for (const v of violations)
          found.push(`${path}: ${v.id} (${v.impact}) ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      }
      await page.close();
      expect(found).toEqual([]);
    });
  }
});
