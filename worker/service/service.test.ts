import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_API_ERRORS } from '../http/errors.ts';
import { addBusinessHours } from '../admin-shared/business-hours.ts';
import { company } from '../../widgets/core/company.ts';
import { SERVICE_ERRORS } from '../../widgets/core/service-validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login, read, request, subscribeWebhooks, write } from '../../tests/worker/admin-helpers.ts';
import type { BillLine, Billing } from '../admin-shared/admin-api.ts';

const db = () => (env as unknown as Env).DB;

const post = (path: string, body: unknown) =>
  request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.7' },
    body: JSON.stringify(body),
  });

const fault = (over: Record<string, unknown> = {}) => ({
  serial: 'AA2K021012345',
  category: 'paper',
  description: 'Papier zacina się w podajniku 2.',
  name: 'Anna Nowak',
  email: 'anna@firma.pl',
  phone: '600 100 200',
  submissionId: crypto.randomUUID(),
  ...over,
});

interface TicketAnswer {
  ok: boolean;
  id: string;
  number: string;
  url: string;
  error?: string;
}

let cookie = '';

beforeAll(async () => {
  cookie = await login('203.0.113.77', 'Marek');
  const csv = [
    'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
    'AA2K021012345;C3320i;Premium;2025-01-01;36;Firma A sp. z o.o.;1234563218;biuro@firma-a.pl;600100200;Słupsk',
    'BB000111;bizhub 227;basic;2025-06-01;24;Biuro B;;;;Koszalin',
    'CC000222;km-c258;Business;2026-01-01;24;Kancelaria C;;;;Gdańsk',
  ].join('\r\n');
  const res = await write('/api/admin/devices/import', { csv }, { cookie });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true, imported: 3 });
});

describe('POST /api/service-requests', () => {
  it('stores a ticket once under retry: the same number, one e-mail in the outbox', async () => {
    const body = fault();
    const first = await post('/api/service-requests', body);
    expect(first.status).toBe(201);
    const a = (await first.json()) as TicketAnswer;
    expect(a.number).toMatch(/^SR-\d{4}-\d{6}$/);
    expect(a.url).toBe(`http://kserowo.test/serwis/zgloszenie/${a.id}`);
    // The answer says nothing registered: not whether the device is known, nor its SLA.
    expect(Object.keys(a).sort()).toEqual(['id', 'number', 'ok', 'url']);
    // A Premium device: the 4 h promise in business hours, for the team.
    const row = (await db()
      .prepare('SELECT created_at, due_at, sla_hours, known_device FROM service_tickets WHERE id = ?')
      .bind(a.id)
      .first<{ created_at: string; due_at: string; sla_hours: number; known_device: number }>())!;
    expect(row.known_device).toBe(1);
    expect(row.sla_hours).toBe(company.service.premiumSlaHours);
    expect(row.due_at).toBe(addBusinessHours(new Date(row.created_at), 4).toISOString());

    const again = (await (await post('/api/service-requests', body)).json()) as TicketAnswer;
    expect(again).toMatchObject({ id: a.id, number: a.number });
    // Once, however often retried: the team's e-mail, and the confirmation to the contract's
    // own address (never to the one typed into the form).
    const { results: mails } = await db()
      .prepare('SELECT subject, recipient FROM outbox WHERE ticket_id = ? ORDER BY id')
      .bind(a.id)
      .all<{ subject: string; recipient: string }>();
    expect(mails).toEqual([
      { subject: `Zgłoszenie serwisowe ${a.number}`, recipient: 'serwis@kserowo.pl' },
      { subject: `Przyjęliśmy zgłoszenie ${a.number}`, recipient: 'biuro@firma-a.pl' },
    ]);
    const count = await db()
      .prepare('SELECT COUNT(*) AS n FROM service_tickets WHERE submission_id = ?')
      .bind(body.submissionId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);

    const other = await post('/api/service-requests', { ...body, description: 'Inny opis awarii' });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: SERVICE_API_ERRORS.replayConflict });
  });

  it('accepts an unknown serial, flags it, and gives the standard response time', async () => {
    const res = await post('/api/service-requests', fault({ serial: 'zz 999 unknown' }));
    expect(res.status).toBe(201);
    const a = (await res.json()) as TicketAnswer;
    expect(Object.keys(a).sort()).toEqual(['id', 'number', 'ok', 'url']);
    const row = await db()
      .prepare('SELECT sla_hours, known_device FROM service_tickets WHERE id = ?')
      .bind(a.id)
      .first<{ sla_hours: number; known_device: number }>();
    expect(row).toEqual({ sla_hours: company.service.standardResponseHours, known_device: 0 });
    const mail = await db()
      .prepare('SELECT subject, body FROM outbox WHERE ticket_id = ?')
      .bind(a.id)
      .first<{ subject: string; body: string }>();
    expect(mail?.subject).toContain('nieznany numer seryjny');
    expect(mail?.body).toContain('ZZ999UNKNOWN');
  });

  it('refuses a report without serial and NIP, and one without a phone, in Polish', async () => {
    const none = await post('/api/service-requests', fault({ serial: '' }));
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: SERVICE_ERRORS.serialOrNip, field: 'serial' });
    const noPhone = await post('/api/service-requests', fault({ phone: ' ' }));
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toEqual({ error: SERVICE_ERRORS.phoneRequired, field: 'phone' });
  });

  it('refuses a callback phone of two digits and a one-letter description, in Polish', async () => {
    const shortPhone = await post('/api/service-requests', fault({ phone: '12' }));
    expect(shortPhone.status).toBe(400);
    expect(await shortPhone.json()).toEqual({ error: SERVICE_ERRORS.phoneShort, field: 'phone' });
    const shortText = await post('/api/service-requests', fault({ description: 'x' }));
    expect(shortText.status).toBe(400);
    expect(await shortText.json()).toEqual({ error: SERVICE_ERRORS.descriptionShort, field: 'description' });
    // A number with the country code and separators counts its digits.
    expect((await post('/api/service-requests', fault({ phone: '+48 600-100-200' }))).status).toBe(201);
  });

  it('shows the team’s status change, with who made it, on the customer’s noindex status page', async () => {
    const a = (await (await post('/api/service-requests', fault())).json()) as TicketAnswer;
    const change = await write(
      `/api/admin/tickets/${a.id}/status`,
      { status: 'en_route', note: 'Serwisant będzie o 12:00.' },
      { cookie },
    );
    expect(change.status).toBe(200);
    const page = await request(`/serwis/zgloszenie/${a.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('X-Robots-Tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain(`Zgłoszenie ${a.number}`);
    expect(html).toContain('Serwisant jest w drodze');
    // The customer reads the status in Polish, never its key.
    expect(html).toContain('Status: <span class="status">w drodze</span>');
    expect(html).not.toContain('en_route');
    expect(html).toContain('Marek');
    expect(html).toContain('Serwisant będzie o 12:00.');
    const detail = (await (await read(`/api/admin/tickets/${a.id}`, cookie)).json()) as {
      ticket: { firstResponseAt: string | null; status: string };
      events: { status: string; actor: string }[];
    };
    expect(detail.ticket.status).toBe('en_route');
    expect(detail.ticket.firstResponseAt).not.toBeNull();
    expect(detail.events.map((e) => [e.status, e.actor])).toEqual([
      ['new', 'klient'],
      ['en_route', 'Marek'],
    ]);
    expect((await request('/serwis/zgloszenie/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

/** The reading-link token of a registered device (the team sees it; the reminder e-mail carries it). */
const tokenOf = async (serial: string): Promise<string> =>
  (
    await db()
      .prepare('SELECT reading_token FROM devices WHERE serial = ?')
      .bind(serial)
      .first<{ reading_token: string }>()
  )?.reading_token ?? '';

describe('POST /api/meter-readings', () => {
  const reading = async (over: Record<string, unknown> = {}) => ({
    t: await tokenOf('BB000111'),
    mono: 10_000,
    readOn: warsawToday(),
    name: 'Jan Kowalski',
    email: 'jan@biuro-b.pl',
    submissionId: crypto.randomUUID(),
    ...over,
  });

  it('stores a reading once under retry, and refuses a lower one with its Polish message', async () => {
    const body = await reading();
    const first = await post('/api/meter-readings', body);
    expect(first.status).toBe(201);
    const again = await post('/api/meter-readings', body);
    expect(again.status).toBe(201);
    expect((await again.json()) as { id: string }).toMatchObject({ id: ((await first.json()) as { id: string }).id });
    const stored = await db()
      .prepare('SELECT COUNT(*) AS n, MAX(sent_by) AS who FROM meter_readings WHERE submission_id = ?')
      .bind(body.submissionId)
      .first<{ n: number; who: string }>();
    expect(stored).toEqual({ n: 1, who: 'Jan Kowalski <jan@biuro-b.pl>' });

    const lower = await post('/api/meter-readings', await reading({ mono: 9_999 }));
    expect(lower.status).toBe(400);
    expect(await lower.json()).toEqual({ error: SERVICE_API_ERRORS.lower(10_000, null, warsawToday()), field: 'mono' });
    expect(SERVICE_API_ERRORS.lower(10_000, null, '2026-03-31')).toBe(
      'Stan licznika nie może być niższy niż poprzedni odczyt z dnia 31.03.2026 (10\u00a0000 stron mono). Sprawdź wpisane liczby.',
    );
  });

  it('asks to confirm an implausible jump (422), stores nothing until the same reading comes with confirm: true', async () => {
    // A device of its own that printed about 1 000 pages a month over two months; then 30 000 in two months.
    const csv = [
      'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;nip;email;telefon;miejscowosc',
      'JUMP0001;C258;Business;2025-01-01;24;Firma J;;;;Słupsk',
    ].join('\r\n');
    expect((await write('/api/admin/devices/import', { csv }, { cookie })).status).toBe(200);
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${warsawToday()}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    for (const [readOn, mono] of [
      [daysAgo(160), 5_000],
      [daysAgo(100), 7_000],
    ] as const) {
      expect(
        (await write('/api/admin/readings', { serial: 'JUMP0001', readOn, mono, color: 0 }, { cookie })).status,
      ).toBe(201);
    }
    const count = async () =>
      (
        await db()
          .prepare(
            "SELECT COUNT(*) AS n FROM meter_readings WHERE device_row = (SELECT id FROM devices WHERE serial = 'JUMP0001')",
          )
          .first<{ n: number }>()
      )?.n;
    // Dated before this month, so this month's bill (the billing test below) does not see it.
    const jump = await reading({ t: await tokenOf('JUMP0001'), mono: 37_000, color: 0, readOn: daysAgo(40) });
    const asked = await post('/api/meter-readings', jump);
    expect(asked.status).toBe(422);
    const question = (await asked.json()) as { error: string; confirm: boolean };
    expect(question.confirm).toBe(true);
    expect(question.error).toMatch(/Potwierdź|potwierdź/);
    expect(await count()).toBe(2);

    const confirmed = await post('/api/meter-readings', { ...jump, confirm: true });
    expect(confirmed.status).toBe(201);
    expect(await count()).toBe(3);
    const last = await db()
      .prepare('SELECT mono FROM meter_readings ORDER BY id DESC LIMIT 1')
      .first<{ mono: number }>();
    expect(last?.mono).toBe(37_000);
  });

  it('refuses a reading without the link alike for a registered and an unknown serial', async () => {
    const known = await post('/api/meter-readings', {
      ...(await reading({ mono: 50_000 })),
      t: undefined,
      serial: 'BB000111',
    });
    const unknown = await post('/api/meter-readings', { ...(await reading()), t: undefined, serial: 'NOPE123' });
    expect(known.status).toBe(403);
    expect(unknown.status).toBe(403);
    expect(await known.json()).toEqual({ error: SERVICE_API_ERRORS.readingLinkRequired });
    expect(await unknown.json()).toEqual({ error: SERVICE_API_ERRORS.readingLinkRequired });
  });
});

describe('billing export', () => {
  const seed = async (serial: string, readOn: string, mono: number, color: number | null) => {
    const res = await write('/api/admin/readings', { serial, readOn, mono, color }, { cookie });
    expect(res.status).toBe(201);
  };

  it('totals a period of three devices, with a device without a reading listed', async () => {
    const today = warsawToday();
    const month = today.slice(0, 7);
    // C3320i Premium (AA…): two readings this month; C258 Business (CC…): none this month.
    const prev = new Date(Date.parse(`${month}-01T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await seed('AA2K021012345', prev, 20_000, 5_000);
    await seed('AA2K021012345', today, 27_000, 7_000);
    // BB… (bizhub 227 Basic) has 10 000 from the meter test; add this month's counter.
    await seed('BB000111', today, 12_500, null);
    const json = (await (
      await read(`/api/admin/readings/billing?period=${month}&format=json`, cookie)
    ).json()) as Billing;
    const lines = json.bills.flatMap((b) => b.lines);
    const bySerial = Object.fromEntries(lines.map((l) => [l.serial, l]));
    const overage = (l: BillLine) => l.amountMono + l.amountColor;
    const aa = bySerial.AA2K021012345!;
    expect([aa.usedMono, aa.usedColor]).toEqual([7000, 2000]);
    expect(aa.overMono).toBe(Math.max(0, 7000 - aa.includedMono));
    expect(aa.overColor).toBe(Math.max(0, 2000 - aa.includedColor));
    expect(overage(aa)).toBeCloseTo(aa.overMono * aa.rateMono + aa.overColor * aa.rateColor, 2);
    const bb = bySerial.BB000111!;
    expect(bb.hasReading).toBe(true);
    expect(bb.usedMono).toBe(2500);
    expect(bySerial.CC000222).toMatchObject({ hasReading: false, amountMono: 0, amountColor: 0 });
    const total = json.bills.reduce((sum, b) => sum + b.overageNet, 0);
    expect(total).toBeCloseTo(overage(aa) + overage(bb), 2);
    expect(total).toBeGreaterThan(0);

    const csv = await read(`/api/admin/readings/billing?period=${month}`, cookie);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.headers.get('Content-Disposition')).toContain(`rozliczenie-${month}.csv`);
    const text = await csv.text();
    expect(text).toContain('"brak odczytu w okresie"');
    expect(text).toContain(`"RAZEM"`);
    expect(text).toContain(`"${total.toFixed(2).replace('.', ',')}"`);
  });
});

describe('admin routes of the service tabs', () => {
  it('refuses every one without a session', async () => {
    const reads = [
      '/api/admin/devices',
      '/api/admin/devices.csv',
      '/api/admin/tickets',
      '/api/admin/tickets/stats',
      '/api/admin/tickets/x',
      '/api/admin/readings',
      '/api/admin/readings/billing?period=2026-01',
    ];
    for (const path of reads) expect((await read(path)).status, path).toBe(401);
    const writes: [string, string][] = [
      ['/api/admin/devices', 'POST'],
      ['/api/admin/devices/1', 'PUT'],
      ['/api/admin/devices/import', 'POST'],
      ['/api/admin/tickets/x/status', 'POST'],
      ['/api/admin/readings', 'POST'],
    ];
    for (const [path, method] of writes) expect((await write(path, {}, { method })).status, path).toBe(401);
  });

  it('reports the share answered within the promise per month', async () => {
    const res = await read('/api/admin/tickets/stats', cookie);
    const { months } = (await res.json()) as { months: { month: string; tickets: number; withinPromise: number }[] };
    expect(months[0]?.tickets).toBeGreaterThan(0);
    expect(months[0]?.withinPromise).toBeGreaterThanOrEqual(1);
  });
});

describe('webhook events of the service forms', () => {
  const events = async (type: string) =>
    (
      await db()
        .prepare('SELECT data FROM webhook_events WHERE type = ? ORDER BY rowid')
        .bind(type)
        .all<{ data: string }>()
    ).results.map((r) => JSON.parse(r.data) as Record<string, unknown>);

  it('a new ticket, its status change and a reading each write their event, without the secret page id', async () => {
    await subscribeWebhooks(cookie);
    const a = (await (await post('/api/service-requests', fault())).json()) as TicketAnswer;
    const created = (await events('ticket.created')).find((e) => e.number === a.number);
    expect(created).toMatchObject({
      serial: 'AA2K021012345',
      knownDevice: true,
      slaHours: 4,
      category: 'paper',
      status: 'new',
      statusLabel: 'nowe',
    });
    expect(JSON.stringify(created)).not.toContain(a.id);
    // Keys only (for one release also the Polish words); 'new' is no status the team sets.
    for (const status of ['Przyjęte', 'new', 'nowe'])
      expect(await (await write(`/api/admin/tickets/${a.id}/status`, { status }, { cookie })).json(), status).toEqual({
        error: 'Wybierz status zgłoszenia z listy.',
        field: 'status',
      });
    const change = await write(`/api/admin/tickets/${a.id}/status`, { status: 'accepted' }, { cookie });
    expect(change.status).toBe(200);
    expect((await events('ticket.status_changed')).find((e) => e.number === a.number)).toMatchObject({
      status: 'accepted',
      statusLabel: 'przyjęte',
      previousStatus: 'new',
      previousStatusLabel: 'nowe',
    });
    const reading = await post('/api/meter-readings', {
      t: await tokenOf('CC000222'),
      mono: 5_000,
      color: 700,
      readOn: warsawToday(),
      name: 'Ewa Lis',
      email: 'ewa@kancelaria-c.pl',
      submissionId: crypto.randomUUID(),
    });
    expect(reading.status).toBe(201);
    expect((await events('meter.created')).find((e) => e.serial === 'CC000222')).toMatchObject({
      deviceId: 'km-c258',
      mono: 5_000,
      color: 700,
      reset: false,
    });
  });
});
