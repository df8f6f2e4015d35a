// Every admin list pages by keyset and never stops short without saying so: each list is
// seeded with more rows than its old silent cap (200 or 500) and than one page, many of
// them sharing a sort time; walking its pages by `next` gives every row exactly once, in
// the list's order, and each page says whether there is more.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { ADMIN_ERRORS } from './errors.ts';
import { login, read } from '../../tests/worker/admin-helpers.ts';
import { db } from '../../tests/worker/contracts-helpers.ts';

/** More than every old cap (500) and than five default pages (100). */
const N = 520;

let cookie = '';

/** `count` rows from a recursive CTE: `i` runs 0 … count − 1. */
const numbers = (count: number) =>
  `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})`;

/** A time shared by seven rows in a row: the tie on the time is broken by the id. */
const TIME = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (${column} / 7) || ' minutes')`;

beforeAll(async () => {
  cookie = await login();
  await db().batch([
    db().prepare(
      `INSERT INTO devices (serial, device_id, level, company) VALUES ('PAGE-1', 'km-c3320i', 'basic', 'Stronicowa sp. z o.o.')`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO service_tickets (id, submission_id, body_hash, number, year, seq, serial, sla_hours,
         category, description, name, email, phone, status, created_at, due_at)
       SELECT 't' || i, 's' || i, 'h', 'SR-2020-' || printf('%06d', i), 2020, i, 'PAGE-1', 8, 'awaria', 'Opis', 'Jan',
         'jan@example.pl', '600100200', CASE WHEN i % 3 = 0 THEN 'closed' ELSE 'new' END,
         ${TIME('i')}, ${TIME('(i * 37) % 520')} FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO audit_log (at, actor, action, area, method, path, status, target)
       SELECT ${TIME('i')}, 'Anna', 'leads.update', 'leads', 'PATCH', '/api/admin/leads/x', 200, 'stronicowanie-' || i FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO outbox (recipient, subject, body, state, created_at)
       SELECT 'biuro@example.pl', 'Wiadomość ' || i, 'Treść', CASE WHEN i % 2 = 0 THEN 'dead' ELSE 'sent' END, ${TIME('i')} FROM n`,
    ),
    db().prepare(`INSERT INTO webhook_endpoints (url, secret, events) VALUES ('http://127.0.0.1:9/x', 'v1.x.x', '[]')`),
    db().prepare(
      `${numbers(N)} INSERT INTO webhook_events (id, type, created, data) SELECT 'evt_page_' || i, 'lead.created', 0, '{}' FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO webhook_deliveries (event_id, endpoint_id, state)
       SELECT 'evt_page_' || i, (SELECT id FROM webhook_endpoints), 'dead' FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO meter_readings (device_row, read_on, mono, sent_by, source)
       SELECT (SELECT id FROM devices WHERE serial = 'PAGE-1'), date('2024-01-01', '+' || (i / 7) || ' days'), 1000 + i,
         'Zespół', 'team' FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO toner_orders (order_no, year, seq, device_row, colour, status, justified, ordered_by, created_at)
       SELECT 'TN-2020-' || i, 2020, i, (SELECT id FROM devices WHERE serial = 'PAGE-1'), 'black',
         CASE WHEN i % 2 = 0 THEN 'delivered' ELSE 'rejected' END, 1, 'biuro@example.pl', ${TIME('i')} FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO leads (id, kind, submission_id, name, email, created_at)
       SELECT 'lead-page-' || i, 'quote', 'sub-page-' || i, 'Jan', 'jan@example.pl', ${TIME('i')} FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO quotes (id, lead_id, number, year, seq, device_id, device_name, level, term, monthly_limit,
         overage_mono, monthly_net, monthly_vat, monthly_gross, estimated_net, estimated_gross, catalogue_version, expires_at)
       SELECT 'quote-page-' || i, 'lead-page-' || i, 'KS-2020-' || printf('%06d', i), 2020, i, 'km-c3320i', 'Konica',
         'basic', '36', 1000, 0.05, 100, 23, 123, 100, 123, 1, '2030-01-01' FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO orders (id, quote_id, lead_id, submission_id, body_hash, status, company_nip, company_name,
         company_address, signer_name, signer_position, signer_email, signer_phone, delivery_city, delivery_date,
         delivery_address, terms_version, terms_sha256, document, document_sha256, created_at)
       SELECT printf('%08x-0000-4000-8000-%012x', i, i), 'quote-page-' || i, 'lead-page-' || i, 'o' || i, 'h',
         CASE WHEN i % 2 = 0 THEN 'signed' ELSE 'awaiting_acceptance' END, '5260250274', 'Firma', 'Adres', 'Jan',
         'Prezes', 'jan@example.pl', '600100200', 'Warszawa', '2026-02-01', 'Adres', 'v1', 'x', 'Umowa', 'x', ${TIME('i')}
       FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO devices (serial, device_id, level, company)
       SELECT 'REG-' || printf('%04d', (i * 37) % 520), 'km-c3320i', 'basic', 'Rejestr ' || i FROM n`,
    ),
    db().prepare(
      `${numbers(N)} INSERT INTO contracts (id, number, year, seq, company, start_date, term_months, catalogue_version, created_by)
       SELECT 'c' || i, 'UM-2020-' || printf('%06d', (i * 37) % 520), 2020, i, 'Firma ' || i, '2020-01-01', 36, 1, 'test'
       FROM n`,
    ),
  ]);
});

interface Page {
  limit: number;
  next: string | null;
  [list: string]: unknown;
}

/** Every page of a list by `next`: the rows of each and whether each said there was more. */
async function walk(path: string, list: string, limit?: number): Promise<{ rows: Record<string, unknown>[][] }> {
  const pages: Record<string, unknown>[][] = [];
  let after: string | null = null;
  const join = path.includes('?') ? '&' : '?';
  do {
    const query = [limit ? `limit=${limit}` : '', after ? `after=${encodeURIComponent(after)}` : '']
      .filter(Boolean)
      .join('&');
    const res = await read(`${path}${query ? `${join}${query}` : ''}`, cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const page = (await res.json()) as Page;
    const rows = page[list] as Record<string, unknown>[];
    expect(page.limit).toBe(limit ?? 100);
    // A page that says there is more is full; the last one says there is no more.
    if (page.next) expect(rows).toHaveLength(page.limit);
    else expect(rows.length).toBeLessThanOrEqual(page.limit);
    pages.push(rows);
    after = page.next;
    expect(pages.length).toBeLessThan(100);
  } while (after);
  return { rows: pages };
}

/** The rows of all pages, once each, and the seeded ones among them all there. */
function expectEveryRowOnce(pages: Record<string, unknown>[][], idOf: (r: Record<string, unknown>) => unknown) {
  const ids = pages.flat().map(idOf);
  expect(new Set(ids).size).toBe(ids.length);
  expect(pages.length).toBeGreaterThan(1);
  return ids;
}

const isSorted = <T>(values: T[], before: (a: T, b: T) => boolean) =>
  values.every((v, i) => i === 0 || before(values[i - 1] as T, v));

describe('admin lists page by keyset, every row once', () => {
  it('tickets: open ones by deadline, closed ones and all of them newest first', async () => {
    const open = (await walk('/api/admin/tickets?show=open', 'tickets')).rows;
    const openIds = expectEveryRowOnce(open, (t) => t.id);
    expect(openIds).toHaveLength(N - Math.ceil(N / 3));
    const due = open.flat().map((t) => `${t.dueAt}|${t.id}`);
    expect(isSorted(due, (a, b) => a < b)).toBe(true);

    const closed = (await walk('/api/admin/tickets?show=closed', 'tickets', 40)).rows;
    expect(expectEveryRowOnce(closed, (t) => t.id)).toHaveLength(Math.ceil(N / 3));
    expect(closed.flat().every((t) => t.status === 'closed')).toBe(true);

    const all = (await walk('/api/admin/tickets?show=all', 'tickets')).rows;
    expect(new Set(expectEveryRowOnce(all, (t) => t.id))).toEqual(
      new Set(Array.from({ length: N }, (_, i) => `t${i}`)),
    );
    const created = all.flat().map((t) => `${t.createdAt}|${t.id}`);
    expect(isSorted(created, (a, b) => a > b)).toBe(true);
  });

  it('the audit log: every seeded entry once, newest first', async () => {
    const pages = (await walk('/api/admin/audit?area=leads', 'entries')).rows;
    const ids = expectEveryRowOnce(pages, (e) => e.id) as number[];
    expect(isSorted(ids, (a, b) => a > b)).toBe(true);
    const seeded = pages.flat().filter((e) => String(e.target).startsWith('stronicowanie-'));
    expect(seeded).toHaveLength(N);
  });

  it('the outbox: every message once, with and without a state filter', async () => {
    const all = expectEveryRowOnce((await walk('/api/admin/outbox', 'notifications')).rows, (n) => n.id);
    expect(all).toHaveLength(N);
    const dead = (await walk('/api/admin/outbox?state=dead', 'notifications', 30)).rows;
    expect(expectEveryRowOnce(dead, (n) => n.id)).toHaveLength(N / 2);
    expect(dead.flat().every((n) => n.state === 'dead')).toBe(true);
    const unsent = (await walk('/api/admin/outbox?state=unsent', 'notifications', 70)).rows;
    expect(expectEveryRowOnce(unsent, (n) => n.id)).toHaveLength(N / 2);
    expect(
      isSorted(
        unsent.flat().map((n) => n.id as number),
        (a, b) => a > b,
      ),
    ).toBe(true);
  });

  it('webhook deliveries: every delivery once', async () => {
    const ids = expectEveryRowOnce((await walk('/api/admin/webhooks/deliveries', 'deliveries')).rows, (d) => d.id);
    expect(ids).toHaveLength(N);
  });

  it('readings: every reading once, newest day first, of one device too', async () => {
    const pages = (await walk('/api/admin/readings', 'readings')).rows;
    expect(expectEveryRowOnce(pages, (r) => r.id)).toHaveLength(N);
    expect(
      isSorted(
        pages.flat().map((r) => [r.readOn as string, r.id as number] as const),
        (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]),
      ),
    ).toBe(true);
    const ofDevice = (await walk('/api/admin/readings?serial=PAGE-1', 'readings', 250)).rows;
    expect(expectEveryRowOnce(ofDevice, (r) => r.id)).toHaveLength(N);
  });

  it('orders and toner orders: every one once, newest first, with a status too', async () => {
    const orders = (await walk('/api/admin/orders', 'orders')).rows;
    expect(expectEveryRowOnce(orders, (o) => o.id)).toHaveLength(N);
    const created = orders.flat().map((o) => `${o.created_at}|${o.id}`);
    expect(isSorted(created, (a, b) => a > b)).toBe(true);
    const signed = (await walk('/api/admin/orders?status=signed', 'orders', 70)).rows;
    expect(expectEveryRowOnce(signed, (o) => o.id)).toHaveLength(N / 2);

    const toner = (await walk('/api/admin/toner', 'orders')).rows;
    expect(expectEveryRowOnce(toner, (o) => o.id)).toHaveLength(N);
    const refused = (await walk('/api/admin/toner?status=odrzucone', 'orders', 45)).rows;
    expect(expectEveryRowOnce(refused, (o) => o.id)).toHaveLength(N / 2);
  });

  it('devices and contracts: every one once, by serial and by number', async () => {
    const devices = (await walk('/api/admin/devices', 'devices')).rows;
    const serials = expectEveryRowOnce(devices, (d) => d.serial) as string[];
    expect(serials).toHaveLength(N + 1);
    expect(serials).toEqual([...serials].sort());
    const contracts = (await walk('/api/admin/contracts', 'contracts', 150)).rows;
    const numbers = expectEveryRowOnce(contracts, (c) => c.number) as string[];
    expect(numbers).toHaveLength(N);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('the devices CSV streams every device once, past one batch of the stream', async () => {
    const res = await read('/api/admin/devices.csv', cookie);
    expect(res.status).toBe(200);
    const [, ...rows] = parseCsv(await res.text());
    const serials = rows.map((r) => r[0]);
    expect(serials).toHaveLength(N + 1);
    expect(new Set(serials).size).toBe(N + 1);
  });

  it('a reading corrected by a row on another page is shown corrected', async () => {
    const oldest = await db()
      .prepare('SELECT id FROM meter_readings ORDER BY read_on, id LIMIT 1')
      .first<{ id: number }>();
    await db()
      .prepare(
        `INSERT INTO meter_readings (device_row, read_on, mono, sent_by, source, supersedes, reason)
         SELECT device_row, '2030-01-01', mono, 'Ola', 'team', id, 'Literówka' FROM meter_readings WHERE id = ?`,
      )
      .bind(oldest?.id)
      .run();
    const pages = (await walk('/api/admin/readings?serial=PAGE-1', 'readings')).rows;
    expect(pages.length).toBeGreaterThan(1);
    const corrected = pages.at(-1)?.find((r) => r.id === oldest?.id);
    expect(corrected?.correctedBy).toMatchObject({ by: 'Ola' });
    expect(pages[0]?.[0]?.supersedes).toBe(oldest?.id);
  });

  it('a page that is not one of ours is refused in Polish, not answered with the first page', async () => {
    for (const path of [
      '/api/admin/tickets',
      '/api/admin/audit',
      '/api/admin/outbox',
      '/api/admin/webhooks/deliveries',
      '/api/admin/readings',
      '/api/admin/orders',
      '/api/admin/toner',
      '/api/admin/devices',
      '/api/admin/contracts',
    ])
      for (const query of ['after=nie-kursor!', 'after=WyJhIiwiYiIsImMiXQ', 'limit=0', 'limit=dużo', 'after=W1tdXQ']) {
        const res = await read(`${path}?${query}`, cookie);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(await res.json()).toEqual({ error: ADMIN_ERRORS.badPage });
      }
  });
});
