// The panel shows Polish words for stored keys and Polish numbers in its inputs: a Business and a
// Premium device in 'Urządzenia', a ticket on the Premium one, the quotes by package in 'Liczby',
// and the amendment form of the Premium contract (its overage 0,09 zł with a decimal comma, and a
// rate typed with a comma is accepted). Each view's visible text and input values are scanned for
// the stored keys ('basic', 'business', 'premium') and for a number with a decimal dot.
// Screenshots at 375 and 1280 px when KSEROWO_SCREENSHOTS names a folder.
import { type Page, expect, test } from '@playwright/test';
import { logIn } from './admin-helpers.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A NIP with its check digit: the nine digits given, the tenth computed (none ends in 10). */
function validNip(nine: string): string {
  for (let n = Number(nine); ; n++) {
    const digits = String(n).padStart(9, '0').slice(-9);
    const sum = [6, 5, 7, 2, 3, 4, 5, 6, 7].reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11;
    if (sum < 10) return `${digits}${sum}`;
  }
}

/** Stored keys and dotted decimals the visible panel shows, each with a little of its context. */
const rawValues = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const root = document.querySelector('main') ?? document.body;
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not the text of closed or hidden parts
    const text = (root as HTMLElement).innerText;
    const found = [...text.matchAll(/\b(basic|business|premium)\b/g)].map(
      (m) => `…${text.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + 20)}…`,
    );
    for (const input of root.querySelectorAll('input'))
      if (/^\d+\.\d+$/.test(input.value)) found.push(`${input.labels?.[0]?.textContent ?? input.name}: ${input.value}`);
    return found;
  });

test('every view of the service desk and the numbers shows package names and decimal commas, never stored keys', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-7);
  const premium = `LBP${tag}`;
  const business = `LBB${tag}`;
  const nip = validNip(`52${tag}`);
  await logIn(page, 'Ola');
  const origin = new URL(page.url()).origin;
  for (const [serial, deviceId, level] of [
    [premium, 'km-c3350i', 'premium'],
    [business, 'km-227', 'business'],
  ]) {
    const added = await page.request.post('/api/admin/devices', {
      headers: { Origin: origin },
      data: {
        serial,
        deviceId,
        level,
        company: `Biuro Etykiet ${tag}`,
        nip,
        city: 'Słupsk',
        contractStart: '2025-01-01',
        termMonths: 36,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const quote = await page.request.post('/api/quotes', {
    data: {
      deviceId: 'km-4052',
      level: 'business',
      term: 24,
      contact: { name: 'Ewa', email: 'ewa@example.pl' },
      submissionId: crypto.randomUUID(),
    },
  });
  expect(quote.status()).toBe(201);
  const ticket = await page.request.post('/api/service-requests', {
    data: {
      serial: premium,
      category: 'paper',
      description: 'Papier zacina się w podajniku.',
      name: 'Jan Klient',
      email: 'jan@biuro.pl',
      phone: '600 100 200',
      submissionId: crypto.randomUUID(),
    },
  });
  expect(ticket.status()).toBe(201);
  const { id } = (await ticket.json()) as { id: string };

  await page.goto('/admin#urzadzenia');
  const row = page.getByRole('row').filter({ hasText: premium });
  await expect(row).toContainText('Premium');
  await expect(page.getByRole('row').filter({ hasText: business })).toContainText('Business');
  expect(await rawValues(page)).toEqual([]);
  await shoot(page, 'admin-urzadzenia');

  await page.goto(`/admin#serwis/${id}`);
  await expect(page.getByText(new RegExp(`${premium} \\(Premium\\)`))).toBeVisible();
  expect(await rawValues(page)).toEqual([]);
  await shoot(page, 'admin-zgloszenie');
  await page.goto('/admin#serwis');
  await expect(page.getByRole('row').filter({ hasText: premium })).toContainText('Premium');
  expect(await rawValues(page)).toEqual([]);
  await shoot(page, 'admin-serwis');

  // Reported by NIP: the desk sees the company's devices by package and names the device.
  const byNip = await page.request.post('/api/service-requests', {
    data: {
      nip,
      category: 'code',
      description: 'Kod C2557 na panelu.',
      name: 'Jan Klient',
      email: 'jan@biuro.pl',
      phone: '600 100 200',
      submissionId: crypto.randomUUID(),
    },
  });
  expect(byNip.status(), await byNip.text()).toBe(201);
  await page.goto(`/admin#serwis/${((await byNip.json()) as { id: string }).id}`);
  await expect(
    page.getByText(/nie wskazano \(zgłoszenie po NIP\): do czasu wskazania termin liczymy według najkrótszego/),
  ).toBeVisible();
  await expect(page.getByText(`${premium}: Konica Minolta bizhub C3350i, Premium`)).toBeVisible();
  await expect(page.getByText(new RegExp(`${business}: .*, Business`))).toBeVisible();
  expect(await rawValues(page)).toEqual([]);
  await shoot(page, 'admin-zgloszenie-nip');
  // On a phone, the answer shows where the form is.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByLabel('Numer seryjny urządzenia').fill(business);
  await page.getByLabel('Powód zmiany').fill('Klient potwierdził telefonicznie');
  await page.getByRole('button', { name: 'Wskaż urządzenie' }).click();
  await expect(page.getByText('Termin reakcji policzony od nowa.')).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByText(new RegExp(`${business} \\(Business\\)`))).toBeVisible();
  await expect(page.locator('.device-changes').first()).toContainText(/termin: 4 h, do .* → \d+ h, do /);
  await shoot(page, 'admin-zgloszenie-nip-wskazane');

  await page.goto('/admin#liczby');
  const byPackage = page.getByRole('region', { name: 'Wyceny według pakietu' });
  await expect(byPackage.getByRole('rowheader', { name: 'Business' })).toBeVisible();
  expect(await rawValues(page)).toEqual([]);
  await shoot(page, 'admin-liczby');

  await page.goto('/admin#umowy');
  const summary = page
    .locator('details.contract summary')
    .filter({ hasText: `Biuro Etykiet ${tag}` })
    .first();
  await summary.click();
  const amendment = page
    .getByRole('form', { name: /^Aneks do umowy/ })
    .filter({ visible: true })
    .first();
  await amendment.getByLabel('Urządzenie').selectOption(premium);
  await expect(amendment.getByLabel('Stawka mono (zł)')).toHaveValue('0,09');
  await expect(amendment.getByLabel('Stawka kolor (zł)')).toHaveValue('0,24');
  expect(await rawValues(page)).toEqual([]);
  await shoot(page, 'admin-umowy-aneks');
  // A rate typed with a comma is taken as the number it says.
  await amendment.getByLabel('Stawka mono (zł)').fill('0,08');
  await amendment.getByLabel('Powód aneksu').fill('Rabat za wolumen');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/amendments'));
  await amendment.getByRole('button', { name: 'Zapisz aneks' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('Zapisano aneks')).toBeVisible();
  const contracts = (await (await page.request.get('/api/admin/contracts')).json()) as {
    contracts: { devices: { serial: string; ratesHistory: { overageMono: number; reason: string | null }[] }[] }[];
  };
  const history = contracts.contracts.flatMap((c) => c.devices).find((d) => d.serial === premium)?.ratesHistory;
  expect(history?.find((r) => r.reason === 'Rabat za wolumen')?.overageMono).toBe(0.08);
});
