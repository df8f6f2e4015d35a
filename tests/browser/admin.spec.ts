import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { logIn, message, sendContactForm, submitContact } from './admin-helpers.ts';

test.describe('the admin panel', () => {
  test.describe('without a session', () => {
    test('shows only the login form, and nothing of the leads', async ({ page }) => {
      const leadsAnswers: number[] = [];
      page.on('response', (r) => r.url().includes('/api/admin/leads') && leadsAnswers.push(r.status()));
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Panel Kserowo' })).toBeVisible();
      await expect(page.getByLabel('Hasło')).toHaveAttribute('type', 'password');
      await expect(page.getByRole('link', { name: 'Leady' })).toHaveCount(0);
      expect(leadsAnswers).toEqual([]);
      expect((await page.request.get('/api/admin/leads')).status()).toBe(401);
      expect((await page.request.get('/api/admin/leads.csv')).status()).toBe(401);
    });

    test('says so in Polish when the password is wrong', async ({ page }) => {
      await page.goto('/admin');
      await page.getByLabel('Hasło').fill('to-nie-to-haslo');
      await page.getByRole('button', { name: 'Zaloguj się' }).click();
      await expect(message(page, 'Nieprawidłowe hasło.', 'alert')).toBeVisible();
    });
  });

  test.describe('a sales person working through the day', () => {
    test('logs in, finds a lead sent through the contact form, changes its status, exports CSV and logs out', async ({
      page,
      context,
    }) => {
      const email = `klient-${Date.now()}@biuro-rachunkowe.pl`;
      await sendContactForm(page, {
        name: 'Marta Wiśniewska',
        email,
        phone: '600 700 800',
        message: 'Proszę o ofertę na C258 dla biura.',
      });

      await logIn(page);
      const cookie = (await context.cookies()).find((c) => c.name === '__Host-kserowo_admin');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
      expect(await page.evaluate(() => document.cookie)).not.toContain('kserowo_admin');

      await page.getByLabel('Szukaj (imię, e-mail, firma)').fill(email);
      await page.getByRole('button', { name: 'Filtruj' }).click();
      await expect(message(page, 'Pokazano 1 lead, od najnowszych.')).toBeVisible();
      await page.getByRole('link', { name: 'Marta Wiśniewska' }).click();
      await expect(page.getByRole('heading', { name: 'Marta Wiśniewska', level: 1 })).toBeVisible();
      await expect(page.getByText('Proszę o ofertę na C258 dla biura.', { exact: true })).toBeVisible();
      // Where it came from, as the form recorded it.
      await expect(page.locator('dd').filter({ hasText: /^newsletter$/ })).toBeVisible();
      await expect(page.locator('dd').filter({ hasText: /^listopad$/ })).toBeVisible();

      await page.getByRole('combobox', { name: 'Etap', exact: true }).selectOption('w kontakcie');
      await page.getByRole('button', { name: 'Zapisz' }).click();
      await expect(message(page, 'Zapisano.')).toBeVisible();
      await page.getByLabel('Nowa notatka').fill('Oddzwonić w poniedziałek.');
      await page.getByRole('button', { name: 'Dodaj notatkę' }).click();
      await expect(message(page, 'Dodano notatkę.')).toBeVisible();

      await page.getByRole('link', { name: '← Wszystkie leady' }).click();
      await page.getByLabel('Szukaj (imię, e-mail, firma)').fill(email);
      await page.getByRole('button', { name: 'Filtruj' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'Marta Wiśniewska' })).toContainText('w kontakcie');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Eksportuj CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^leady-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toContain('"Imię i nazwisko";"E-mail"');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`"Marta Wiśniewska";"${email}"`);
      expect(lines[1]).toContain('"kontakt";"w kontakcie";"";"w kontakcie"');
      // The newest note with when (Warsaw time) and who.
      expect(lines[1]).toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2} Ola: Oddzwonić w poniedziałek\."/);

      await page.getByRole('button', { name: 'Wyloguj' }).click();
      await expect(message(page, 'Wylogowano.')).toBeVisible();
      await expect(page.getByLabel('Hasło')).toBeVisible();
      // The old session is gone on the server: the API no longer answers this browser.
      expect((await page.request.get('/api/admin/leads')).status()).toBe(401);
      await page.goto('/admin#leady');
      await expect(page.getByLabel('Hasło')).toBeVisible();
    });

    test('shows a hostile lead as plain text: no image, no script, no dialog', async ({ page }) => {
      const name = `<img src=x onerror=alert(1)> ${Date.now()}`;
      await submitContact(page.request, {
        name,
        email: `atak-${Date.now()}@firma.pl`,
        message: '=HYPERLINK("http://zlo.example","Kliknij")',
      });
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      await logIn(page);
      const link = page.getByRole('link', { name });
      await expect(link).toHaveText(name);
      await link.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByText('=HYPERLINK("http://zlo.example","Kliknij")', { exact: true })).toBeVisible();
      expect(await page.locator('#admin img').count()).toBe(0);
      expect(dialogs).toBe(0);
    });

    test('hands marketing a snippet with a live preview', async ({ page }) => {
      await logIn(page);
      await page.getByRole('link', { name: 'Snippety' }).click();
      await page.getByLabel('Widżet').selectOption('kserowo-pricing');
      await page.getByLabel(/^Partner/).fill('drukarnia-abc');
      await page.getByLabel(/^utm_source/).fill('abc');
      await page.getByLabel(/^utm_campaign/).fill('wiosna');
      const origin = new URL(page.url()).origin;
      await expect(page.getByLabel('Kod do wklejenia')).toHaveValue(
        `<script type="module" src="${origin}/widgets/v1/kserowo.js"></script>\n` +
          '<kserowo-pricing partner="drukarnia-abc" utm-source="abc" utm-medium="referral" utm-campaign="wiosna"></kserowo-pricing>',
      );
      const preview = page.getByTestId('snippet-preview').locator('kserowo-pricing');
      await expect(preview).toHaveAttribute('partner', 'drukarnia-abc');
      await expect(preview.locator('.card:visible')).toHaveCount(3);
      await expect(preview.locator('.card:visible').first()).toContainText('od 195 zł');

      await page.getByLabel(/^Partner/).fill('zła wartość "><b>');
      await expect(message(page, /Dozwolone są litery, cyfry/, 'alert')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Kopiuj kod' })).toBeDisabled();
    });

    test('has no accessibility violations in the inbox and the catalogue editor', async ({ page }) => {
      test.slow(); // axe over a form of 100+ fields on a shared machine
      await logIn(page);
      for (const view of ['leady', 'cennik']) {
        await page.goto(`/admin#${view}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = await new AxeBuilder({ page }).include('#admin').analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.help}`),
          view,
        ).toEqual([]);
      }
    });
  });

  test.describe('when its API is unreachable', () => {
    test("shows 'Panel admin niedostępny' instead of a blank page, and recovers on retry", async ({ page }) => {
      await page.route('**/api/admin/**', (route) => route.abort('connectionrefused'));
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Panel admin niedostępny' })).toBeVisible();
      await page.unroute('**/api/admin/**');
      await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
      await expect(page.getByLabel('Hasło')).toBeVisible();
    });

    test('shows it too when the API answers with a server error after login', async ({ page }) => {
      await logIn(page);
      await page.route('**/api/admin/leads**', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x"}' }),
      );
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Panel admin niedostępny' })).toBeVisible();
    });

    test('shows it when the panel script cannot load', async ({ page }) => {
      await page.route('**/assets/admin.*.js', (route) => route.abort('connectionrefused'));
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Panel admin niedostępny' })).toBeVisible({ timeout: 10_000 });
    });
  });
});
