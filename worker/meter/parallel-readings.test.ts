// Readings of one device sent at once are stored one after the other, each judged against
// the ones stored before it: 20 valid readings in parallel are 20 readings stored, none
// refused for being late (an attack had 5 × 201 and 15 × 503).
import { beforeAll, describe, expect, it } from 'vitest';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { login } from '../../tests/worker/admin-helpers.ts';
import { db, dayOf, linkReading, month, sign, teamReading, tokenOf } from '../../tests/worker/contracts-helpers.ts';

const daysAgo = (n: number) =>
  new Date(Date.parse(`${warsawToday()}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const cookie = await login('203.0.113.62', 'Ola z serwisu');
  await sign(
    cookie,
    { serial: 'PAR-C3320I', deviceId: 'km-c3320i', level: 'business' },
    { startDate: dayOf(month(-2), 1) },
  );
  await teamReading(cookie, 'PAR-C3320I', daysAgo(30), 10_000, 2_000);
});

describe('20 readings of one device at once', { timeout: 60_000 }, () => {
  it('stores every valid one, whatever order they land in', async () => {
    const token = await tokenOf('PAR-C3320I');
    // One a day over the last 20 days, each counter higher than the day before: valid in any order.
    const readings = Array.from({ length: 20 }, (_, i) => ({
      readOn: daysAgo(19 - i),
      mono: 10_000 + 20 * (i + 1),
      color: 2_000 + 5 * (i + 1),
    }));
    const answers = await Promise.all(readings.map((r) => linkReading(token, r)));
    const statuses = answers.map((r) => r.status);
    for (const r of answers) await r.body?.cancel();
    expect(statuses).toEqual(Array(20).fill(201));
    const { results } = await db()
      .prepare(
        `SELECT r.read_on, r.mono, r.color FROM meter_readings r JOIN devices d ON d.id = r.device_row
         WHERE d.serial = 'PAR-C3320I' AND r.source = 'link' ORDER BY r.read_on`,
      )
      .all<{ read_on: string; mono: number; color: number }>();
    expect(results.map((r) => [r.read_on, r.mono, r.color])).toEqual(readings.map((r) => [r.readOn, r.mono, r.color]));
  });

  it('stores 20 copies of one reading sent at once, each under its own submission', async () => {
    const token = await tokenOf('PAR-C3320I');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => linkReading(token, { readOn: warsawToday(), mono: 10_500, color: 2_150 })),
    );
    const statuses = answers.map((r) => r.status);
    for (const r of answers) await r.body?.cancel();
    expect(statuses).toEqual(Array(20).fill(201));
  });
});
