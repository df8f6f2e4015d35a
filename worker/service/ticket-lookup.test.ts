// A fault report from the public form confirms to the contract's own address (never to the
// one typed into the form), and its status page is found again by number plus the e-mail
// it was reported with, a pair that must match as a whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { TICKET_LOOKUP_ERRORS } from '../../widgets/core/portal-validation.ts';
import { read, request } from '../../tests/worker/admin-helpers.ts';
import { A, db, form, mailsTo, seedCustomers } from '../../tests/worker/portal-helpers.ts';

let number = '';
let statusPath = '';
const typed = 'ktos@inny-adres.pl';

beforeAll(async () => {
  await seedCustomers();
  const res = await request('/api/service-requests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.90' },
    body: JSON.stringify({
      serial: A.premium,
      category: 'quality',
      description: 'Smugi na wydrukach.',
      name: 'Jan Kowalski',
      email: typed,
      phone: '600 300 400',
    }),
  });
  expect(res.status).toBe(201);
  const answer = (await res.json()) as { number: string; url: string };
  number = answer.number;
  statusPath = new URL(answer.url).pathname;
});

describe('the confirmation of a public fault report', () => {
  it("goes to the contract's e-mail with the number and status link, not to the typed address", async () => {
    const confirmation = (await mailsTo(A.email)).find((m) => m.subject === `Przyjęliśmy zgłoszenie ${number}`);
    expect(confirmation?.body).toContain(statusPath);
    expect(confirmation?.body).toContain('4 h robocze');
    expect(await mailsTo(typed)).toEqual([]);
  });

  it('has a link that shows the ticket again with the deadline it gave; the bare status page does not', async () => {
    const confirmation = (await mailsTo(A.email)).find((m) => m.subject === `Przyjęliśmy zgłoszenie ${number}`);
    const given = /Czas reakcji: 4 h robocze – do (.+)$/m.exec(confirmation?.body ?? '')?.[1];
    const link = new URL(/https?:\/\/\S+\/serwis\/zgloszenie\/\S+/.exec(confirmation?.body ?? '')?.[0] ?? 'x:');
    const due = (await db()
      .prepare('SELECT due_at FROM service_tickets WHERE number = ?')
      .bind(number)
      .first<{ due_at: string }>())!.due_at;
    // The e-mail's numeric form ('02.12.2026, 12:00', the day in two digits: dateStyle 'short' writes
    // '2.12.2026', so this test failed on the 1st to the 9th of a month) and the page's long one of the
    // same Warsaw minute.
    const short = new Intl.DateTimeFormat('pl-PL', {
      timeZone: 'Europe/Warsaw',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const long = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', dateStyle: 'long', timeStyle: 'short' });
    expect(given).toBe(short.format(new Date(due)));
    const again = await (await read(link.pathname + link.search)).text();
    expect(again).toContain(long.format(new Date(due)));
    expect(again).toContain('4 h robocze');
    const bare = await (await read(statusPath)).text();
    expect(bare).not.toContain(long.format(new Date(due)));
    // A wrong key is the bare page.
    expect(await (await read(`${statusPath}?k=${'x'.repeat(32)}`)).text()).not.toContain(long.format(new Date(due)));
  });
});

describe('POST /serwis/zgloszenie/szukaj', () => {
  it('leads to the status page for the number and the e-mail it was reported with', async () => {
    const res = await form('/serwis/zgloszenie/szukaj', { number: number.toLowerCase(), email: typed.toUpperCase() });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(statusPath);
    const page = await (await read(statusPath)).text();
    expect(page).toContain(number);
    // Like every page, it leads to the customer's page and forms.
    for (const href of ['/konto', '/serwis', '/licznik']) expect(page).toContain(`href="${href}"`);
  });

  it('refuses any other pair alike, saying nothing of which part was wrong', async () => {
    const other = number.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    for (const pair of [
      { number, email: A.email },
      { number: other, email: typed },
    ]) {
      const res = await form('/serwis/zgloszenie/szukaj', pair);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(TICKET_LOOKUP_ERRORS.notFound);
      expect(html).not.toContain(statusPath);
    }
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    expect((await form('/serwis/zgloszenie/szukaj', { number: 'x', email: typed })).status).toBe(400);
    expect((await form('/serwis/zgloszenie/szukaj', { number, email: 'nie-adres' })).status).toBe(400);
    expect(
      (await form('/serwis/zgloszenie/szukaj', { number, email: typed }, { origin: 'https://zly.example' })).status,
    ).toBe(403);
    const json = await request('/serwis/zgloszenie/szukaj', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://kserowo.test' },
      body: JSON.stringify({ number: { toString: false }, email: ['a'] }),
    });
    expect(json.status).toBe(415);
  });
});
