// The owner uploads the bank's statement in the panel and sees what it paid (DESIGN §9): the
// verification transfer of a signed order, from the account the White List lists for its
// NIP, verifies the order; an invoice named in a transfer's title is paid. The order is
// placed and signed through the public API as the order page does it; the invoice is
// written into D1 as the issuing writes it. At 1280 and 375 px.
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { logIn, signedOrder } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

const SHOTS = process.env.KSEROWO_SCREENSHOTS ?? 'test-results/shots';
mkdirSync(SHOTS, { recursive: true });

/**
 * An invoice of 292,74 zł (238,00 net + 54,74 VAT) to a contract of the ministry, due in two
 * weeks, written as the issuing writes it; answers its number.
 */
async function invoice(tag: string): Promise<string> {
  const number = `FV/2026/${tag}`;
  const contract = `pay-${tag}`;
  const seq = 800000 + Number(tag);
  await d1(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by)
     VALUES ('${contract}', 'UM-2026-${seq}', 2026, ${seq}, 'MINISTERSTWO FINANSÓW', '5260250274', 'faktury@mf.example', '2026-01-01', 36, 0, 'test');
     INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr, seller_nip, buyer_nip, xml, xml_sha256, created_by)
     VALUES ('${crypto.randomUUID()}', '${number}', 2026, ${seq}, 'VAT', '${contract}', '2026-11', date('now'), date('now', '+14 days'), 23800, 5474, 29274, '0000000000', '5260250274', '<Faktura/>', 'x', 'test')`,
  );
  return number;
}

/**
 * The bank's MT940 of the day (mBank's layout, as samples/mt940-mbank.sta): the order's 1,00 zł
 * from the ministry's listed account and 292,74 zł for the invoice; 10 000,00 + 293,74 = 10 293,74.
 */
function statement(orderNumber: string, invoiceNumber: string, tag: string): string {
  return [
    ':20:ST261127CYC/1',
    ':25:PL97114020040000320201355387',
    `:28C:${tag}/1`,
    ':60F:C261126PLN10000,00',
    `:61:2611271127C1,00S051${tag}01//${tag}01`,
    ':86:051^00PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY^3010901014',
    '^310000071219812874^38PL61109010140000071219812874',
    `^20Weryfikacja ${orderNumber}^32MINISTERSTWO FINANSÓW`,
    `:61:2611271127C292,74S051${tag}02//${tag}02`,
    ':86:051^00PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY^3010901014',
    '^310000071219812874^38PL61109010140000071219812874',
    `^20Zapłata ${invoiceNumber}^32MINISTERSTWO FINANSÓW`,
    // A transfer nothing matches: it waits for the team (10 000,00 + 1,00 + 292,74 + 50,00 = 10 343,74).
    `:61:2611271127C50,00S051${tag}03//${tag}03`,
    ':86:051^00PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY^3010901014',
    `^20Za coś innego ${tag}^32JAN KOWALSKI`,
    ':62F:C261127PLN10343,74',
    '-',
  ].join('\r\n');
}

async function uploadAndSee(page: Page, width: number) {
  const tag = String((Date.now() + width) % 1_000_000).padStart(6, '0');
  const order = await signedOrder(`wyciag-${width}-${tag}@example.pl`);
  const number = await invoice(tag);
  await page.setViewportSize({ width, height: 900 });
  await logIn(page, 'Właściciel');
  await page.goto('/admin#platnosci');
  await expect(page.getByRole('heading', { name: 'Płatności', level: 1 })).toBeVisible();
  await page.getByLabel(/Plik wyciągu/).setInputFiles({
    name: 'wyciag.sta',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(statement(order.number, number, tag), 'utf8'),
  });
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wczytano 3 wpłaty' })).toContainText('dopasowano 2');
  // The list of payments to assign shows the new one at once, without reloading the tab.
  const waiting = page.getByRole('region', { name: 'Wpłaty do przypisania' });
  await expect(waiting.getByRole('row').filter({ hasText: `Za coś innego ${tag}` })).toBeVisible();
  const lines = page.locator('.pay-lines').first();
  await expect(lines.getByRole('row').filter({ hasText: `Weryfikacja ${order.number}` })).toContainText(
    `przelew weryfikacyjny ${order.number}: zamówienie zweryfikowane`,
  );
  await expect(lines.getByRole('row').filter({ hasText: `Zapłata ${number}` })).toContainText(
    `faktura ${number} – zapłacona`,
  );
  if (width <= 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${SHOTS}/payments-${width}-statement.png`, fullPage: true });
  // The order is verified now: the installation may be recorded.
  await page.goto(`/admin#zamowienia/${order.id}`);
  await expect(page.getByRole('row', { name: /^Weryfikacja/ })).toContainText('zweryfikowane');
  await expect(page.getByRole('button', { name: 'Zapisz protokół i rozpocznij umowę' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payments-${width}-order-verified.png`, fullPage: true });
}

for (const width of [1280, 375])
  test(`at ${width} px: the owner uploads a statement and sees the order verified and the invoice paid`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await uploadAndSee(page, width);
  });

/**
 * A statement of `count` credits of 1,00 zł with their own references; 0,00 + count × 1,00 at
 * the close. Booked the day before the other tests' statements: the waiting lines are listed
 * newest first, and its thousand lines must not push theirs off the first page.
 */
function largeStatement(count: number, tag: string): string {
  const lines = Array.from({ length: count }, (_, i) => [
    `:61:2611261126C1,00S051${tag}L${i}//${tag}L${i}`,
    `:86:051^00PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY^20Wpłata ${tag} nr ${i}^32JAN KOWALSKI`,
  ]).flat();
  return [
    ':20:ST261127CYC/2',
    ':25:PL97114020040000320201355387',
    `:28C:${tag}/9`,
    ':60F:C261125PLN0,00',
    ...lines,
    `:62F:C261126PLN${count},00`,
    '-',
  ].join('\r\n');
}

test('a large statement is taken at once, imported in the background with its progress, and the lists reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = String(Date.now() % 1_000_000).padStart(6, '0');
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'Właściciel');
  await page.goto('/admin#platnosci');
  // 1 001 credit lines: more than 1 000, so three parts (500 + 500 + 1) in the background.
  await page.getByLabel(/Plik wyciągu/).setInputFiles({
    name: 'duzy.sta',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(largeStatement(1001, tag), 'utf8'),
  });
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  const status = page.getByRole('status');
  await expect(status.filter({ hasText: /Wczytano w tle/ })).toContainText('do przypisania 1001', { timeout: 120_000 });
  // The waiting lines loaded again after the background import, without reloading the tab.
  const waiting = page.getByRole('region', { name: 'Wpłaty do przypisania' });
  await expect(
    waiting
      .getByRole('row')
      .filter({ hasText: `Wpłata ${tag} nr ` })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payments-1280-large-statement.png`, fullPage: true });
});

test('a statement whose background import failed says which part, and the owner imports it again', async ({ page }) => {
  const id = `failed-${Date.now().toString(36)}`;
  // Part 1 of 2 was imported (500 lines to assign); part 2 failed for good and is still staged.
  await d1(`INSERT INTO bank_statements (id, format, account, reference, file_sha256, lines, matched, unmatched, duplicates,
      uploaded_by, identity, state, parts, parts_done, error)
    VALUES ('${id}', 'mt940', NULL, 'nr 903', '${id}', 501, 0, 500, 0, 'test', '${id}', 'failed', 2, 1,
      'Część 2 z 2 nie została wczytana: baza danych nie odpowiedziała.');
    INSERT INTO bank_statement_parts (statement_id, part, lines, origin) VALUES ('${id}', 2, '[]', 'http://127.0.0.1')`);
  await logIn(page, 'Właściciel');
  await page.goto('/admin#platnosci');
  await expect(page.getByRole('alert')).toHaveText('Część 2 z 2 nie została wczytana: baza danych nie odpowiedziała.');
  await page.getByRole('button', { name: 'Wczytaj ponownie nieudane części' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Wczytano w tle/ })).toContainText(
    'Wczytano w tle 501 wpłat',
    { timeout: 60_000 },
  );
  await expect(page.getByRole('button', { name: 'Wczytaj ponownie nieudane części' })).toHaveCount(0);
});
