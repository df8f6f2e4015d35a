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

/**
 * Reads a CSV file as Excel writes it (issue 17's device import): `;` or `,` between
 * fields (whichever the header line uses), quoted fields with `""` inside, CRLF or LF,
 * an optional BOM. A leading apostrophe that `csvField` put before a formula-like value
 * is taken off again. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(/^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.some((f) => f.trim() !== '')) rows.push(row);
    row = [];
  };
  while (i < source.length) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === separator) endField();
    else if (ch === '\n') endRow();
    else if (ch !== '\r') field += ch;
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
