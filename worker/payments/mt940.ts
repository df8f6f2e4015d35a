/**
 * MT940 statements (SWIFT), as Polish banks export them, read with mt940js (tags, balances
 * checked: opening + turnover = closing). The `:86:` field of Polish banks is structured in
 * numbered sub-fields after the 3-digit transaction code, each opened by one separator the
 * bank chooses (`^` mBank, `~` ING and PKO BP, `<` the ZBP layout, `?` and `>` elsewhere):
 * `00` the operation, `20`–`29` the title, `30`/`31` the payer's bank and account, `32`/`33`
 * the payer's name, `38` the payer's IBAN. A field without sub-fields is all title. The
 * payer's account is read only where the payer's own text cannot reach (`payerAccountOf86`).
 */
import { type Mt940Transaction, Parser } from 'mt940js';
import {
  type ParsedStatement,
  STATEMENT_ERRORS,
  type StatementLine,
  type StatementParse,
  ibanOf,
  nipInText,
  squash,
  statementIdentity,
} from './statement.ts';

const SEPARATORS = '^~<?>+';

/** The sub-fields of a `:86:` in the order the bank wrote them, or null when it has none. */
function listOf86(details: string): [code: string, text: string][] | null {
  const text = details.replace(/\r?\n/g, '');
  const coded = /^\d{3}/.test(text) ? text.slice(3) : text;
  const sep = coded.charAt(0);
  if (!sep || !SEPARATORS.includes(sep) || !/^\d{2}/.test(coded.slice(1))) return null;
  const fields: [string, string][] = [];
  for (const part of coded.split(sep).slice(1)) {
    const code = part.slice(0, 2);
    if (/^\d{2}$/.test(code)) fields.push([code, part.slice(2)]);
  }
  return fields;
}

/** The numbered sub-fields of a `:86:` field (lines joined: the bank wraps at 65 characters), or null when it has none. */
export function subfieldsOf86(details: string): Map<string, string> | null {
  const list = listOf86(details);
  if (!list) return null;
  const fields = new Map<string, string>();
  for (const [code, text] of list) fields.set(code, `${fields.get(code) ?? ''}${text}`);
  return fields;
}

const isTitle = (code: string) => code >= '20' && code <= '29';
const ACCOUNT_CODES = new Set(['30', '31', '38']);

/**
 * The payer's account as the bank itself wrote it in a `:86:`, or null. The payer's title
 * may carry the bank's separator (`…~38PL61…`, `…^38PL61…`): split, such text looks like
 * the bank's own sub-field, so an account is read only from the sub-fields before the first
 * title sub-field (where nothing the payer wrote can stand), and none at all when any
 * sub-field code occurs twice or an account sub-field follows the title (a layout that puts
 * the account after the title cannot be told from a title that forges one: such a line
 * verifies nothing; camt.053's `DbtrAcct` has no such doubt).
 */
export function payerAccountOf86(details: string): { account: string | null; ambiguous: boolean } {
  const list = listOf86(details);
  if (!list) return { account: null, ambiguous: false };
  const codes = list.map(([code]) => code);
  const firstTitle = codes.findIndex(isTitle);
  const duplicated = new Set(codes).size !== codes.length;
  const afterTitle = firstTitle >= 0 && codes.slice(firstTitle).some((c) => ACCOUNT_CODES.has(c));
  if (duplicated || afterTitle) return { account: null, ambiguous: true };
  const bankWrote = new Map(list.slice(0, firstTitle < 0 ? list.length : firstTitle));
  const bank = bankWrote.get('30')?.trim() ?? '';
  const account = bankWrote.get('31')?.trim() ?? '';
  return {
    account:
      ibanOf(bankWrote.get('38')) ?? ibanOf(account.length === 26 ? account : null) ?? ibanOf(`${bank}${account}`),
    ambiguous: false,
  };
}

const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

function lineOf(t: Mt940Transaction, currency: string): StatementLine {
  const sub = subfieldsOf86(t.details ?? '');
  const pick = (...codes: string[]) => squash(codes.map((c) => sub?.get(c)));
  // The title as the payer typed it: the bank cuts it into sub-fields 20–29 (and a field without
  // sub-fields into 65-character lines) wherever the length runs out, mid-word or mid-number, so the
  // parts are joined as written ('wp' + 'łata', not 'wp łata'; a KSeF number stays one word).
  const title = sub
    ? squash([['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'].map((c) => sub.get(c) ?? '').join('')])
    : squash([(t.details ?? '').replace(/\r?\n/g, '')]);
  const { account: payerAccount, ambiguous } = payerAccountOf86(t.details ?? '');
  const bankReference = t.bankReference?.trim();
  return {
    bookedOn: dayOf(t.entryDate instanceof Date ? t.entryDate : t.date),
    amountGr: Math.round(t.amount * 100),
    currency,
    title,
    payerName: sub ? pick('32', '33') || null : null,
    payerAccount,
    payerNip: nipInText(title),
    bankReference: bankReference && bankReference.toUpperCase() !== 'NONREF' ? bankReference : null,
    ...(ambiguous ? { payerAccountUnclear: true as const } : {}),
  };
}

/**
 * Why mt940js refused a file, in Polish: its own messages (English, about tags and groups)
 * translated; anything else (a TypeError of a file that does not start with a tag) is a
 * file whose structure cannot be read. The library's text is never shown.
 */
export function mt940Reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const group = (m: RegExpExecArray | null) => (m?.[1] ? ` (wyciąg ${m[1]} w pliku)` : '');
  let m = /Mandatory tag (\w+) is missing(?: in group (\d+))?/.exec(message);
  if (m) return `brak obowiązkowego pola :${m[1]}:${m[2] ? ` (wyciąg ${m[2]} w pliku)` : ''}`;
  m = /Sum of lines .* in group (\d+)/.exec(message);
  if (m) return `suma operacji nie zgadza się z saldem początkowym i końcowym${group(m)}`;
  m = /Cannot parse tag (\w+)/.exec(message);
  if (m) return `nie da się odczytać pola :${m[1]}:`;
  m = /Unknown tag (\w+)/.exec(message);
  if (m) return `nieznane pole :${m[1]}:`;
  if (/Currency markers/.test(message)) return 'jeden wyciąg podaje różne waluty';
  if (/debit\/credit mark|reversal mark|Amount cannot be parsed|Positive amount/.test(message))
    return 'nie da się odczytać kwoty albo znaku operacji (pole :61:)';
  return 'nie zaczyna się od pola wyciągu (:20:) albo jego budowy nie da się odczytać';
}

export function parseMt940(text: string): StatementParse {
  let parsed: ReturnType<Parser['parse']>;
  try {
    parsed = new Parser({ no86Structure: true }).parse(text);
  } catch (error) {
    return { ok: false, error: STATEMENT_ERRORS.mt940(mt940Reason(error)) };
  }
  if (parsed.length === 0) return { ok: false, error: STATEMENT_ERRORS.format };
  if (parsed.every((s) => s.transactions.length === 0)) return { ok: false, error: STATEMENT_ERRORS.noLines };
  const statements: ParsedStatement[] = parsed.map((s) => ({
    format: 'mt940',
    account: ibanOf(s.accountIdentification) ?? (s.accountIdentification.trim() || null),
    reference: squash([s.transactionReference, s.number?.statement && `nr ${s.number.statement}`]) || null,
    identity: statementIdentity(
      'mt940',
      ibanOf(s.accountIdentification) ?? s.accountIdentification.trim(),
      s.number?.statement,
      s.number?.sequence,
    ),
    lines: s.transactions.map((t) => lineOf(t, s.currency)),
  }));
  return { ok: true, statements };
}
