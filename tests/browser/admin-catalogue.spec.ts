// Publishing a catalogue changes prices everywhere, so this file runs against a server of
// its own (port KSEROWO_CATALOGUE_PORT, else a free one taken when this file loads, its own D1): the other
// specs keep the spec's prices.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import { freePort } from '../../scripts/ports.mjs';
import { logIn, message } from './admin-helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The port is taken here, when a worker loads this file just before its tests, not at the suite's start:
// in CI a port handed out at the start was held by another server minutes later, this file's wrangler
// could not listen, and the tests talked to that other server until a page load hung for 360 s.
const port = Number(process.env.KSEROWO_CATALOGUE_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
/** What this file's server answers at `GET /__test/whoami` (tests/worker/test-server-entry.ts). */
const serverId = randomUUID();
let server: ChildProcess | undefined;

// Serial: one server and one admin session. A failure skips the rest of the group and the
// retry runs the whole group again. The server's output goes to test-results/ for a failure's cause.
test.describe.configure({ mode: 'serial' });
// A page load that hangs fails in 2 minutes, so the retry (a fresh server on a fresh port) has time left.
test.use({ baseURL: base, navigationTimeout: 120_000 });

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from this pattern; none are needed.
test.beforeAll(async ({}, info) => {
  info.setTimeout(180_000);
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const log = openSync(path.join(root, `test-results/catalogue-server-${port}.log`), 'a');
  server = spawn(process.execPath, ['scripts/serve-test.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      KSEROWO_TEST_STATE: `.wrangler/test-state-${port}`,
      KSEROWO_TEST_SERVER_ID: serverId,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const child = server;
  for (let i = 0; i < 170; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the catalogue test server on ${base} stopped (${child.exitCode ?? child.signalCode}): see its log`,
      );
    // Its own server, not whatever else answers on the port.
    const ours = await fetch(`${base}/__test/whoami`).then(
      async (r) => r.ok && (await r.text()) === serverId,
      () => false,
    );
    const up =
      ours &&
      (await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the catalogue test server on ${base} did not start`);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

const firstCard = (page: Page) => page.locator('#pricing kserowo-pricing .card:visible').first();

/** The home page as a visitor without JavaScript sees it. */
async function homeWithoutJs(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
  const page = await context.newPage();
  await page.goto('/');
  return { page, close: () => context.close() };
}

test.describe('publishing a catalogue change from the panel', () => {
  test('an invalid price is marked with a Polish message and cannot be published', async ({ page }) => {
    await logIn(page);
    await page.getByRole('link', { name: 'Cennik' }).click();
    const price = page.getByLabel('Konica Minolta bizhub C3320i, Basic: Cena netto (zł/mies.)');
    await price.fill('-5');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Cena miesięczna musi być liczbą dodatnią (najwyżej 2 miejsca po przecinku).'),
    ).toBeVisible();
    const overage = page.getByLabel('Konica Minolta bizhub C258, Basic: Dopłata kolor (zł/str.)');
    await overage.fill('0,195');
    await expect(
      page.getByText('Dopłata za stronę musi być liczbą dodatnią z najwyżej dwoma miejscami po przecinku.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Opublikuj cennik' })).toBeDisabled();
    await expect(page.getByText('Podgląd pojawi się po poprawieniu błędów.')).toBeVisible();
  });

  test('is previewed, published, seen by the API and the home page (JS off, and JS on with no layout shift), and rolled back', async ({
    page,
    browser,
  }) => {
    // Four page loads on a server of its own that starts with the suite, when the machine is
    // busiest: 180 s was not enough with two whole suites side by side (passed on the retry).
    test.setTimeout(360_000);
    await logIn(page, 'Kasia');
    await page.getByRole('link', { name: 'Cennik' }).click();
    await page.getByLabel('Konica Minolta bizhub C3320i, Basic: Cena netto (zł/mies.)').fill('185');
    await expect(page.getByTestId('pricing-preview').locator('.card:visible').first()).toContainText('od 185 zł');
    await page.getByLabel(/Opis zmiany/).fill('Promocja na C3320i');
    await page.getByRole('button', { name: 'Opublikuj cennik' }).click();
    await expect(
      message(page, 'Opublikowano wersję 1. Strona, API i nowe wyceny używają już nowych cen.'),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Promocja na C3320i' })).toContainText('Kasia');

    const api = (await (await page.request.get('/api/catalogue')).json()) as {
      version: number;
      devices: { id: string; packages: { monthlyPrice: number }[] }[];
    };
    expect(api.version).toBe(1);
    expect(api.devices.find((d) => d.id === 'km-c3320i')?.packages[0]?.monthlyPrice).toBe(185);

    const off = await homeWithoutJs(browser);
    await expect(firstCard(off.page)).toContainText('od 185 zł netto / mies.');
    await expect(firstCard(off.page)).toContainText('227,55 zł brutto');
    await off.close();

    // With JavaScript: the widget upgrades from the re-rendered markup and nothing moves.
    const visitor = await browser.newPage({ baseURL: base });
    await visitor.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visitor.goto('/');
    await visitor.locator('#pricing kserowo-pricing').scrollIntoViewIfNeeded();
    await expect.poll(() => visitor.evaluate(() => !!customElements.get('kserowo-pricing'))).toBe(true);
    await expect(firstCard(visitor)).toContainText('od 185 zł');
    await visitor.locator('#pricing kserowo-pricing').getByText('Mono', { exact: true }).click();
    await expect(firstCard(visitor)).toContainText('od 175 zł');
    expect(await visitor.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    await visitor.close();

    await page.getByRole('button', { name: 'Przywróć wersję 0' }).click();
    await expect(message(page, 'Przywrócono ceny wersji 0 jako nową wersję 2.')).toBeVisible();
    const again = await homeWithoutJs(browser);
    await expect(firstCard(again.page)).toContainText('od 195 zł netto / mies.');
    await again.close();
  });
});
