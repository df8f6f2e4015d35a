/**
 * CSV for Polish Excel (issue 7): UTF-8 with a byte-order mark (or Excel guesses
 * Windows-1250), `;` between fields (Polish Excel's list separator, since `,` is the
 * decimal comma), CRLF line ends, every field quoted. A field that Excel would read as
 * a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading
 * apostrophe, so `=HYPERLINK(...)` typed into a form stays text (OWASP "CSV injection").
 * A phone number (`+48 600 100 200`, only digits, spaces and `+()-`) gets a leading tab
 * inside its quoted cell instead: Excel and LibreOffice Calc both read it as text, so it
 * neither runs as a formula nor loses its `+`, and the tab is invisible (issue 15).
 */

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number as the forms accept it, starting with `+` or `-`. */
const SIGNED_PHONE = /^[+-][\d ()-]+$/;

/** One field: neutralised and quoted. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (SIGNED_PHONE.test(text)) text = `\t${text}`;
  else if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The whole file, BOM included. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(';'));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
