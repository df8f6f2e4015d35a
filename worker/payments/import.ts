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
import { funnelStatements } from '../funnel/index.ts';
import type { BankLine, StatementImport } from '../admin-shared/admin-api-payments.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { enqueueNotification } from '../outbox/delivery.ts';
import { sha256Hex } from '../http/auth.ts';
import { ordersAwaitingVerification, registerAnswerOf, verifiedByTransferStatements } from '../orders/verification.ts';
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
  splitStatement,
  openInvoices,
  paymentState,
  statementStatement,
} from './model.ts';
import { stagePartStatement } from './model-statement-parts.ts';
import { parseStatementFile } from './parse.ts';
import { STATEMENT_ERRORS, type StatementLine, decodeStatement, lineKeys } from './statement.ts';

/** A credit line of a statement with its identity. */
export interface KeyedLine {
  line: StatementLine;
  key: string;
}

/** What the lines pay (matched in order; `ctx` changes as they are), leaving out keys `known` or `seen` (which it grows). */
export function matchedRows(
  credits: KeyedLine[],
  known: Set<string>,
  seen: Set<string>,
  ctx: MatchContext,
): { counts: { lines: number; matched: number; unmatched: number; duplicates: number }; rows: NewBankLine[] } {
  const counts = { lines: credits.length, matched: 0, unmatched: 0, duplicates: 0 };
  const rows: NewBankLine[] = [];
  for (const { line, key } of credits) {
    if (known.has(key) || seen.has(key)) {
      counts.duplicates++;
      continue;
    }
    seen.add(key);
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
      splits: match.kind === 'invoice' ? (match.splits ?? []) : [],
      note: match.note,
    });
  }
  return { counts, rows };
}

/**
 * Adds to `batch` the statements that store `rows` under statement `id` and verify the orders
 * they pay (with the signer's e-mail, and the lead won); answers the batch indexes of the e-mails' inserts.
 */
export async function linesBatch(
  db: D1Database,
  batch: D1PreparedStatement[],
  id: string,
  rows: NewBankLine[],
  pending: Map<string, PendingOrderRow>,
  origin: string,
  at: Date,
): Promise<number[]> {
  const mailsAt: number[] = [];
  for (const row of rows) {
    batch.push(lineStatement(db, id, row));
    // A transfer that names several invoices by KSeF number: what each of them gets.
    for (const split of row.splits) batch.push(splitStatement(db, row.key, split));
    const order = row.orderId ? pending.get(row.orderId) : undefined;
    if (!order) continue;
    // The orders feature's own statements: the order verified, the signer's e-mail, the lead won.
    const verified = await verifiedByTransferStatements(db, order, {
      lineKey: row.key,
      payerAccount: row.payerAccount ?? '',
      origin,
      at,
    });
    mailsAt.push(batch.length + verified.mailIndex);
    batch.push(...verified.statements);
  }
  return mailsAt;
}

type PendingOrderRow = Awaited<ReturnType<typeof ordersAwaitingVerification>>[number];

/** The orders waiting for their transfer, by id. */
export const pendingOrders = async (db: D1Database): Promise<Map<string, PendingOrderRow>> =>
  new Map((await ordersAwaitingVerification(db)).map((o) => [o.id, o]));

/** Credit lines in a file above which it is imported in the background (worker/payments/background.ts). */
export const BACKGROUND_LINES = 1000;
/** Credit lines per part (one queue message, one D1 batch). */
export const PART_LINES = 500;

/** The body of a `STATEMENT_QUEUE` message. */
export interface StatementPartJob {
  statementId: string;
  part: number;
}

/** The statements that stage a statement's parts (after its row's claim, in the same batch). */
function partStatements(db: D1Database, statementId: string, credits: KeyedLine[], origin: string) {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < credits.length; i += PART_LINES)
    statements.push(
      stagePartStatement(db, statementId, i / PART_LINES + 1, JSON.stringify(credits.slice(i, i + PART_LINES)), origin),
    );
  return statements;
}

/** Puts a statement's parts on the queue (100 messages per send). */
/** A message per part (`parts`: how many, numbered from 1, or the part numbers themselves). */
export async function enqueueParts(
  queue: Queue<StatementPartJob>,
  statementId: string,
  parts: number | readonly number[],
): Promise<void> {
  const numbers = typeof parts === 'number' ? Array.from({ length: parts }, (_, i) => i + 1) : parts;
  const jobs = numbers.map((part) => ({ body: { statementId, part } }));
  for (let i = 0; i < jobs.length; i += 100) await queue.sendBatch(jobs.slice(i, i + 100));
}

export type ImportOutcome = { ok: true; result: StatementImport } | { ok: false; error: string; status: 400 | 409 };

/** The context the matching starts from: unverified signed orders, open invoices and the accounts known for their buyers. */
export async function matchContext(env: Env & PaymentsEnv): Promise<MatchContext> {
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
      ksefNumber: i.ksef_number,
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
  const pending = await pendingOrders(env.DB);
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
  const credited = parsed.statements.reduce((n, st) => n + st.lines.filter((l) => l.amountGr > 0).length, 0);
  const background = credited > BACKGROUND_LINES;
  let parts = 0;

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
    if (background) {
      const id = crypto.randomUUID();
      const staged = partStatements(env.DB, id, credits, origin);
      try {
        await env.DB.batch([
          statementStatement(env.DB, {
            id,
            identity: statement.identity,
            format: statement.format,
            account: statement.account,
            reference: statement.reference,
            fileSha256,
            uploadedBy,
            lines: credits.length,
            matched: 0,
            unmatched: 0,
            duplicates: 0,
            parts: staged.length,
          }),
          ...staged,
        ]);
      } catch (error) {
        if (!isStatementClaimed(error)) throw error;
        seenBefore();
        continue;
      }
      await enqueueParts(env.STATEMENT_QUEUE, id, staged.length);
      parts += staged.length;
      totals.lines += credits.length;
      statements.push({ id, format: statement.format, account: statement.account, reference: statement.reference });
      continue;
    }
    const known = await knownLineKeys(
      env.DB,
      credits.map((c) => c.key),
    );
    const id = crypto.randomUUID();
    const { counts, rows } = matchedRows(credits, known, seenInFile, ctx);
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
    const mailsAt = await linesBatch(env.DB, batch, id, rows, pending, origin, at);
    // "Od kliknięcia do przelewu": the orders verified and the invoices paid by this statement's lines.
    batch.push(...funnelStatements(env.DB, { statement: id }));
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
  if (background) return { ok: true, result: { ...totals, statements, results: [], background: { parts } } };
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
