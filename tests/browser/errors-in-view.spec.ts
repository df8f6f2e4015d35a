// Messages where the eye is: after an empty submit of every form, the focused field's message
// sits right under it, inside the view and not covered (by the cookie banner or anything
// else), at 375 × 740 and 1280 × 800; it is still there after the toast has timed out, and
// it goes away once the field is edited.
import { expect, test, type Page } from '@playwright/test';

interface Form {
  name: string;
  path: string;
  tag: string;
  /** Opens the form and refuses it empty. */
  refuse: (page: Page) => Promise<void>;
  message: string;
  /** What the visitor types into the refused field to fix it (a date field needs a whole date). */
  fix?: string;
  /** Before the page opens: answers the form needs from the API. */
  prepare?: (page: Page) => Promise<unknown>;
}

const FORMS: Form[] = [
  {
    name: 'contact on /kontakt',
    path: '/kontakt',
    tag: 'kserowo-contact',
    refuse: (page) => page.locator('kserowo-contact').getByRole('button', { name: 'Wyślij wiadomość' }).click(),
    message: '.kc-field-error',
  },
  {
    name: 'contact on the home page',
    path: '/#contact',
    tag: 'kserowo-contact',
    refuse: (page) => page.locator('kserowo-contact').getByRole('button', { name: 'Wyślij wiadomość' }).click(),
    message: '.kc-field-error',
  },
  {
    name: 'service on /serwis',
    path: '/serwis',
    tag: 'kserowo-service',
    refuse: (page) => page.locator('kserowo-service').getByRole('button', { name: 'Wyślij zgłoszenie' }).click(),
    message: '.sf-field-error',
  },
  {
    name: 'meter on /licznik',
    // Opened from a reading link; the device the link names is answered here, so the test
    // needs no registered device (the reading-link flow itself: service.spec.ts).
    path: '/licznik?t=test-link',
    prepare: (page) =>
      page.route('**/api/meter-readings/device*', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            serial: 'BB000111',
            device: 'Konica Minolta bizhub 227',
            type: 'mono',
            contract: 'UM-2026-000001',
            company: 'Biuro B',
            last: null,
            pageCounting: 'Jak liczymy strony: według liczników urządzenia.',
          }),
        }),
      ),
    tag: 'kserowo-meter',
    refuse: (page) => page.locator('kserowo-meter').getByRole('button', { name: 'Wyślij odczyt' }).click(),
    message: '.sf-field-error',
  },
  {
    name: 'meter refused by the server for its colour counter',
    // A colour device read below its last colour counter: the server names `color`, and the
    // form outlines that field, not the mono counter it used to mark for every refusal.
    path: '/licznik?t=test-link-colour',
    prepare: async (page) => {
      await page.route('**/api/meter-readings/device*', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            serial: 'CC000222',
            device: 'Konica Minolta bizhub C258',
            type: 'color',
            contract: 'UM-2026-000002',
            company: 'Kancelaria C',
            last: { readOn: '2026-10-31', mono: 20_000, color: 4_000 },
            pageCounting: 'Jak liczymy strony: według liczników urządzenia.',
          }),
        }),
      );
      await page.route('**/api/meter-readings', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error:
              'Stan licznika nie może być niższy niż poprzedni odczyt z dnia 31.10.2026 (20 000 stron mono, 4 000 stron kolor). Sprawdź wpisane liczby.',
            field: 'color',
          }),
        }),
      );
    },
    tag: 'kserowo-meter',
    refuse: async (page) => {
      const meter = page.locator('kserowo-meter');
      await meter.getByLabel(/Licznik czarno-biały/).fill('21000');
      await meter.getByLabel(/Licznik kolorowy/).fill('3999');
      await meter.getByLabel(/Imię i nazwisko/).fill('Jan Klient');
      await meter.getByLabel(/^E-mail/).fill('jan@firma.pl');
      await meter.getByRole('button', { name: 'Wyślij odczyt' }).click();
      await expect(meter.getByLabel(/Licznik kolorowy/)).toBeFocused();
    },
    message: '.sf-field-error',
  },
  {
    name: 'configurator contact step',
    path: '/konfigurator?step=3&device=km-c258&package=business',
    tag: 'kserowo-configurator',
    refuse: (page) =>
      page.locator('kserowo-configurator').getByRole('button', { name: 'Wyślij zapytanie o wycenę' }).click(),
    message: '.f .error',
  },
  {
    name: 'calculator on /kalkulator',
    path: '/kalkulator',
    tag: 'kserowo-calculator',
    refuse: (page) => page.locator('kserowo-calculator').getByRole('button', { name: 'Oblicz liczbę stron' }).click(),
    message: '.kc-error',
    fix: '01012026',
  },
];

/** Where the focused field and its message are, and whether the message is the topmost thing at its centre. */
const placement = (page: Page, tag: string, message: string) =>
  page.evaluate(
    ([tag, message]) => {
      const host = document.querySelector(tag);
      const root = (host?.shadowRoot ?? document) as ShadowRoot | Document;
      const field = root.activeElement as HTMLElement | null;
      const text = root.querySelector<HTMLElement>(message);
      if (!field || !text) return { focused: field?.id ?? null, text: text?.textContent ?? null };
      const f = field.getBoundingClientRect();
      const t = text.getBoundingClientRect();
      const top = root.elementFromPoint(t.left + Math.min(t.width / 2, 40), t.top + t.height / 2);
      return {
        focused: field.id,
        describedBy: field.getAttribute('aria-describedby') ?? '',
        messageId: text.id,
        text: text.textContent,
        gap: Math.round(t.top - f.bottom),
        inView: t.top >= 0 && t.bottom <= innerHeight && f.top >= 0,
        uncovered: top === text || text.contains(top),
      };
    },
    [tag, message] as const,
  );

for (const size of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: size });
    for (const form of FORMS) {
      test(`${form.name}: the message is under the focused field, in view, until the field is fixed`, async ({
        page,
      }) => {
        await form.prepare?.(page);
        await page.goto(form.path);
        const host = page.locator(form.tag);
        await host.scrollIntoViewIfNeeded();
        await expect(host.locator('.k-root[part="root"]')).toBeVisible();
        await page.clock.install();
        await form.refuse(page);
        await expect(host.locator(form.message)).toBeVisible();
        const at = await placement(page, form.tag, form.message);
        expect(at.text).toMatch(/[a-ząćęłńóśźż]{3}/i);
        expect(at.describedBy).toContain(at.messageId);
        expect(at.gap).toBeGreaterThanOrEqual(0);
        expect(at.gap).toBeLessThan(60);
        expect(at).toMatchObject({ inView: true, uncovered: true });
        await page.screenshot({ path: `/tmp/i28-error-${form.tag}-${form.path.length}-${size.width}.png` });
        // The toast times out; the message next to the field does not.
        await page.clock.fastForward(12_000);
        await expect(host.locator(form.message)).toBeVisible();
        // Editing the field clears its message.
        await page.keyboard.type(form.fix ?? '1');
        await expect(host.locator(form.message)).toHaveCount(0);
      });
    }
  });
}

test('optional fields of the service form are never marked after an empty submit', async ({ page }) => {
  await page.goto('/serwis');
  const form = page.locator('kserowo-service');
  await form.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  const marked = await form
    .locator('[aria-invalid="true"]')
    .evaluateAll((els) => els.map((el) => el.closest('.sf-field')?.querySelector('label')?.textContent ?? ''));
  expect(marked).toHaveLength(1);
  expect(marked[0]).not.toContain('(opcjonalnie)');
  expect(marked[0]).toContain('Numer seryjny (albo NIP)');
});

test('the service form wants a phone to call back and a description of a few words', async ({ page }) => {
  await page.goto('/serwis');
  const form = page.locator('kserowo-service');
  await form.getByLabel(/Numer seryjny/).fill('A1B2C3D4');
  await form.getByRole('combobox').first().selectOption({ index: 1 });
  await form.getByLabel(/Opis problemu/).fill('x');
  await form.getByLabel(/Imię i nazwisko/).fill('Jan Kowalski');
  await form.getByLabel(/Telefon/).fill('12');
  await form.getByLabel(/E-mail/).fill('jan@firma.pl');
  await form.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  await expect(form.locator('.sf-field-error')).toContainText('co najmniej 10 znaków');
  await form.getByLabel(/Opis problemu/).fill('Zacina się papier w podajniku 2.');
  await form.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  await expect(form.locator('.sf-field-error')).toContainText('co najmniej 9 cyfr');
});
