/**
 * Counter readings and the overage bill: pages used in a period from a device's
 * readings, across a counter reset, and what is billed over the package's limits at the
 * catalogue's rates (DESIGN §5: mono and colour apart). Pure, for the worker, the admin
 * and tests.
 */
import { monthBounds, monthIndex, monthOf, monthsFrom } from './months.ts';

export { contractEndOf, monthBounds, monthsFrom } from './months.ts';
import type { Pages } from './overage.ts';
export { type Overage, type Pages, overageOf } from './overage.ts';

export interface Reading {
  /** 'YYYY-MM-DD' */
  readOn: string;
  mono: number;
  color: number | null;
  /** The counter was replaced or zeroed: this reading starts a new series. */
  reset: boolean;
}

/** Sorted by date, a reset after an ordinary reading of the same day (the old counter's last value comes first). */
const byDate = (readings: readonly Reading[]): Reading[] =>
  [...readings].sort((a, b) => a.readOn.localeCompare(b.readOn) || Number(a.reset) - Number(b.reset));

/**
 * Pages printed between two readings in a row: the difference of the counters, nothing
 * when the later one is a reset (pages of the old counter up to its replacement are in
 * the readings before it).
 */
export function pagesBetween(earlier: Reading, later: Reading): Pages {
  if (later.reset) return { mono: 0, color: 0 };
  return {
    mono: Math.max(0, later.mono - earlier.mono),
    color: Math.max(0, (later.color ?? 0) - (earlier.color ?? 0)),
  };
}

/**
 * Pages used in the period [from, to] (inclusive 'YYYY-MM-DD' days): from the last
 * reading before the period (or the first inside it) to the last reading inside it,
 * summed pair by pair so a counter reset in between costs nothing. Undefined when the
 * period has no reading.
 */
export function pagesInPeriod(readings: readonly Reading[], from: string, to: string): Pages | undefined {
  const sorted = byDate(readings);
  const inside = sorted.filter((r) => r.readOn >= from && r.readOn <= to);
  if (inside.length === 0) return undefined;
  const before = sorted.filter((r) => r.readOn < from).at(-1);
  const series = before ? [before, ...inside] : inside;
  const total = { mono: 0, color: 0 };
  for (let i = 1; i < series.length; i++) {
    const step = pagesBetween(series[i - 1] as Reading, series[i] as Reading);
    total.mono += step.mono;
    total.color += step.color;
  }
  return total;
}

export interface MonthUsage {
  pages: Pages;
  /** The months ('YYYY-MM') the pages span and whose allowance they meet, never before the contract's first. */
  months: string[];
  /** The reading the pages count from (null: the month's first reading), the month's last, and whether a counter was replaced in between. */
  counters: { from: Reading | null; to: Reading; reset: boolean };
}

/**
 * The pages a month's bill counts (`pagesInPeriod` of the month) and the months they span: when October had
 * no reading (its bill was the fee alone), November's pages since September's last reading meet two months'
 * allowance, not one. Undefined when the month has no reading.
 * @example usageOfMonth([r('2026-09-30', 10_000), r('2026-11-30', 13_000)], '2026-11', '2026-06').months // ['2026-10', '2026-11']
 */
export function usageOfMonth(readings: readonly Reading[], period: string, firstMonth: string): MonthUsage | undefined {
  const { from, to } = monthBounds(period);
  const pages = pagesInPeriod(readings, from, to);
  if (!pages) return undefined;
  const sorted = byDate(readings);
  const before = sorted.filter((r) => r.readOn < from).at(-1);
  const inside = sorted.filter((r) => r.readOn >= from && r.readOn <= to);
  const start = before ? Math.max(monthIndex(before.readOn) + 1, monthIndex(firstMonth)) : monthIndex(period);
  return {
    pages,
    months: monthsFrom(monthOf(Math.min(start, monthIndex(period))), period),
    counters: {
      from: before ?? null,
      to: inside.at(-1) as Reading,
      reset: inside.some((r, i) => r.reset && (i > 0 || !!before)),
    },
  };
}

const DAY_MS = 86_400_000;
const MONTH_DAYS = 30.44;
const days = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** The series of the current counter: the readings since the last reset. */
export function currentSeries(readings: readonly Reading[]): Reading[] {
  const sorted = byDate(readings);
  let start = 0;
  sorted.forEach((r, i) => {
    if (r.reset) start = i;
  });
  return sorted.slice(start);
}

export type ReadingCheck =
  | { kind: 'ok' }
  | { kind: 'lower'; previous: Reading }
  | {
      kind: 'jump';
      /** The reading it is set against; none for a device's first reading (a new counter at the contract's start). */
      previous: Reading | undefined;
      /** The usual month it is set against: the counter's own average, or the package's allowance. */
      monthlyAverage: number;
      monthlyNow: number;
      /** 'history': the counter's own average; 'package': the package's allowance (under 28 days of history, or a counter that has not moved). */
      basis: 'history' | 'package';
    };

/** A jump is asked about when the pages per month since the last reading are over this many times the average. */
export const JUMP_FACTOR = 3;

/**
 * The one rule of an implausible jump, asked about before anything counts: pages a month
 * now over `JUMP_FACTOR` × the usual month. The meter's usual month is the counter's own
 * average, or the package's allowance while the counter has no month of history; the
 * calculator's (two readings, no history) is what a usual device of the catalogue is built
 * for (advisor.ts `usualMonth`). A transposed digit looks just like that.
 * @example isImplausibleJump(20_155, 3_750) === true; isImplausibleJump(6_000, 3_750) === false
 */
export const isImplausibleJump = (monthlyNow: number, monthlyUsual: number): boolean =>
  monthlyUsual > 0 && monthlyNow > JUMP_FACTOR * monthlyUsual;

/** What a reading is set against when the counter has no history to speak for it. */
export interface UsualMonth {
  /** The package's pages a month (mono and colour allowances together). */
  pages: number;
  /** The contract's first day ('YYYY-MM-DD'): a device's first reading counts from a new counter there. */
  since: string;
}

/**
 * Checks a new reading against the device's current counter: never lower than the
 * latest one (mono or colour); more pages a month since the last reading than
 * `JUMP_FACTOR` × the usual month asks the sender to confirm. The usual month is the
 * counter's own average once the series spans a month (28 days) and the counter moved in
 * it; before that, the package's allowance (`usual`), from the very first reading on (set
 * against a new counter at the contract's start).
 */
export function checkReading(
  readings: readonly Reading[],
  next: Pick<Reading, 'readOn' | 'mono' | 'color'>,
  usual?: UsualMonth,
): ReadingCheck {
  const series = currentSeries(readings);
  const previous = series.at(-1);
  if (previous && (next.mono < previous.mono || (next.color ?? 0) < (previous.color ?? 0)))
    return { kind: 'lower', previous };
  const base = previous ?? (usual ? { readOn: usual.since, mono: 0, color: 0, reset: false } : undefined);
  if (!base) return { kind: 'ok' };
  const first = series[0] ?? base;
  const span = days(first.readOn, base.readOn);
  const total = base.mono - first.mono + ((base.color ?? 0) - (first.color ?? 0));
  const own = span >= 28 && total > 0 ? (total / span) * MONTH_DAYS : 0;
  const monthlyUsual = own > 0 ? own : (usual?.pages ?? 0);
  const added = next.mono - base.mono + ((next.color ?? 0) - (base.color ?? 0));
  const since = Math.max(days(base.readOn, next.readOn), 1);
  const monthlyNow = (added / Math.max(since, MONTH_DAYS)) * MONTH_DAYS;
  if (isImplausibleJump(monthlyNow, monthlyUsual))
    return {
      kind: 'jump',
      previous,
      monthlyAverage: Math.round(monthlyUsual),
      monthlyNow: Math.round(monthlyNow),
      basis: own > 0 ? 'history' : 'package',
    };
  return { kind: 'ok' };
}

/** The device and contract facts a reading is judged against. */
export interface ReadingContext {
  /** A mono device has no colour counter. */
  deviceType: 'mono' | 'color';
  /** The contract's first day and its last ('YYYY-MM-DD'). */
  contractStart: string;
  contractEnd: string;
  /** Today in Warsaw ('YYYY-MM-DD'): nothing is read in the future. */
  today: string;
  /**
   * The package's pages a month (mono and colour allowances together): the usual month a
   * reading is set against while the counter has no month of history of its own.
   */
  allowance?: number | undefined;
}

/** Why a reading is refused; each reason has its Polish message in the worker's error catalogue. */
export type RefusalReason =
  | 'future'
  | 'before-contract'
  | 'after-contract'
  | 'color-on-mono'
  | 'color-missing'
  | 'lower'
  | 'higher';

export type ReadingVerdict =
  | { kind: 'ok' }
  | { kind: 'refused'; reason: RefusalReason; neighbour?: Reading }
  | Extract<ReadingCheck, { kind: 'jump' }>;

/**
 * The counter's rules for a new reading among the device's accepted readings, the one
 * judge of the public link, the portal and the team alike (a counter reset is not judged
 * here: it is the team's explicit act). In order: a date not in the future and within the
 * contract; no colour counter on a mono device and a colour counter on a colour device;
 * never lower than the reading just before it in date, never higher than the one just
 * after it (a reading of the same day goes after the others of that day; a reset after it
 * starts a new counter, so it bounds nothing); then the jump check against the counter's
 * own history, or the package's allowance while there is no month of it (`checkReading`).
 * Pure, so the property test can throw random series at it.
 */
export function judgeReading(
  readings: readonly Reading[],
  next: Pick<Reading, 'readOn' | 'mono' | 'color'>,
  context: ReadingContext,
): ReadingVerdict {
  if (next.readOn > context.today) return { kind: 'refused', reason: 'future' };
  if (next.readOn < context.contractStart) return { kind: 'refused', reason: 'before-contract' };
  if (next.readOn > context.contractEnd) return { kind: 'refused', reason: 'after-contract' };
  if (context.deviceType === 'mono' && next.color !== null) return { kind: 'refused', reason: 'color-on-mono' };
  if (context.deviceType === 'color' && next.color === null) return { kind: 'refused', reason: 'color-missing' };
  const sorted = byDate(readings);
  const earlier = sorted.filter((r) => r.readOn <= next.readOn);
  const previous = earlier.at(-1);
  const following = sorted.find((r) => r.readOn > next.readOn);
  if (previous && (next.mono < previous.mono || (next.color ?? 0) < (previous.color ?? 0)))
    return { kind: 'refused', reason: 'lower', neighbour: previous };
  if (following && !following.reset && (next.mono > following.mono || (next.color ?? 0) > (following.color ?? 0)))
    return { kind: 'refused', reason: 'higher', neighbour: following };
  // The jump check looks only at what is being added at the end of the counter's history.
  if (following) return { kind: 'ok' };
  const usual = context.allowance ? { pages: context.allowance, since: context.contractStart } : undefined;
  const verdict = checkReading(earlier, next, usual);
  return verdict.kind === 'jump' ? verdict : { kind: 'ok' };
}

/**
 * The field of the reading form a refusal is about, so the form outlines that one: the date
 * for a day out of bounds, the colour counter for a colour rule, and for a counter out of
 * order whichever counter breaks it (mono first, as the message lists them).
 */
export function refusedField(
  reason: RefusalReason,
  next: Pick<Reading, 'mono' | 'color'>,
  neighbour?: Reading,
): 'readOn' | 'mono' | 'color' {
  if (reason === 'color-on-mono' || reason === 'color-missing') return 'color';
  if (reason === 'lower') return neighbour && next.mono >= neighbour.mono ? 'color' : 'mono';
  if (reason === 'higher') return neighbour && next.mono <= neighbour.mono ? 'color' : 'mono';
  return 'readOn';
}

/**
 * The team's counter reset (a counter replaced or zeroed after a repair) is not judged
 * against the earlier readings, since it starts a new counter; it still needs a colour
 * counter exactly when the device prints colour, and a date not before the contract.
 */
export function judgeReset(
  next: Pick<Reading, 'readOn' | 'color'>,
  context: Pick<ReadingContext, 'deviceType' | 'contractStart'>,
): RefusalReason | undefined {
  if (context.deviceType === 'mono' && next.color !== null) return 'color-on-mono';
  if (context.deviceType === 'color' && next.color === null) return 'color-missing';
  if (next.readOn < context.contractStart) return 'before-contract';
  return undefined;
}

/** What `GET /api/meter-readings/device?t=` tells the reading link's holder (never anyone without the token). */
export interface MeterDevice {
  serial: string;
  device: string;
  type: 'mono' | 'color';
  contract: string;
  company: string;
  last: { readOn: string; mono: number; color: number | null } | null;
  pageCounting: string;
}
