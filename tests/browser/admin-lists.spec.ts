// The admin lists say when there is more and load it ('Pokaż więcej'): a device with more
// readings than one page shows the first page, says there are more, and shows every reading
// once after 'Pokaż więcej'. And the panel's times are Warsaw time in a browser set to
// another time zone. Screenshots at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { logIn } from './admin-helpers.ts';

/** One more reading than the panel's page (100). */
const READINGS = 101;

test("a list of more readings than a page says so and 'Pokaż więcej' shows each of the rest once", async ({ page }) => {
  test.setTimeout(120_000);
  const serial = `PG${Date.now()}`;
  await logIn(page, 'Ola');
  const origin = new URL(page.url()).origin;
  const added = await page.request.post('/api/admin/devices', {
    headers: { Origin: origin },
    data: { serial, deviceId: 'km-227', level: 'basic', company: 'Biuro Stronicowe', city: 'Słupsk' },
  });
  expect(added.status()).toBe(201);
  const contracts = (await (await page.request.get('/api/admin/contracts')).json()) as {
    contracts: { devices: { serial: string; readingLink: string | null }[] }[];
  };
  const link = contracts.contracts.flatMap((c) => c.devices).find((d) => d.serial === serial)?.readingLink ?? '';
  const token = new URL(link).searchParams.get('t');
  // The customer's readings through the device's link (no audit row, no e-mail), rising.
  for (let i = 0; i < READINGS; i++) {
    const res = await page.request.post('/api/meter-readings', {
      data: { t: token, name: 'Jan Klient', email: 'jan@biuro.pl', submissionId: crypto.randomUUID(), mono: 1000 + i },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/admin#odczyty/${serial}`);
  const rows = page.locator('table.reading-list tbody tr');
  await expect(rows).toHaveCount(100);
  await expect(page.getByText('Pokazano 100 odczytów; są kolejne.')).toBeVisible();
  await page.getByRole('button', { name: 'Pokaż więcej' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/admin-more-1280.png', fullPage: false });

  await page.getByRole('button', { name: 'Pokaż więcej' }).click();
  await expect(page.getByText(`Pokazano wszystkie: ${READINGS} odczytów.`)).toBeVisible();
  await expect(rows).toHaveCount(READINGS);
  await expect(page.getByRole('button', { name: 'Pokaż więcej' })).toHaveCount(0);
  // Every reading once, the newest first: 1100 down to 1000.
  const counters = (await rows.locator('td:nth-child(4)').allTextContents()).map((t) => Number(t.replace(/\D/g, '')));
  expect(counters).toEqual(Array.from({ length: READINGS }, (_, i) => 1000 + READINGS - 1 - i));

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByText(`Pokazano wszystkie: ${READINGS} odczytów.`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/admin-more-375.png', fullPage: false });
});

test('the price list history shows Warsaw time in a browser set to New York', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await logIn(page, 'Ola');
  // A version published at 11:30 UTC in January: 12:30 in Warsaw, 06:30 in New York.
  await page.route('**/api/admin/catalogue', async (route) => {
    const answer = (await (await route.fetch()).json()) as { versions: unknown[] };
    answer.versions = [
      { version: 7, createdAt: '2026-01-15T11:30:00.000Z', createdBy: 'Szef', note: 'Zimowe ceny' },
      ...answer.versions,
    ];
    await route.fulfill({ json: answer });
  });
  expect(await page.evaluate(() => new Date('2026-01-15T11:30:00.000Z').getHours())).toBe(6);
  await page.goto('/admin#cennik');
  const row = page.getByRole('row', { name: /Zimowe ceny/ });
  await expect(row).toContainText('2026-01-15 12:30');
  await context.close();
});
