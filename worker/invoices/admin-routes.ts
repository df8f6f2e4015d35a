/**
 * The invoices in the admin (`/api/admin/invoices`; shapes checked outside the repository):
 *  - `POST /issue` `{period: 'YYYY-MM'}` (owner) → `{issued, skipped}`: the month's run (issue.ts):
 *    its fees in advance with last month's pages, and last month's invoices left to issue, once
 *    per contract and month; a month not begun yet: 400;
 *  - `GET /?period=YYYY-MM` → `{invoices: [{id, number, contract, period, net, vat, gross,
 *    ksefStatus, ksefNumber?}], next}`: a keyset page by number (`limit`, `after`), money in zł;
 *  - `GET /:id/xml` → the FA(3) XML as issued; `GET /:id/upo` → KSeF's UPO once received;
 *  - `GET /export.zip?period=` → every XML of the month in one ZIP; `GET /export.csv?period=`
 *    → the accountant's CSV (export.ts), figure for figure the invoices;
 *  - `POST /:id/correction` `{reason}` (owner) → `{id, number}` of the correction (correct.ts);
 *  - `POST /:id/reissue` (owner) → `{id, number, issueDate}`: an invoice KSeF rejected, made
 *    again from the corrected data with the same number, queued for KSeF (reissue.ts);
 *  - `GET /ksef-warnings` → `{warnings: [{code, message, path, firstSeen, lastSeen, seen}]}`:
 *    KSeF's `X-System-Warning`s of the last 7 days, the latest first.
 * Every download is audited, naming the invoice by its number (its id is the secret of the
 * customer's copy).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { Zip, ZipPassThrough } from 'fflate';
import { csvStream } from '../http/csv.ts';
import { ADMIN_ERRORS, INVOICE_ERRORS } from '../http/errors.ts';
import { keysetPages, pageOf, pageRequest } from '../http/paging.ts';
import { auditDetails, auditRead, auditTarget } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import { check } from '../../widgets/core/validation.ts';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { toPln } from '../../widgets/core/pricing.ts';
import type { InvoiceList, InvoiceListed, InvoicesIssued, KsefWarningList } from '../admin-shared/admin-api.ts';
import { INVOICE_LIMITS } from '../admin-shared/admin-api-invoices.ts';
import { correctInvoice } from './correct.ts';
import { reissueInvoice } from './reissue.ts';
import { INVOICE_COLUMNS, type InvoiceSums, invoiceLines, totalRow } from './export.ts';
import { issueRunPart } from './issue.ts';
import { enqueueKsef } from './ksef/queue.ts';
import { recentWarnings } from './ksef/model-ksef-warnings.ts';
import {
  type InvoiceKey,
  type InvoiceListedRow,
  invoiceById,
  invoiceKey,
  invoiceXmlsOfPeriod,
  invoicesOfPeriod,
  ksefStateOf,
} from './model.ts';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Invoices per page of a download (each page one query). */
const EXPORT_PAGE = 200;

const periodSchema = v.object(
  { period: v.pipe(v.string(INVOICE_ERRORS.period), v.regex(PERIOD, INVOICE_ERRORS.period)) },
  INVOICE_ERRORS.period,
);
const reasonSchema = v.object(
  {
    reason: v.pipe(
      v.string(INVOICE_ERRORS.reason),
      v.trim(),
      v.nonEmpty(INVOICE_ERRORS.reason),
      v.maxLength(INVOICE_LIMITS.reason, INVOICE_ERRORS.reason),
      v.check((s) => !/[\r\n]/.test(s), INVOICE_ERRORS.reason),
    ),
  },
  INVOICE_ERRORS.reason,
);

/** An invoice as the register lists it: money in zł, the KSeF number only once there is one. */
export const asListed = (r: InvoiceListedRow): InvoiceListed => ({
  id: r.id,
  number: r.number,
  contract: r.contract_number,
  period: r.period,
  net: toPln(r.net_gr),
  vat: toPln(r.vat_gr),
  gross: toPln(r.gross_gr),
  ksefStatus: r.ksef_status ?? 'queued',
  ...(r.ksef_number ? { ksefNumber: r.ksef_number } : {}),
  ...(r.ksef_status === 'rejected'
    ? { ksefError: [r.ksef_code, r.ksef_error].filter((x) => x !== null && x !== '').join(' ') || 'odrzucona' }
    : {}),
  kind: r.kind,
});

/** 'FV/2026/000123' → 'FV_2026_000123.xml'. */
const fileName = (number: string, ext: string): string => `${number.replace(/[^\w-]/g, '_')}.${ext}`;

export const invoiceRoutes = new Hono<AdminEnv>();

invoiceRoutes.post('/issue', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(periodSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: 'period' }, 400);
  const { period } = parsed.data;
  if (period > warsawToday().slice(0, 7)) return c.json({ error: INVOICE_ERRORS.periodNotBegun, field: 'period' }, 400);
  const { next, ...counts } = await issueRunPart(c.env.DB, period, {
    createdBy: c.get('session').user,
    onWritten: (ids) => enqueueKsef(c.env, ids),
  });
  const result: InvoicesIssued = { ...counts, more: next !== undefined };
  auditDetails(c, { period, ...result });
  return c.json(result);
});

invoiceRoutes.get('/', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: INVOICE_ERRORS.period }, 400);
  const page = pageRequest<InvoiceKey>(c.req.query('limit'), c.req.query('after'), 1);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const rows = await invoicesOfPeriod(c.env.DB, period, page);
  const { rows: shown, next } = pageOf(rows, page.limit, invoiceKey);
  // The month's invoices (buyers, amounts) in bulk: a view in the audit log.
  auditView(c, 'invoices.view', { rows: shown.length, period });
  return c.json({ invoices: shown.map(asListed), next } satisfies InvoiceList);
});

invoiceRoutes.post('/:id/reissue', async (c) => {
  const result = await reissueInvoice(c.env.DB, c.req.param('id'), { by: c.get('session').user });
  if (!result.ok) {
    if (result.reason === 'not-found') return c.json({ error: INVOICE_ERRORS.notFound }, 404);
    if (result.reason === 'schema') return c.json({ error: INVOICE_ERRORS.schema(result.problems) }, 422);
    if (result.reason === 'not-rejected')
      return c.json({ error: INVOICE_ERRORS.notRejected(result.number ?? '') }, 409);
    if (result.reason === 'correction') return c.json({ error: INVOICE_ERRORS.reissueCorrection }, 409);
    if (result.reason === 'raced') return c.json({ error: INVOICE_ERRORS.reissueRaced }, 409);
    return c.json({ error: INVOICE_ERRORS.nothingToBill }, 409);
  }
  auditTarget(c, result.number);
  auditDetails(c, { reissued: result.number, issueDate: result.issueDate, rejectedFor: result.rejectedFor });
  await enqueueKsef(c.env, [result.id]);
  return c.json({ id: result.id, number: result.number, issueDate: result.issueDate });
});

invoiceRoutes.get('/ksef-warnings', async (c) => {
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const rows = await recentWarnings(c.env.DB, since);
  return c.json({
    warnings: rows.map((w) => ({
      code: w.code,
      message: w.message,
      path: w.path,
      firstSeen: w.first_seen,
      lastSeen: w.last_seen,
      seen: w.seen,
    })),
  } satisfies KsefWarningList);
});

invoiceRoutes.get('/export.csv', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: INVOICE_ERRORS.period }, 400);
  auditRead(c, 'invoices.export', { period, format: 'csv' });
  const db = c.env.DB;
  const next = keysetPages<InvoiceListedRow, InvoiceKey>(
    (page) => invoicesOfPeriod(db, period, page),
    invoiceKey,
    EXPORT_PAGE,
  );
  const sums: InvoiceSums = { net: 0, vat: 0, gross: 0 };
  let ended = false;
  const lines = async () => {
    if (ended) return null;
    const rows = await next();
    if (rows) return invoiceLines(rows, sums);
    ended = true;
    return [totalRow(sums, period)];
  };
  return c.body(csvStream(INVOICE_COLUMNS, lines), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="faktury-${period}.csv"`,
  });
});

invoiceRoutes.get('/export.zip', async (c) => {
  const period = c.req.query('period') ?? '';
  if (!PERIOD.test(period)) return c.json({ error: INVOICE_ERRORS.period }, 400);
  auditRead(c, 'invoices.export', { period, format: 'zip' });
  const db = c.env.DB;
  const next = keysetPages((page) => invoiceXmlsOfPeriod(db, period, page), invoiceKey, EXPORT_PAGE);
  const encoder = new TextEncoder();
  // Stored, not deflated: the XML of a month streams page by page and the archive holds none of it.
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) controller.error(error);
        else {
          controller.enqueue(chunk);
          if (final) controller.close();
        }
      });
      for (let rows = await next(); rows; rows = await next())
        for (const row of rows) {
          const file = new ZipPassThrough(fileName(row.number, 'xml'));
          zip.add(file);
          file.push(encoder.encode(row.xml), true);
        }
      zip.end();
    },
  });
  return c.body(stream, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="faktury-${period}.zip"`,
  });
});

invoiceRoutes.get('/:id/xml', async (c) => {
  const invoice = await invoiceById(c.env.DB, c.req.param('id'));
  if (!invoice) return c.json({ error: INVOICE_ERRORS.notFound }, 404);
  auditTarget(c, invoice.number);
  auditRead(c, 'invoices.export', { number: invoice.number, format: 'xml' });
  return c.body(invoice.xml, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName(invoice.number, 'xml')}"`,
  });
});

invoiceRoutes.get('/:id/upo', async (c) => {
  const invoice = await invoiceById(c.env.DB, c.req.param('id'));
  if (!invoice) return c.json({ error: INVOICE_ERRORS.notFound }, 404);
  const ksef = await ksefStateOf(c.env.DB, invoice.id);
  if (!ksef?.upo) return c.json({ error: INVOICE_ERRORS.noUpo }, 404);
  auditTarget(c, invoice.number);
  auditRead(c, 'invoices.export', { number: invoice.number, format: 'upo' });
  return c.body(ksef.upo, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="UPO_${fileName(invoice.number, 'xml')}"`,
  });
});

invoiceRoutes.post('/:id/correction', async (c) => {
  const body = await jsonBody(c);
  if (body === undefined) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(reasonSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: 'reason' }, 400);
  const result = await correctInvoice(c.env.DB, c.req.param('id'), {
    reason: parsed.data.reason,
    createdBy: c.get('session').user,
  });
  if (!result.ok) {
    if (result.reason === 'not-found') return c.json({ error: INVOICE_ERRORS.notFound }, 404);
    if (result.reason === 'no-ksef-number')
      return c.json({ error: INVOICE_ERRORS.noKsefNumber(result.number ?? '') }, 409);
    if (result.reason === 'raced') return c.json({ error: INVOICE_ERRORS.correctionRaced }, 409);
    if (result.reason === 'schema') return c.json({ error: INVOICE_ERRORS.schema(result.problems) }, 422);
    return c.json({ error: INVOICE_ERRORS.nothingToCorrect }, 409);
  }
  auditTarget(c, result.number);
  auditDetails(c, { corrects: result.corrects, reason: parsed.data.reason });
  await enqueueKsef(c.env, [result.id]);
  return c.json({ id: result.id, number: result.number }, 201);
});
