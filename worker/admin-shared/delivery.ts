/**
 * Delivery and installation days of an online order: the one configuration (the team's
 * installations per day, the lead time to each served city in business days, how many
 * days the form offers) and the days it gives. Business days are those of the SLA clock
 * (business-hours.ts: Mon–Fri without Polish public holidays); a day with as many signed
 * orders as the team installs in a day is full and never offered.
 */
import { isWorkingDay } from './business-hours.ts';
import type { LocalDate } from '../../widgets/core/warsaw-time.ts';
import { dateText, weekdayText } from '../../widgets/core/dates.ts';
import { SERVICE_CITIES } from '../../widgets/core/quote.ts';

export interface DeliveryConfig {
  /** Installations the team does in one day, in all cities together. */
  installationsPerDay: number;
  /** Business days from the order to the earliest delivery, per served city. */
  leadBusinessDays: Readonly<Record<string, number>>;
  /** How many free days the form offers. */
  daysOffered: number;
}

export const DELIVERY: DeliveryConfig = {
  installationsPerDay: 3,
  // Słupsk is the base; the others by their distance from it (site/content/cities.ts).
  leadBusinessDays: { Słupsk: 2, Lębork: 3, Sławno: 3, Bytów: 4, Miastko: 4, Koszalin: 4 },
  daysOffered: 10,
};

/** The served cities of the order form, as the configurator names them. */
export const DELIVERY_CITIES: readonly string[] = SERVICE_CITIES;

const DAY_MS = 86_400_000;
const toDate = (iso: string): LocalDate => {
  const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
  return { year, month, day };
};
const toIso = (d: LocalDate): string =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const nextDay = (iso: string): string => {
  const d = toDate(iso);
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + DAY_MS);
  return toIso({ year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() });
};

/** Whether a 'YYYY-MM-DD' is a business day (no weekend, no Polish holiday). */
export const isBusinessDay = (iso: string): boolean => isWorkingDay(toDate(iso));

/**
 * The days a delivery to `city` may be booked on, ordered today ('YYYY-MM-DD' in Warsaw):
 * business days from the city's lead time on, without full days (`booked`: signed orders
 * per day), at most `daysOffered` of them. An unknown city gets none.
 * @example deliveryDays('Słupsk', '2026-11-25', {}) // ['2026-11-27', '2026-11-30', …]
 */
export function deliveryDays(
  city: string,
  today: string,
  booked: Readonly<Record<string, number>>,
  config: DeliveryConfig = DELIVERY,
): string[] {
  const lead = config.leadBusinessDays[city];
  if (lead === undefined) return [];
  let day = today;
  for (let counted = 0; counted < lead; ) {
    day = nextDay(day);
    if (isBusinessDay(day)) counted++;
  }
  const days: string[] = [];
  // A year of days at most: a guard against a calendar that is full far ahead.
  for (let i = 0; i < 366 && days.length < config.daysOffered; i++, day = nextDay(day))
    if (isBusinessDay(day) && (booked[day] ?? 0) < config.installationsPerDay) days.push(day);
  return days;
}

/** '2026-11-27' → 'piątek, 27.11.2026' (the form's and the contract's wording). */
export function deliveryDayText(iso: string): string {
  return `${weekdayText(iso)}, ${dateText(iso)}`;
}
