/**
 * The team's payments (DESIGN §9):
 *  - `POST /api/admin/bank-statements` (owner): a statement file, MT940 or camt.053, as the
 *    `file` of a multipart form or as the raw body → `{lines, matched, unmatched,
 *    duplicates, statements, results}`; a statement is imported once (by its account, number
 *    and sequence): the same file again, or a parallel upload of it, answers 409;
 *    a file of more than 1 000 credit lines answers 202 at once and is imported in the
 *    background in parts (background.ts);
 *  - `GET /api/admin/bank-statements` the latest imports, with the progress of those in the background;
 *    `POST /api/admin/bank-statements/:id/retry` queues a failed one's remaining parts again (202, or 409);
 *  - `GET /api/admin/bank-statements/lines` credit lines waiting for the team (a keyset page);
 *  - `POST /api/admin/bank-statements/lines/:id {invoice?, note}` the team's decision on a
 *    waiting line: the invoice it pays (by number), or set aside with a note; audited;
 *  - `GET /api/admin/payments/invoices?state=overdue|open|all` invoices with what they ask,
 *    what came in and their state (owner, sales).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  type BankLinePage,
  type InvoicePayment,
  type InvoicePaymentPage,
  PAYMENT_LIMITS,
  type StatementProgress,
} from '../admin-shared/admin-api-payments.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { check, plainObject, wellFormed } from '../../widgets/core/validation.ts';
import { ADMIN_ERRORS } from '../http/errors.ts';
import { pageOf, pageRequest } from '../http/paging.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { auditDetails, auditTarget } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import { bankLinesOf, enqueueParts, importStatementFile } from './import.ts';
import { retryFailedStatement } from './model-statement-parts.ts';
import {
  type InvoiceKey,
  type LineKey,
  assignLine,
  invoiceBalances,
  invoiceByNumber,
  invoiceKey,
  latestStatements,
  lineById,
  lineKey,
  lineWithNames,
  openLines,
  paymentState,
} from './model.ts';
import { businessDaysAfter } from './overdue.ts';

/** The largest statement file taken: a month of a busy account in camt.053 is well under it. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const PAYMENT_ERRORS = {
  file: 'Wybierz plik wyciągu bankowego (MT940 albo camt.053).',
  tooLarge: `Plik wyciągu jest za duży (najwyżej ${STATEMENT_MAX_BYTES / 1024 / 1024} MB). Pobierz z banku wyciąg za krótszy okres.`,
  note: `Wpisz notatkę (${PAYMENT_LIMITS.noteMin}–${PAYMENT_LIMITS.noteMax} znaków): dlaczego ta wpłata należy do tej faktury albo dlaczego ją odkładasz.`,
  invoice: 'Nie ma faktury o tym numerze.',
  line: 'Ta wpłata została już przypisana. Odśwież listę.',
  state: 'Nieprawidłowy filtr faktur (overdue, open albo all).',
  notFailed: 'Ten wyciąg nie czeka na ponowne wczytanie: wczytał się albo wciąż się wczytuje. Odśwież listę.',
} as const;

export const bankStatementRoutes = new Hono<AdminEnv>();

const actor = (c: { get(key: 'session'): AdminEnv['Variables']['session'] }) => {
  const s = c.get('session');
  return s.email === 'admin' ? s.user : `${s.user} <${s.email}>`;
};

bankStatementRoutes.post(
  '/',
  bodyLimit({
    maxSize: STATEMENT_MAX_BYTES,
    onError: (c) => c.json({ error: PAYMENT_ERRORS.tooLarge, field: 'file' }, 413),
  }),
  async (c) => {
    const type = c.req.header('Content-Type') ?? '';
    let bytes: Uint8Array;
    let name = '';
    if (/^multipart\/form-data/i.test(type)) {
      const form = await c.req.parseBody().catch(() => undefined);
      const file = form?.file;
      if (!(file instanceof File)) return c.json({ error: PAYMENT_ERRORS.file, field: 'file' }, 400);
      bytes = new Uint8Array(await file.arrayBuffer());
      name = file.name;
    } else bytes = new Uint8Array(await c.req.arrayBuffer());
    const imported = await importStatementFile(c.env, bytes, actor(c), new URL(c.req.url).origin);
    if (!imported.ok) return c.json({ error: imported.error, field: 'file' }, imported.status);
    const { lines, matched, unmatched, duplicates, statements } = imported.result;
    auditDetails(c, {
      file: name || null,
      lines,
      matched,
      unmatched,
      duplicates,
      statements: statements.map((s) => s.id),
      ...(imported.result.background ? { background: imported.result.background } : {}),
    });
    return c.json(imported.result, imported.result.background ? 202 : 201);
  },
);

bankStatementRoutes.get('/', async (c) => {
  const statements: StatementProgress[] = (await latestStatements(c.env.DB)).map((s) => ({
    id: s.id,
    reference: s.reference,
    state: s.state,
    parts: s.parts,
    partsDone: s.parts_done,
    lines: s.lines,
    matched: s.matched,
    unmatched: s.unmatched,
    duplicates: s.duplicates,
    error: s.error,
    createdAt: s.created_at,
  }));
  return c.json({ statements });
});

/** A statement whose background import failed: its parts still staged are queued again (audited). */
bankStatementRoutes.post('/:id/retry', async (c) => {
  const id = c.req.param('id');
  const parts = await retryFailedStatement(c.env.DB, id);
  if (parts.length === 0) return c.json({ error: PAYMENT_ERRORS.notFailed }, 409);
  await enqueueParts(c.env.STATEMENT_QUEUE, id, parts);
  auditTarget(c, id);
  auditDetails(c, { parts });
  return c.json({ id, parts }, 202);
});

bankStatementRoutes.get('/lines', async (c) => {
  const page = pageRequest<LineKey>(c.req.query('limit'), c.req.query('after'), 2);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const found = await openLines(c.env.DB, page);
  const { rows, next } = pageOf(found, page.limit, lineKey);
  const answer: BankLinePage = { lines: await bankLinesOf(c.env.DB, rows), limit: page.limit, next };
  // Payers' names, accounts and titles in bulk: a view in the audit log.
  auditView(c, 'bank-statements.view', { rows: answer.lines.length });
  return c.json(answer);
});

const NOTE = v.pipe(
  v.string(PAYMENT_ERRORS.note),
  wellFormed(PAYMENT_ERRORS.note),
  v.trim(),
  v.minLength(PAYMENT_LIMITS.noteMin, PAYMENT_ERRORS.note),
  v.maxLength(PAYMENT_LIMITS.noteMax, PAYMENT_ERRORS.note),
);
const assignSchema = plainObject(
  {
    invoice: v.optional(
      v.pipe(v.string(PAYMENT_ERRORS.invoice), v.trim(), v.maxLength(PAYMENT_LIMITS.invoice, PAYMENT_ERRORS.invoice)),
    ),
    note: NOTE,
  },
  PAYMENT_ERRORS.note,
);

bankStatementRoutes.post('/lines/:id', async (c) => {
  const id = Number(c.req.param('id'));
  const line = Number.isInteger(id) && id > 0 ? await lineById(c.env.DB, id) : null;
  if (!line) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(assignSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field ?? 'note' }, 400);
  const number = parsed.data.invoice || undefined;
  const invoice = number ? await invoiceByNumber(c.env.DB, number) : null;
  if (number && !invoice) return c.json({ error: PAYMENT_ERRORS.invoice, field: 'invoice' }, 400);
  if (line.match_kind !== null) return c.json({ error: PAYMENT_ERRORS.line }, 409);
  const done = await assignLine(c.env.DB, id, invoice?.id ?? null, actor(c), parsed.data.note);
  if (!done) return c.json({ error: PAYMENT_ERRORS.line }, 409);
  auditDetails(c, {
    line: id,
    amount: line.amount_gr / 100,
    bankReference: line.bank_reference,
    invoice: invoice?.number ?? null,
    decision: invoice ? 'przypisana do faktury' : 'odłożona',
    note: parsed.data.note,
  });
  const row = await lineWithNames(c.env.DB, id);
  return c.json({ ok: true, line: row ? (await bankLinesOf(c.env.DB, [row]))[0] : null });
});

export const paymentRoutes = new Hono<AdminEnv>();

paymentRoutes.get('/invoices', async (c) => {
  const state = c.req.query('state') || 'overdue';
  if (state !== 'overdue' && state !== 'open' && state !== 'all') return c.json({ error: PAYMENT_ERRORS.state }, 400);
  const page = pageRequest<InvoiceKey>(c.req.query('limit'), c.req.query('after'), 2);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const today = warsawToday();
  const found = await invoiceBalances(c.env.DB, state, today, page);
  const { rows, next } = pageOf(found, page.limit, invoiceKey);
  const invoices: InvoicePayment[] = rows.map((r) => ({
    id: r.id,
    number: r.number,
    contract: r.contract_number,
    company: r.company,
    billingEmail: r.billing_email,
    period: r.period,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    due: r.due_gr / 100,
    paid: r.paid_gr / 100,
    left: Math.max(0, r.due_gr - r.paid_gr) / 100,
    state: paymentState(r, today),
    daysOverdue: paymentState(r, today) === 'overdue' ? businessDaysAfter(r.due_date, today) : 0,
    reminders: r.reminders,
    lastReminderAt: r.last_reminder_at,
  }));
  const answer: InvoicePaymentPage = { invoices, limit: page.limit, next };
  // Customers' invoices, e-mails and payment states in bulk: a view in the audit log.
  auditView(c, 'payments.view', { rows: invoices.length, state });
  return c.json(answer);
});
