/** A statement file's text, recognised by its first characters: camt.053 XML or MT940 (statement.ts has the shape). */
import { parseCamt053 } from './camt053.ts';
import { parseMt940 } from './mt940.ts';
import { STATEMENT_ERRORS, type StatementParse } from './statement.ts';

/** Reads a statement file's text: camt.053 XML or MT940; a refusal in Polish otherwise. */
export function parseStatementFile(text: string): StatementParse {
  // Control characters some banks wrap a file in (SOH, ETX) and stray spaces go.
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').trim();
  if (!clean) return { ok: false, error: STATEMENT_ERRORS.empty };
  if (clean.startsWith('<')) return parseCamt053(clean);
  if (/(^|\n)(\{[1-4]:[^\n]*)?:20:/.test(clean)) return parseMt940(clean);
  return { ok: false, error: STATEMENT_ERRORS.format };
}
