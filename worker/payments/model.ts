/**
 * The payments tables (migration 0330): `bank_statements` (one row per statement
 * imported, once by its identity: migration 0460), `bank_lines` (each credit line once, by its identity, with what it paid) and
 * the view `invoice_balances` (what each VAT invoice asks and what came in against it);
 * `invoice_reminders` (an overdue reminder per invoice and step, once) is
 * model-invoice-reminders.ts. The invoices
 * themselves are read only through that view; orders are changed only by the orders
 * feature's statements, which the import puts in its batch.
 */
import { funnelStatements } from '../funnel/index.ts';
import type { PaymentState } from '../admin-shared/admin-api-payments.ts';

export interface BankLineRow {
  id: number;
  line_key: string;
  statement_id: string;
  booked_on: string;
  amount_gr: number;
  currency: string;
  title: string;
  payer_name: string | null;
  payer_account: string | null;
  payer_nip: string | null;
  bank_reference: string | null;
  match_kind: 'verification' | 'invoice' | 'dismissed' | null;
  match_how: string | null;
  order_id: string | null;
  invoice_id: string | null;
  matched_by: string | null;
  matched_at: string | null;
  note: string | null;
  created_at: string;
}

/** A line as an import writes it. */
export interface NewBankLine {
  key: string;
  bookedOn: string;
  amountGr: number;
  currency: string;
  title: string;
  payerName: string | null;
  payerAccount: string | null;
  payerNip: string | null;
  bankReference: string | null;
  matchKind: 'verification' | 'invoice' | null;
  matchHow: string | null;
  orderId: string | null;
  invoiceId: string | null;
  /** The invoices a title names by KSeF number and what each gets (several only; else empty). */
  splits: { invoiceId: string; amountGr: number }[];
  note: string | null;
}

/** Who matched a line the import matched. */
export const AUTOMATIC = 'automatycznie';

/** The keys among `keys` (JSON array) that earlier imports stored. */
export async function knownLineKeys(db: D1Database, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // One JSON parameter per 500 keys: a statement of thousands of lines stays within D1's limits.
  for (let i = 0; i < keys.length; i += 500) {
    const { results } = await db
      .prepare('SELECT line_key FROM bank_lines WHERE line_key IN (SELECT value FROM json_each(?1))')
      .bind(JSON.stringify(keys.slice(i, i + 500)))
      .all<{ line_key: string }>();
    for (const r of results) found.add(r.line_key);
  }
  return found;
}

/** The identities among `identities` that earlier imports stored (`bank_statements.identity`). */
export async function knownStatements(db: D1Database, identities: string[]): Promise<Set<string>> {
  const { results } = await db
    .prepare('SELECT identity FROM bank_statements WHERE identity IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(identities))
    .all<{ identity: string }>();
  return new Set(results.map((r) => r.identity));
}

/** Whether a D1 error is another import's claim of the same statement (the unique `identity`, migration 0460). */
export const isStatementClaimed = (error: unknown): boolean =>
  /UNIQUE constraint failed: bank_statements\.identity/.test(String(error instanceof Error ? error.message : error));

export interface StatementRecord {
  id: string;
  identity: string;
  format: 'mt940' | 'camt053';
  account: string | null;
  reference: string | null;
  fileSha256: string;
  lines: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  uploadedBy: string;
  /** A statement imported in the background: 'importing' in `parts` parts. */
  parts?: number;
}

export const statementStatement = (db: D1Database, s: StatementRecord): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO bank_statements (id, format, account, reference, file_sha256, lines, matched, unmatched, duplicates, uploaded_by, identity,
         state, parts, parts_done)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, CASE WHEN ?12 IS NULL THEN 'done' ELSE 'importing' END, coalesce(?12, 1),
         CASE WHEN ?12 IS NULL THEN 1 ELSE 0 END)`,
    )
    .bind(
      s.id,
      s.format,
      s.account,
      s.reference,
      s.fileSha256,
      s.lines,
      s.matched,
      s.unmatched,
      s.duplicates,
      s.uploadedBy,
      s.identity,
      s.parts ?? null,
    );

/** The statement that stores a line once (a line another import stored meanwhile is left as it is). */
export const lineStatement = (db: D1Database, statementId: string, l: NewBankLine): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO bank_lines (line_key, statement_id, booked_on, amount_gr, currency, title, payer_name, payer_account,
         payer_nip, bank_reference, match_kind, match_how, order_id, invoice_id, matched_by, matched_at, note)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,
         CASE WHEN ?11 IS NULL THEN NULL ELSE ?15 END, CASE WHEN ?11 IS NULL THEN NULL ELSE ?16 END, ?17)
       ON CONFLICT (line_key) DO NOTHING`,
    )
    .bind(
      l.key,
      statementId,
      l.bookedOn,
      l.amountGr,
      l.currency,
      l.title.slice(0, 500),
      l.payerName?.slice(0, 200) ?? null,
      l.payerAccount,
      l.payerNip,
      l.bankReference,
      l.matchKind,
      l.matchHow,
      l.orderId,
      l.invoiceId,
      AUTOMATIC,
      new Date().toISOString(),
      l.note,
    );

/** The part of a line (by its key) that pays one of the invoices its title names by KSeF number. */
export const splitStatement = (
  db: D1Database,
  lineKey: string,
  split: { invoiceId: string; amountGr: number },
): D1PreparedStatement =>
  db
    .prepare(
      'INSERT INTO bank_line_splits (line_key, invoice_id, amount_gr) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING',
    )
    .bind(lineKey, split.invoiceId, split.amountGr);

/** A VAT invoice with what it asks and what came in (the view `invoice_balances`). */
export interface InvoiceBalance {
  id: string;
  number: string;
  contract_id: string;
  period: string;
  issue_date: string;
  due_date: string;
  buyer_nip: string | null;
  gross_gr: number;
  /** Its KSeF number once KSeF accepted it. */
  ksef_number: string | null;
  due_gr: number;
  paid_gr: number;
}

/** The payment state of an invoice on `today` ('YYYY-MM-DD', Warsaw). */
export function paymentState(b: Pick<InvoiceBalance, 'due_gr' | 'paid_gr' | 'due_date'>, today: string): PaymentState {
  if (b.paid_gr >= b.due_gr) return 'paid';
  if (b.due_date < today) return 'overdue';
  return b.paid_gr > 0 ? 'partial' : 'open';
}

/** VAT invoices not yet paid in full, oldest due first, with their KSeF numbers once accepted: what a payment may be for. */
export async function openInvoices(db: D1Database): Promise<InvoiceBalance[]> {
  const { results } = await db
    .prepare('SELECT * FROM invoice_balances WHERE paid_gr < due_gr ORDER BY due_date, number')
    .all<InvoiceBalance>();
  return results;
}

/** The accounts a buyer has paid from or the register lists for it, by NIP: the payer's accounts the amount match trusts. */
export async function knownAccountsOfNips(db: D1Database, nips: string[]): Promise<Map<string, Set<string>>> {
  const map = new Map<string, Set<string>>();
  if (nips.length === 0) return map;
  const { results } = await db
    .prepare(
      `SELECT i.buyer_nip AS nip, b.payer_account AS account FROM bank_lines b JOIN invoices i ON i.id = b.invoice_id
       WHERE b.payer_account IS NOT NULL AND i.buyer_nip IN (SELECT value FROM json_each(?1))
       UNION
       SELECT o.company_nip AS nip, 'PL' || a.value AS account FROM orders o, json_each(coalesce(json_extract(o.register_answer, '$.accountNumbers'), '[]')) a
       WHERE o.company_nip IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(nips))
    .all<{ nip: string; account: string }>();
  for (const r of results) map.set(r.nip, (map.get(r.nip) ?? new Set()).add(r.account));
  return map;
}

export interface InvoiceBalanceRow extends InvoiceBalance {
  contract_number: string | null;
  company: string | null;
  billing_email: string | null;
  reminders: number;
  last_reminder_at: string | null;
}

export type InvoiceKey = [dueDate: string, number: string];
export const invoiceKey = (r: InvoiceBalance): InvoiceKey => [r.due_date, r.number];

/**
 * Invoices by payment state, oldest due first, a keyset page: 'overdue' (past due, not paid
 * in full on `today`), 'open' (everything not paid in full) or 'all'.
 */
export async function invoiceBalances(
  db: D1Database,
  which: 'overdue' | 'open' | 'all',
  today: string,
  { limit, after }: { limit: number; after?: InvoiceKey | undefined },
): Promise<InvoiceBalanceRow[]> {
  const where =
    which === 'overdue'
      ? 'b.paid_gr < b.due_gr AND b.due_date < ?2'
      : which === 'open'
        ? 'b.paid_gr < b.due_gr AND ?2 IS NOT NULL'
        : '?2 IS NOT NULL';
  const { results } = await db
    .prepare(
      `SELECT b.*, c.number AS contract_number, c.company, c.billing_email,
         (SELECT count(*) FROM invoice_reminders r WHERE r.invoice_id = b.id AND r.outbox_id IS NOT NULL) AS reminders,
         (SELECT max(r.created_at) FROM invoice_reminders r WHERE r.invoice_id = b.id) AS last_reminder_at
       FROM invoice_balances b LEFT JOIN contracts c ON c.id = b.contract_id
       WHERE ${where}${after ? ' AND (b.due_date, b.number) > (?3, ?4)' : ''}
       ORDER BY b.due_date, b.number LIMIT ?1`,
    )
    .bind(limit + 1, today, ...(after ?? []))
    .all<InvoiceBalanceRow>();
  return results;
}

/** The balances of some invoices (JSON array of ids), for the panel's and the portal's lists. */
export async function balancesOf(db: D1Database, idsJson: string): Promise<InvoiceBalance[]> {
  const { results } = await db
    .prepare('SELECT * FROM invoice_balances WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY due_date, number')
    .bind(idsJson)
    .all<InvoiceBalance>();
  return results;
}

/** The open invoices (not paid in full) of the contracts billed to `email`, oldest due first. */
export async function openInvoicesOfEmail(
  db: D1Database,
  email: string,
): Promise<(InvoiceBalance & { contract_number: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT b.*, c.number AS contract_number FROM invoice_balances b JOIN contracts c ON c.id = b.contract_id
       WHERE c.billing_email = ?1 AND b.paid_gr < b.due_gr ORDER BY b.due_date, b.number`,
    )
    .bind(email)
    .all<InvoiceBalance & { contract_number: string }>();
  return results;
}

export async function invoiceByNumber(db: D1Database, number: string): Promise<InvoiceBalance | null> {
  return db.prepare('SELECT * FROM invoice_balances WHERE number = ?1').bind(number).first<InvoiceBalance>();
}

export type LineKey = [bookedOn: string, id: number];
export const lineKey = (r: BankLineRow): LineKey => [r.booked_on, r.id];

/** Lines waiting for the team (not matched, not set aside), newest first, a keyset page. */
export async function openLines(
  db: D1Database,
  { limit, after }: { limit: number; after?: LineKey | undefined },
): Promise<LineWithNames[]> {
  const { results } = await db
    .prepare(
      `SELECT b.*, NULL AS invoice_number, NULL AS order_number FROM bank_lines b
       WHERE b.match_kind IS NULL${after ? ' AND (b.booked_on, b.id) < (?2, ?3)' : ''}
       ORDER BY b.booked_on DESC, b.id DESC LIMIT ?1`,
    )
    .bind(limit + 1, ...(after ?? []))
    .all<LineWithNames>();
  return results;
}

/** A line with the invoice's and the order's number it paid. */
export type LineWithNames = BankLineRow & { invoice_number: string | null; order_number: string | null };

/** One line with its names (after the team's decision). */
export async function lineWithNames(db: D1Database, id: number): Promise<LineWithNames | null> {
  return db
    .prepare(
      `SELECT b.*, i.number AS invoice_number, q.number AS order_number FROM bank_lines b
       LEFT JOIN invoices i ON i.id = b.invoice_id LEFT JOIN orders o ON o.id = b.order_id
       LEFT JOIN quotes q ON q.id = o.quote_id WHERE b.id = ?1`,
    )
    .bind(id)
    .first<LineWithNames>();
}

export async function lineById(db: D1Database, id: number): Promise<BankLineRow | null> {
  return db.prepare('SELECT * FROM bank_lines WHERE id = ?1').bind(id).first<BankLineRow>();
}

/** The verification line of an order, for its evidence. */
export async function verificationLineOf(db: D1Database, orderId: string): Promise<BankLineRow | null> {
  return db
    .prepare("SELECT * FROM bank_lines WHERE order_id = ?1 AND match_kind = 'verification' ORDER BY id LIMIT 1")
    .bind(orderId)
    .first<BankLineRow>();
}

/**
 * The team's decision on a waiting line: paid invoice `invoiceId`, or set aside (`invoiceId`
 * null) with the note. Only a line still waiting changes; answers whether it did.
 */
export async function assignLine(
  db: D1Database,
  id: number,
  invoiceId: string | null,
  by: string,
  note: string,
): Promise<boolean> {
  const [result] = await db.batch([
    db
      .prepare(
        `UPDATE bank_lines SET match_kind = ?2, match_how = 'manual', invoice_id = ?3, matched_by = ?4,
           matched_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), note = ?5
         WHERE id = ?1 AND match_kind IS NULL`,
      )
      .bind(id, invoiceId ? 'invoice' : 'dismissed', invoiceId, by, note),
    // "Od kliknięcia do przelewu": what the invoice's lead paid.
    ...funnelStatements(db, { line: id }),
  ]);
  return (result?.meta.changes ?? 0) > 0;
}

export interface StatementRow {
  id: string;
  format: 'mt940' | 'camt053';
  account: string | null;
  reference: string | null;
  file_sha256: string;
  lines: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  uploaded_by: string;
  created_at: string;
  state: 'importing' | 'done' | 'failed';
  parts: number;
  parts_done: number;
  error: string | null;
}

/** The latest imports, newest first. */
export async function latestStatements(db: D1Database, limit = 20): Promise<StatementRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM bank_statements ORDER BY created_at DESC, id LIMIT ?1')
    .bind(limit)
    .all<StatementRow>();
  return results;
}

/** The stored lines of some keys (any number: 500 per query), with their invoice's and order's numbers. */
export async function linesByKeys(db: D1Database, keys: string[]): Promise<LineWithNames[]> {
  const rows: LineWithNames[] = [];
  for (let i = 0; i < keys.length; i += 500) {
    const { results } = await db
      .prepare(
        `SELECT b.*, i.number AS invoice_number, q.number AS order_number FROM bank_lines b
         LEFT JOIN invoices i ON i.id = b.invoice_id LEFT JOIN orders o ON o.id = b.order_id
         LEFT JOIN quotes q ON q.id = o.quote_id
         WHERE b.line_key IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(keys.slice(i, i + 500)))
      .all<LineWithNames>();
    rows.push(...results);
  }
  return rows;
}
