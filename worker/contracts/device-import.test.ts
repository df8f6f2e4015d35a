// The registry's CSV import at its stated maximum, 1 000 rows: all rows or none in one batch, which
// must stay within D1's 1 000 queries per Worker invocation (the guard of tests/worker/setup.ts
// counts them): three statements a new device would be 3 000.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, write } from '../../tests/worker/admin-helpers.ts';

// The optional columns left out: 1 000 rows fit the admin API's 64 KB body.
const HEADER = 'numer_seryjny;urzadzenie;pakiet;poczatek_umowy;okres_miesiecy;firma;miejscowosc';
const serial = (i: number) => `IMP${String(i).padStart(6, '0')}`;
const csvOf = (rows: number, city: string) =>
  [
    HEADER,
    ...Array.from(
      { length: rows },
      (_, i) =>
        `${serial(i + 1)};${i % 2 ? 'C3320i' : 'bizhub 227'};${i % 3 ? 'business' : 'basic'};2026-0${1 + (i % 9)}-01;36;Firma ${i + 1};${city}`,
    ),
  ].join('\r\n');

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first()) as T;
let cookie = '';

beforeAll(async () => {
  cookie = await login('203.0.113.61', 'Ola');
});

describe('POST /api/admin/devices/import at 1 000 rows', () => {
  it('signs a contract for each new serial, numbered in the file’s order, in one invocation within D1’s limits', async () => {
    const res = await write('/api/admin/devices/import', { csv: csvOf(1000, 'Słupsk') }, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, imported: 1000 });
    expect(await one('SELECT count(*) AS n, count(DISTINCT contract_id) AS c FROM devices')).toEqual({
      n: 1000,
      c: 1000,
    });
    expect(await one('SELECT count(*) AS n FROM contract_rates')).toEqual({ n: 1000 });
    // Numbers continue 2026's series in the order of the rows: row 1 is UM-2026-000001, row 1 000 UM-2026-001000.
    const numbers = await env.DB.prepare(
      'SELECT c.number FROM devices d JOIN contracts c ON c.id = d.contract_id ORDER BY d.id',
    ).raw();
    expect(numbers.map((r) => r[0])).toEqual(
      Array.from({ length: 1000 }, (_, i) => `UM-2026-${String(i + 1).padStart(6, '0')}`),
    );
    // What a single signing writes, row by row: the device's contract, dates and rates as the catalogue prices them.
    const first = await one<Record<string, unknown>>(
      `SELECT d.serial, d.device_id, d.level, d.contract_start, d.term_months, d.company, d.email, d.city, d.phone,
         length(d.reading_token) AS token, c.company AS contract_company, c.billing_email, c.start_date, c.created_by,
         r.device_id AS rates_device, r.level AS rates_level, r.effective_from, r.monthly_price > 0 AS priced
       FROM devices d JOIN contracts c ON c.id = d.contract_id JOIN contract_rates r ON r.device_row = d.id
       WHERE d.serial = 'IMP000002'`,
    );
    expect(first).toMatchObject({
      serial: 'IMP000002',
      device_id: 'km-c3320i',
      level: 'business',
      contract_start: '2026-02-01',
      term_months: 36,
      company: 'Firma 2',
      email: null,
      city: 'Słupsk',
      phone: null,
      contract_company: 'Firma 2',
      billing_email: null,
      start_date: '2026-02-01',
      created_by: 'Ola',
      rates_device: 'km-c3320i',
      rates_level: 'business',
      effective_from: '2026-02-01',
      priced: 1,
    });
    expect(Number(first.token)).toBeGreaterThan(10);
  }, 60_000);

  it('updates the contact data of 1 000 known serials in one invocation', async () => {
    const res = await write('/api/admin/devices/import', { csv: csvOf(1000, 'Gdańsk') }, { cookie });
    expect(res.status).toBe(200);
    expect(await one('SELECT count(*) AS n, sum(city = ?1) AS moved FROM devices'.replace('?1', "'Gdańsk'"))).toEqual({
      n: 1000,
      moved: 1000,
    });
    expect(await one('SELECT count(*) AS n FROM contracts')).toEqual({ n: 1000 });
  }, 60_000);
});
