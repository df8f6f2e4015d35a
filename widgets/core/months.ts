/** Months as the bills count them: 'YYYY-MM' periods, their days, a contract's last day. Pure. */

/** 'YYYY-MM' of a 'YYYY-MM-DD' day or a month, as a count of months (to step and compare months). */
export const monthIndex = (day: string): number => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
export const monthOf = (index: number): string =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The months from `first` to `last` ('YYYY-MM'), both included. */
export const monthsFrom = (first: string, last: string): string[] =>
  Array.from({ length: Math.max(0, monthIndex(last) - monthIndex(first) + 1) }, (_, i) =>
    monthOf(monthIndex(first) + i),
  );

/** The last day of a contract of `termMonths` from `start` ('YYYY-MM-DD'): the day before the same date `termMonths` later. */
export function contractEndOf(start: string, termMonths: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const total = m - 1 + termMonths;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // A start on the 31st of a month whose target month is shorter runs to that month's end.
  if (d > last) return new Date(Date.UTC(year, month - 1, last)).toISOString().slice(0, 10);
  return new Date(Date.UTC(year, month - 1, d) - 86_400_000).toISOString().slice(0, 10);
}

/** First and last day of a 'YYYY-MM' period. */
export function monthBounds(period: string): { from: string; to: string } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}
