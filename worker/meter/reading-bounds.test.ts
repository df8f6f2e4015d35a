// A reading's bounds, through the team's form and the customer's reading link, with the
// counters written out. Readings are taken up to a year back, so the dates are months from
// today: a contract of 6 months from the 1st of the month 10 months ago ends on the last day
// of the month 5 months ago; a reading of the next day is refused, one of that day taken.
// A reading inserted between two may equal either neighbour, never exceed the later one.
import { beforeAll, describe, expect, it } from 'vitest';
import { dayOf, linkReading, month, sign, teamReading, tokenOf } from '../../tests/worker/contracts-helpers.ts';
import { login, write } from '../../tests/worker/admin-helpers.ts';

/** The last day of 'YYYY-MM', worked out here (not by the code under test). */
const lastDayOf = (period: string): string => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return dayOf(period, new Date(Date.UTC(y, m, 0)).getUTCDate());
};
/** 'YYYY-MM-DD' as the messages write it: 'DD.MM.YYYY'. */
const dotted = (iso: string) => iso.split('-').reverse().join('.');
const contractEnd = lastDayOf(month(-5));
const dayAfterEnd = dayOf(month(-4), 1);

let cookie = '';
beforeAll(async () => {
  cookie = await login('203.0.113.62', 'Ola');
  await sign(
    cookie,
    { serial: 'KONIEC01', deviceId: 'km-c3320i', level: 'basic' },
    { startDate: dayOf(month(-10), 1), termMonths: 6 },
  );
  await sign(
    cookie,
    { serial: 'MIEDZY01', deviceId: 'km-c3320i', level: 'basic' },
    { startDate: dayOf(month(-10), 1), termMonths: 36 },
  );
});

const teamTry = (serial: string, readOn: string, mono: number, color: number) =>
  write('/api/admin/readings', { serial, readOn, mono, color, confirm: true }, { cookie, ip: '203.0.113.62' });

describe('a reading after the contract’s last day', () => {
  it('is refused from the team, in Polish with the last day; the last day itself is taken', async () => {
    const after = await teamTry('KONIEC01', dayAfterEnd, 5000, 500);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({
      error: `Data odczytu jest późniejsza niż koniec umowy (${dotted(contractEnd)}).`,
    });
    expect((await teamTry('KONIEC01', contractEnd, 5000, 500)).status).toBe(201);
  });

  it('is refused through the reading link too', async () => {
    const res = await linkReading(await tokenOf('KONIEC01'), { readOn: dayAfterEnd, mono: 6000, color: 600 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: `Data odczytu jest późniejsza niż koniec umowy (${dotted(contractEnd)}).`,
    });
  });
});

describe('a reading inserted between two', () => {
  it('may equal the later reading (or the earlier one), and is refused one page above the later one', async () => {
    const [first, later] = [dayOf(month(-3), 1), dayOf(month(-2), 1)];
    await teamReading(cookie, 'MIEDZY01', first, 1000, 100);
    await teamReading(cookie, 'MIEDZY01', later, 3000, 300);
    // One page over the later reading's mono counter: refused, naming that reading.
    const over = await teamTry('MIEDZY01', dayOf(month(-3), 15), 3001, 300);
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      error: `Stan licznika nie może być wyższy niż późniejszy odczyt z dnia ${dotted(later)} (3000 stron mono, 300 stron kolor): odczyt z wcześniejszą datą musi mieścić się między sąsiednimi odczytami. Sprawdź datę i liczby.`,
    });
    expect((await teamTry('MIEDZY01', dayOf(month(-3), 15), 3000, 301)).status).toBe(400);
    // Equal to the later reading, mono and colour: taken.
    expect((await teamTry('MIEDZY01', dayOf(month(-3), 15), 3000, 300)).status).toBe(201);
    // Equal to the earlier reading, before the 15th's: taken.
    expect((await teamTry('MIEDZY01', dayOf(month(-3), 5), 1000, 100)).status).toBe(201);
  });
});
