/**
 * camt.053 (ISO 20022 BankToCustomerStatement, versions .001.02 to .001.08 and later), read
 * with fast-xml-parser (no DOM in workerd). Each booked entry (`Ntry` with status BOOK) is
 * one line, or one per transfer of a batch entry (`NtryDtls/TxDtls`); amounts are read from
 * their decimal text, never through floating point. The payer is `RltdPties/Dbtr` (`Nm`, or
 * `Pty/Nm` from .001.08 on) with `DbtrAcct/Id/IBAN`; a debit's counterparty is the creditor.
 */
import { XMLParser } from 'fast-xml-parser';
import {
  type ParsedStatement,
  STATEMENT_ERRORS,
  type StatementLine,
  type StatementParse,
  amountToGrosze,
  ibanOf,
  nipInText,
  squash,
  statementIdentity,
} from './statement.ts';
import { isValidNip, normalizeNip } from '../../widgets/core/nip.ts';

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Bal', 'Othr', 'AdrLine', 'CdtrRefInf', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const node = (v: unknown): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
const list = (v: unknown): Node[] =>
  Array.isArray(v) ? v.map(node).filter((n): n is Node => !!n) : node(v) ? [v as Node] : [];
const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v;
  const n = node(v);
  return n && typeof n['#text'] === 'string' ? n['#text'] : '';
};
/** The texts of a repeated element (`Ustrd`). */
const texts = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(textOf);
/** The node at a path of element names, or undefined. */
const at = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((n, k) => node(n)?.[k], v);

/** Grosze of an `Amt` element (`<Amt Ccy="PLN">1.00</Amt>`) and its currency. */
function amountOf(v: unknown): { gr: number; ccy: string } | undefined {
  const gr = amountToGrosze(textOf(v));
  if (!Number.isFinite(gr)) return undefined;
  return { gr, ccy: String(node(v)?.['@_Ccy'] ?? '') };
}

/** A party's name: `Nm` (.001.02) or `Pty/Nm` (.001.08). */
const partyName = (party: unknown): string => textOf(at(party, 'Nm')) || textOf(at(party, 'Pty', 'Nm'));

/** A NIP given as the party's tax id (`OrgId/Othr/Id` with scheme TXID, or named NIP). */
function partyNip(party: unknown): string | null {
  const ids = at(party, 'Id') ?? at(party, 'Pty', 'Id');
  for (const other of list(at(ids, 'OrgId', 'Othr'))) {
    const scheme = `${textOf(at(other, 'SchmeNm', 'Cd'))} ${textOf(at(other, 'SchmeNm', 'Prtry'))}`.toUpperCase();
    const nip = normalizeNip(textOf(other.Id));
    if (/TXID|NIP/.test(scheme) && isValidNip(nip)) return nip;
  }
  return null;
}

function linesOfEntry(entry: Node, currency: string): StatementLine[] {
  const status = textOf(at(entry, 'Sts')) || textOf(at(entry, 'Sts', 'Cd'));
  if (status && status !== 'BOOK') return [];
  const credit = textOf(entry.CdtDbtInd) === 'CRDT';
  const bookedOn = (textOf(at(entry, 'BookgDt', 'Dt')) || textOf(at(entry, 'BookgDt', 'DtTm'))).slice(0, 10);
  const entryAmount = amountOf(entry.Amt);
  const entryRef = textOf(entry.AcctSvcrRef) || null;
  const txs = list(at(entry, 'NtryDtls')).flatMap((d) => list(d.TxDtls));
  const one = (tx: Node | undefined, index: number, count: number): StatementLine | undefined => {
    const amount = (tx && (amountOf(at(tx, 'AmtDtls', 'TxAmt', 'Amt')) ?? amountOf(tx.Amt))) ?? entryAmount;
    if (!amount) return undefined;
    const parties = at(tx, 'RltdPties');
    const payer = credit ? at(parties, 'Dbtr') : at(parties, 'Cdtr');
    const payerAccount = credit ? at(parties, 'DbtrAcct', 'Id') : at(parties, 'CdtrAcct', 'Id');
    const remittance = at(tx, 'RmtInf');
    const title = squash([
      ...texts(at(remittance, 'Ustrd')),
      ...list(at(remittance, 'Strd')).flatMap((s) => list(s.CdtrRefInf).map((r) => textOf(r.Ref))),
    ]);
    const ownRef = textOf(at(tx, 'Refs', 'AcctSvcrRef')) || null;
    const part = !ownRef && entryRef && count > 1 ? index + 1 : undefined;
    return {
      bookedOn,
      amountGr: credit ? amount.gr : -amount.gr,
      currency: amount.ccy || currency,
      title: title || squash([textOf(entry.AddtlNtryInf)]),
      payerName: partyName(payer) || null,
      payerAccount: ibanOf(textOf(at(payerAccount, 'IBAN')) || textOf(at(payerAccount, 'Othr', 'Id'))),
      payerNip: partyNip(payer) ?? nipInText(title),
      bankReference: ownRef ?? entryRef,
      ...(part ? { batchPart: part } : {}),
    };
  };
  const lines = txs.length === 0 ? [one(undefined, 0, 0)] : txs.map((tx, i) => one(tx, i, txs.length));
  return lines.filter((l): l is StatementLine => !!l);
}

export function parseCamt053(text: string): StatementParse {
  let doc: unknown;
  try {
    doc = parser.parse(text, true);
  } catch (error) {
    return { ok: false, error: STATEMENT_ERRORS.camt(error instanceof Error ? error.message : 'nieczytelny XML') };
  }
  const stmts = list(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (stmts.length === 0) return { ok: false, error: STATEMENT_ERRORS.camt('brak elementu BkToCstmrStmt/Stmt') };
  const statements: ParsedStatement[] = stmts.map((s) => {
    const currency = textOf(at(s, 'Acct', 'Ccy')) || 'PLN';
    const account = ibanOf(textOf(at(s, 'Acct', 'Id', 'IBAN'))) ?? (textOf(at(s, 'Acct', 'Id', 'Othr', 'Id')) || null);
    return {
      format: 'camt053',
      account,
      reference: textOf(s.Id) || null,
      identity: statementIdentity('camt053', account, textOf(s.Id), textOf(s.ElctrncSeqNb) || textOf(s.LglSeqNb)),
      lines: list(s.Ntry).flatMap((e) => linesOfEntry(e, currency)),
    };
  });
  if (statements.every((s) => s.lines.length === 0)) return { ok: false, error: STATEMENT_ERRORS.noLines };
  return { ok: true, statements };
}
