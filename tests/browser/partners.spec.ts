// 'Partnerzy' and /partner in Chromium: the owner adds a partner in the panel with the
// keyboard, a lead from the partner's page is attributed to it at once (no redeploy), the partner
// signs in on /partner by the e-mailed link and sees its snippet, numbers and commission.
// Screenshots at 375 and 1280 px when KSEROWO_SCREENSHOTS names a folder.
import { type Page, expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { logIn } from './admin-helpers.ts';
import { d1 } from './test-db.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('the owner adds a partner in the panel, attributed at once; the partner signs in on /partner', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two pages, two axe runs and a sign-in on a machine shared by many builds.
  test.setTimeout(240_000);
  const id = `biuro-${Date.now().toString(36)}`;
  const email = `${id}@partner.example`;
  await logIn(page, 'Właścicielka');
  await page.goto('/admin#partnerzy');
  await expect(page.getByRole('heading', { name: 'Partnerzy', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Dodaj partnera' });
  // By the keyboard: each field by its label.
  await form.getByLabel(/Identyfikator/).fill(id);
  await form.getByLabel('Nazwa').fill('Biuro Rachunkowe Morskie');
  await form.getByLabel(/NIP/).fill('5260250274');
  await form.getByLabel(/E-mail kontaktowy/).fill(email);
  await form.getByLabel(/Domeny/).fill('127.0.0.1, partner.example');
  await form.getByLabel('Udział (%)').fill('7,5');
  await form.getByLabel(/Okno atrybucji/).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Dodano partnera Biuro Rachunkowe Morskie` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Biuro Rachunkowe Morskie ${id}` })).toBeVisible();
  // Its own row (a retry of this test adds another partner of the same name).
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `Biuro Rachunkowe Morskie ${id}` }) });
  await expect(row.getByRole('cell', { name: /7,5 % zapłaconej kwoty netto/ })).toBeVisible();
  // A bad field is named, outlined and focused.
  await form.getByLabel(/Identyfikator/).fill('Zły identyfikator');
  await form.getByRole('button', { name: 'Dodaj partnera' }).click();
  await expect(form.getByLabel(/Identyfikator/)).toBeFocused();
  await expect(form.getByLabel(/Identyfikator/)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(/Identyfikator/).fill('');
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'partnerzy');

  // A lead from the partner's page: attributed at once, no redeploy.
  const lead = await request.post('/api/send-contact-email', {
    headers: { Origin: 'https://partner.example' },
    data: {
      submissionId: crypto.randomUUID(),
      name: 'Ewa Prywatna',
      email: 'ewa@firma.pl',
      attribution: { partner: id },
    },
  });
  expect(lead.status()).toBe(200);
  const leadId = ((await lead.json()) as { id: string }).id;
  const detail = await page.request.get(`/api/admin/leads/${leadId}`);
  expect(((await detail.json()) as { lead: { attribution: Record<string, string> } }).lead.attribution.partner).toBe(
    id,
  );

  // Its lead became a contract installed this month, invoiced 199,00 zł net (244,77 zł gross) and paid in full.
  const month = new Date().toISOString().slice(0, 7);
  const n = Date.now() % 100_000;
  await d1(`INSERT INTO quotes (id, lead_id, number, year, seq, device_id, device_name, level, term, monthly_limit,
      overage_mono, monthly_net, monthly_vat, monthly_gross, estimated_net, estimated_gross, catalogue_version, city, expires_at)
    VALUES ('q${n}', '${leadId}', 'KS-2026-8${n}', 2026, ${800_000 + n}, 'km-c258', 'Konica Minolta bizhub C258', 'business', '36',
      3000, 0.05, 199, 45.77, 244.77, 199, 244.77, 0, 'Gdynia', '2027-12-31');
    INSERT INTO orders (id, quote_id, lead_id, submission_id, body_hash, status, company_nip, company_name, company_address,
      signer_name, signer_position, signer_email, signer_phone, delivery_city, delivery_date, delivery_address,
      terms_version, terms_sha256, document, document_sha256, accepted_at, installed_at)
    VALUES ('o${n}', 'q${n}', '${leadId}', 'o${n}', 'h', 'installed', '5260250274', 'Hurtownia Bałtyk sp. z o.o.', 'ul. Morska 1',
      'Jan Kowalski', 'Prezes', 'jan@firma.pl', '+48600100200', 'Gdynia', '${month}-01', 'ul. Morska 1', 'v1', 's', 'd', 's',
      '${month}-01T10:00:00.000Z', '${month}-01T10:00:00.000Z');
    INSERT INTO contracts (id, number, year, seq, company, nip, start_date, term_months, catalogue_version, origin, order_ref, created_by)
    VALUES ('c${n}', 'UM-2026-8${n}', 2026, ${800_000 + n}, 'Hurtownia Bałtyk sp. z o.o.', '5260250274', '${month}-01', 36, 0, 'order', 'o${n}', 'test');
    INSERT INTO invoices (id, number, year, seq, kind, contract_id, period, issue_date, due_date, net_gr, vat_gr, gross_gr,
      seller_nip, buyer_nip, xml, xml_sha256, created_by)
    VALUES ('i${n}', 'FV/8${n}/2026', 2026, ${800_000 + n}, 'VAT', 'c${n}', '${month}', '${month}-01', '${month}-01', 19900, 4577, 24477,
      '5260250274', '5260250274', '<x/>', 'h', 'test');
    INSERT INTO bank_statements (id, format, file_sha256, lines, matched, unmatched, duplicates, uploaded_by)
    VALUES ('s${n}', 'mt940', 's${n}', 1, 1, 0, 0, 'test');
    INSERT INTO bank_lines (line_key, statement_id, booked_on, amount_gr, currency, title, match_kind, invoice_id)
    VALUES ('s${n}', 's${n}', '${month}-01', 24477, 'PLN', 'FV', 'invoice', 'i${n}')`);

  // The partner's own page: sign-in by the e-mailed link.
  // A context of its own (the partner is not the owner); its CSP lets no script in, axe's included.
  const partner = await (await browser.newContext({ baseURL, bypassCSP: true, locale: 'pl-PL' })).newPage();
  await partner.goto('/partner');
  await partner.getByLabel('Adres e-mail').first().fill(email);
  await partner.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(partner.getByRole('status')).toContainText('wysłaliśmy na niego link');
  await shoot(partner, 'partner-sign-in');
  const [mail] = await d1<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = '${email}' AND about = 'partner' ORDER BY id DESC LIMIT 1`,
  );
  const link = /https?:\/\/\S+\/partner\/zaloguj\?t=[\w-]+/.exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error('no sign-in link');
  await partner.goto(new URL(link).pathname + new URL(link).search);
  await partner.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(partner.getByRole('heading', { level: 1 })).toContainText('Biuro Rachunkowe Morskie');
  await expect(partner.locator('pre').first()).toContainText(`partner="${id}"`);
  await expect(partner.getByRole('heading', { name: 'Zapytania z Twoich stron' })).toBeVisible();
  await expect(partner.locator('main')).not.toContainText('Ewa');
  // 7,5 % of 199,00 zł paid net = 14,925 zł → 14,93 zł (half up to the grosz), for the contract and the month.
  await expect(
    partner.getByRole('row', { name: /UM-2026-8\d+ Hurtownia Bałtyk sp\. z o\.o\. 199,00 zł 14,93 zł/ }),
  ).toBeVisible();
  // The company's name: its order is signed (register data); the lead's person never shows.
  await shoot(partner, 'partner-page');
  await partner.setViewportSize({ width: 375, height: 900 });
  expect(await noHorizontalScroll(partner)).toBe(true);
  await partner.setViewportSize({ width: 1280, height: 900 });
  expect((await new AxeBuilder({ page: partner }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // The live preview: the partner's own snippet runs on our page, the configurator takes over.
  await partner.getByRole('link', { name: 'Zobacz podgląd na żywo' }).click();
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Podgląd na żywo: Twój kod uruchomiony u nas');
  const preview = partner.locator(`kserowo-configurator[partner="${id}"]`);
  await expect(preview.getByRole('button', { name: 'Dalej' })).toBeVisible({ timeout: 30_000 });
  await shoot(partner, 'partner-preview');

  // The owner settles the month in 'Partnerzy': the statement the partner saw, then frozen (audited).
  await page.goto('/admin#partnerzy');
  await row.getByRole('button', { name: 'Rozliczenie: Biuro Rachunkowe Morskie' }).click();
  const statement = page.getByRole('region', { name: 'Rozliczenie: Biuro Rachunkowe Morskie' });
  await expect(statement.getByRole('heading')).toBeFocused();
  await statement.getByLabel('Miesiąc').fill(month);
  await expect(
    statement.getByRole('row', {
      name: /UM-2026-8\d+ Hurtownia Bałtyk sp\. z o\.o\. FV\/8\d+\/2026 199,00 zł 199,00 zł 14,93 zł/,
    }),
  ).toBeVisible();
  await statement.getByRole('button', { name: /jako rozliczony/ }).click();
  await expect(statement.getByRole('status')).toContainText('jako rozliczony: prowizja 14,93 zł.');
  await expect(statement).toContainText(/Rozliczone .* \(Właścicielka\): prowizja 14,93 zł\./);
  await expect(statement.getByRole('button', { name: /jako rozliczony/ })).toHaveCount(0);
  await shoot(page, 'partner-statement');

  // The team moves the lead's partner away, with the reason the audit log keeps; a missing reason is named.
  await page.goto(`/admin#leady/${leadId}`);
  await page.getByText('Zmień partnera', { exact: true }).click();
  const move = page.getByRole('form', { name: 'Zmień partnera' });
  await move.getByLabel('Partner').selectOption('');
  await move.getByRole('button', { name: 'Zapisz zmianę partnera' }).click();
  await expect(move.getByLabel(/Powód zmiany/)).toBeFocused();
  await expect(move.getByRole('alert')).toContainText('Podaj powód zmiany');
  await move.getByLabel(/Powód zmiany/).fill('Klient przyszedł sam, potwierdzone telefonicznie.');
  await move.getByRole('button', { name: 'Zapisz zmianę partnera' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lead nie ma już partnera.' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: id })).toHaveCount(1);
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id)).toEqual([]);
});
