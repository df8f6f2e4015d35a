// A device carried to another office: office A's collector reports a serial of another contract,
// 'Urządzenia' → 'Kolektory' lists it as outside A's contract, and the owner moves it there with
// 'Przenieś tutaj' (by keyboard, at 375 px, axe clean). The collector is driven through the API as
// collector/client.mjs drives it: the code exchanged for a key, the push signed with HMAC-SHA256.
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminCookie, axeViolationsIn, base, logIn } from './admin-helpers.ts';

const shots = process.env.KSEROWO_SCREENSHOTS;
const json = { 'content-type': 'application/json', origin: base };

test('the owner moves a device another office’s collector found to that office, by keyboard at 375 px', async ({
  page,
}) => {
  const tag = String(Date.now()).slice(-8);
  const [serialA, serialB] = [`MVA${tag}`, `MVB${tag}`];
  const cookie = await adminCookie();
  const contract = async (serial: string, office: string) => {
    const res = await fetch(`${base}/api/admin/contracts`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        company: `Biuro Przeprowadzki ${office}`,
        billingEmail: `biuro-${tag}@przeprowadzki.pl`,
        startDate: '2026-09-01',
        termMonths: 36,
        devices: [{ serial, deviceId: 'km-c3320i', level: 'basic' }],
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; number: string };
  };
  const [a] = [await contract(serialA, 'A'), await contract(serialB, 'B')];
  const created = await fetch(`${base}/api/admin/collectors`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ contractId: a.id }),
  });
  const { code } = (await created.json()) as { code: string };
  const enrolled = await fetch(`${base}/api/collector/enrol`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ code }),
  });
  const { collectorId, key } = (await enrolled.json()) as { collectorId: string; key: string };
  // Office A's collector reads B's device, carried over: outside A's contract.
  const body = JSON.stringify({
    pushId: `move-${tag}`,
    readings: [
      {
        serial: serialB,
        model: 'bizhub C3320i',
        profile: 'km-bizhub-i',
        profileChecked: true,
        at: new Date().toISOString(),
        unit: 'impressions',
        counters: { blackCopy: 400, blackPrint: 600, fullColourCopy: 80, fullColourPrint: 120 },
      },
    ],
  });
  const time = Math.floor(Date.now() / 1000);
  const pushed = await fetch(`${base}/api/collector/readings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-collector-id': collectorId,
      'x-collector-time': String(time),
      'x-collector-signature': createHmac('sha256', key).update(`${time}\n${body}`).digest('hex'),
    },
    body,
  });
  expect(await pushed.json()).toMatchObject({ stored: 0, unknown: 1 });

  await page.setViewportSize({ width: 375, height: 900 });
  await logIn(page, 'Właściciel');
  await page.goto('/admin#urzadzenia');
  const sites = page.getByRole('region', { name: 'Kolektory (liczniki urządzeń)' });
  const row = sites.getByRole('row').filter({ hasText: a.number });
  await expect(row).toContainText(serialB);
  // Each site a labelled card on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeViolationsIn(page, 'section[aria-labelledby="collectors-title"]')).toEqual([]);
  if (shots) await sites.screenshot({ path: `${shots}/collector-move-375.png` });
  const moveButton = row.getByRole('button', { name: `Przenieś ${serialB} do kolektora umowy ${a.number}` });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  await expect(sites.getByRole('status')).toHaveText(
    `Przeniesiono urządzenie ${serialB} do kolektora umowy ${a.number}: jego odczyty stąd liczą się w jego własnej umowie.`,
  );
  // No longer outside the contract: A's collector reads it from now on (worker/collector/collector.test.ts).
  await expect(row).not.toContainText(serialB);
  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await sites.screenshot({ path: `${shots}/collector-move-1280.png` });
  }
});
