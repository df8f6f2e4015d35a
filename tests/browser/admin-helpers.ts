// Helpers of the admin browser tests.
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { TEST_ADMIN_PASSWORD } from '../../scripts/admin-hash.mjs';

export { TEST_ADMIN_PASSWORD };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The status (or alert) saying `text` — exactly, when a string — inside `scope`: the test's
 * own message, never any other live region on the page. The panel's header shows its own
 * statuses beside a view's message ('Niewysłane e-maile: N', 'Niedostarczone webhooki: N'),
 * and a list reloading shows 'Ładowanie…', so a bare `getByRole('status')` may match two.
 */
export function message(scope: Page | Locator, text: string | RegExp, role: 'status' | 'alert' = 'status'): Locator {
  const hasText = typeof text === 'string' ? new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) : text;
  return scope.getByRole(role).filter({ hasText });
}

/** Logs in through the form at /admin, as a sales person does. */
export async function logIn(page: Page, name = 'Ola'): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel(/Twoje imię/).fill(name);
  await page.getByLabel('Hasło').fill(TEST_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('button', { name: 'Wyloguj' })).toBeVisible();
}

/** Sends a contact message the way the contact form does; returns the lead id. */
export async function submitContact(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/send-contact-email', {
    data: {
      submissionId: crypto.randomUUID(),
      attribution: { page: '/kontakt', origin: 'http://127.0.0.1', referrer: '' },
      ...body,
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** Fills and sends the contact form on /kontakt, as a visitor does, and waits for the confirmation. */
export async function sendContactForm(
  page: Page,
  values: { name: string; email: string; phone?: string; message?: string },
): Promise<void> {
  const form = page.locator('kserowo-contact');
  await page.goto('/kontakt?utm_source=newsletter&utm_campaign=listopad');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel(/Imię i nazwisko/).fill(values.name);
  await form.getByLabel(/^Email/).fill(values.email);
  if (values.phone) await form.getByLabel(/^Telefon/).fill(values.phone);
  if (values.message) await form.getByLabel(/^Wiadomość/).fill(values.message);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/send-contact-email') && r.status() === 200);
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await sent;
}
