// A partner page served over plain HTTP from a real hostname (mapped to
// 127.0.0.1 in Chromium, so the page is not a secure context as localhost would be). The
// contact form and the configurator send their lead there, and an exception inside the
// contact form's sending ends in the error toast with what was typed kept.
import { expect, test } from '@playwright/test';
import { chromiumArgs } from './playwright.config.ts';
import { startPartnerSite, type PartnerSite } from './fixtures/partner-site.ts';
import { storedLeads } from './fixtures/stored.ts';
import { TOAST } from '../../widgets/core/errors.ts';

const HOST = 'kserowo-partner.test';
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

let site: PartnerSite;
test.beforeAll(async () => {
  site = await startPartnerSite();
});
test.afterAll(async () => {
  await site.close();
});

/** The partner page on http://kserowo-partner.test:<port>, not localhost. */
const insecure = (url: string) => url.replace('//localhost:', `//${HOST}:`);

test('the contact form sends its lead from a non-secure partner page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(insecure(site.page({ body: '<kserowo-contact id="form" partner="http-abc"></kserowo-contact>' })));
  expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID])).toEqual([false, 'undefined']);
  const email = `http-${Date.now()}@drukarnia-abc.pl`;
  const form = page.locator('#form');
  await form.getByLabel(/Imię i nazwisko/).fill('Anna Bezpieczna');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(form.getByRole('status')).toContainText('Wiadomość wysłana!');
  const [lead] = await storedLeads(email);
  expect(lead?.submissionId).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
});

test('the configurator sends its quote from a non-secure partner page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(insecure(site.page({ body: '<kserowo-configurator id="cfg"></kserowo-configurator>' })));
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  const email = `http-quote-${Date.now()}@drukarnia-abc.pl`;
  const cfg = page.locator('#cfg');
  await cfg.getByText('Konica Minolta bizhub C3320i').click();
  await cfg.getByRole('button', { name: 'Dalej' }).click();
  await cfg.getByRole('radio', { name: /Basic/ }).check();
  await cfg.getByRole('button', { name: 'Dalej' }).click();
  await cfg.getByLabel('Imię i nazwisko').fill('Ewa Bezpieczna');
  await cfg.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await cfg.getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click();
  await expect(cfg.getByRole('heading', { name: /Wycena KS-\d{4}-\d+ jest gotowa/ })).toBeVisible();
  expect(await storedLeads(email)).toHaveLength(1);
});

test('an exception while sending ends in the error toast, not in "Wysyłanie..." for ever, and keeps what was typed', async ({
  page,
}) => {
  // No randomUUID (plain HTTP) and a getRandomValues that throws: making the id fails.
  const early = 'crypto.getRandomValues = () => { throw new Error("no randomness"); };';
  await page.goto(insecure(site.page({ body: '<kserowo-contact id="form"></kserowo-contact>', early })));
  const form = page.locator('#form');
  await form.getByLabel(/Imię i nazwisko/).fill('Anna Wyjątkowa');
  await form.getByLabel(/^Email/).fill('anna@wyjatkowa.pl');
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(form.getByRole('alert')).toContainText(TOAST.serverError.title);
  await expect(form.getByRole('button', { name: 'Wyślij wiadomość' })).toBeEnabled();
  await expect(form.getByLabel(/Imię i nazwisko/)).toHaveValue('Anna Wyjątkowa');
  await expect(form.getByLabel(/^Email/)).toHaveValue('anna@wyjatkowa.pl');
});
