/**
 * Business hours of Kserowo (DESIGN §7): the clock of the service SLA and of the sales
 * team's response times. Working time is `company.openingHours` (Mon–Fri 08:00–16:00)
 * in Europe/Warsaw, with Polish public holidays off, the Easter-based ones computed.
 * Pure functions of instants (`Date`), so the worker, the admin and tests share them; the
 * Warsaw wall clock itself (and every date written out) is widgets/core/dates.ts.
 */
import { company, type SchemaDay } from '../../widgets/core/company.ts';
import { type LocalDate, warsawTime } from '../../widgets/core/warsaw-time.ts';

export type { LocalDate };
const DAY_MS = 86_400_000;
const SCHEMA_DAYS: SchemaDay[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface WorkingHours {
  days: SchemaDay[];
  /** 'HH:MM' */
  opens: string;
  closes: string;
}

const minutesOf = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Easter Sunday of a year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

const key = ({ year, month, day }: LocalDate): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const shift = (date: LocalDate, days: number): LocalDate => {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

/**
 * Polish public holidays of a year (ustawa o dniach wolnych od pracy), as 'YYYY-MM-DD':
 * New Year, Epiphany, Easter Sunday and Monday, 1 and 3 May, Pentecost, Corpus Christi,
 * 15 August, 1 and 11 November, Christmas Eve (from 2025), 25 and 26 December.
 */
export function polishHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  const fixed: [number, number][] = [
    [1, 1],
    [1, 6],
    [5, 1],
    [5, 3],
    [8, 15],
    [11, 1],
    [11, 11],
    [12, 25],
    [12, 26],
  ];
  if (year >= 2025) fixed.push([12, 24]);
  const days = fixed.map(([month, day]) => ({ year, month, day }));
  for (const offset of [0, 1, 49, 60]) days.push(shift(easter, offset));
  return new Set(days.map(key));
}

const holidayCache = new Map<number, Set<string>>();
const isHoliday = (date: LocalDate): boolean => {
  const set = holidayCache.get(date.year) ?? polishHolidays(date.year);
  holidayCache.set(date.year, set);
  return set.has(key(date));
};

const weekday = (date: LocalDate): SchemaDay =>
  SCHEMA_DAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] as SchemaDay;

/** Whether a Warsaw calendar date is a working day. */
export const isWorkingDay = (date: LocalDate, hours: WorkingHours = company.openingHours): boolean =>
  hours.days.includes(weekday(date)) && !isHoliday(date);

/**
 * Instants already found, by date and minutes: a clock over weeks (an old unanswered lead,
 * a long-overdue ticket) asks for the same days' openings again and again, and each answer
 * costs two `Intl` look-ups. Bounded: cleared when it grows past a few years of days.
 */
const instants = new Map<string, number>();

/** The instant of a Warsaw wall-clock time (minutes after midnight). */
export function warsawInstant(date: LocalDate, minutes: number): Date {
  const key = `${date.year}-${date.month}-${date.day}-${minutes}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const found = findWarsawInstant(date, minutes);
  if (instants.size > 10_000) instants.clear();
  instants.set(key, found);
  return new Date(found);
}

function findWarsawInstant(date: LocalDate, minutes: number): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * 60_000;
  let guess = wall;
  // The zone's offset at the guess; twice, so a guess on the other side of a DST change settles.
  for (let i = 0; i < 2; i++) {
    const seen = warsawTime(new Date(guess));
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day) + seen.minutes * 60_000;
    guess += wall - seenWall;
  }
  return guess;
}

/** The working window [open, close) of a working day, as instants. */
function windowOf(date: LocalDate, hours: WorkingHours): [number, number] {
  return [
    warsawInstant(date, minutesOf(hours.opens)).getTime(),
    warsawInstant(date, minutesOf(hours.closes)).getTime(),
  ];
}

/** At most this many calendar days are walked (a guard against a calendar without working days). */
const MAX_DAYS = 800;

/**
 * The instant when `hours` business hours have passed after `start`: a ticket's SLA
 * deadline, a lead's response deadline. A start outside working time counts from the
 * next opening.
 */
export function addBusinessHours(start: Date, hours: number, working: WorkingHours = company.openingHours): Date {
  let remaining = Math.max(0, hours) * 3_600_000;
  let cursor = start.getTime();
  let date: LocalDate = warsawTime(start);
  for (let i = 0; i < MAX_DAYS; i++, date = shift(date, 1)) {
    if (!isWorkingDay(date, working)) continue;
    const [open, close] = windowOf(date, working);
    cursor = Math.max(cursor, open);
    if (cursor >= close) continue;
    if (remaining <= close - cursor) return new Date(cursor + remaining);
    remaining -= close - cursor;
  }
  throw new Error('addBusinessHours: no working time found');
}

/**
 * A year's business clock for one set of working hours: the business time before each of
 * its Warsaw days (a running sum) and the day's working window. Built once per year and
 * isolate, so a clock over months (a long-overdue ticket, an old unanswered lead) costs two
 * look-ups instead of a walk through every calendar day in between.
 */
interface YearClock {
  /** Business milliseconds of the year before day `i` (0 = 1 January); one more entry: the year's total. */
  before: number[];
  /** The working window of day `i`, or undefined on a day off. */
  windows: ([number, number] | undefined)[];
}

const clocks = new WeakMap<WorkingHours, Map<number, YearClock>>();

function yearClock(year: number, working: WorkingHours): YearClock {
  const years = clocks.get(working) ?? new Map<number, YearClock>();
  clocks.set(working, years);
  const known = years.get(year);
  if (known) return known;
  const before = [0];
  const windows: ([number, number] | undefined)[] = [];
  for (let date: LocalDate = { year, month: 1, day: 1 }; date.year === year; date = shift(date, 1)) {
    const window = isWorkingDay(date, working) ? windowOf(date, working) : undefined;
    windows.push(window);
    before.push((before.at(-1) as number) + (window ? Math.max(0, window[1] - window[0]) : 0));
  }
  years.set(year, { before, windows });
  return years.get(year) as YearClock;
}

const dayOfYear = (date: LocalDate): number =>
  Math.round((Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(date.year, 0, 1)) / DAY_MS);

/** Business milliseconds from the start of the Warsaw year of `instant` to `instant`. */
function businessMillisOfYear(instant: number, working: WorkingHours): { year: number; millis: number } {
  const date = warsawTime(new Date(instant));
  const clock = yearClock(date.year, working);
  const i = dayOfYear(date);
  const window = clock.windows[i];
  const today = window ? Math.max(0, Math.min(instant, window[1]) - window[0]) : 0;
  return { year: date.year, millis: (clock.before[i] as number) + today };
}

/** Business time between two instants, in milliseconds (0 when `end` is not after `start`). */
export function businessMillisBetween(start: Date, end: Date, working: WorkingHours = company.openingHours): number {
  const from = start.getTime();
  const to = end.getTime();
  if (!(to > from)) return 0;
  const a = businessMillisOfYear(from, working);
  const b = businessMillisOfYear(to, working);
  let total = b.millis - a.millis;
  for (let year = a.year; year < b.year; year++) total += yearClock(year, working).before.at(-1) as number;
  return total;
}

/** Business hours between two instants (fractional). */
export const businessHoursBetween = (start: Date, end: Date, working?: WorkingHours): number =>
  businessMillisBetween(start, end, working) / 3_600_000;
