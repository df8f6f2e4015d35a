// The printable quote page /wycena/{id}.
import { expect, test, type APIRequestContext } from '@playwright/test';

async function createQuote(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const res = await request.post('/api/quotes', {
    data: {
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 36,
      paper: true,
      volume: { mono: 1200, color: 200 },
      contact: {
        name: 'Anna Nowak',
        email: 'anna@firma.pl',
        company: 'Biuro Rachunkowe Nowak',
        nip: '1234563218',
        city: 'Lębork',
      },
      submissionId: crypto.randomUUID(),
      // A tampered price: the page must show the catalogue's.
      quote: { monthlyNet: 1, monthlyGross: 1 },
      ...over,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; number: string; url: string };
}

test.describe('the printable quote page', () => {
  test('shows the right net, VAT 23% and gross per month and the estimate at the stated volume', async ({
    page,
    request,
  }) => {
    const quote = await createQuote(request);
    await page.goto(new URL(quote.url).pathname);
    await expect(page).toHaveTitle(`Wycena ${quote.number} | Kserowo`);
    await expect(page.getByRole('heading', { name: `Wycena nr ${quote.number}` })).toBeVisible();
    const money = page.locator('table.money').first();
    await expect(money.getByRole('row', { name: /Netto/ })).toContainText('195,00 zł');
    await expect(money.getByRole('row', { name: /VAT 23%/ })).toContainText('44,85 zł');
    await expect(money.getByRole('row', { name: /Brutto/ })).toContainText('239,85 zł');
    const estimate = page.locator('table.money').nth(1);
    await expect(estimate).toContainText('230,00 zł');
    await expect(estimate).toContainText('282,90 zł');
    await expect(page.locator('main')).toContainText('Konica Minolta bizhub C3320i');
    await expect(page.locator('main')).toContainText('36 miesięcy');
    await expect(page.locator('main')).toContainText('900 stron mono + 150 stron kolorowych');
    await expect(page.locator('main')).toContainText('0,08 zł mono, 0,22 zł kolor za stronę');
    await expect(page.locator('main')).toContainText('tak – cena na zapytanie');
    await expect(page.locator('main')).toContainText('7 dni bezpłatnego testu');
    await expect(page.locator('main')).toContainText('Biuro Rachunkowe Nowak');
    await expect(page.locator('main')).toContainText('(30 dni)');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('"Drukuj / zapisz PDF" opens the print dialog, and the print view hides the buttons', async ({
    page,
    request,
  }) => {
    const quote = await createQuote(request, { volume: undefined });
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(new URL(quote.url).pathname);
    await page.getByRole('button', { name: 'Drukuj / zapisz PDF' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(errors).toEqual([]); // the CSP allows the page's own script and style
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Drukuj / zapisz PDF' })).toBeHidden();
    await expect(page.getByRole('heading', { name: `Wycena nr ${quote.number}` })).toBeVisible();
  });

  test('an unknown id is not found', async ({ page }) => {
    const res = await page.goto('/wycena/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Nie znaleziono wyceny' })).toBeVisible();
  });
});
