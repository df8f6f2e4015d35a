/**
 * Dates and times in Polish, in Warsaw time: the one formatter of every page, e-mail, widget
 * and panel view (a test fails on an `Intl.DateTimeFormat` made, or a `toLocale…` called,
 * anywhere but the Warsaw clock, warsaw-time.ts). An instant (`Date` or ISO text) is shown in
 * Warsaw time; a calendar date ('RRRR-MM-DD': a reading's day, a contract's start, a delivery
 * day) as it is, with no zone. The words are the runtime's Polish (pl-PL).
 */
import { WARSAW, formatOf } from './warsaw-time.ts';

/** How a date is written: '03.07.2026' (numeric), '3 lip 2026' (short), '3 lipca 2026' (long). */
export type DateStyle = 'numeric' | 'short' | 'long';

/** A calendar date as the instant of its noon UTC, so no zone moves it to another day. */
const noon = (day: string): Date => new Date(`${day.slice(0, 10)}T12:00:00Z`);

/** A calendar date 'RRRR-MM-DD' in Polish: '03.07.2026', '3 lip 2026', '3 lipca 2026'. */
export function dateText(day: string, style: DateStyle = 'numeric'): string {
  if (style === 'numeric') return day.slice(0, 10).split('-').reverse().join('.');
  return formatOf('pl-PL', { timeZone: 'UTC', day: 'numeric', month: style, year: 'numeric' }).format(noon(day));
}

const TIME_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  short: { dateStyle: 'medium' },
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
};

/**
 * An instant in Warsaw time, with the time of day: '3 lipca 2026 08:05' (long), '3 lip 2026,
 * 08:05' (short), '03.07.2026, 08:05' (numeric); `seconds` adds ':09'.
 */
export function dateTimeText(instant: Date | string, style: DateStyle = 'long', { seconds = false } = {}): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'numeric'
      ? { ...TIME_STYLES.numeric, ...(seconds ? { second: '2-digit' } : {}) }
      : { ...TIME_STYLES[style], timeStyle: seconds ? 'medium' : 'short' };
  return formatOf('pl-PL', { timeZone: WARSAW, ...options }).format(
    typeof instant === 'string' ? new Date(instant) : instant,
  );
}

/** A month 'RRRR-MM' (or a date in it) on its own: 'lipiec 2026'. */
export const monthText = (month: string): string =>
  formatOf('pl-PL', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    noon(month.length === 7 ? `${month}-01` : month),
  );

/** The weekday of a calendar date 'RRRR-MM-DD': 'piątek'. */
export const weekdayText = (day: string): string =>
  formatOf('pl-PL', { timeZone: 'UTC', weekday: 'long' }).format(noon(day));
