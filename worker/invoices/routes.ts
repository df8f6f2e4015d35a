/**
 * The customer's copy of an invoice behind its secret id: `GET /faktura/<id>` (the printable
 * page, page.tsx) and `GET /faktura/<id>/xml` (the FA(3) XML as issued). Private pages:
 * `noindex`, no referrer, their own CSP (widgets/core/headers.ts `answerKind`).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import type { InvoiceDocument } from './document.ts';
import { KSEF_QR_PRODUCTION } from './kod-i.ts';
import { balancesOf } from '../payments/balances.ts';
import { correctionsOf, invoiceById, ksefStateOf } from './model.ts';
import { invoicePageCsp, renderInvoicePage, renderMissingInvoicePage } from './page.tsx';

/** An invoice id: a random UUID. */
const INVOICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const invoicePage = new Hono<AppEnv>();

const found = (db: D1Database, id: string) => (INVOICE_ID.test(id) ? invoiceById(db, id) : Promise.resolve(null));

invoicePage.get('/:id', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  c.header('Content-Security-Policy', await invoicePageCsp());
  const invoice = await found(c.env.DB, c.req.param('id'));
  if (!invoice?.document) return c.html(renderMissingInvoicePage(), 404);
  const ksef = await ksefStateOf(c.env.DB, invoice.id);
  const original = invoice.kind === 'VAT' && ksef?.status !== 'rejected';
  // An invoice's corrections KSeF has not rejected, and what is owed and paid after them.
  const corrections = original ? await correctionsOf(c.env.DB, invoice.id) : [];
  const kept = [];
  for (const k of corrections) if ((await ksefStateOf(c.env.DB, k.id))?.status !== 'rejected') kept.push(k);
  const [balance] = kept.length ? await balancesOf(c.env.DB, JSON.stringify([invoice.id])) : [];
  return c.html(
    renderInvoicePage({
      id: invoice.id,
      doc: JSON.parse(invoice.document) as InvoiceDocument,
      xmlSha256: invoice.xml_sha256,
      ksefStatus: ksef?.status ?? null,
      ksefNumber: ksef?.ksef_number ?? null,
      qrBase: c.env.KSEF_QR_URL || KSEF_QR_PRODUCTION,
      corrections: kept.map((k) => ({ id: k.id, number: k.number, issueDate: k.issue_date, grossGr: k.gross_gr })),
      balance: balance ? { dueGr: balance.due_gr, paidGr: balance.paid_gr } : null,
    }),
  );
});

invoicePage.get('/:id/xml', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const invoice = await found(c.env.DB, c.req.param('id'));
  if (!invoice) return c.html(renderMissingInvoicePage(), 404);
  return c.body(invoice.xml, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': `attachment; filename="${invoice.number.replace(/[^\w-]/g, '_')}.xml"`,
  });
});
