/**
 * The Polish plural, apart from format.ts: that module sits in the chunk every catalogue
 * widget loads, and only the configurator's term labels need this among the widgets.
 */

/** The Polish form of a noun after `n`: plural(2, 'miesiąc', 'miesiące', 'miesięcy') → 'miesiące'. */
export function plural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  if (n === 1) return one;
  return n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? few : many;
}

/** '1 miesiąc', '24 miesiące', '36 miesięcy': contract terms, retention and other periods. */
export const monthsText = (n: number): string => `${n} ${plural(n, 'miesiąc', 'miesiące', 'miesięcy')}`;
