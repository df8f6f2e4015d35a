/**
 * CSV for Polish Excel (issue 7): UTF-8 with a byte-order mark (or Excel guesses
 * Windows-1250), `;` between fields (Polish Excel's list separator, since `,` is the
 * decimal comma), CRLF line ends, every field quoted. A field that Excel would read as
 * a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading
 * apostrophe, so `=HYPERLINK(...)` typed into a form stays text (OWASP "CSV injection").
 */

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: neutralised and quoted. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file, BOM included. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
