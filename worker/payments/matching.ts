/**
 * What a credit line of a statement pays, decided from its title, amount and payer:
 *  1. an order's verification transfer: the title carries the order's number (its quote's
 *     KS-…, spaces and dashes aside), the amount is the configured one and the payer's
 *     account is one the White List lists for the order's NIP, read from what the bank
 *     wrote, never from the title (a line whose account is unclear verifies nothing); a
 *     title naming an order whose amount or account does not fit is left for the team with
 *     the reason;
 *  2. invoices named in the title by their KSeF numbers (art. 108g of the VAT Act: from 2027 a
 *     payer quotes them; 35 characters, the checksum checked, with or without the dashes): one
 *     number takes the whole amount; several share it in the order written, each what it still
 *     asks, the last whatever is left (an overpayment is the last one's);
 *  3. an invoice named in the title by its number (the longest number found wins; any
 *     amount: a partial payment or an overpayment is the invoice's too);
 *  4. an invoice whose amount still due is the line's amount, when the payer is the buyer:
 *     the NIP the line names, or an account the buyer paid from before or the register
 *     lists for it; of several, the oldest due;
 *  5. else nothing: the team assigns it by hand.
 * The context changes as lines are matched (a verified order is done; an invoice's paid sum
 * grows), so one statement with two payments of one invoice is read in order.
 */
import { formatPln } from '../../widgets/core/format.ts';
import { ksefNumbersIn } from '../admin-shared/ksef-number.ts';
import { nrbOf, type StatementLine } from './statement.ts';

export interface PendingOrder {
  id: string;
  /** The order's number: its quote's 'KS-2026-000123'. */
  number: string;
  nip: string;
  /** The accounts the register listed for the NIP when the order was made (26 digits each). */
  accounts: string[];
}

export interface OpenInvoice {
  id: string;
  number: string;
  /** Its KSeF number once KSeF accepted it. */
  ksefNumber: string | null;
  buyerNip: string | null;
  dueGr: number;
  paidGr: number;
  dueDate: string;
}

export interface MatchContext {
  orders: PendingOrder[];
  invoices: OpenInvoice[];
  /** Accounts known for a buyer's NIP ('PL…'). */
  accountsByNip: Map<string, Set<string>>;
  verificationGr: number;
}

/** A part of one transfer paying one of the invoices its title names by KSeF number. */
export interface Split {
  invoiceId: string;
  amountGr: number;
}

export type Match =
  | { kind: 'verification'; orderId: string; how: 'title+account'; note: null }
  | {
      kind: 'invoice';
      /** The (first) invoice the line pays. */
      invoiceId: string;
      how: 'ksef' | 'number' | 'amount+nip' | 'amount+account';
      /** When the title names several invoices by KSeF number: what each of them gets. */
      splits?: Split[];
      note: string | null;
    }
  | { kind: null; note: string };

/** Letters and digits only, upper case: how numbers are compared in a title. */
export const compact = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether `number` (compacted) stands in `title` (compacted) not as part of a longer number. */
function names(title: string, number: string): boolean {
  if (!number) return false;
  for (let at = title.indexOf(number); at >= 0; at = title.indexOf(number, at + 1)) {
    const after = title.charAt(at + number.length);
    if (!/\d/.test(after)) return true;
  }
  return false;
}

const pln = (gr: number) => formatPln(gr / 100, 2);

export function matchLine(line: StatementLine, ctx: MatchContext): Match {
  if (line.currency !== 'PLN') return { kind: null, note: `Wpłata w walucie ${line.currency}: przypisz ją ręcznie.` };
  const title = compact(line.title);

  const order = ctx.orders.find((o) => names(title, compact(o.number)));
  if (order) {
    const account = nrbOf(line.payerAccount);
    if (line.amountGr !== ctx.verificationGr)
      return {
        kind: null,
        note: `Tytuł wskazuje zamówienie ${order.number}, ale kwota ${pln(line.amountGr)} nie jest kwotą weryfikacji (${pln(ctx.verificationGr)}): zamówienie nie zostało zweryfikowane.`,
      };
    if (line.payerAccountUnclear)
      return {
        kind: null,
        note: `Przelew weryfikacyjny zamówienia ${order.number}: rachunku nadawcy nie da się odczytać z wyciągu jednoznacznie (pola banku stoją po tytule przelewu albo się powtarzają, a tytuł wpisuje zlecający), więc zamówienie nie zostało zweryfikowane. Rachunek podaje jednoznacznie wyciąg camt.053.`,
      };
    if (!account || !order.accounts.includes(account))
      return {
        kind: null,
        note: `Przelew weryfikacyjny zamówienia ${order.number} z rachunku ${line.payerAccount ?? '(bank go nie podał)'}, którego wykaz podatników VAT nie podaje dla NIP ${order.nip}: zamówienie nie zostało zweryfikowane. Taki przelew niczego nie potwierdza (mógł go wysłać każdy): nie weryfikuj na jego podstawie, poproś firmę o przelew z rachunku z wykazu.`,
      };
    ctx.orders = ctx.orders.filter((o) => o !== order);
    return { kind: 'verification', orderId: order.id, how: 'title+account', note: null };
  }

  const quoted = ksefNumbersIn(line.title);
  const byKsef = quoted.flatMap((q) => ctx.invoices.filter((i) => i.ksefNumber === q.number));
  if (byKsef.length === 1 && byKsef[0]) {
    byKsef[0].paidGr += line.amountGr;
    return { kind: 'invoice', invoiceId: byKsef[0].id, how: 'ksef', note: null };
  }
  if (byKsef[0]) {
    const splits = shareOf(line.amountGr, byKsef);
    for (const split of splits) {
      const invoice = byKsef.find((i) => i.id === split.invoiceId);
      if (invoice) invoice.paidGr += split.amountGr;
    }
    const parts = splits.map((sp) => `${byKsef.find((i) => i.id === sp.invoiceId)?.number} – ${pln(sp.amountGr)}`);
    return {
      kind: 'invoice',
      invoiceId: byKsef[0].id,
      how: 'ksef',
      splits,
      note: `Wpłata rozdzielona według numerów KSeF z tytułu: ${parts.join('; ')}.`,
    };
  }

  const byNumber = ctx.invoices
    .filter((i) => names(title, compact(i.number)))
    .sort((a, b) => compact(b.number).length - compact(a.number).length)[0];
  if (byNumber) {
    byNumber.paidGr += line.amountGr;
    return { kind: 'invoice', invoiceId: byNumber.id, how: 'number', note: null };
  }

  const account = line.payerAccount;
  const candidates = ctx.invoices
    .filter((i) => i.dueGr - i.paidGr === line.amountGr)
    .map((i) => {
      const byNip = !!line.payerNip && i.buyerNip === line.payerNip;
      const byAccount = !!account && !!i.buyerNip && !!ctx.accountsByNip.get(i.buyerNip)?.has(account);
      return { i, how: byNip ? ('amount+nip' as const) : byAccount ? ('amount+account' as const) : undefined };
    })
    .filter((c) => c.how)
    .sort((a, b) => a.i.dueDate.localeCompare(b.i.dueDate) || a.i.number.localeCompare(b.i.number));
  const best = candidates[0];
  if (best?.how) {
    best.i.paidGr += line.amountGr;
    return { kind: 'invoice', invoiceId: best.i.id, how: best.how, note: null };
  }
  const misspelt = quoted.find((q) => !q.valid);
  return {
    kind: null,
    note: misspelt
      ? `Nie rozpoznano: numer KSeF ${misspelt.number} z tytułu ma błędną sumę kontrolną (pomyłka przy przepisywaniu?), a kwota i nadawca nie pasują do żadnej otwartej faktury.`
      : 'Nie rozpoznano: tytuł nie zawiera numeru faktury ani zamówienia, a kwota i nadawca nie pasują do żadnej otwartej faktury.',
  };
}

/**
 * One transfer shared by the invoices its title names, in the order written: each gets what it still
 * asks, as far as the amount goes; the last also gets whatever is left over. Parts of 0 are left out.
 */
export function shareOf(amountGr: number, invoices: Pick<OpenInvoice, 'id' | 'dueGr' | 'paidGr'>[]): Split[] {
  let left = amountGr;
  const splits: Split[] = [];
  invoices.forEach((invoice, at) => {
    const last = at === invoices.length - 1;
    const part = last ? left : Math.min(left, Math.max(0, invoice.dueGr - invoice.paidGr));
    left -= part;
    if (part > 0) splits.push({ invoiceId: invoice.id, amountGr: part });
  });
  return splits;
}
