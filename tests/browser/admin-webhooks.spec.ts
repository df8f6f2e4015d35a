// The owner adds a CRM endpoint in the panel; a real HTTP receiver on a free port of
// 127.0.0.1 (this test's own) gets the test event and a new lead, signed, and verifies
// them as docs/webhooks.md "The signature" shows. Screenshots of 'Webhooki' at 1280 and 375 px.
// The endpoint is deleted before the receiver stops: left behind, every later test's lead
// or ticket would be queued for a receiver that is gone, retried for a quarter of an hour
// and then counted as dead in the panel's header ('Niedostarczone webhooki: N').
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, expect, test } from '@playwright/test';
import { logIn, submitContact } from './admin-helpers.ts';

interface Received {
  type: string;
  id: string;
  verified: boolean;
  data: Record<string, unknown>;
}

/** The verification of docs/webhooks.md "The signature", in Node. */
function verify(secret: string, header: string, rawBody: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(',').map((kv) => kv.split('='))) as { t: string; v1: string };
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return expected.length === v1?.length && timingSafeEqual(Buffer.from(expected), Buffer.from(v1));
}

test('a local CRM receiver gets the test event and a new lead, signed and verified', async ({
  page,
  request,
  baseURL,
}) => {
  let secret = '';
  const path = `/kserowo-${Date.now()}`;
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    // Anything else that reaches this port (not this test's endpoint): answered, not counted.
    if (req.url !== path) {
      req.resume();
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };
      received.push({ ...event, verified: verify(secret, String(req.headers['kserowo-signature']), body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  try {
    await logIn(page, 'Szef');
    // The panel's section, not the header's 'Niedostarczone webhooki: N' (a link too, when there are dead ones).
    await page.getByRole('navigation', { name: 'Sekcje panelu' }).getByRole('link', { name: 'Webhooki' }).click();
    await page.getByLabel('Adres HTTPS').fill(url);
    await page.getByRole('button', { name: 'Dodaj odbiorcę' }).click();
    await expect(page.getByText('Dodano odbiorcę.', { exact: false })).toBeVisible();
    secret = await page.getByLabel(`Sekret: ${url}`).inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByRole('row', { name: new RegExp(url) });
    await row.getByRole('button', { name: 'Wyślij zdarzenie testowe' }).click();
    await expect.poll(() => received.map((r) => r.type)).toContain('webhook.test');

    const leadName = `Sklep Papierniczy ${Date.now()}`;
    await submitContact(request, { name: leadName, email: 'crm@example.pl' });
    await expect.poll(() => received.find((r) => r.type === 'lead.created' && r.data.name === leadName)).toBeTruthy();
    expect(received.every((r) => r.verified)).toBe(true);
    console.log(
      'receiver log:',
      JSON.stringify(received.map((r) => ({ type: r.type, id: r.id, verified: r.verified }))),
    );

    await expect(async () => {
      await page.reload();
      const delivered = page.locator('table.deliveries tbody tr', { hasText: 'lead.created' }).filter({ hasText: url });
      await expect(delivered.first()).toContainText('dostarczony', { timeout: 1000 });
    }).toPass();
    await page.screenshot({ path: 'test-results/webhooks-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/webhooks-375.png', fullPage: true });
  } finally {
    await deleteEndpoints(page, String(baseURL), url);
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Deletes the endpoints to `url` with their deliveries (the panel's 'Usuń', through its API), so nothing retries into the stopped receiver. */
async function deleteEndpoints(page: Page, origin: string, url: string): Promise<void> {
  const list = await page.request.get('/api/admin/webhooks');
  if (!list.ok()) return;
  const { endpoints } = (await list.json()) as { endpoints: { id: number; url: string }[] };
  for (const endpoint of endpoints.filter((e) => e.url === url)) {
    const res = await page.request.delete(`/api/admin/webhooks/${endpoint.id}`, { headers: { Origin: origin } });
    expect(res.status()).toBe(200);
  }
  const left = (await (await page.request.get('/api/admin/webhooks/deliveries?limit=500')).json()) as {
    deliveries: { url: string }[];
  };
  expect(left.deliveries.filter((d) => d.url === url)).toEqual([]);
}
