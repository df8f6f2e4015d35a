// One formatter of dates and times, in Warsaw time, for every page, e-mail, widget and panel
// view (widgets/core/dates.ts on the Warsaw clock of widgets/core/warsaw-time.ts): its texts
// stated here, and no `Intl.DateTimeFormat` made or `toLocale…` called anywhere else in the
// product (28 calls did, each picking its own zone and words).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, monthText, weekdayText } from '../../widgets/core/dates.ts';
import { warsawDateTime, warsawDay, warsawToday } from '../../widgets/core/warsaw-time.ts';

describe('the one date formatter', () => {
  it('writes an instant in Warsaw time, winter (UTC+1) and summer (UTC+2)', () => {
    const winter = '2026-11-27T13:05:09Z';
    const summer = '2026-07-03T06:05:09Z';
    expect(dateTimeText(winter, 'long')).toBe('27 listopada 2026 14:05');
    expect(dateTimeText(winter, 'short')).toBe('27 lis 2026, 14:05');
    expect(dateTimeText(winter, 'numeric')).toBe('27.11.2026, 14:05');
    expect(dateTimeText(summer, 'numeric')).toBe('03.07.2026, 08:05');
    expect(dateTimeText(winter, 'long', { seconds: true })).toBe('27 listopada 2026 14:05:09');
    expect(dateTimeText(summer, 'long')).toBe('3 lipca 2026 08:05');
    expect(dateTimeText(summer, 'short')).toBe('3 lip 2026, 08:05');
    expect(dateTimeText(new Date(summer), 'numeric', { seconds: true })).toBe('03.07.2026, 08:05:09');
    expect(warsawDateTime(winter)).toBe('2026-11-27 14:05');
    expect(warsawDateTime(summer)).toBe('2026-07-03 08:05');
  });

  it('crosses midnight and the DST changes as Warsaw does', () => {
    // 23:30 UTC on New Year's Eve is already the first of January in Warsaw.
    expect(warsawToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(warsawDay(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    // 29 March 2026: clocks go from 02:00 to 03:00; 25 October 2026: from 03:00 back to 02:00.
    expect(warsawDateTime('2026-03-29T00:59:00Z')).toBe('2026-03-29 01:59');
    expect(warsawDateTime('2026-03-29T01:00:00Z')).toBe('2026-03-29 03:00');
    expect(warsawDateTime('2026-10-25T00:30:00Z')).toBe('2026-10-25 02:30');
    expect(warsawDateTime('2026-10-25T01:30:00Z')).toBe('2026-10-25 02:30');
    expect(warsawDateTime(null)).toBe('');
    expect(warsawDateTime('nie data')).toBe('nie data');
  });

  it('writes a calendar date as it is, with no zone', () => {
    expect(dateText('2026-03-01')).toBe('01.03.2026');
    expect(dateText('2026-03-01', 'short')).toBe('1 mar 2026');
    expect(dateText('2026-09-30', 'long')).toBe('30 września 2026');
    expect(dateText('2026-10-05', 'short')).toBe('5 paź 2026');
    expect(monthText('2026-02')).toBe('luty 2026');
    expect(monthText('2026-10-20')).toBe('październik 2026');
    expect(weekdayText('2026-11-27')).toBe('piątek');
    expect(weekdayText('2026-11-29')).toBe('niedziela');
  });
});

describe('dates written anywhere else', () => {
  const product = ['widgets', 'site', 'worker', 'scripts'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(tsx?|mjs)$/.test(f) && !/\.d\.ts$|\.(spec|test)\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  );

  it('finds no Intl.DateTimeFormat or toLocale… call but the clock’s own', () => {
    expect(product.length).toBeGreaterThan(200);
    const calls = product.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.replace(/^\s*(\/\/|\*|\/\*\*?).*$/, ''), at: `${file}:${i + 1}` }))
        .filter(({ line }) => /\bIntl\.DateTimeFormat\s*\(|\.toLocale\w*\(/.test(line))
        .filter(({ at }) => !at.startsWith('widgets/core/warsaw-time.ts:'))
        .map(({ at }) => at),
    );
    expect(calls).toEqual([]);
  });

  it('makes every Intl.DateTimeFormat in the Warsaw clock’s formatOf', () => {
    const made = product.filter(
      (file) => /new Intl\.DateTimeFormat\(/.test(readFileSync(file, 'utf8')) && file !== 'widgets/core/warsaw-time.ts',
    );
    expect(made).toEqual([]);
  });
});
