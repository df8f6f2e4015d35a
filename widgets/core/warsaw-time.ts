/**
 * The Warsaw clock: what day and time it is in Europe/Warsaw at an instant, whatever the
 * runtime's zone (DST included). Every `Intl.DateTimeFormat` of the product is made here, by
 * `formatOf` (a test fails on one made anywhere else); the Polish texts of dates and times are
 * dates.ts. Kept apart from those texts so a widget that needs only today's date (the
 * calculator) loads only this.
 */

/** A calendar date in Warsaw. */
export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export const WARSAW = 'Europe/Warsaw';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `locale` and `options`, made once (a formatter is costly to make, cheap to use). */
export function formatOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const asDate = (instant: Date | string): Date => (typeof instant === 'string' ? new Date(instant) : instant);

/** The Warsaw calendar date of an instant, 'RRRR-MM-DD' (Swedish writes dates as ISO does). */
export const warsawDay = (instant: Date): string => formatOf('sv-SE', { timeZone: WARSAW }).format(instant);

/** Today's date in Warsaw, 'RRRR-MM-DD' (the bound of a reading's date, a default day in a form). */
export const warsawToday = (now = new Date()): string => warsawDay(now);

/** The Warsaw wall-clock time of an instant, to the second. */
export function warsawParts(instant: Date): LocalDate & { hour: number; minute: number; second: number } {
  const parts = formatOf('en-GB', {
    timeZone: WARSAW,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const p = Object.fromEntries(parts.map((x) => [x.type, Number(x.value)]));
  return {
    year: p.year ?? 0,
    month: p.month ?? 0,
    day: p.day ?? 0,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
}

/** The Warsaw wall-clock time of an instant, as a date and the minutes after its midnight. */
export function warsawTime(instant: Date): LocalDate & { minutes: number } {
  const t = warsawParts(instant);
  return { year: t.year, month: t.month, day: t.day, minutes: t.hour * 60 + t.minute };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a Warsaw reader writes it, 'RRRR-MM-DD GG:MM' (the CSV exports, the team's
 * e-mails, the panel). An ISO text that is no time comes back as it is; nothing gives ''.
 */
export function warsawDateTime(instant: Date | string | null | undefined): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const date = asDate(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const t = warsawParts(date);
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
}
