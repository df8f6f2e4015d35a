/**
 * Polish number and money formatting, identical in Node, workerd and browsers
 * (no dependence on the ICU data each runtime ships).
 */

const NBSP = '\u00a0';

/** Groups thousands with a non-breaking space from 10 000 up, as Polish does: 1000, 10 000. */
function group(int: string): string {
  return int.length < 5 ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** 195 → "195", 1234.5 → "1234,50", 10000 → "10 000". Decimals only when there is a fraction. */
export function formatNumber(value: number, decimals?: number): string {
  const fixed = decimals ?? (Number.isInteger(value) ? 0 : 2);
  const [int, frac] = Math.abs(value).toFixed(fixed).split('.');
  return `${value < 0 ? '-' : ''}${group(int ?? '0')}${frac ? `,${frac}` : ''}`;
}

/** 215.25 → "215,25 zł", 195 → "195 zł". */
export function formatPln(value: number, decimals?: number): string {
  return `${formatNumber(value, decimals)} zł`;
}

/** Overage per page: always two decimals, "0,08 zł". */
export function formatRate(value: number): string {
  return `${formatNumber(value, 2)} zł`;
}

/**
 * A number as a Polish form field shows it for editing: a decimal comma, no grouping and no
 * digits added or dropped: 0.09 → "0,09", 0.0875 → "0,0875", 239 → "239".
 */
export const decimalText = (value: number): string => String(value).replace('.', ',');

/**
 * A number as a CSV cell for Polish Excel: a decimal comma and no grouping (a space would
 * make it text), `decimals` fixed or the number as it is: 1234.5 → "1234,50" (2), 0.055 → "0,055".
 */
export const csvDecimal = (value: number, decimals?: number): string =>
  decimals === undefined ? decimalText(value) : value.toFixed(decimals).replace('.', ',');

/** Money as a CSV cell: two decimals after a comma, "215,25". */
export const csvMoney = (value: number): string => csvDecimal(value, 2);
