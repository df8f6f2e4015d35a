// Helpers of the admin browser tests, and the set-up the order and payments specs share (an
// order placed and signed through the public API, its code read from the admin outbox).
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { TEST_ADMIN_PASSWORD } from '../../scripts/admin-hash.mjs';
import type { OutboxList } from '../../worker/admin-shared/admin-api-team.ts';

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

/** Logs in at /admin with a team member's own account (e-mail and password). */
export async function logInWithAccount(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('button', { name: 'Wyloguj' })).toBeVisible();
}

/**
 * A team member of `role` added by the owner through the API, their password set through
 * the one-time link's token: answers the e-mail and password to log in with.
 */
export async function addTeamPerson(role: 'owner' | 'sales' | 'service'): Promise<{ email: string; password: string }> {
  const cookie = await adminCookie();
  const email = `${role}-${Date.now().toString(36)}@kserowo.test`;
  const password = 'druga para oczu przy umowie 46';
  const json = { 'content-type': 'application/json', origin: base };
  const added = await fetch(`${base}/api/admin/accounts`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ email, name: `Druga osoba (${role})`, role }),
  });
  expect(added.status).toBe(201);
  const token = ((await added.json()) as { link: string }).link.split('#haslo=')[1] ?? '';
  const set = await fetch(`${base}/api/admin/set-password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token, password }),
  });
  expect(set.status).toBe(200);
  return { email, password };
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

/** The test server's address (the specs' `baseURL`), for plain `fetch` outside a page. */
export const base = `http://127.0.0.1:${process.env.KSEROWO_TEST_PORT ?? 8788}`;

/** The team's session cookie, logged in through the API. */
export async function adminCookie(): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Test', password: TEST_ADMIN_PASSWORD }),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The newest acceptance code e-mailed to `email`, read through the admin outbox. */
export async function codeFromOutbox(email: string): Promise<string> {
  const cookie = await adminCookie();
  const list = (await (await fetch(`${base}/api/admin/outbox`, { headers: { cookie } })).json()) as OutboxList;
  const mail = list.notifications.find((n) => n.recipient === email && /^Kod akceptacji/.test(n.subject));
  const code = /: (\d{6})$/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code e-mail to ${email}`);
  return code;
}

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * A quote, its order for NIP 526-025-02-74 and the acceptance by the e-mailed code, through
 * the public API as the order page does it: a signed, unverified order.
 */
export async function signedOrder(email: string): Promise<{ id: string; number: string }> {
  const quote = (await (
    await post('/api/quotes', {
      deviceId: 'km-c3320i',
      level: 'basic',
      term: 36,
      contact: { name: 'Jan Kowalski', email },
      submissionId: crypto.randomUUID(),
    })
  ).json()) as { id: string; number: string };
  // Koszalin's last offered day: the other order tests book the first days of Słupsk and Lębork.
  const page = await (await fetch(`${base}/zamowienie/${quote.id}`)).text();
  const data = JSON.parse(
    /<script type="application\/json" id="order-data">(.*?)<\/script>/s.exec(page)?.[1] ?? '{}',
  ) as {
    days: Record<string, { value: string }[]>;
  };
  const date = data.days.Koszalin?.at(-1)?.value;
  const placed = await post(`/api/orders/${quote.id}`, {
    nip: '5260250274',
    signerName: 'Jan Kowalski',
    signerPosition: 'Dyrektor generalny',
    signerEmail: email,
    signerPhone: '591234567',
    represents: true,
    city: 'Koszalin',
    date,
    deliveryAddress: 'ul. Zwycięstwa 1, 75-001 Koszalin',
    submissionId: crypto.randomUUID(),
  });
  expect(placed.status).toBe(201);
  const order = (await placed.json()) as { id: string };
  const code = await codeFromOutbox(email);
  expect((await post(`/api/orders/${order.id}/accept`, { code })).status).toBe(200);
  return { id: order.id, number: quote.number };
}

/** The axe violations inside `selector` of the page (an empty list is what a test expects). */
export const axeViolationsIn = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations;
