// `/konfigurator` without layout shift: the configurator is pre-rendered at its
// first step with the page's catalogue, so its upgrade moves nothing, including when the
// page's `?device=` makes the first client render step 2 (a static page cannot know the query).
// The customer forms of `/serwis` and `/licznik` hold the viewport until they are drawn.
import { expect, test, type Page } from '@playwright/test';
import { TEST_ADMIN_PASSWORD } from './admin-helpers.ts';
import type { ContractList } from '../../worker/admin-shared/admin-api.ts';

/** Collects layout shifts without recent input from the first paint on. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (e.hadRecentInput) continue;
        const sources = (e.sources ?? []).map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 80) ?? '?');
        w.__shifts.push({ value: e.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(async () => {
    // Two frames, so a shift caused by the last render is reported.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts;
  });

/** A new device's reading link: logs in through the admin API, adds the device, reads its contract. */
async function readingLink(page: Page): Promise<string> {
  const headers = {
    Origin: new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin,
  };
  await page.request.post('/api/admin/login', { headers, data: { password: TEST_ADMIN_PASSWORD, name: 'Układ' } });
  const serial = `LAY${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.request.post('/api/admin/devices', {
    headers,
    data: { serial, deviceId: 'km-c3320i', level: 'basic', company: 'Układ' },
  });
  const { contracts } = (await (await page.request.get('/api/admin/contracts')).json()) as ContractList;
  const link = contracts.flatMap((c) => c.devices).find((d) => d.serial === serial)?.readingLink ?? '';
  return new URL(link).pathname + new URL(link).search;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the upgrade of the pre-rendered first step shifts nothing', async ({ page }) => {
      await watchShifts(page);
      await page.goto('/konfigurator');
      const cfg = page.locator('kserowo-configurator');
      // Pre-rendered: the first step is in the HTML, not a 'Ładowanie...' box.
      await expect(cfg.getByRole('heading', { name: /Wybierz urządzenie/ })).toBeVisible();
      await cfg.evaluate((el) => customElements.whenDefined(el.localName));
      await expect(cfg.getByRole('radio', { name: /bizhub C258/ })).toBeVisible();
      await page.waitForTimeout(300);
      const seen = await shifts(page);
      const total = seen.reduce((sum, s) => sum + s.value, 0);
      expect(total, JSON.stringify(seen)).toBeLessThan(0.001);
    });

    test('with ?device= the first client render (step 2) shifts nothing', async ({ page }) => {
      await watchShifts(page);
      await page.goto('/konfigurator?device=km-c258');
      const cfg = page.locator('kserowo-configurator');
      await cfg.evaluate((el) => customElements.whenDefined(el.localName));
      await expect(cfg.getByRole('heading', { name: /Wybierz pakiet/ })).toBeVisible();
      await expect(cfg.locator('label.pkg')).toHaveCount(3);
      await page.waitForTimeout(300);
      const seen = await shifts(page);
      const total = seen.reduce((sum, s) => sum + s.value, 0);
      expect(total, JSON.stringify(seen)).toBeLessThan(0.001);
    });
  });
}

// Lighthouse's phone (412 × 823) shows what follows the placeholder; so does a desktop.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 412, height: 823 },
]) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    for (const [path, tag] of [
      ['/serwis', 'kserowo-service'],
      ['/licznik', 'kserowo-meter'],
    ] as const)
      test(`${path}: the form coming in shifts nothing`, async ({ page }) => {
        await watchShifts(page);
        // The form's code is held back until the page has painted without it, as on a slow line.
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(
          new RegExp(`/widgets/v1/${tag.slice('kserowo-'.length)}\\.[0-9a-f]{8}\\.js$`),
          async (route) => {
            await released;
            await route.continue();
          },
        );
        // The meter form opens from a device's reading link (a contract signed through the admin API).
        await page.goto(path === '/licznik' ? await readingLink(page) : path);
        await page.waitForTimeout(300);
        release();
        const form = page.locator(tag);
        await form.evaluate((el) => customElements.whenDefined(el.localName));
        await expect(form.getByRole('button', { name: /Wyślij/ })).toBeVisible();
        await page.waitForTimeout(300);
        const seen = await shifts(page);
        const total = seen.reduce((sum, s) => sum + s.value, 0);
        expect(total, JSON.stringify(seen)).toBeLessThan(0.001);
      });
  });
}
