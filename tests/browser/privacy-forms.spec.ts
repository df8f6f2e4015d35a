// Privacy duties of every form: the information clause naming Kserowo as the
// controller with a working link to Kserowo's policy (on our pages and on a partner's),
// and the separate, unticked, optional marketing consent of the contact form, sent and
// stored with the lead. The configurator's quote step shows the same clause.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { TOAST } from '../../widgets/core/errors.ts';
import { PRIVACY_TEXT } from '../../widgets/core/privacy.ts';
import { apiOrigin, startPartnerSite, type PartnerSite } from './fixtures/partner-site.ts';
import { storedLeads } from './fixtures/stored.ts';

const CONTROLLER = 'Administratorem Twoich danych osobowych jest Kserowo.';
/** The purposes the forms put into the clause (Contact.tsx, configurator/copy.ts). */
const CONTACT_PURPOSE = 'odpowiedzieć na Twoją wiadomość';
const QUOTE_PURPOSE = 'przygotować i przesłać Ci wycenę oraz skontaktować się z Tobą w jej sprawie';
const ENDPOINT = '**/api/send-contact-email';

const contact = (page: Page) => page.locator('kserowo-contact');
const consent = (form: Locator) => form.getByRole('checkbox', { name: PRIVACY_TEXT.marketing });
const clause = (form: Locator) => form.locator('p', { hasText: CONTROLLER });

async function openContact(page: Page, path = '/kontakt') {
  await page.goto(path);
  await contact(page).scrollIntoViewIfNeeded();
  await expect(contact(page).getByLabel(/Imię i nazwisko/)).toBeVisible();
}

async function fill(page: Page, name: string, email: string) {
  await contact(page)
    .getByLabel(/Imię i nazwisko/)
    .fill(name);
  await contact(page)
    .getByLabel(/^Email/)
    .fill(email);
}

/** The clause of `form` reads the shared text with `purpose` and links to the policy at `origin`. */
async function expectClause(form: Locator, purpose: string, origin: string) {
  const p = clause(form);
  await expect(p).toHaveText(`${PRIVACY_TEXT.clause(purpose)}${PRIVACY_TEXT.link}.`);
  await expect(p).toContainText('(art. 6 ust. 1 lit. b i f RODO)');
  const link = p.getByRole('link', { name: PRIVACY_TEXT.link });
  await expect(link).toHaveAttribute('href', `${origin}/polityka-prywatnosci`);
  await expect(link).toHaveAttribute('target', '_blank');
}

test.describe('the contact form on /kontakt', () => {
  test('shows the clause naming Kserowo with a working policy link, and an unticked consent', async ({
    page,
    request,
  }) => {
    await openContact(page);
    const form = contact(page);
    await expectClause(form, CONTACT_PURPOSE, new URL(page.url()).origin);
    const policy = await request.get((await clause(form).getByRole('link').getAttribute('href')) ?? 'missing');
    expect(policy.status()).toBe(200);
    expect(await policy.text()).toContain('Administrator');
    await expect(consent(form)).not.toBeChecked();
    // Optional: the form sends without it.
    await expect(consent(form)).not.toHaveAttribute('required');
  });

  test('the consent is ticked by a click on its text and by the keyboard', async ({ page }) => {
    await openContact(page);
    const form = contact(page);
    await form.getByText(PRIVACY_TEXT.marketing).click();
    await expect(consent(form)).toBeChecked();
    await form.getByText(PRIVACY_TEXT.marketing).click();
    await expect(consent(form)).not.toBeChecked();
    // Tab from the message box reaches the checkbox (the honeypot is out of the tab order), Space ticks it.
    await form.getByLabel(/^Wiadomość/).focus();
    await page.keyboard.press('Tab');
    await expect(consent(form)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent(form)).toBeChecked();
    // Then the policy link of the clause, then the submit button.
    await page.keyboard.press('Tab');
    await expect(clause(form).getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Wyślij wiadomość' })).toBeFocused();
  });

  test('a ticked consent is sent and stored with the lead, then the box is cleared with the form', async ({ page }) => {
    await openContact(page);
    const email = `zgoda-${Date.now()}@firma.pl`;
    await fill(page, 'Anna Zgodna', email);
    await consent(contact(page)).check();
    const answer = page.waitForResponse(ENDPOINT);
    await contact(page).getByRole('button', { name: 'Wyślij wiadomość' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toMatchObject({ marketingConsent: true });
    await expect(contact(page).getByRole('status')).toContainText('Wiadomość wysłana!');
    await expect(consent(contact(page))).not.toBeChecked();
    expect((await storedLeads(email)).map((l) => l.marketingConsent)).toEqual([true]);
  });

  test('an unticked consent is stored as not given', async ({ page }) => {
    await openContact(page);
    const email = `bez-zgody-${Date.now()}@firma.pl`;
    await fill(page, 'Jan Bezzgody', email);
    const answer = page.waitForResponse(ENDPOINT);
    await contact(page).getByRole('button', { name: 'Wyślij wiadomość' }).click();
    expect((await answer).status()).toBe(200);
    expect((await storedLeads(email)).map((l) => l.marketingConsent)).toEqual([false]);
  });

  test('a failed send keeps the consent ticked, and the retry sends it', async ({ page }) => {
    await openContact(page);
    await page.route(ENDPOINT, (route) => route.abort('internetdisconnected'));
    await fill(page, 'Anna Nowak', 'anna@firma.pl');
    await consent(contact(page)).check();
    await contact(page).getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await expect(contact(page).getByRole('alert')).toContainText(TOAST.networkError.title);
    await expect(consent(contact(page))).toBeChecked();
    await page.unroute(ENDPOINT);
    const answer = page.waitForResponse(ENDPOINT);
    await contact(page).getByRole('button', { name: 'Wyślij wiadomość' }).click();
    expect((await answer).request().postDataJSON()).toMatchObject({ marketingConsent: true });
  });

  test('at 360 px the clause and the consent fit the width (screenshot)', async ({ page }, info) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await openContact(page);
    const form = contact(page);
    for (const part of [clause(form), consent(form), form.getByText(PRIVACY_TEXT.marketing)]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The cookie banner (fixed at the bottom) answered, so the screenshot shows the whole form.
    await page.getByRole('button', { name: 'Odrzucam' }).click();
    await form.screenshot({ path: info.outputPath('contact-360.png') });
  });
});

test.describe('on a partner page', () => {
  let site: PartnerSite;
  test.beforeAll(async () => {
    site = await startPartnerSite();
  });
  test.afterAll(async () => {
    await site.close();
  });

  test("the contact form's clause names Kserowo as the controller and links to Kserowo's policy", async ({ page }) => {
    await page.goto(site.page({ body: '<kserowo-contact id="form" partner="drukarnia-abc"></kserowo-contact>' }));
    const form = page.locator('kserowo-contact');
    await expect(form.getByLabel(/Imię i nazwisko/)).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(apiOrigin);
    await expectClause(form, CONTACT_PURPOSE, apiOrigin);
    await expect(consent(form)).not.toBeChecked();
  });
});

test.describe("the configurator's quote step", () => {
  test('shows the same clause with its own purpose and the same unticked consent', async ({ page }) => {
    await page.goto('/konfigurator?device=km-227');
    const cfg = page.locator('kserowo-configurator');
    await expect(cfg.getByRole('heading', { level: 2 }).first()).toContainText('Wybierz pakiet');
    await cfg.getByRole('button', { name: 'Dalej' }).click();
    await expect(cfg.getByLabel('Imię i nazwisko')).toBeVisible();
    await expectClause(cfg, QUOTE_PURPOSE, new URL(page.url()).origin);
    await expect(cfg.getByText('Wysyłając zapytanie, akceptujesz')).toHaveCount(0);
    await expect(consent(cfg)).not.toBeChecked();
    await cfg.getByText(PRIVACY_TEXT.marketing).click();
    await expect(consent(cfg)).toBeChecked();
  });
});
