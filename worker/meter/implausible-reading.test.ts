// An implausible reading is asked about from a device's first reading on, and one the
// sender confirms is held for the desk instead of billing or blocking the counter. The
// attack this answers: 99 999 999 / 99 999 999 through a reading link while the device had
// under 28 days of history was stored without a question (201), made the month's bill
// 36 900 048,83 zł gross, and refused every true reading after it as lower.
//
// Figures, by hand: a C3320i Basic includes 900 mono and 150 colour pages a month, so its
// usual month is 1 050 pages and a reading is implausible above 3 × 1 050 = 3 150 pages a
// month. Overage 0,08 zł a mono page, 0,22 zł a colour page.
import { beforeAll, describe, expect, it } from 'vitest';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import type { Bill, ReadingList } from '../admin-shared/admin-api.ts';
import { login, read, write } from '../../tests/worker/admin-helpers.ts';
import { db, dayOf, linkReading, month, sign, teamReading, tokenOf } from '../../tests/worker/contracts-helpers.ts';

let cookie = '';
const START = dayOf(month(-1), 1);
const HUGE = { mono: 99_999_999, color: 99_999_999 };

beforeAll(async () => {
  cookie = await login('203.0.113.61', 'Ola z serwisu');
  for (const serial of ['IMPL-FIRST', 'IMPL-YOUNG', 'IMPL-STILL', 'IMPL-HELD', 'IMPL-OK'])
    await sign(cookie, { serial, deviceId: 'km-c3320i', level: 'basic' }, { startDate: START });
});

const rowsOf = async (serial: string) =>
  (
    await db()
      .prepare(
        `SELECT r.mono, r.color, r.held FROM meter_readings r JOIN devices d ON d.id = r.device_row
         WHERE d.serial = ? ORDER BY r.id`,
      )
      .bind(serial)
      .all<{ mono: number; color: number | null; held: number }>()
  ).results;

const asked = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(422);
  const answer = (await res.json()) as { error: string; confirm?: boolean };
  expect(answer.confirm).toBe(true);
  expect(answer.error).toMatch(/potwierdź/);
  return answer.error;
};

describe('an implausible reading through the reading link', () => {
  it('is asked about as the first reading of a device, the package being the usual month', async () => {
    const error = await asked(await linkReading(await tokenOf('IMPL-FIRST'), { readOn: warsawToday(), ...HUGE }));
    // The package, not a history the device does not have, is the usual month it is set against.
    expect(error).toContain('pakiet');
    expect(error).toContain('1050 stron');
    expect(await rowsOf('IMPL-FIRST')).toEqual([]);
  });

  it('is asked about while the history is under 28 days (the starting counters only)', async () => {
    await teamReading(cookie, 'IMPL-YOUNG', START, 1_000, 200);
    await asked(await linkReading(await tokenOf('IMPL-YOUNG'), { readOn: warsawToday(), ...HUGE }));
    expect(await rowsOf('IMPL-YOUNG')).toEqual([{ mono: 1_000, color: 200, held: 0 }]);
  });

  it('is asked about after a month in which the counter did not move (an average of nothing)', async () => {
    await teamReading(cookie, 'IMPL-STILL', START, 1_000, 200);
    await teamReading(cookie, 'IMPL-STILL', dayOf(month(-1), 28), 1_000, 200);
    await asked(await linkReading(await tokenOf('IMPL-STILL'), { readOn: warsawToday(), ...HUGE }));
  });

  it('passes without a question when it is a usual month, the first reading included', async () => {
    // 1 500 + 250 pages from a new counter at the start, about two months ago: under 3 150 a month.
    const res = await linkReading(await tokenOf('IMPL-OK'), { readOn: warsawToday(), mono: 1_500, color: 250 });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { held?: boolean }).held).toBeUndefined();
  });
});

describe('a confirmed implausible reading', () => {
  it('is held for the desk: flagged in the list, out of the bill, and the true reading after it is stored', async () => {
    const token = await tokenOf('IMPL-HELD');
    await teamReading(cookie, 'IMPL-HELD', START, 1_000, 200);
    const confirmed = await linkReading(token, { readOn: warsawToday(), ...HUGE, confirm: true });
    expect(confirmed.status, await confirmed.clone().text()).toBe(201);
    expect(((await confirmed.json()) as { held?: boolean }).held).toBe(true);

    // The desk sees it, flagged, in the readings list and in the list of readings to check.
    const list = (await (await read('/api/admin/readings?serial=IMPL-HELD', cookie)).json()) as ReadingList;
    expect(list.readings.find((r) => r.mono === HUGE.mono)).toMatchObject({ held: true });
    const toCheck = (await (await read('/api/admin/readings?held=1', cookie)).json()) as ReadingList;
    expect(toCheck.readings.map((r) => r.serial)).toEqual(['IMPL-HELD']);

    // The true reading after it is not refused as lower: it is stored and bills the month.
    const truth = await linkReading(token, { readOn: warsawToday(), mono: 2_000, color: 400 });
    expect(truth.status, await truth.clone().text()).toBe(201);
    const bill = (await (
      await read(`/api/admin/contracts/${await contractOf('IMPL-HELD')}/bill?period=${month(0)}`, cookie)
    ).json()) as {
      bill: Bill;
    };
    const line = bill.bill.lines[0];
    // 2 000 − 1 000 = 1 000 mono pages, 100 over 900: 8,00 zł; 400 − 200 = 200 colour pages, 50 over 150: 11,00 zł.
    expect(line).toMatchObject({ usedMono: 1_000, usedColor: 200, overMono: 100, overColor: 50 });
    expect(line?.amountMono).toBe(8);
    expect(line?.amountColor).toBe(11);
    expect(bill.bill.overageNet).toBe(19);

    // The desk withdraws it: off the list of readings to check, the bill unchanged.
    const held = list.readings.find((r) => r.mono === HUGE.mono);
    const withdrawn = await write(
      `/api/admin/readings/${held?.id}/correction`,
      { readOn: warsawToday(), mono: HUGE.mono, color: HUGE.color, reason: 'Przestawione cyfry', withdraw: true },
      { cookie },
    );
    expect(withdrawn.status, await withdrawn.clone().text()).toBe(201);
    const after = (await (await read('/api/admin/readings?held=1', cookie)).json()) as ReadingList;
    expect(after.readings).toEqual([]);
  });
});

async function contractOf(serial: string): Promise<string> {
  const row = await db()
    .prepare('SELECT contract_id FROM devices WHERE serial = ?')
    .bind(serial)
    .first<{ contract_id: string }>();
  return row?.contract_id ?? '';
}
