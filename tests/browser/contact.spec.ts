import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';

const form = (page: Page) => page.locator('kserowo-contact');
const ENDPOINT = '**/api/send-contact-email';

/** Opens `path` and waits until the contact widget has rendered its form. */
async function open(page: Page, path = '/kontakt') {
  await page.goto(path);
  await form(page).scrollIntoViewIfNeeded();
  await expect(form(page).getByLabel(/Imię i nazwisko/)).toBeVisible();
}

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; message?: string }) {
  if (values.name !== undefined)
    await form(page)
      .getByLabel(/Imię i nazwisko/)
      .fill(values.name);
  if (values.email !== undefined)
    await form(page)
      .getByLabel(/^Email/)
      .fill(values.email);
  if (values.phone !== undefined)
    await form(page)
      .getByLabel(/^Telefon/)
      .fill(values.phone);
  if (values.message !== undefined)
    await form(page)
      .getByLabel(/^Wiadomość/)
      .fill(values.message);
}

const submit = (page: Page) => form(page).getByRole('button', { name: 'Wyślij wiadomość' }).click();
const status = (page: Page) => form(page).getByRole('status');
const alert = (page: Page) => form(page).getByRole('alert');

/** Records the contact requests the page makes. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/send-contact-email')) posts.push(r);
  });
  return posts;
}

async function expectValues(page: Page, values: Record<string, string>) {
  await expect(form(page).getByLabel(/Imię i nazwisko/)).toHaveValue(values.name ?? '');
  await expect(form(page).getByLabel(/^Email/)).toHaveValue(values.email ?? '');
  await expect(form(page).getByLabel(/^Telefon/)).toHaveValue(values.phone ?? '');
  await expect(form(page).getByLabel(/^Wiadomość/)).toHaveValue(values.message ?? '');
}

const typed = {
  name: 'Anna Nowak',
  email: 'anna@firma.pl',
  phone: '+48 600 100 200',
  message: 'Proszę o ofertę na C258.',
};

test.describe('<kserowo-contact> on /kontakt', () => {
  test.describe('when the page loads', () => {
    test('has labelled fields with autofill tokens, a 4-row message box and empty live regions for toasts', async ({
      page,
    }) => {
      await open(page);
      await expect(form(page).getByLabel(/Imię i nazwisko/)).toHaveAttribute('autocomplete', 'name');
      await expect(form(page).getByLabel(/^Email/)).toHaveAttribute('autocomplete', 'email');
      await expect(form(page).getByLabel(/^Telefon/)).toHaveAttribute('autocomplete', 'tel');
      await expect(form(page).getByLabel(/^Wiadomość/)).toHaveAttribute('rows', '4');
      await expect(status(page)).toHaveAttribute('aria-live', 'polite');
      await expect(alert(page)).toHaveAttribute('aria-live', 'assertive');
      await expect(status(page)).toBeEmpty();
      // An open shadow root with each label in the same tree as its input, where autofill looks.
      expect(
        await page.evaluate(() => {
          const root = document.querySelector('kserowo-contact')!.shadowRoot!;
          return [...root.querySelectorAll('label[for]')].map(
            (l) => root.getElementById(l.getAttribute('for')!)?.getAttribute('autocomplete') ?? 'missing',
          );
        }),
      ).toEqual(['name', 'email', 'tel', 'missing', 'off']);
      const axe = await new AxeBuilder({ page }).include('kserowo-contact').analyze();
      expect(axe.violations).toEqual([]);
    });
  });

  test.describe('when name or email is missing', () => {
    test("shows 'Błąd walidacji' and sends nothing", async ({ page }) => {
      const posts = recordPosts(page);
      await open(page);
      await fill(page, { name: '   ', email: 'anna@firma.pl' });
      await submit(page);
      await expect(alert(page)).toContainText('Błąd walidacji');
      await expect(alert(page)).toContainText('Proszę wypełnić wszystkie wymagane pola (imię i email)');
      await expect(form(page).getByLabel(/Imię i nazwisko/)).toHaveAttribute('aria-invalid', 'true');
      await expect(form(page).getByLabel(/Imię i nazwisko/)).toBeFocused();
      await expect(form(page).getByLabel(/^Email/)).toHaveValue('anna@firma.pl');
      expect(posts).toHaveLength(0);
    });
  });

  test.describe('when the email is bad', () => {
    for (const email of ['anna@firma', 'anna,evil@firma.pl']) {
      test(`shows 'Nieprawidłowy email' for "${email}" and sends nothing`, async ({ page }) => {
        const posts = recordPosts(page);
        await open(page);
        await fill(page, { name: 'Anna', email });
        await submit(page);
        await expect(alert(page)).toContainText('Nieprawidłowy email');
        await expect(alert(page)).toContainText('Proszę podać prawidłowy adres email');
        await expect(form(page).getByLabel(/^Email/)).toHaveValue(email);
        expect(posts).toHaveLength(0);
      });
    }
  });

  test.describe('when the message is sent', () => {
    test('disables the button while sending, then clears the fields and confirms for 5 s', async ({ page }) => {
      await page.clock.install();
      const posts = recordPosts(page);
      await open(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(ENDPOINT, async (route) => {
        await held;
        await route.continue();
      });
      await fill(page, typed);
      // From here the page's timers move only when the test says so (the network does not wait).
      await page.clock.pauseAt(new Date(Date.now() + 60_000));
      await submit(page);
      const sending = form(page).getByRole('button', { name: 'Wysyłanie...' });
      await expect(sending).toBeDisabled();
      await form(page)
        .locator('form')
        .evaluate((f: HTMLFormElement) => f.requestSubmit());
      release();
      await expect(status(page)).toContainText('Wiadomość wysłana! ✅');
      await expect(status(page)).toContainText('Dziękujemy! Skontaktujemy się z Tobą wkrótce.');
      await expectValues(page, {});
      expect(posts).toHaveLength(1);
      await expect(form(page).getByRole('button', { name: 'Wyślij wiadomość' })).toBeEnabled();
      await page.clock.runFor(4900);
      await expect(status(page)).toContainText('Wiadomość wysłana!');
      await page.clock.runFor(200);
      await expect(status(page)).toBeEmpty();
    });

    test('sends the contact shape of DESIGN §4 and is answered with the stored lead', async ({ page }) => {
      await open(page, '/kontakt?utm_source=google&utm_medium=cpc&utm_campaign=wiosna');
      await fill(page, { name: ' Jan ', email: 'jan@firma.pl' });
      const answer = page.waitForResponse(ENDPOINT);
      await submit(page);
      const response = await answer;
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const body = response.request().postDataJSON() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['attribution', 'email', 'name', 'submissionId', 'website']);
      expect(body).toMatchObject({ name: 'Jan', email: 'jan@firma.pl', website: '' });
      expect(body.submissionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.attribution).toMatchObject({
        page: '/kontakt?utm_source=google&utm_medium=cpc&utm_campaign=wiosna',
        origin: new URL(page.url()).origin,
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'wiosna',
      });
    });

    test('tells the host page, the data layer and the pixel about the lead', async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as {
          dataLayer: unknown[];
          fbqCalls: unknown[];
          fbq: (...a: unknown[]) => void;
          leads: unknown[];
        };
        w.dataLayer = [];
        w.fbqCalls = [];
        w.fbq = (...args) => w.fbqCalls.push(args);
        w.leads = [];
        document.addEventListener('kserowo:lead', (e) => w.leads.push((e as CustomEvent).detail));
      });
      await open(page);
      await fill(page, typed);
      await submit(page);
      await expect(status(page)).toContainText('Wiadomość wysłana! ✅');
      const { dataLayer, fbqCalls, leads } = await page.evaluate(() => {
        const w = window as unknown as { dataLayer: unknown[]; fbqCalls: unknown[]; leads: unknown[] };
        return { dataLayer: w.dataLayer, fbqCalls: w.fbqCalls, leads: w.leads };
      });
      expect(leads).toEqual([{ kind: 'contact', value: 100, currency: 'PLN' }]);
      expect(dataLayer).toContainEqual({
        event: 'generate_lead',
        event_category: 'lead',
        event_action: 'contact_form',
        event_label: 'contact',
        value: 100,
        currency: 'PLN',
      });
      expect(fbqCalls).toEqual([
        ['track', 'Lead', { value: 100, currency: 'PLN' }],
        ['track', 'Contact'],
      ]);
    });
  });

  test.describe('when the server refuses', () => {
    test("shows 'Błąd wysyłania' with the server's own text (a real 400) and keeps every typed value", async ({
      page,
    }) => {
      await open(page);
      // The widget would never send this; the request is changed on its way so the real server refuses it.
      await page.route(ENDPOINT, (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown>;
        return route.continue({ postData: JSON.stringify({ ...body, email: 'anna@firma.pl,evil@x.pl' }) });
      });
      await fill(page, typed);
      const answer = page.waitForResponse(ENDPOINT);
      await submit(page);
      expect((await answer).status()).toBe(400);
      await expect(alert(page)).toContainText('Błąd wysyłania');
      await expect(alert(page)).toContainText('Pole „Email” musi zawierać jeden prawidłowy adres email.');
      await expectValues(page, typed);
    });

    test("shows 'Wystąpił błąd podczas wysyłania wiadomości' when the refusal has no text", async ({ page }) => {
      await open(page);
      await page.route(ENDPOINT, (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      );
      await fill(page, typed);
      await submit(page);
      await expect(alert(page)).toContainText('Błąd wysyłania');
      await expect(alert(page)).toContainText('Wystąpił błąd podczas wysyłania wiadomości');
      await expectValues(page, typed);
    });
  });

  test.describe('when the network fails', () => {
    test("shows 'Błąd połączenia', keeps the values, and a retry sends the same submission", async ({ page }) => {
      await open(page);
      const posts = recordPosts(page);
      await page.route(ENDPOINT, (route) => route.abort('internetdisconnected'));
      await fill(page, typed);
      await submit(page);
      await expect(alert(page)).toContainText('Błąd połączenia');
      await expect(alert(page)).toContainText('Wystąpił błąd podczas wysyłania wiadomości. Spróbuj ponownie później.');
      await expectValues(page, typed);
      await page.unroute(ENDPOINT);
      await submit(page);
      await expect(status(page)).toContainText('Wiadomość wysłana! ✅');
      expect(posts).toHaveLength(2);
      const ids = posts.map((p) => (p.postDataJSON() as { submissionId: string }).submissionId);
      expect(ids[0]).toBe(ids[1]);
    });
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the shown toast, the submit button and the focused element inside the form. */
const boxes = (page: Page) =>
  form(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const box = (el: Element | null | undefined) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return {
      toast: box(root.querySelector('.kc-toast')),
      submit: box(root.querySelector('button[type="submit"]')),
      focused: box(root.activeElement),
    };
  });

test.describe('error toasts never cover the form', () => {
  for (const [width, height] of [
    [375, 800],
    [1280, 900],
  ] as const) {
    test(`at ${width} px: clear of the submit button and the focused field; closed by the correction; a click on submit right after an error sends`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      const posts = recordPosts(page);
      await open(page);
      await fill(page, { name: 'Anna', email: 'anna@firma' });
      await submit(page);
      await expect(alert(page)).toContainText('Nieprawidłowy email');
      await expect(form(page).getByLabel(/^Email/)).toBeFocused();
      const shown = await boxes(page);
      expect(shown.toast).not.toBeNull();
      expect(overlaps(shown.toast!, shown.submit!), 'toast over the submit button').toBe(false);
      expect(overlaps(shown.toast!, shown.focused!), 'toast over the focused field').toBe(false);

      // Correcting the field closes the toast; the very next click on the button sends.
      await form(page)
        .getByLabel(/^Email/)
        .fill('anna@firma.pl');
      await expect(alert(page)).toBeEmpty();
      await page.route(ENDPOINT, (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      );
      await submit(page);
      await expect(alert(page)).toContainText('Błąd wysyłania');
      const failed = await boxes(page);
      expect(overlaps(failed.toast!, failed.submit!), 'toast over the submit button').toBe(false);
      await page.unroute(ENDPOINT);
      // A real click at the button's centre, the toast still up: it must land on the button.
      const button = failed.submit!;
      await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
      await expect(status(page)).toContainText('Wiadomość wysłana! ✅');
      expect(posts).toHaveLength(2);
      await page.screenshot({ path: `/tmp/i19-contact-toast-${width}.png` });
    });
  }

  test('an error toast closes by itself after a few seconds', async ({ page }) => {
    await page.clock.install();
    await open(page);
    await fill(page, { name: '   ', email: 'anna@firma.pl' });
    await submit(page);
    await expect(alert(page)).toContainText('Błąd walidacji');
    await page.clock.runFor(7000);
    await expect(alert(page)).toContainText('Błąd walidacji');
    await page.clock.runFor(1100);
    await expect(alert(page)).toBeEmpty();
    await expect(form(page).getByLabel(/^Email/)).toHaveValue('anna@firma.pl');
  });
});

test.describe('<kserowo-contact> in the home page contact section', () => {
  test('sends a message from #contact', async ({ page }) => {
    await open(page, '/#contact');
    await expect(page.locator('#contact kserowo-contact')).toHaveCount(1);
    await fill(page, { name: 'Piotr', email: 'piotr@biuro.pl', message: 'Oddzwońcie proszę.' });
    await submit(page);
    await expect(status(page)).toContainText('Wiadomość wysłana! ✅');
  });

  test('looks right on a phone and on a desktop', async ({ page }) => {
    for (const [width, height] of [
      [375, 800],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await open(page, '/kontakt');
      await fill(page, { name: 'Anna' });
      await submit(page);
      await expect(alert(page)).toContainText('Błąd walidacji');
      await page.screenshot({ path: `/tmp/kserowo-contact-${width}.png`, fullPage: false });
    }
  });
});
