// <kserowo-configurator> on /konfigurator (sync-url) and on a page that does not set it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { LeadDetail } from '../../worker/admin-shared/admin-api.ts';
import { storedLead, storedLeads } from './fixtures/stored.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const cfg = (page: Page) => page.locator('kserowo-configurator');
const heading = (page: Page) => cfg(page).getByRole('heading', { level: 2 }).first();
const next = (page: Page) => cfg(page).getByRole('button', { name: 'Dalej' });
const back = (page: Page) => cfg(page).getByRole('button', { name: 'Wstecz' });
const sendButton = (page: Page) => cfg(page).getByRole('button', { name: 'Wyślij zapytanie o wycenę' });

/**
 * The lead and quote stored for a sent quote, read through the admin API as the sales panel
 * shows them (the quote found by its number among the leads of `email`).
 */
async function storedQuote(sent: Sent, email = 'anna@firma.pl'): Promise<LeadDetail> {
  const listed = (await storedLeads(email)).find((l) => l.quote?.number === sent.number);
  expect(listed, `the lead of ${sent.number}`).toBeDefined();
  const detail = await storedLead(listed!.id);
  expect(detail.quote?.url).toBe(`/wycena/${sent.id}`);
  return detail;
}

interface Sent {
  id: string;
  number: string;
  url: string;
}

/** Fills the required contact fields, sends, and returns the server's answer. */
async function sendQuote(page: Page, name = 'Anna Nowak', email = 'anna@firma.pl'): Promise<Sent> {
  await cfg(page).getByLabel('Imię i nazwisko').fill(name);
  await cfg(page)
    .getByRole('textbox', { name: /^E-mail/ })
    .fill(email);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await sendButton(page).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const body = (await res.json()) as Sent;
  await expect(cfg(page).getByRole('heading', { name: `Wycena ${body.number} jest gotowa` })).toBeVisible();
  return body;
}

async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      events: unknown[];
      dataLayer: unknown[];
      fbqCalls: unknown[];
      fbq: (...a: unknown[]) => void;
    };
    w.events = [];
    w.dataLayer = [];
    w.fbqCalls = [];
    w.fbq = (...args: unknown[]) => w.fbqCalls.push(args);
    for (const name of ['kserowo:step', 'kserowo:lead', 'kserowo:error']) {
      document.addEventListener(name, (e) => w.events.push({ name, detail: (e as CustomEvent).detail }));
    }
  });
}

const step = (page: Page) => cfg(page).locator('.progress [aria-current="step"]');

test.describe('<kserowo-configurator> loading', () => {
  test('is fetched only where the element is, with its pre-rendered first step in its box until then', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/konfigurator')).text();
    expect(html).toMatch(
      /<kserowo-configurator sync-url(="")?>\s*<template shadowrootmode="open">.*Wybierz urządzenie/s,
    );
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/widgets\/v1\/configurator\.[0-9a-f]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto('/modele');
    await expect(page.locator('kserowo-models .card, kserowo-models li').first()).toBeVisible();
    expect(chunks).toEqual([]);
    await page.goto('/konfigurator');
    await expect(heading(page)).toContainText('Wybierz urządzenie');
    expect(chunks).toHaveLength(1);
  });
});

test.describe('<kserowo-configurator> entry points', () => {
  test('from the hero "Skonfiguruj online": device, package, quote, stored with the hero campaign', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Skonfiguruj online' }).click();
    await expect(page).toHaveURL(/\/konfigurator\?utm_source=site&utm_medium=hero&utm_campaign=hero_cta/);
    await expect(heading(page)).toContainText('Wybierz urządzenie');
    await cfg(page).getByText('Konica Minolta bizhub C3320i').click();
    await next(page).click();
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await cfg(page).getByLabel('Strony mono').fill('1200');
    await cfg(page).getByLabel('Strony kolorowe').fill('200');
    const basic = cfg(page).locator('label.pkg').filter({ hasText: 'Basic' });
    await expect(basic).toContainText('Polecany');
    await expect(basic).toContainText('230,00 zł');
    await expect(basic.getByRole('radio')).toBeChecked();
    await next(page).click();
    const summary = cfg(page).locator('.summary');
    await expect(summary).toContainText('Konica Minolta bizhub C3320i');
    await expect(summary).toContainText('195 zł netto / mies.');
    await expect(summary).toContainText('239,85 zł brutto');
    await expect(summary).toContainText('230,00 zł netto / mies.');
    const sent = await sendQuote(page);
    const { lead, quote } = await storedQuote(sent);
    expect(quote).toMatchObject({
      number: sent.number,
      deviceId: 'km-c3320i',
      level: 'basic',
      volume: { mono: 1200, color: 200 },
      monthlyNet: 195,
    });
    expect(lead.attribution).toMatchObject({
      utm_source: 'site',
      utm_medium: 'hero',
      utm_campaign: 'hero_cta',
      page: expect.stringContaining('/konfigurator'),
    });
  });

  test('from a pricing card: the package is preselected and the pricing campaign is stored', async ({ page }) => {
    await page.goto('/');
    await page
      .locator('kserowo-pricing')
      .getByRole('link', { name: /Skonfiguruj pakiet Premium/ })
      .click();
    await expect(page).toHaveURL(/package=premium.*utm_campaign=main_pricing_cta/);
    await cfg(page).getByText('Konica Minolta bizhub C458').click();
    await next(page).click();
    await expect(cfg(page).getByRole('radio', { name: /Premium/ })).toBeChecked();
    await expect(cfg(page).locator('label.pkg').filter({ hasText: 'Premium' })).toContainText('SLA 4h');
    await expect(cfg(page).locator('label.pkg').filter({ hasText: 'Basic' })).toContainText(
      'Reakcja serwisu w ciągu 24 godzin roboczych',
    );
    await next(page).click();
    const sent = await sendQuote(page);
    const { lead, quote } = await storedQuote(sent);
    expect(quote).toMatchObject({ deviceId: 'km-c458', level: 'premium', monthlyNet: 545 });
    expect(lead.attribution).toMatchObject({
      utm_source: 'site',
      utm_medium: 'pricing',
      utm_campaign: 'main_pricing_cta',
    });
  });

  test('from a model card on the home page: the device is preselected and the device campaign is stored', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('kserowo-models').getByRole('link', { name: 'Skonfiguruj Konica Minolta bizhub C258' }).click();
    await expect(page).toHaveURL(
      /\/konfigurator\?device=km-c258&utm_source=site&utm_medium=models&utm_campaign=device_selection/,
    );
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await cfg(page).getByRole('radio', { name: /Basic/ }).check();
    await next(page).click();
    const sent = await sendQuote(page);
    const { lead, quote } = await storedQuote(sent);
    expect(quote).toMatchObject({ deviceId: 'km-c258', level: 'basic', monthlyNet: 309 });
    expect(lead.attribution).toMatchObject({
      utm_source: 'site',
      utm_medium: 'models',
      utm_campaign: 'device_selection',
    });
  });

  test('from a partner link (?device=km-c258&utm_source=partner&utm_campaign=device_selection): the shortest path, stored with that attribution', async ({
    page,
  }) => {
    await recordEvents(page);
    await page.goto('/konfigurator?device=km-c258&utm_source=partner&utm_campaign=device_selection');
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await expect(cfg(page)).toContainText('Konica Minolta bizhub C258');
    // Business is the default until a volume is stated; the shortest path is Dalej, two fields, send.
    await expect(cfg(page).getByRole('radio', { name: /Business/ })).toBeChecked();
    await next(page).click();
    const sent = await sendQuote(page);
    const { lead, quote } = await storedQuote(sent);
    expect(quote).toMatchObject({
      deviceId: 'km-c258',
      level: 'business',
      term: '24',
      monthlyNet: 335,
      monthlyGross: 412.05,
    });
    expect(lead.attribution).toMatchObject({
      utm_source: 'partner',
      utm_campaign: 'device_selection',
    });
    expect(lead).toMatchObject({ kind: 'quote', name: 'Anna Nowak', email: 'anna@firma.pl', marketingConsent: false });

    // Host pages and analytics get the human number, never the secret id.
    const seen = await page.evaluate(() => {
      const w = window as unknown as {
        events: { name: string; detail: Record<string, unknown> }[];
        dataLayer: Record<string, unknown>[];
        fbqCalls: unknown[][];
      };
      return { events: w.events, dataLayer: w.dataLayer, fbqCalls: w.fbqCalls };
    });
    expect(seen.events.filter((e) => e.name === 'kserowo:step').map((e) => e.detail)).toEqual([
      { step: 2, deviceId: 'km-c258', level: 'business' },
      { step: 3, deviceId: 'km-c258', level: 'business' },
    ]);
    expect(seen.events.filter((e) => e.name === 'kserowo:lead').map((e) => e.detail)).toEqual([
      { kind: 'quote', number: sent.number, value: 100, currency: 'PLN' },
    ]);
    expect(seen.dataLayer).toContainEqual({
      event: 'generate_lead',
      event_category: 'lead',
      event_action: 'quote',
      event_label: 'km-c258/business',
      value: 100,
      currency: 'PLN',
      device_id: 'km-c258',
      package_level: 'business',
      monthly_net: 335,
    });
    expect(seen.dataLayer).toContainEqual({
      event: 'configurator_step',
      event_category: 'configurator',
      event_action: 'step_3',
      event_label: 'km-c258/business',
    });
    expect(seen.fbqCalls).toContainEqual(['track', 'Lead', { value: 100, currency: 'PLN' }]);
    expect(seen.fbqCalls).toContainEqual(['track', 'CompleteRegistration']);
    expect(JSON.stringify(seen)).not.toContain(sent.id);

    // The success screen links to the printable quote.
    await expect(cfg(page).getByRole('link', { name: /Drukuj \/ zapisz PDF/ })).toHaveAttribute('href', sent.url);
  });
});

test.describe('<kserowo-configurator> with sync-url', () => {
  test('the browser back and forward buttons move between steps, keeping the choices', async ({ page }) => {
    await page.goto('/konfigurator');
    await cfg(page).getByText('Konica Minolta bizhub 4052').click();
    await next(page).click();
    await expect(page).toHaveURL(/step=2/);
    await cfg(page)
      .getByRole('radio', { name: /Premium/ })
      .check();
    await cfg(page).getByRole('radio', { name: '36 miesięcy' }).check();
    await next(page).click();
    await expect(page).toHaveURL(/step=3/);
    await page.goBack();
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await expect(cfg(page).getByRole('radio', { name: /Premium/ })).toBeChecked();
    await expect(cfg(page).getByRole('radio', { name: '36 miesięcy' })).toBeChecked();
    await page.goBack();
    await expect(heading(page)).toContainText('Wybierz urządzenie');
    await expect(cfg(page).getByRole('radio', { name: /bizhub 4052/ })).toBeChecked();
    await page.goForward();
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await expect(step(page)).toContainText('Pakiet');
  });

  test('a reload keeps the step, the choices and the typed contact data', async ({ page }) => {
    await page.goto('/konfigurator?device=km-c3350i');
    await cfg(page).getByLabel('Strony mono').fill('3000');
    await cfg(page).getByRole('radio', { name: 'krótszy okres — do uzgodnienia' }).check();
    await cfg(page)
      .getByRole('checkbox', { name: /Papier/ })
      .check();
    await next(page).click();
    await cfg(page).getByLabel('Imię i nazwisko').fill('Piotr Wiśniewski');
    await cfg(page).getByLabel('NIP').fill('123-456-32-18');
    await page.reload();
    await expect(heading(page)).toContainText('Odbierz wycenę');
    const summary = cfg(page).locator('.summary');
    await expect(summary).toContainText('Konica Minolta bizhub C3350i');
    await expect(summary).toContainText('krótszy okres — do uzgodnienia');
    await expect(summary).toContainText('papier – cena na zapytanie');
    await expect(summary).toContainText('przy 3000 stronach mono');
    await expect(cfg(page).getByLabel('Imię i nazwisko')).toHaveValue('Piotr Wiśniewski');
    await expect(cfg(page).getByLabel('NIP')).toHaveValue('123-456-32-18');
  });

  test('an unknown device id is ignored with a short note', async ({ page }) => {
    await page.goto('/konfigurator?device=km-9999&package=gold');
    await expect(heading(page)).toContainText('Wybierz urządzenie');
    await expect(cfg(page)).toContainText('Nie znamy urządzenia „km-9999”');
    await expect(cfg(page).getByRole('radio', { name: /bizhub C258/ })).toBeVisible();
  });

  test('filters narrow the devices by Mono/Kolor and A3/A4', async ({ page }) => {
    await page.goto('/konfigurator');
    const devices = cfg(page).locator('label.dev');
    await expect(devices).toHaveCount(8);
    // A click before the widget's code has run is replayed once it has (the filter flips then, not natively).
    const colour = cfg(page).getByRole('radio', { name: 'Kolor', exact: true });
    await colour.click();
    await expect(colour).toBeChecked();
    await expect(devices).toHaveCount(5);
    await cfg(page).getByRole('radio', { name: 'A4', exact: true }).check();
    await expect(devices).toHaveCount(2);
    await expect(devices.first()).toContainText('od 195 zł');
    await cfg(page).getByRole('radio', { name: 'Mono', exact: true }).check();
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('bizhub 4052');
  });

  test('Dalej without a device asks for one', async ({ page }) => {
    await page.goto('/konfigurator');
    await next(page).click();
    await expect(cfg(page).getByRole('alert')).toContainText('Wybierz urządzenie');
    await expect(heading(page)).toContainText('Wybierz urządzenie');
  });
});

test.describe('<kserowo-configurator> when sending', () => {
  async function toStep3(page: Page) {
    await page.goto('/konfigurator?device=km-227');
    // Step 2 comes with the widget's code (the page is pre-rendered at step 1).
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await next(page).click();
  }

  test('refuses empty required fields with the spec toast and sends nothing', async ({ page }) => {
    await toStep3(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/quotes')) posted = true;
    });
    await sendButton(page).click();
    await expect(cfg(page).getByRole('alert')).toContainText('Błąd walidacji');
    await expect(cfg(page).getByRole('alert')).toContainText('Proszę wypełnić wszystkie wymagane pola (imię i email)');
    await cfg(page).getByLabel('Imię i nazwisko').fill('Anna');
    await cfg(page)
      .getByRole('textbox', { name: /^E-mail/ })
      .fill('anna@firma');
    await sendButton(page).click();
    await expect(cfg(page).getByRole('alert')).toContainText('Nieprawidłowy email');
    await cfg(page)
      .getByRole('textbox', { name: /^E-mail/ })
      .fill('anna@firma.pl');
    await cfg(page).getByLabel('NIP').fill('1234563219');
    await sendButton(page).click();
    await expect(cfg(page).getByRole('alert')).toContainText('Nieprawidłowy NIP');
    expect(posted).toBe(false);
  });

  test('shows the server refusal as "Błąd wysyłania" and keeps the typed values', async ({ page }) => {
    await toStep3(page);
    await page.route('**/api/quotes', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Zbyt wiele zapytań. Spróbuj za chwilę.' }),
      }),
    );
    await cfg(page).getByLabel('Imię i nazwisko').fill('Anna');
    await cfg(page)
      .getByRole('textbox', { name: /^E-mail/ })
      .fill('anna@firma.pl');
    await cfg(page).getByLabel('Wiadomość').fill('Proszę o kontakt po 12.');
    await sendButton(page).click();
    await expect(cfg(page).getByRole('alert')).toContainText('Błąd wysyłania');
    await expect(cfg(page).getByRole('alert')).toContainText('Zbyt wiele zapytań. Spróbuj za chwilę.');
    await expect(cfg(page).getByLabel('Wiadomość')).toHaveValue('Proszę o kontakt po 12.');
  });

  test('outlines and focuses the contact field a server refusal names, with its message under it', async ({ page }) => {
    await toStep3(page);
    const refusal = 'Pole „Telefon” może zawierać tylko cyfry, spacje i znaki + ( ) - (najwyżej 30).';
    await page.route('**/api/quotes', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: refusal, field: 'phone' }),
      }),
    );
    await cfg(page).getByLabel('Imię i nazwisko').fill('Anna');
    await cfg(page)
      .getByRole('textbox', { name: /^E-mail/ })
      .fill('anna@firma.pl');
    await sendButton(page).click();
    const phone = cfg(page).getByLabel(/^Telefon/);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription(refusal);
    await expect(cfg(page).getByLabel('Imię i nazwisko')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('shows a network failure as "Błąd połączenia" and sends the same submission id on retry', async ({ page }) => {
    await toStep3(page);
    const ids: string[] = [];
    await page.route('**/api/quotes', async (route) => {
      ids.push((route.request().postDataJSON() as { submissionId: string }).submissionId);
      if (ids.length === 1) return route.abort('internetdisconnected');
      return route.continue();
    });
    await cfg(page).getByLabel('Imię i nazwisko').fill('Anna');
    await cfg(page)
      .getByRole('textbox', { name: /^E-mail/ })
      .fill('anna@firma.pl');
    await sendButton(page).click();
    await expect(cfg(page).getByRole('alert')).toContainText('Błąd połączenia');
    await expect(cfg(page).getByRole('alert')).toContainText(
      'Wystąpił błąd podczas wysyłania wiadomości. Spróbuj ponownie później.',
    );
    await expect(cfg(page).getByLabel('Imię i nazwisko')).toHaveValue('Anna');
    await sendButton(page).click();
    await expect(cfg(page).getByRole('heading', { name: /Wycena KS-\d{4}-\d{6} jest gotowa/ })).toBeVisible();
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  test('never sends a price: the body is the configuration only', async ({ page }) => {
    await toStep3(page);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/quotes'));
    await cfg(page).getByLabel('Imię i nazwisko').fill('Anna');
    await cfg(page)
      .getByRole('textbox', { name: /^E-mail/ })
      .fill('anna@firma.pl');
    await sendButton(page).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'attribution',
      'contact',
      'deviceId',
      'level',
      'paper',
      'submissionId',
      'term',
      'website',
    ]);
    expect(body.website).toBe('');
    expect((body.contact as Record<string, unknown>).marketingConsent).toBe(false);
  });
});

test.describe("<kserowo-configurator>'s quote step, a chunk of its own", () => {
  const quoteChunk = /\/widgets\/v1\/configurator-quote\.[0-9a-f]{8}\.js$/;

  test('is fetched when the package step shows, not with the first step', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (quoteChunk.test(r.url())) fetched.push(r.url());
    });
    await page.goto('/konfigurator');
    // The filter narrowing the list shows step 1 running with the widget's code.
    const colour = cfg(page).getByRole('radio', { name: 'Kolor', exact: true });
    await colour.click();
    await expect(cfg(page).locator('label.dev')).toHaveCount(5);
    expect(fetched).toEqual([]);
    await cfg(page).locator('label.dev').first().click();
    await next(page).click();
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await expect.poll(() => fetched.length).toBe(1);
    await next(page).click();
    await expect(heading(page)).toBeFocused();
    await expect(cfg(page).getByLabel('Imię i nazwisko')).toBeVisible();
    expect(fetched).toHaveLength(1);
  });

  test("a failed fetch shows 'Konfigurator niedostępny' with a retry that brings the step, the choices kept", async ({
    page,
  }) => {
    await page.route(quoteChunk, (route) => route.abort('connectionrefused'));
    await page.goto('/konfigurator?device=km-227');
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await next(page).click();
    await expect(heading(page)).toContainText('Odbierz wycenę');
    const alert = cfg(page).getByRole('alert');
    await expect(alert).toContainText('Konfigurator niedostępny');
    await expect(alert).toContainText('Wystąpił nieoczekiwany błąd.');
    await expect(cfg(page).getByLabel('Imię i nazwisko')).toHaveCount(0);
    await page.unroute(quoteChunk);
    await alert.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await expect(cfg(page).getByLabel('Imię i nazwisko')).toBeVisible();
    await expect(cfg(page).locator('.summary')).toContainText('bizhub 227');
    await expect(cfg(page).getByText('Konfigurator niedostępny')).toHaveCount(0);
  });
});

test.describe('<kserowo-configurator> by keyboard alone', () => {
  test('chooses a device, a package and a term and sends the quote without a mouse', async ({ page }) => {
    await page.goto('/konfigurator');
    const firstDevice = cfg(page).getByRole('radio', { name: /bizhub 227/ });
    for (let i = 0; i < 60 && !(await firstDevice.evaluate((el) => el.matches(':focus'))); i++)
      await page.keyboard.press('Tab');
    await expect(firstDevice).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(cfg(page).getByRole('radio', { name: /bizhub 308/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(next(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await expect(heading(page)).toBeFocused();
    await page.keyboard.press('Tab'); // mono pages
    await page.keyboard.type('1000'); // within every allowance: Basic is the cheapest and gets chosen
    await page.keyboard.press('Tab'); // 'Nie wiem, ile drukuję' (the volume estimator)
    await page.keyboard.press('Tab'); // the package group: the checked one
    await expect(cfg(page).getByRole('radio', { name: /Basic/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(cfg(page).getByRole('radio', { name: /Business/ })).toBeChecked();
    await page.keyboard.press('Tab'); // term group
    await page.keyboard.press('ArrowRight');
    await expect(cfg(page).getByRole('radio', { name: '36 miesięcy' })).toBeChecked();
    await page.keyboard.press('Enter'); // submits the step
    await expect(heading(page)).toContainText('Odbierz wycenę');
    await expect(cfg(page).locator('.summary')).toContainText('Business');
    await expect(cfg(page).locator('.summary')).toContainText('235 zł netto / mies.');
    await expect(cfg(page).locator('.summary')).toContainText('36 miesięcy');
    await page.keyboard.press('Tab');
    await expect(cfg(page).getByLabel('Imię i nazwisko')).toBeFocused();
    await page.keyboard.type('Jan Kowalski');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jan@firma.pl');
    await page.keyboard.press('Enter');
    await expect(cfg(page).getByRole('heading', { name: /Wycena KS-\d{4}-\d{6} jest gotowa/ })).toBeVisible();
  });

  test('the new step takes the focus as it appears, so keys pressed right after the move land in it', async ({
    page,
  }) => {
    await page.goto('/konfigurator');
    // The widget's own code, not the pre-rendered step (early clicks are early-click.spec's):
    // a radio checked before the upgrade flips only when the click is replayed.
    await page.waitForFunction(() => !!customElements.get('kserowo-configurator'));
    await expect(next(page)).toBeVisible();
    // Each time the step heading's text changes: was the focus on it already, when the
    // browser delivered the change (before the next frame, where a key could be handled)?
    await page.evaluate(() => {
      const root = document.querySelector('kserowo-configurator')!.shadowRoot!;
      const seen: [string, boolean][] = [[root.querySelector('h2')?.textContent ?? '', false]];
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const h2 = root.querySelector('h2');
        const text = h2?.textContent ?? '';
        if (h2 && text !== seen.at(-1)?.[0]) seen.push([text, root.activeElement === h2]);
      }).observe(root, { subtree: true, childList: true, characterData: true });
    });
    await cfg(page)
      .getByRole('radio', { name: /bizhub 308/ })
      .check();
    await next(page).press('Enter');
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await next(page).press('Enter');
    await expect(heading(page)).toContainText('Odbierz wycenę');
    await back(page).press('Enter');
    await expect(heading(page)).toContainText('Wybierz pakiet');
    const seen = await page.evaluate(() => (window as unknown as { seen: [string, boolean][] }).seen);
    expect(seen.map(([text]) => text.replace(/^Krok \d z 3: /, ''))).toEqual([
      'Wybierz urządzenie',
      'Wybierz pakiet',
      'Odbierz wycenę',
      'Wybierz pakiet',
    ]);
    expect(seen.slice(1).map(([, focused]) => focused)).toEqual([true, true, true]);
  });
});

test.describe('<kserowo-configurator> at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('every step fits without horizontal scroll and passes an accessibility check (screenshots)', async ({
    page,
  }) => {
    // Three axe runs and three full-page screenshots: in a full run the third axe run passed the
    // default minute twice (seen in the 2 Dec suite, and by an outside run on a loaded machine).
    test.setTimeout(150_000);
    await page.goto('/konfigurator?device=km-c250i');
    await cfg(page).getByRole('button', { name: 'Wstecz' }).tap();
    for (const n of [1, 2, 3]) {
      await expect(step(page)).toContainText(['Urządzenie', 'Pakiet', 'Wycena'][n - 1]!);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const axe = await new AxeBuilder({ page }).include('kserowo-configurator').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      await page.screenshot({ path: path.join(here, `screenshots/configurator-step${n}-360.png`), fullPage: true });
      if (n < 3) await next(page).tap();
    }
    await expect(back(page)).toBeVisible();
  });
});

test.describe('<kserowo-configurator> without sync-url (a partner page)', () => {
  test("leaves the host's URL alone and takes its attributes", async ({ page }) => {
    await recordEvents(page);
    await page.goto('/kontakt?ref=abc');
    await page.evaluate(() => {
      const el = document.createElement('kserowo-configurator');
      el.setAttribute('device', 'km-c258');
      el.setAttribute('package', 'premium');
      el.setAttribute('partner', 'drukarnia-abc');
      el.setAttribute('utm-source', 'abc');
      el.setAttribute('utm-campaign', 'wiosna');
      document.querySelector('main')?.prepend(el);
    });
    await expect(heading(page)).toContainText('Wybierz pakiet');
    await expect(cfg(page).getByRole('radio', { name: /Premium/ })).toBeChecked();
    await next(page).click();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/quotes'));
    await sendQuote(page);
    const body = (await request).postDataJSON() as { attribution: Record<string, string> };
    expect(body.attribution).toMatchObject({
      partner: 'drukarnia-abc',
      utm_source: 'abc',
      utm_campaign: 'wiosna',
      page: '/kontakt?ref=abc',
    });
    expect(new URL(page.url()).search).toBe('?ref=abc');
  });
});
