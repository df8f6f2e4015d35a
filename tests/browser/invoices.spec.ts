// Invoices as the owner and the customer see them: the owner issues last month's invoices
// from the panel's register; the KSeF queue sends them to the test server's KSeF stand-in,
// which accepts them (a KSeF number, a UPO) and the customer's e-mail is written; the customer
// opens the copy from that e-mail and from /konto at 375 and 1280 px and sees the KSeF number
// and a QR code that decodes to the invoice's KOD I link.
import { type Page, expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { logIn } from './admin-helpers.ts';
import { d1, signInLink } from './test-db.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string, width: number): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

/** 'YYYY-MM' of last month (the test server's clock is this machine's). */
function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** A contract of one C3320i Basic (195,00 zł a month) for `email`, started three months ago. */
async function seedContract(email: string, tag: string): Promise<string> {
  const d = new Date();
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
  const id = `inv-${tag}`;
  const serial = `FV${tag}`;
  const seq = 900_000 + Number(tag.slice(-5));
  await d1(
    `INSERT INTO contracts (id, number, year, seq, company, nip, billing_email, start_date, term_months, catalogue_version, created_by, company_address)
       VALUES ('${id}', printf('UM-2024-%06d', ${seq}), 2024, ${seq}, 'Biuro Fakturowe sp. z o.o.', '5260250274', '${email}', '${start}', 36, 0, 'test', 'UL. DŁUGA 5, 00-950 WARSZAWA');
     INSERT INTO devices (serial, device_id, level, contract_start, term_months, company, email, contract_id, reading_token)
       VALUES ('${serial}', 'km-c3320i', 'basic', '${start}', 36, 'Biuro Fakturowe sp. z o.o.', '${email}', '${id}', 'tok-${tag}');
     INSERT INTO contract_rates (device_row, effective_from, catalogue_version, device_id, device_name, device_type, level,
       monthly_price, monthly_limit, color_limit, overage_mono, overage_color, created_by)
     SELECT id, '${start}', 0, 'km-c3320i', 'Konica Minolta bizhub C3320i', 'color', 'basic', 195, 900, 150, 0.08, 0.22, 'test'
       FROM devices WHERE serial = '${serial}';`,
  );
  return id;
}

for (const width of [375, 1280])
  test(`the owner issues the month, the customer opens the copy from /konto with its KSeF number and QR code (${width} px)`, async ({
    page,
  }) => {
    // Many steps, the KSeF queue and a shared machine: well over the default minute.
    test.setTimeout(360_000);
    const tag = `${width}${String(Date.now()).slice(-5)}`;
    const email = `ksiegowosc-${tag}@biuro.pl`;
    const contractId = await seedContract(email, tag);
    const period = lastMonth();
    await page.setViewportSize({ width, height: 900 });

    // The owner issues last month's invoices from the register.
    await logIn(page, 'Właściciel');
    await page.goto('/admin#faktury');
    await expect(page.getByRole('heading', { name: 'Faktury', level: 1 })).toBeVisible();
    await page.getByLabel('Miesiąc').fill(period);
    await page.getByRole('button', { name: 'Wystaw faktury za miesiąc' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Wystawiono \d+, pominięto już wystawione: \d+\.$/ }),
    ).toBeVisible();
    const [invoice] = await d1<{ id: string; number: string; issue_date: string; xml_sha256: string }>(
      `SELECT id, number, issue_date, xml_sha256 FROM invoices WHERE contract_id = '${contractId}' AND period = '${period}'`,
    );
    expect(invoice?.number).toMatch(/^FV\/\d{4}\/\d{6}$/);
    // The KSeF queue sends it to the stand-in, which accepts it: the register says so, with its number.
    // Up to 150 s: the test at the other width issues at the same time, and a queue message that finds
    // the other run holding the lease comes back after a minute (BUSY_RETRY_SECONDS), then the run itself.
    const row = page.getByRole('row').filter({ hasText: invoice?.number ?? '' });
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('przyjęta w KSeF', { timeout: 2_000 });
    }).toPass({ timeout: 150_000, intervals: [2_000, 5_000] });
    const [ksef] = await d1<{ ksef_number: string; upo: string | null; mails: number; body: string | null }>(
      `SELECT k.ksef_number, k.upo, (SELECT count(*) FROM outbox WHERE about = 'invoice:' || k.invoice_id) AS mails,
              (SELECT body FROM outbox WHERE about = 'invoice:' || k.invoice_id) AS body
         FROM ksef_invoices k WHERE k.invoice_id = '${invoice?.id}'`,
    );
    const ksefNumber = ksef?.ksef_number ?? '';
    // The seller's NIP, the day KSeF took it, 12 hex digits and the CRC-8 checksum (checked in the unit tests).
    expect(ksefNumber).toMatch(/^1111111111-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(ksef?.upo).toContain(`<NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu>`);
    // One e-mail to the customer, with the KSeF number and the link to the copy.
    expect(ksef?.mails).toBe(1);
    expect(ksef?.body).toContain(`Numer KSeF: ${ksefNumber}`);
    const mailLink = new RegExp(`https?://\\S+/faktura/${invoice?.id}`).exec(ksef?.body ?? '')?.[0];
    expect(mailLink).toBeTruthy();
    // C3320i Basic, no readings: 195,00 zł net, 44,85 zł VAT, 239,85 zł gross.
    await expect(row).toContainText('195,00');
    await expect(row).toContainText('44,85');
    await expect(row).toContainText('239,85');
    await expect(row).toContainText('przyjęta w KSeF');
    await expect(row).toContainText(ksefNumber);
    await row.scrollIntoViewIfNeeded();
    await shoot(page, 'rejestr-faktur', width);

    // The customer opens the copy from the e-mail (its link, on this server).
    await page.context().clearCookies();
    await page.goto(new URL(mailLink ?? '').pathname);
    await expect(page.getByRole('heading', { name: `Faktura VAT nr ${invoice?.number}` })).toBeVisible();
    await expect(page.getByText(`Numer KSeF: ${ksefNumber}`)).toBeVisible();
    await expect(page.getByRole('img', { name: /^Kod QR KSeF/ })).toBeVisible();

    // The customer signs in to /konto and opens the copy from under the contract.
    await page.goto('/konto');
    await page.getByLabel('E-mail z umowy').first().fill(email);
    await page.getByRole('button', { name: 'Wyślij link do logowania' }).click();
    await expect(page.getByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeVisible();
    await page.goto(await signInLink(email));
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(page).toHaveURL(/\/konto$/);
    // Exactly 'Faktury': the open invoices have a region of their own ('Faktury do zapłaty').
    const invoices = page.getByRole('region', { name: 'Faktury', exact: true });
    await expect(invoices.getByRole('table').first()).toContainText(/Umowa UM-2024-\d{6}/);
    await invoices.getByRole('link', { name: `Faktura VAT ${invoice?.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/faktura/${invoice?.id}$`));
    await expect(page.getByRole('heading', { name: `Faktura VAT nr ${invoice?.number}` })).toBeVisible();
    await expect(page.getByText(`Numer KSeF: ${ksefNumber}`)).toBeVisible();
    await expect(page.getByText('239,85 zł')).toBeVisible();

    // The QR code decodes to the invoice's KOD I link.
    const [y, m, d] = (invoice?.issue_date ?? '').split('-');
    const kodI = `https://qr-test.ksef.mf.gov.pl/invoice/1111111111/${d}-${m}-${y}/${invoice?.xml_sha256}`;
    const qr = page.getByRole('img', { name: /^Kod QR KSeF/ });
    await expect(qr).toBeVisible();
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(kodI);
    await expect(page.locator('figcaption')).toHaveText(ksefNumber);
    // Nothing of the page is wider than the screen, nor hidden in a box scrolled sideways: on a phone each
    // line's quantity, price and value are labelled under its name.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const lines = page.locator('table.lines').first();
    expect(
      await lines.evaluate((t) => (t.parentElement?.scrollWidth ?? 0) <= (t.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
    await shoot(page, 'kopia-faktury', width);

    // The XML downloads as issued.
    const xml = await page.request.get(`/faktura/${invoice?.id}/xml`);
    expect(xml.status()).toBe(200);
    expect(await xml.text()).toContain(`<P_2>${invoice?.number}</P_2>`);
  });
