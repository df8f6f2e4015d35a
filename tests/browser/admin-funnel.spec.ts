// "Od kliknięcia do przelewu" in 'Liczby', as marketing uses it: quotes from two
// campaigns' landing pages (one ordered and signed by the code) through the public API, then
// the section grouped by campaign and by page, its CSV link, a refused range with its Polish
// reason at the field, no axe violations, and nothing of it wider than a 375 px screen. The money
// figures of a whole chain are the worker test's (worker/funnel/funnel.test.ts); here one
// campaign of an earlier day also has the counters an invoiced and part-paid contract leaves,
// written as the worker writes them, so the screenshots show money.
// Screenshots at 375 and 1280 px when KSEROWO_SCREENSHOTS names a folder.
import { type Page, expect, test } from '@playwright/test';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { axeViolationsIn, base, codeFromOutbox, logIn } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('section.funnel').screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const post = (path: string, data: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });

async function quote(attribution: Record<string, string>, email: string) {
  const res = await post('/api/quotes', {
    deviceId: 'km-c3320i',
    level: 'basic',
    term: 36,
    contact: { name: 'Jan Kowalski', email },
    submissionId: crypto.randomUUID(),
    attribution: { origin: 'https://drukarnia-abc.pl', referrer: '', ...attribution },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

const today = warsawToday();
const monthStart = `${today.slice(0, 7)}-01`;

test.describe('Od kliknięcia do przelewu', () => {
  // One worker: the set-up once, and a retry finds it done.
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    const [done] = await d1<{ n: number }>("SELECT COUNT(*) AS n FROM lead_funnel WHERE campaign = 'lejek-zima'");
    if (done?.n) return;
    const zima = { partner: 'demo', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'lejek-zima' };
    const ordered = await quote({ ...zima, page: '/oferta/ksero?gclid=x1' }, 'lejek-1@firma.pl');
    await quote({ ...zima, page: '/oferta/ksero' }, 'lejek-2@firma.pl');
    await quote({ utm_source: 'newsletter', utm_campaign: 'lejek-lato', page: '/cennik' }, 'lejek-3@firma.pl');
    // The first quote ordered and signed by the e-mailed code, as the order page does it.
    const page = await (await fetch(`${base}/zamowienie/${ordered.id}`)).text();
    const data = JSON.parse(
      /<script type="application\/json" id="order-data">(.*?)<\/script>/s.exec(page)?.[1] ?? '{}',
    ) as {
      days: Record<string, { value: string }[]>;
    };
    const placed = await post(`/api/orders/${ordered.id}`, {
      nip: '5260250274',
      signerName: 'Jan Kowalski',
      signerPosition: 'Dyrektor generalny',
      signerEmail: 'lejek-podpis@firma.pl',
      signerPhone: '591234567',
      represents: true,
      city: 'Koszalin',
      date: data.days.Koszalin?.at(-2)?.value,
      deliveryAddress: 'ul. Zwycięstwa 1, 75-001 Koszalin',
      submissionId: crypto.randomUUID(),
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string };
    const accepted = await post(`/api/orders/${order.id}/accept`, {
      code: await codeFromOutbox('lejek-podpis@firma.pl'),
    });
    expect(accepted.status).toBe(200);
    // An earlier campaign's counters on the 1st of the month (unless that is today): 12 leads, 7 quotes, 3 signed,
    // 2 verified and installed, 2 × 195,00 zł a month, invoiced 390,00 zł net, 121,00 zł paid; signed after 2 and 5 days.
    if (monthStart !== today)
      await d1(`INSERT OR REPLACE INTO funnel_counts (dim, day, key, leads, quotes, orders, verified, installed, contract_value_gr, invoiced_net_gr, paid_gr)
        VALUES ('campaign', '${monthStart}', 'lejek-jesien', 12, 7, 3, 2, 2, 39000, 39000, 12100);
        INSERT OR REPLACE INTO funnel_signed_days (dim, day, key, days, n) VALUES ('campaign', '${monthStart}', 'lejek-jesien', 2, 2),
          ('campaign', '${monthStart}', 'lejek-jesien', 5, 1);`);
  });

  test('shows every step per campaign and page, with the CSV and a Polish refusal', async ({ page }) => {
    await logIn(page);
    await page.getByRole('link', { name: 'Liczby' }).click();
    const section = page.getByRole('region', { name: 'Od kliknięcia do przelewu', exact: true });
    await expect(section).toBeVisible();
    // This month so far, by campaign.
    await expect(section.getByLabel('Leady od dnia')).toHaveValue(monthStart);
    await expect(section.getByLabel('do dnia')).toHaveValue(today);
    const zima = section.getByRole('row', { name: /^lejek-zima/ });
    // 2 leads, 2 quotes (100%), 1 order signed (50% of the quotes), signed the day of the lead.
    await expect(zima.getByRole('cell')).toHaveText([
      '2',
      /^2 \(100%/,
      /^1 \(50%/,
      /^0 \(0%/,
      '0',
      /^0,00\sz\u0142$/,
      /^0,00\sz\u0142$/,
      /^0,00\sz\u0142$/,
      '0',
    ]);
    await expect(section.getByRole('link', { name: 'Pobierz CSV' })).toHaveAttribute(
      'href',
      `/api/admin/stats/funnel.csv?from=${monthStart}&to=${today}&by=campaign`,
    );
    await shoot(page, 'funnel-campaign');
    // 'Według' shows its choice whole: every option's text, with the select's padding and arrow, fits the box.
    const cut = await section.getByLabel('Według').evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const pen = document.createElement('canvas').getContext('2d');
      if (!pen) return ['no canvas'];
      pen.font = style.font;
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      // Chromium's arrow takes about 20 px of the box.
      return [...select.options].map((o) => o.text).filter((text) => pen.measureText(text).width + 20 > room);
    });
    expect(cut).toEqual([]);
    expect(await axeViolationsIn(page, 'section.funnel')).toEqual([]);

    // By the page the widget stood on: the path without its query.
    await section.getByLabel('Według').selectOption('page');
    await section.getByRole('button', { name: 'Pokaż' }).click();
    await expect(section.getByRole('row', { name: /^\/oferta\/ksero/ })).toBeVisible();
    await expect(section.getByRole('row', { name: /^\/cennik/ })).toBeVisible();

    // A range that ends before it starts: the reason at the field, in Polish.
    await section.getByLabel('Leady od dnia').fill('2026-12-31');
    await section.getByLabel('do dnia').fill('2026-01-01');
    await section.getByRole('button', { name: 'Pokaż' }).click();
    await expect(section.getByRole('alert')).toHaveText('Data „od” nie może być późniejsza niż data „do”.');
    await expect(section.getByLabel('Leady od dnia')).toHaveAttribute('aria-invalid', 'true');
  });

  test('fits a phone: nothing of the section wider than 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await logIn(page);
    await page.getByRole('link', { name: 'Liczby' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Od kliknięcia do przelewu', exact: true })
        .getByRole('row', { name: /^lejek-zima/ }),
    ).toBeVisible();
    // Nothing of the section reaches past the screen's right edge (the page's other cards are theirs to keep).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('section.funnel, section.funnel *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((e) => `${e.tagName}.${e.className} ${e.textContent?.slice(0, 30)}`),
    );
    expect(wide).toEqual([]);
  });
});
