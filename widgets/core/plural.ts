/**
 * The Polish plural: the one home of the forms of every counted noun (DESIGN §8: every count
 * through one helper). A module of its own, so a widget that counts nothing carries none of it.
 */
import { formatNumber } from './format.ts';

/** The Polish form of a noun after `n`: plural(2, 'miesiąc', 'miesiące', 'miesięcy') → 'miesiące'. */
export function plural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  if (n === 1) return one;
  return n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? few : many;
}

/** The forms of a counted noun: after 1, after 2–4 (22–24, 102–104…), after 0, 5–21, 25–31, 112–114… */
export type Forms = readonly [one: string, few: string, many: string];

export const MONTHS: Forms = ['miesiąc', 'miesiące', 'miesięcy'];

/** The noun after `n`: unitAfter(182, COLOR_PAGES) → 'strony kolorowe'. */
export const unitAfter = (n: number, [one, few, many]: Forms): string => plural(n, one, few, many);

/** The number and its noun: countText(5100, MONO_PAGES) → '5100 stron mono', countText(182, COLOR_PAGES) → '182 strony kolorowe'. */
export const countText = (n: number, unit: Forms): string => `${formatNumber(n)} ${unitAfter(n, unit)}`;

/** '1 miesiąc', '24 miesiące', '36 miesięcy': contract terms, retention and other periods. */
export const monthsText = (n: number): string => `${n} ${unitAfter(n, MONTHS)}`;
