// The signed-in customer's page: a fault report on a chosen device runs the SLA of its
// contract's package (Premium 4 h), a reading counts at once, toner follows its rules, every
// form confirms to the customer's own address; and customer A can neither read nor act on
// anything of customer B through any route of the page (enumerated from the router).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { portalPage } from './routes.tsx';
import { setTonerStatus } from './model-toner-orders.ts';
import { addBusinessHours } from '../admin-shared/business-hours.ts';
import { company } from '../../widgets/core/company.ts';
import { PORTAL_ERRORS } from '../../widgets/core/portal-validation.ts';
import { JUSTIFIED_SHARE, cartridgeYield } from '../../widgets/core/toner.ts';
import { login, read, request, write } from '../../tests/worker/admin-helpers.ts';
import { A, B, db, form, mailsTo, seedCustomers, signIn } from '../../tests/worker/portal-helpers.ts';

const service = (env as unknown as Env).SERVICE_EMAIL || company.salesEmail;
let ids: Awaited<ReturnType<typeof seedCustomers>>;
let a = '';
let b = '';

beforeAll(async () => {
  ids = await seedCustomers();
  a = await signIn(A.email);
  b = await signIn(B.email);
});

const page = async (cookie: string, path = '/konto') => (await read(path, cookie)).text();

/** The counters of B's things, to prove nothing of theirs moved. */
async function countsOfB(): Promise<Record<string, number>> {
  const one = async (sql: string) => (await db().prepare(sql).bind(ids.b).first<{ n: number }>())?.n ?? 0;
  return {
    tickets: await one('SELECT COUNT(*) AS n FROM service_tickets WHERE device_row = ?'),
    readings: await one('SELECT COUNT(*) AS n FROM meter_readings WHERE device_row = ?'),
    orders: await one('SELECT COUNT(*) AS n FROM toner_orders WHERE device_row = ?'),
  };
}

describe('signed in as a customer with two devices', () => {
  it('shows both devices with package, contract and SLA, and nothing of another customer', async () => {
    const html = await page(a);
    expect(html).toContain(A.premium);
    expect(html).toContain(A.basic);
    expect(html).toContain('Konica Minolta bizhub C3320i');
    expect(html).toContain('Konica Minolta bizhub 227');
    expect(html).toContain('4 h robocze (SLA Premium)');
    expect(html).toContain('24 h robocze');
    expect(html).toMatch(/UM-2025-\d{6}: od 15\.01\.2025, 36 miesięcy, do 14\.01\.2028/);
    expect(html).not.toContain(B.device);
    expect(html).toContain('Wyloguj');
  });

  it('reports a fault on the Premium device with the 4 h clock, and confirms it to the customer only', async () => {
    const before = Date.now();
    const res = await form(
      '/konto/awaria',
      {
        device: String(ids.a.premium),
        category: 'code',
        errorCode: 'C-2557',
        description: 'Na panelu kod C-2557, urządzenie nie drukuje.',
        name: 'Anna Nowak',
        phone: '600 100 200',
      },
      { cookie: a },
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    const number = /nr=(SR-\d{4}-\d{6})/.exec(location)?.[1] ?? '';
    expect(number).not.toBe('');
    const ticket = await db()
      .prepare('SELECT * FROM service_tickets WHERE number = ?')
      .bind(number)
      .first<{ sla_hours: number; due_at: string; created_at: string; device_row: number; level: string }>();
    expect(ticket).toMatchObject({ sla_hours: 4, device_row: ids.a.premium, level: 'premium' });
    expect(ticket?.due_at).toBe(addBusinessHours(new Date(ticket?.created_at ?? before), 4).toISOString());
    const notice = await page(a, location.replace(/#.*/, ''));
    expect(notice).toContain(`Przyjęliśmy zgłoszenie <strong>${number}</strong>`);
    expect(notice).toContain('w ciągu 4 h roboczych');
    const confirmation = (await mailsTo(A.email)).find((m) => m.subject.includes(number));
    expect(confirmation?.body).toContain('4 h robocze');
    expect(confirmation?.body).toMatch(/http:\/\/kserowo\.test\/serwis\/zgloszenie\/[A-Za-z0-9_-]+/);
    expect((await mailsTo(service)).some((m) => m.subject.includes(number))).toBe(true);
  });

  it('gives the Basic device the standard 24 h', async () => {
    const res = await form(
      '/konto/awaria',
      {
        device: String(ids.a.basic),
        category: 'paper',
        description: 'Zacina się papier.',
        name: 'Anna',
        phone: '600100200',
      },
      { cookie: a },
    );
    const number = /nr=(SR-\d{4}-\d{6})/.exec(res.headers.get('location') ?? '')?.[1];
    const ticket = await db()
      .prepare('SELECT sla_hours FROM service_tickets WHERE number = ?')
      .bind(number)
      .first<{ sla_hours: number }>();
    expect(ticket?.sla_hours).toBe(24);
  });

  it('answers a fault without a description next to its field, and stores nothing', async () => {
    const res = await form(
      '/konto/awaria',
      { device: String(ids.a.basic), category: 'paper', description: ' ', name: 'Anna', phone: '600100200' },
      { cookie: a },
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="fault-\d+-description-error"/);
  });

  it('takes a reading at once, without a serial, and confirms the counters as received', async () => {
    const res = await form(
      '/konto/odczyt',
      { device: String(ids.a.premium), mono: '12 400', color: '3100', readOn: '2026-01-31' },
      { cookie: a },
    );
    expect(res.status).toBe(303);
    const reference = /nr=(ODC-\d+)/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    const row = await db()
      .prepare("SELECT * FROM meter_readings WHERE id = ? AND source = 'portal'")
      .bind(Number(reference.slice(4)))
      .first<{ mono: number; color: number; device_row: number }>();
    expect(row).toMatchObject({ mono: 12400, color: 3100, device_row: ids.a.premium });
    const mail = (await mailsTo(A.email)).find((m) => m.subject.includes(reference));
    expect(mail?.body).toMatch(/Strony mono: 12\s400/);
    expect(mail?.body).toContain('Strony kolor: 3100');
    expect(await page(a)).toContain('31.01.2026');
  });

  it('confirms a reading sent through the reading link like the portal’s, to the contract’s address only, once', async () => {
    const token = await db()
      .prepare('SELECT reading_token FROM devices WHERE id = ?')
      .bind(ids.a.basic)
      .first<{ reading_token: string }>();
    const submissionId = crypto.randomUUID();
    const body = {
      t: token?.reading_token,
      mono: 5250,
      readOn: '2026-02-10',
      name: 'Ktoś z biura',
      email: 'ktos.obcy@example.pl',
      submissionId,
    };
    const send = (over: Record<string, unknown> = {}) =>
      request('/api/meter-readings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.44' },
        body: JSON.stringify({ ...body, ...over }),
      });
    const res = await send();
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const mails = (await mailsTo(A.email)).filter((m) => m.about === `reading:${id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Odczyt licznika ODC-${id} przyjęty`);
    expect(mails[0]?.body).toMatch(/Strony mono: 5\s?250/);
    expect(mails[0]?.body).toContain('Data odczytu: 10.02.2026');
    expect(mails[0]?.body).toContain(A.basic);
    expect(mails[0]?.body).not.toContain('Strony kolor');
    // The address typed into the form gets nothing; a replay and a conflicting body send no second e-mail.
    expect(await mailsTo('ktos.obcy@example.pl')).toEqual([]);
    expect((await send()).status).toBe(201);
    expect((await send({ mono: 5300 })).status).toBe(409);
    expect((await mailsTo(A.email)).filter((m) => m.about === `reading:${id}`)).toHaveLength(1);
  });

  it('refuses a lower reading and a colour device without its colour counter, in Polish', async () => {
    const lower = await form(
      '/konto/odczyt',
      { device: String(ids.a.premium), mono: '100', color: '50', readOn: '2026-02-28' },
      { cookie: a },
    );
    expect(lower.status).toBe(400);
    expect(await lower.text()).toContain('nie może być niższy');
    const noColour = await form('/konto/odczyt', { device: String(ids.a.premium), mono: '13000' }, { cookie: a });
    expect(noColour.status).toBe(400);
    expect(await noColour.text()).toContain('licznika kolorowego');
  });
});

describe('toner orders', () => {
  it("offers only the device's colours: a mono device takes black only", async () => {
    const res = await form('/konto/toner', { device: String(ids.a.basic), colour: 'cyan' }, { cookie: a });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PORTAL_ERRORS.colours);
  });

  it("sends an order the readings do not justify to the team as 'do akceptacji', with the webhook event", async () => {
    const res = await form('/konto/toner', { device: String(ids.a.basic), colour: 'black' }, { cookie: a });
    expect(res.status).toBe(303);
    const number = /nr=(TON-\d{4}-\d{6})/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    const line = await db()
      .prepare('SELECT status, justified FROM toner_orders WHERE order_no = ?')
      .bind(number)
      .first<{ status: string; justified: number }>();
    expect(line).toEqual({ status: 'awaiting_approval', justified: 0 });
    const event = await db()
      .prepare("SELECT data FROM webhook_events WHERE type = 'toner.ordered' ORDER BY created DESC LIMIT 1")
      .first<{ data: string }>();
    expect(JSON.parse(event?.data ?? '{}')).toMatchObject({
      number,
      serial: A.basic,
      needsApproval: true,
      lines: [{ colour: 'black', status: 'awaiting_approval', statusLabel: 'do akceptacji' }],
    });
    expect((await mailsTo(A.email)).some((m) => m.subject.includes(number))).toBe(true);
    const team = (await mailsTo(service)).find((m) => m.subject.includes(number));
    expect(team?.subject).toContain('do akceptacji');
  });

  it('keeps one cartridge per colour in flight, also when two orders race', async () => {
    const again = await form('/konto/toner', { device: String(ids.a.basic), colour: 'black' }, { cookie: a });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('jest już zamówiony');
    const race = await Promise.all(
      [0, 1].map(() => form('/konto/toner', { device: String(ids.a.premium), colour: 'magenta' }, { cookie: a })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([303, 409]);
    const inFlight = await db()
      .prepare("SELECT COUNT(*) AS n FROM toner_orders WHERE device_row = ? AND colour = 'magenta'")
      .bind(ids.a.premium)
      .first<{ n: number }>();
    expect(inFlight?.n).toBe(1);
  });

  it('accepts at once what the readings justify by the cartridge yield, and a delivered colour can be ordered again', async () => {
    const yieldColour = cartridgeYield('km-c3320i', 'cyan');
    // Since the first reading (12 400 / 3 100), enough colour pages for a cyan cartridge.
    const printed = Math.ceil(JUSTIFIED_SHARE * yieldColour);
    const reading = await form(
      '/konto/odczyt',
      {
        device: String(ids.a.premium),
        mono: '14000',
        color: String(3100 + printed),
        readOn: '2026-03-31',
        confirm: '1',
      },
      { cookie: a },
    );
    expect(reading.status).toBe(303);
    const res = await form(
      '/konto/toner',
      { device: String(ids.a.premium), colour: ['cyan', 'yellow'] },
      { cookie: a },
    );
    expect(res.status).toBe(303);
    const number = /nr=(TON-\d{4}-\d{6})/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    const { results } = await db()
      .prepare('SELECT id, colour, status FROM toner_orders WHERE order_no = ? ORDER BY colour')
      .bind(number)
      .all<{ id: number; colour: string; status: string }>();
    expect(results.map((r) => [r.colour, r.status])).toEqual([
      ['cyan', 'accepted'],
      ['yellow', 'accepted'],
    ]);
    // Delivered: out of flight. The next cyan is measured from this order's counters: not justified yet.
    await setTonerStatus(db(), results[0]?.id ?? 0, 'delivered', 'test');
    const next = await form('/konto/toner', { device: String(ids.a.premium), colour: 'cyan' }, { cookie: a });
    expect(next.status).toBe(303);
    const nextNo = /nr=(TON-\d{4}-\d{6})/.exec(next.headers.get('location') ?? '')?.[1];
    const nextLine = await db()
      .prepare('SELECT status FROM toner_orders WHERE order_no = ?')
      .bind(nextNo)
      .first<{ status: string }>();
    expect(nextLine?.status).toBe('awaiting_approval');
  });
});

/** A valid body for each form of the page, aimed at `device`. */
const attempts: Record<string, (device: number) => Record<string, string | string[]>> = {
  'POST /awaria': (device) => ({
    device: String(device),
    category: 'other',
    description: 'Próba cudzego zgłoszenia',
    name: 'Intruz',
    phone: '600000000',
  }),
  'POST /odczyt': (device) => ({ device: String(device), mono: '999999', color: '99999', readOn: '2026-03-01' }),
  'POST /toner': (device) => ({ device: String(device), colour: ['black', 'cyan'] }),
  // Routes without a device: signing in, out, or asking for a link never yields B's data to A.
  'POST /': () => ({ email: B.email }),
  'POST /zaloguj': () => ({ email: B.email, code: '123456' }),
  'POST /wyloguj': () => ({}),
  'GET /': () => ({}),
  'GET /zaloguj': () => ({}),
};

describe('customer A and customer B', () => {
  it('every route of the page is covered below (a new route needs its case)', () => {
    const routes = [
      ...new Set(portalPage.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
    ];
    expect(routes.sort()).toEqual(Object.keys(attempts).sort());
  });

  it("A cannot read or act on B's device through any route", async () => {
    const before = await countsOfB();
    for (const [route, body] of Object.entries(attempts)) {
      const [method, path = '/'] = route.split(' ') as [string, string];
      const url = `/konto${path === '/' ? '' : path}`;
      const res =
        method === 'GET'
          ? await read(`${url}?device=${ids.b}&t=${'x'.repeat(43)}`, a)
          : await form(url, body(ids.b), { cookie: a });
      const html = await res.text();
      expect(html, route).not.toContain(B.device);
      expect(html, route).not.toContain('Biuro B');
      if (/awaria|odczyt|toner/.test(route)) expect(res.status, route).toBe(404);
    }
    expect(await countsOfB()).toEqual(before);
    // And B still sees only their own.
    const mine = await page(b);
    expect(mine).toContain(B.device);
    expect(mine).not.toContain(A.premium);
  });

  it("a notice names only the customer's own ticket, whatever number is in the address", async () => {
    const theirs = await form(
      '/konto/awaria',
      { device: String(ids.b), category: 'paper', description: 'Zacina się.', name: 'Bogdan', phone: '600200300' },
      { cookie: b },
    );
    const number = /nr=(SR-\d{4}-\d{6})/.exec(theirs.headers.get('location') ?? '')?.[1] ?? '';
    expect(number).not.toBe('');
    const html = await page(a, `/konto?wyslano=fault&nr=${number}`);
    expect(html).not.toContain(number);
    expect(html).not.toContain(B.device);
  });

  it('signed out, every customer form is refused and stores nothing', async () => {
    const before = await countsOfB();
    for (const route of ['/konto/awaria', '/konto/odczyt', '/konto/toner']) {
      const res = await form(route, attempts[`POST ${route.slice(6)}`]?.(ids.b) ?? {});
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(PORTAL_ERRORS.signedOut);
    }
    expect(await countsOfB()).toEqual(before);
  });
});

describe('bad input', () => {
  it('answers prototype tricks, JSON and foreign origins with a 4xx, never a 5xx', async () => {
    for (const path of [
      '/konto',
      '/konto/zaloguj',
      '/konto/awaria',
      '/konto/odczyt',
      '/konto/toner',
      '/konto/wyloguj',
    ]) {
      const json = await read(path, a).then(() =>
        form(path, { toString: 'false', __proto__: 'x', constructor: 'y', device: '1e9' }, { cookie: a }),
      );
      expect(json.status, path).toBeLessThan(500);
      expect(json.status, path).toBeGreaterThanOrEqual(300);
      const asJson = await (await import('../../tests/worker/admin-helpers.ts')).request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://kserowo.test', Cookie: a },
        body: JSON.stringify({ toString: false, device: { valueOf: 1 } }),
      });
      expect(asJson.status, path).toBe(415);
      const foreign = await form(path, {}, { cookie: a, origin: 'https://zly.example' });
      expect(foreign.status, path).toBe(403);
    }
  });
});

describe('the team handles toner orders in the admin', () => {
  it("lists the orders and moves one 'do akceptacji' on, with the user in the audit log", async () => {
    const cookie = await login('203.0.113.90', 'Serwisant');
    const list = await read('/api/admin/toner', cookie);
    expect(list.status).toBe(200);
    const { orders } = (await list.json()) as { orders: { id: number; status: string; serial: string }[] };
    const waiting = orders.find((o) => o.status === 'awaiting_approval' && o.serial === A.basic);
    expect(waiting).toBeDefined();
    const res = await write(`/api/admin/toner/${waiting?.id}/status`, { status: 'accepted' }, { cookie });
    expect(res.status).toBe(200);
    const row = await db()
      .prepare('SELECT status, handled_by FROM toner_orders WHERE id = ?')
      .bind(waiting?.id)
      .first<{ status: string; handled_by: string }>();
    expect(row).toEqual({ status: 'accepted', handled_by: 'Serwisant' });
    const audit = await db()
      .prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action LIKE 'toner.%'")
      .first<{ n: number }>();
    expect(audit?.n).toBeGreaterThan(0);
    const bad = await write(`/api/admin/toner/${waiting?.id}/status`, { status: { toString: false } }, { cookie });
    expect(bad.status).toBe(400);
    expect((await write('/api/admin/toner/999999/status', { status: 'shipped' }, { cookie })).status).toBe(404);
    // For one release the filter and the change also take the Polish words; anything else is refused.
    const accepted = (await (await read('/api/admin/toner?status=przyj%C4%99te', cookie)).json()) as {
      orders: { id: number; status: string }[];
    };
    expect(accepted.orders.map((o) => o.status)).toContain('accepted');
    expect(accepted.orders.every((o) => o.status === 'accepted')).toBe(true);
    expect((await write(`/api/admin/toner/${waiting?.id}/status`, { status: 'wysłane' }, { cookie })).status).toBe(200);
    expect(await db().prepare('SELECT status FROM toner_orders WHERE id = ?').bind(waiting?.id).first('status')).toBe(
      'shipped',
    );
    const wrong = await write(`/api/admin/toner/${waiting?.id}/status`, { status: 'Wysłane' }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'Status musi być jednym z: awaiting_approval, accepted, shipped, delivered, rejected.',
      field: 'status',
    });
    const badFilter = await read('/api/admin/toner?status=gone', cookie);
    expect(badFilter.status).toBe(400);
    expect(((await badFilter.json()) as { field: string }).field).toBe('status');
  });
});
