/**
 * A bank statement file in (`POST /api/admin/bank-statements`): every statement of the file
 * read (parse.ts), each credit line given its identity (statement.ts `lineKeys`) and, when
 * no earlier import has it, matched (matching.ts) and stored in one D1 batch per statement
 * with what it causes: an order verified by its transfer (the orders feature's statement,
 * guarded by the line stored as that order's verification) and the signer's e-mail. A
 * statement is imported once, by its identity (account, number, sequence): the same file
 * again, or a parallel upload of it, answers 409 "Ten wyciąg już wczytano" and writes
 * nothing; within a new statement every line is kept (only a line with a bank reference
 * another statement stored is a duplicate).
 */
import type { BankLine, StatementImport } from '../admin-shared/admin-api-payments.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { verifiedMail } from '../orders/emails.ts';
import { sha256Hex } from '../http/auth.ts';
import {
  ordersAwaitingVerification,
  registerAnswerOf,
  verifiedBy,
  verifiedByTransferStatement,
} from '../orders/verification.ts';
import { notificationIfStatement } from '../outbox/statements.ts';
import { orderLinks } from '../orders/flow.ts';
import { type PaymentsEnv, verificationTransfer } from './config.ts';
import { type Match, type MatchContext, matchLine } from './matching.ts';
import {
  type LineWithNames,
  type NewBankLine,
  balancesOf,
  knownAccountsOfNips,
  isStatementClaimed,
  knownLineKeys,
  knownStatements,
  linesByKeys,
  lineStatement,
  openInvoices,
  paymentState,
  statementStatement,
} from './model.ts';
import { parseStatementFile } from './parse.ts';
import { STATEMENT_ERRORS, decodeStatement, lineKeys } from './statement.ts';

export type ImportOutcome = { ok: true; result: StatementImport } | { ok: false; error: string; status: 400 | 409 };

/** The context the matching starts from: unverified signed orders, open invoices and the accounts known for their buyers. */
async function matchContext(env: Env & PaymentsEnv): Promise<MatchContext> {
  const [orders, invoices] = await Promise.all([ordersAwaitingVerification(env.DB), openInvoices(env.DB)]);
  const nips = [...new Set(invoices.map((i) => i.buyer_nip).filter((n): n is string => !!n))];
  return {
    orders: orders.map((o) => ({
      id: o.id,
      number: o.quote_number,
      nip: o.company_nip,
      accounts: registerAnswerOf(o)?.accountNumbers ?? [],
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      buyerNip: i.buyer_nip,
      dueGr: i.due_gr,
      paidGr: i.paid_gr,
      dueDate: i.due_date,
    })),
    accountsByNip: await knownAccountsOfNips(env.DB, nips),
    verificationGr: verificationTransfer(env).amountGr,
  };
}

export async function importStatementFile(
  env: Env & PaymentsEnv,
  bytes: Uint8Array,
  uploadedBy: string,
  origin: string,
): Promise<ImportOutcome> {
  if (bytes.length === 0) return { ok: false, error: STATEMENT_ERRORS.empty, status: 400 };
  const text = decodeStatement(bytes);
  const parsed = parseStatementFile(text);
  if (!parsed.ok) return { ...parsed, status: 400 };
  const fileSha256 = await sha256Hex(text);
  const ctx = await matchContext(env);
  const pending = new Map((await ordersAwaitingVerification(env.DB)).map((o) => [o.id, o]));
  const totals = { lines: 0, matched: 0, unmatched: 0, duplicates: 0 };
  const allKeys: string[] = [];
  const statements: StatementImport['statements'] = [];
  const mails: number[] = [];
  const seenInFile = new Set<string>();
  const knownStatementIds = await knownStatements(
    env.DB,
    parsed.statements.map((s) => s.identity),
  );
  let seenStatements = 0;

  for (const statement of parsed.statements) {
    const keys = await lineKeys(statement);
    const credits = statement.lines.map((line, i) => ({ line, key: keys[i] ?? '' })).filter((c) => c.line.amountGr > 0);
    // A statement imported before (or twice in this file) is not read again: all its lines are duplicates.
    const seenBefore = () => {
      seenStatements++;
      totals.lines += credits.length;
      totals.duplicates += credits.length;
    };
    if (knownStatementIds.has(statement.identity) || seenInFile.has(statement.identity)) {
      seenBefore();
      continue;
    }
    seenInFile.add(statement.identity);
    const known = await knownLineKeys(
      env.DB,
      credits.map((c) => c.key),
    );
    const id = crypto.randomUUID();
    const counts = { lines: credits.length, matched: 0, unmatched: 0, duplicates: 0 };
    const rows: NewBankLine[] = [];
    for (const { line, key } of credits) {
      if (known.has(key) || seenInFile.has(key)) {
        counts.duplicates++;
        continue;
      }
      seenInFile.add(key);
      const match: Match = matchLine(line, ctx);
      if (match.kind) counts.matched++;
      else counts.unmatched++;
      rows.push({
        key,
        ...line,
        matchKind: match.kind,
        matchHow: match.kind ? match.how : null,
        orderId: match.kind === 'verification' ? match.orderId : null,
        invoiceId: match.kind === 'invoice' ? match.invoiceId : null,
        note: match.note,
      });
    }
    const at = new Date();
    const batch: D1PreparedStatement[] = [
      statementStatement(env.DB, {
        id,
        identity: statement.identity,
        format: statement.format,
        account: statement.account,
        reference: statement.reference,
        fileSha256,
        uploadedBy,
        ...counts,
      }),
    ];
    let mailsAt: number[] = [];
    for (const row of rows) {
      batch.push(lineStatement(env.DB, id, row));
      const order = row.orderId ? pending.get(row.orderId) : undefined;
      if (!order) continue;
      batch.push(verifiedByTransferStatement(env.DB, order.id, at, row.key));
      mailsAt = [...mailsAt, batch.length];
      batch.push(
        notificationIfStatement(
          env.DB,
          order.lead_id,
          verifiedMail(
            order,
            order.quote_number,
            `przelew z rachunku ${row.payerAccount}`,
            orderLinks(origin, order.quote_id),
          ),
          verifiedBy(order.id, at),
        ),
      );
    }
    // One transaction: a parallel import of the same statement that claimed its identity first
    // makes this batch fail whole, and this upload writes nothing of it.
    let results: D1Result[];
    try {
      results = await env.DB.batch(batch);
    } catch (error) {
      if (!isStatementClaimed(error)) throw error;
      seenBefore();
      continue;
    }
    for (const c of credits) allKeys.push(c.key);
    for (const i of mailsAt) {
      const mailId = (results[i]?.results[0] as { id: number } | undefined)?.id;
      if (mailId !== undefined) mails.push(mailId);
    }
    statements.push({ id, format: statement.format, account: statement.account, reference: statement.reference });
    totals.lines += counts.lines;
    totals.matched += counts.matched;
    totals.unmatched += counts.unmatched;
    totals.duplicates += counts.duplicates;
  }
  if (statements.length === 0 && seenStatements > 0) return { ok: false, error: STATEMENT_ERRORS.seen, status: 409 };
  for (const id of mails) await enqueueNotification(env, id);
  return { ok: true, result: { ...totals, statements, results: await storedLines(env.DB, allKeys) } };
}

/** Lines by their keys as stored now, with their invoice's payment state, in the file's order. */
async function storedLines(db: D1Database, keys: string[]): Promise<BankLine[]> {
  return bankLinesOf(db, await linesByKeys(db, keys), keys);
}

/** Stored lines as the admin API answers them, with each matched invoice's state today; in `order` of keys when given. */
export async function bankLinesOf(db: D1Database, rows: LineWithNames[], order?: string[]): Promise<BankLine[]> {
  const invoiceIds = [...new Set(rows.map((r) => r.invoice_id).filter((id): id is string => !!id))];
  const today = warsawToday();
  const states = new Map((await balancesOf(db, JSON.stringify(invoiceIds))).map((b) => [b.id, paymentState(b, today)]));
  const byKey = new Map(rows.map((r) => [r.line_key, r]));
  const sorted = order ? [...new Set(order)].map((k) => byKey.get(k)).filter((r): r is LineWithNames => !!r) : rows;
  return sorted.map((r) => ({
    id: r.id,
    bookedOn: r.booked_on,
    amount: r.amount_gr / 100,
    currency: r.currency,
    title: r.title,
    payerName: r.payer_name,
    payerAccount: r.payer_account,
    payerNip: r.payer_nip,
    bankReference: r.bank_reference,
    match: r.match_kind,
    how: r.match_how,
    order: r.order_number,
    orderId: r.order_id,
    invoice: r.invoice_number,
    invoiceState: r.invoice_id ? (states.get(r.invoice_id) ?? null) : null,
    matchedBy: r.matched_by,
    matchedAt: r.matched_at,
    note: r.note,
  }));
}
