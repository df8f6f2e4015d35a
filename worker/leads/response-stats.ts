/**
 * Who answers within the first-answer promise (terms.ts `FIRST_ANSWER_HOURS`): per week,
 * month, person and source, from the per-day counters of first answers
 * (leads/model-lead-response-days.ts) of a bounded date range, the last 12 weeks by default.
 * A lead counts as answered within the promise when its first response came within that
 * many business hours (stored on the lead when the answer happened); as late when it came
 * later, or when it is still unanswered past its deadline. The share is within / (within +
 * late); the median is of the answered leads' business hours, to a tenth of an hour.
 *
 * The cost grows with the days asked (and the leads still inside their deadline, a few
 * days' worth), never with the leads stored: the panel polls it while visitors send leads.
 */
import type { ResponseFigures, ResponseStats } from '../admin-shared/admin-api.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { type ResponseDayRow, responseDaysStatement } from './model-lead-response-days.ts';
import { type AwaitingRow, awaitingFirstAnswerStatement } from './model-lead-ownership.ts';

interface Bucket {
  leads: number;
  answered: number;
  within: number;
  /** Unanswered leads whose deadline is still ahead: neither within nor late yet. */
  awaiting: number;
  /** Tenths of a business hour → answered leads. */
  hours: Map<number, number>;
}

/** Monday (RRRR-MM-DD) of the week of a day (or an instant, by its UTC date): a lead's week in the stats. */
export const weekOf = (iso: string): string => {
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/** The median of a histogram of tenths of an hour, in hours; null when it is empty. */
export function medianOfTenths(hours: Map<number, number>): number | null {
  const sorted = [...hours].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  /** The tenths at 0-based position `i` of the sorted values (whole numbers: no float error in the mean of two). */
  const at = (i: number): number => {
    let seen = 0;
    for (const [tenths, n] of sorted) {
      seen += n;
      if (i < seen) return tenths;
    }
    return sorted.at(-1)?.[0] ?? 0;
  };
  const mid = total >> 1;
  return total % 2 ? at(mid) / 10 : (at(mid - 1) + at(mid)) / 20;
}

/** Per-bucket figures: the share within the promise among leads answered or already late. */
function figures(buckets: Map<string, Bucket>): ResponseFigures[] {
  return [...buckets].map(([key, b]) => {
    const late = b.answered - b.within + (b.leads - b.answered - b.awaiting);
    return {
      key,
      leads: b.leads,
      answered: b.answered,
      withinTarget: b.within,
      share: b.within + late ? b.within / (b.within + late) : null,
      medianHours: medianOfTenths(b.hours),
    };
  });
}

/** Groups of one view of the figures, filled from counter rows and awaiting leads. */
class Grouping {
  readonly buckets = new Map<string, Bucket>();
  constructor(
    readonly dim: ResponseDayRow['dim'],
    readonly keyOf: (day: string, key: string) => string,
    readonly awaitingKey: (row: AwaitingRow) => string,
  ) {}

  bucket(key: string): Bucket {
    const known = this.buckets.get(key);
    if (known) return known;
    const b: Bucket = { leads: 0, answered: 0, within: 0, awaiting: 0, hours: new Map() };
    this.buckets.set(key, b);
    return b;
  }

  add(row: ResponseDayRow, histogram: Record<string, number>): void {
    const b = this.bucket(this.keyOf(row.day, row.key));
    b.leads += row.leads;
    b.answered += row.answered;
    b.within += row.within;
    for (const [h, n] of Object.entries(histogram)) {
      const tenths = Number(h.slice(1));
      b.hours.set(tenths, (b.hours.get(tenths) ?? 0) + n);
    }
  }
}

const sortedBy = (rows: ResponseFigures[], order: 'key' | 'leads') =>
  order === 'key'
    ? rows.sort((a, b) => a.key.localeCompare(b.key))
    : rows.sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key));

/** The default range of the stats: the last 12 weeks up to today. */
export function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(now.getTime() - 12 * 7 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/**
 * The response-time statistics of days [from, to] (inclusive, `YYYY-MM-DD`) as seen at
 * `now`: one D1 round trip (the counters and the leads still inside their deadline).
 */
export async function responseStats(
  db: D1Database,
  from: string,
  to: string,
  now = new Date(),
): Promise<ResponseStats> {
  const [days, awaiting] = await db.batch([
    responseDaysStatement(db, from, to),
    awaitingFirstAnswerStatement(db, from, to, now.toISOString()),
  ]);
  const byWeek = new Grouping(
    'all',
    (day) => weekOf(day),
    (r) => weekOf(r.day),
  );
  const byMonth = new Grouping(
    'all',
    (day) => day.slice(0, 7),
    (r) => r.day.slice(0, 7),
  );
  const byPerson = new Grouping(
    'person',
    (_, key) => key,
    (r) => r.person,
  );
  const bySource = new Grouping(
    'source',
    (_, key) => key,
    (r) => r.source,
  );
  const groupings = [byWeek, byMonth, byPerson, bySource];
  for (const row of (days?.results ?? []) as ResponseDayRow[]) {
    let histogram: Record<string, number> = {};
    try {
      histogram = JSON.parse(row.hours) as Record<string, number>;
    } catch {}
    for (const g of groupings) if (g.dim === row.dim) g.add(row, histogram);
  }
  for (const row of (awaiting?.results ?? []) as AwaitingRow[])
    for (const g of groupings) g.bucket(g.awaitingKey(row)).awaiting++;
  return {
    targetHours: FIRST_ANSWER_HOURS,
    from,
    to,
    byWeek: sortedBy(figures(byWeek.buckets), 'key'),
    byMonth: sortedBy(figures(byMonth.buckets), 'key'),
    byPerson: sortedBy(figures(byPerson.buckets), 'leads'),
    bySource: sortedBy(figures(bySource.buckets), 'leads'),
  };
}
