/**
 * CSV for Polish Excel: UTF-8 with a byte-order mark (or Excel guesses
 * Windows-1250), `;` between fields (Polish Excel's list separator, since `,` is the
 * decimal comma), CRLF line ends, every field quoted. A field that Excel would read as
 * a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading
 * apostrophe, so `=HYPERLINK(...)` typed into a form stays text (OWASP "CSV injection").
 * A phone number (`+48 600 100 200`, only digits, spaces and `+()-`) gets a leading tab
 * inside its quoted cell instead: Excel and LibreOffice Calc both read it as text, so it
 * neither runs as a formula nor loses its `+`, and the tab is invisible.
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

/** One line of fields, CRLF included: a streamed export writes its rows line by line. */
export const csvLine = (row: unknown[]): string => `${row.map(csvField).join(';')}\r\n`;

/** The whole file, BOM included. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
}

/**
 * A CSV file streamed page by page (constant memory, no cap): the BOM and `header`, then
 * the lines of each page `nextPage` gives, until it gives null.
 */
export function csvStream(header: string[], nextPage: () => Promise<unknown[][] | null>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${csvLine(header)}`));
        return;
      }
      const rows = await nextPage();
      if (rows === null) controller.close();
      else controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
    },
  });
}

/**
 * Reads a CSV file as Excel writes it (the device import): `;` or `,` between
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
