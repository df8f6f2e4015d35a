/**
 * MT940 statements (SWIFT), as Polish banks export them, read with mt940js (tags, balances
 * checked: opening + turnover = closing). The `:86:` field of Polish banks is structured in
 * numbered sub-fields after the 3-digit transaction code, each opened by one separator the
 * bank chooses (`^` mBank, `~` ING and PKO BP, `<` the ZBP layout, `?` and `>` elsewhere):
 * `00` the operation, `20`–`29` the title, `30`/`31` the payer's bank and account, `32`/`33`
 * the payer's name, `38` the payer's IBAN. A field without sub-fields is all title.
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
} from './statement.ts';

const SEPARATORS = '^~<?>+';

/** The numbered sub-fields of a `:86:` field (lines joined: the bank wraps at 65 characters), or null when it has none. */
export function subfieldsOf86(details: string): Map<string, string> | null {
  const text = details.replace(/\r?\n/g, '');
  const coded = /^\d{3}/.test(text) ? text.slice(3) : text;
  const sep = coded.charAt(0);
  if (!sep || !SEPARATORS.includes(sep) || !/^\d{2}/.test(coded.slice(1))) return null;
  const fields = new Map<string, string>();
  for (const part of coded.split(sep).slice(1)) {
    const code = part.slice(0, 2);
    if (!/^\d{2}$/.test(code)) continue;
    fields.set(code, `${fields.get(code) ?? ''}${part.slice(2)}`);
  }
  return fields;
}

const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

function lineOf(t: Mt940Transaction, currency: string): StatementLine {
  const sub = subfieldsOf86(t.details ?? '');
  const pick = (...codes: string[]) => squash(codes.map((c) => sub?.get(c)));
  // A field without sub-fields is the title, its 65-character lines joined as written ('wp' + 'łata', not 'wp łata').
  // The title as the payer typed it: the bank cuts it into sub-fields 20–29 (and a field without
  // sub-fields into 65-character lines) wherever the length runs out, mid-word or mid-number, so the
  // parts are joined as written ('wp' + 'łata', not 'wp łata'; a KSeF number stays one word).
  const title = sub
    ? squash([['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'].map((c) => sub.get(c) ?? '').join('')])
    : squash([(t.details ?? '').replace(/\r?\n/g, '')]);
  const bank = sub?.get('30')?.trim() ?? '';
  const account = sub?.get('31')?.trim() ?? '';
  const payerAccount =
    ibanOf(sub?.get('38')) ?? ibanOf(account.length === 26 ? account : null) ?? ibanOf(`${bank}${account}`);
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
  };
}

export function parseMt940(text: string): StatementParse {
  let parsed: ReturnType<Parser['parse']>;
  try {
    parsed = new Parser({ no86Structure: true }).parse(text);
  } catch (error) {
    return { ok: false, error: STATEMENT_ERRORS.mt940(error instanceof Error ? error.message : String(error)) };
  }
  if (parsed.length === 0) return { ok: false, error: STATEMENT_ERRORS.format };
  const statements: ParsedStatement[] = parsed.map((s) => ({
    format: 'mt940',
    account: ibanOf(s.accountIdentification) ?? (s.accountIdentification.trim() || null),
    reference: squash([s.transactionReference, s.number?.statement && `nr ${s.number.statement}`]) || null,
    lines: s.transactions.map((t) => lineOf(t, s.currency)),
  }));
  return { ok: true, statements };
}
