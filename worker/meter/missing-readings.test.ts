// Before the month's invoices: the devices under contract that month with no reading of it
// (`GET /api/admin/readings/missing?period=`), each with its reading link as the way out.
// The month is last month; the contracts and readings below are placed by hand around it.
import { beforeAll, describe, expect, it } from 'vitest';
import { login, read } from '../../tests/worker/admin-helpers.ts';
import { personWithSession } from '../../tests/worker/accounts-helpers.ts';
import { dayOf, db, lastDay, month, sign, teamReading, tokenOf } from '../../tests/worker/contracts-helpers.ts';
import { write } from '../../tests/worker/admin-helpers.ts';
import type { MissingReadings } from '../admin-shared/admin-api.ts';
import { storeHeldReading } from './index.ts';

let cookie = '';
const period = month(-1);
const missing = async (who: string, p = period) => read(`/api/admin/readings/missing?period=${p}`, who);

beforeAll(async () => {
  cookie = await login('203.0.113.61', 'Ola');
  const c3320i = (serial: string) => ({ serial, deviceId: 'km-c3320i', level: 'basic' });
  // Signed in this order, so their numbers list them in it.
  // LATE: read on the 28th of the month before, nothing since.
  await sign(cookie, c3320i('MISS-LATE'), { company: 'Alfa sp. z o.o.' });
  await teamReading(cookie, 'MISS-LATE', dayOf(month(-2), 28), 1_000, 200);
  // READ: read on the 15th of the month: nothing missing.
  await sign(cookie, c3320i('MISS-READ'));
  await teamReading(cookie, 'MISS-READ', dayOf(month(-2), 28), 500, 100);
  await teamReading(cookie, 'MISS-READ', dayOf(period, 15), 900, 150);
  // LASTDAY: read on the month's last day: nothing missing.
  await sign(cookie, c3320i('MISS-LASTDAY'));
  await teamReading(cookie, 'MISS-LASTDAY', lastDay(period), 300, 40);
  // HELD: the month's only reading waits for the desk (a collector's, from an unchecked profile).
  await sign(cookie, c3320i('MISS-HELD'));
  const held = await db().prepare("SELECT id FROM devices WHERE serial = 'MISS-HELD'").first<{ id: number }>();
  await storeHeldReading(db(), held?.id ?? 0, {
    readOn: dayOf(period, 20),
    mono: 700,
    color: 90,
    note: null,
    sentBy: 'licznik urządzenia',
    source: 'collector',
  });
  // WITHDRAWN: the month's reading was withdrawn by the desk: none left.
  await sign(cookie, c3320i('MISS-WITHDRAWN'));
  const id = await teamReading(cookie, 'MISS-WITHDRAWN', dayOf(period, 10), 400, 60);
  const withdrawn = await write(
    `/api/admin/readings/${id}/correction`,
    { readOn: dayOf(period, 10), mono: 400, color: 60, reason: 'Odczyt innego urządzenia', withdraw: true },
    { cookie },
  );
  expect(withdrawn.status, await withdrawn.clone().text()).toBe(201);
  // NEVER: no reading at all.
  await sign(cookie, c3320i('MISS-NEVER'));
  // Not under contract in the month: one starting on this month's 1st, one that ended before it.
  await sign(cookie, c3320i('MISS-STARTS'), { startDate: `${month(0)}-01` });
  await sign(cookie, c3320i('MISS-ENDED'), { startDate: `${month(-20)}-01`, termMonths: 12 });
});

describe('devices without a reading for the month', () => {
  it('lists the devices under contract with no accepted reading of the month, with the last one before it and the link', async () => {
    const res = await missing(cookie);
    expect(res.status).toBe(200);
    const list = (await res.json()) as MissingReadings;
    expect(list.period).toBe(period);
    expect(list.more).toBe(false);
    // Neither READ (15th) nor LASTDAY (the last day) is missing; STARTS and ENDED were not under contract.
    expect(list.devices.map((d) => d.serial)).toEqual(['MISS-LATE', 'MISS-HELD', 'MISS-WITHDRAWN', 'MISS-NEVER']);
    expect(list.devices[0]).toEqual({
      serial: 'MISS-LATE',
      deviceName: 'Konica Minolta bizhub C3320i',
      contractId: expect.any(String),
      contract: expect.stringMatching(/^UM-\d{4}-\d{6}$/),
      company: 'Alfa sp. z o.o.',
      lastReadOn: dayOf(month(-2), 28),
      heldInMonth: false,
      readingLink: `http://kserowo.test/licznik?t=${await tokenOf('MISS-LATE')}`,
    });
    const bySerial = new Map(list.devices.map((d) => [d.serial, d]));
    // The held reading counts once the desk accepts it: the list says it waits there.
    expect(bySerial.get('MISS-HELD')).toMatchObject({ heldInMonth: true, lastReadOn: null });
    expect(bySerial.get('MISS-WITHDRAWN')).toMatchObject({ heldInMonth: false, lastReadOn: null });
    expect(bySerial.get('MISS-NEVER')).toMatchObject({ heldInMonth: false, lastReadOn: null });
  });

  it('a reading of the month takes the device off the list', async () => {
    await teamReading(cookie, 'MISS-NEVER', dayOf(period, 25), 2_000, 300);
    const list = (await (await missing(cookie)).json()) as MissingReadings;
    expect(list.devices.map((d) => d.serial)).toEqual(['MISS-LATE', 'MISS-HELD', 'MISS-WITHDRAWN']);
  });

  it('shows the reading links to the owner and service only, as the contracts do', async () => {
    const sales = await personWithSession('sales');
    const list = (await (await missing(sales.cookie)).json()) as MissingReadings;
    expect(list.devices.map((d) => [d.serial, d.readingLink])).toEqual([
      ['MISS-LATE', null],
      ['MISS-HELD', null],
      ['MISS-WITHDRAWN', null],
    ]);
  });

  it('refuses a month that is not YYYY-MM, naming the field', async () => {
    const res = await missing(cookie, '2026-13');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Podaj okres rozliczenia jako RRRR-MM.', field: 'period' });
  });
});
