/**
 * The leads inbox: `GET /api/admin/leads` (filters as query parameters: `kind`, `status`,
 * `from`, `to`, `utm_source`, `utm_campaign`, `partner`, `q`; a keyset page: `limit`, and
 * `after` = the `next` of the page before), `GET /api/admin/leads.csv` (the same filters,
 * every matching lead, streamed), `GET /api/admin/leads/:id` (everything
 * stored), `PATCH /api/admin/leads/:id` (`{status?, notes?}`), `DELETE /api/admin/leads/:id`.
 */
import { leadHasOrder } from '../../models/orders.ts';
import { Hono, type Context } from 'hono';
import { csvStream } from '../../http/csv.ts';
import { PAGE, pageOf, pageSize, readCursor } from '../../http/paging.ts';
import { ADMIN_ERRORS, ORDER_API_ERRORS } from '../../http/errors.ts';
import {
  type InboxRow,
  type LeadFilter,
  type LeadKey,
  type LeadKind,
  type LeadRow,
  eraseLead,
  findLeads,
  leadById,
  leadKey,
  updateLead,
} from '../../models/leads.ts';
import { notificationsOfLead } from '../../models/outbox.ts';
import { auditDetails, auditRead } from '../../models/audit.ts';
import { type StoredQuote, quoteOfLead, quoteSummaries } from '../../models/quotes.ts';
import type { QuoteSummary } from '../../../widgets/core/admin-api.ts';
import { leadFilterSchema, leadUpdateSchema } from '../../../widgets/core/admin-validation.ts';
import { check } from '../../../widgets/core/validation.ts';
import { type AdminEnv, jsonBody } from './guard.ts';
import type { LeadDetail, LeadList, LeadQuote, LeadView } from '../../../widgets/core/admin-api.ts';
import { comparisonRows, estimateRows } from '../../../widgets/core/estimate-text.ts';

export const leadRoutes = new Hono<AdminEnv>();

/** The filter of the query string, or the Polish reason it is not one. */
export function filterOf(c: Context<AdminEnv>): LeadFilter | { error: string } {
  const parsed = check(leadFilterSchema, c.req.query());
  if (!parsed.ok) return { error: parsed.error };
  const f = parsed.data;
  return {
    kind: f.kind,
    status: f.status,
    from: f.from,
    to: f.to,
    utmSource: f.utm_source,
    utmCampaign: f.utm_campaign,
    partner: f.partner,
    q: f.q,
  };
}

const parseAttribution = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A lead as the API answers it: attribution as an object, camelCase names. */
export function leadJson(row: LeadRow & { email_state?: string | null }): LeadView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    marketingConsent: row.marketing_consent === 1,
    notes: row.notes,
    attribution: parseAttribution(row.attribution),
    origin: row.origin,
    submissionId: row.submission_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Issue 18: who handles it and when it was first answered (migration 0031).
    assignedTo: (row as { assigned_to?: number | null }).assigned_to ?? null,
    firstResponseAt: (row as { first_response_at?: string | null }).first_response_at ?? null,
    ...(row.email_state === undefined ? {} : { emailState: row.email_state }),
  };
}

/** A stored quote as the panel shows it; `url` is the printable page behind its secret id. */
function quoteJson(q: StoredQuote): LeadQuote {
  const p = q.price;
  return {
    number: q.number,
    url: `/wycena/${q.id}`,
    deviceId: p.deviceId,
    deviceName: p.deviceName,
    level: p.level,
    term: String(p.term),
    paper: p.paper,
    volume: { mono: p.volume.mono, color: p.volume.color ?? null },
    monthlyLimit: p.monthlyLimit,
    colorLimit: p.colorLimit ?? null,
    overage: { mono: p.overageMono, color: p.overageColor ?? null },
    monthlyNet: p.monthlyNet,
    monthlyGross: p.monthlyGross,
    estimatedNet: p.estimatedNet,
    estimatedGross: p.estimatedGross,
    catalogueVersion: q.catalogueVersion,
    nip: q.contact.nip,
    city: q.contact.city,
    marketingConsent: q.contact.marketingConsent,
    createdAt: q.createdAt,
    expiresAt: q.expiresAt,
    /** Issue 16: the estimate and the comparison as the quote page shows them. */
    estimateRows: [...estimateRows(q.estimate), ...comparisonRows(q.comparison)],
  };
}

/** The page of the query string (`limit`, `after`), or null when it is not one. */
function pageQuery(c: Context<AdminEnv>): { limit: number; after: LeadKey | undefined } | null {
  const limit = pageSize(c.req.query('limit'));
  const after = readCursor(c.req.query('after'), 2);
  if (limit === undefined || after === 'invalid') return null;
  return { limit, after: after as LeadKey | undefined };
}

leadRoutes.get('/leads', async (c) => {
  const filter = filterOf(c);
  if ('error' in filter) return c.json({ error: filter.error }, 400);
  const page = pageQuery(c);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows: leads, next } = pageOf(await findLeads(c.env.DB, filter, page), page.limit, leadKey);
  // Reading the list page after page (or in pages larger than the first one's) copies the
  // leads out as an export does, so the log keeps it; the first page of a view is not logged.
  if (leads.length && (page.after || page.limit > PAGE.default))
    auditRead(c, 'leads.list', { rows: leads.length, limit: page.limit, after: page.after ?? null, more: !!next });
  const quotes = await quoteSummaries(
    c.env.DB,
    leads.filter((l) => l.kind === 'quote').map((l) => l.id),
  );
  return c.json({
    leads: leads.map((l) => {
      const q = quotes.get(l.id);
      return {
        ...leadJson(l),
        ...(q ? { quote: q } : {}),
      };
    }),
    limit: page.limit,
    next,
  } satisfies LeadList);
});

const KIND_NAMES: Record<LeadKind, string> = { contact: 'kontakt', quote: 'wycena' };

/** Leads per query of the CSV stream. */
const CSV_PAGE = 500;

const LEAD_CSV_HEADER = [
  'Data',
  'Rodzaj',
  'Status',
  'Imię i nazwisko',
  'E-mail',
  'Telefon',
  'Firma',
  'Wiadomość',
  'Zgoda marketingowa',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'Partner',
  'Strona',
  'Notatki',
  'Stan e-maila',
  'Numer wyceny',
  'Urządzenie',
  'Pakiet',
  'Netto/mies. (zł)',
  'ID',
];

/** One line of the leads CSV: `q` is the lead's quote, when it is one. */
const leadCsvRow = (row: InboxRow, q: QuoteSummary | undefined): unknown[] => {
  const a = parseAttribution(row.attribution) as Record<string, string | undefined>;
  return [
    row.created_at.replace('T', ' ').slice(0, 19),
    KIND_NAMES[row.kind] ?? row.kind,
    row.status,
    row.name,
    row.email,
    row.phone,
    row.company,
    row.message,
    row.marketing_consent === 1 ? 'tak' : 'nie',
    a.utm_source,
    a.utm_medium,
    a.utm_campaign,
    a.partner,
    `${a.origin ?? ''}${a.page ?? ''}`,
    row.notes,
    row.email_state,
    q?.number,
    q?.deviceName,
    q?.level,
    // Polish Excel reads a decimal comma.
    q ? q.monthlyNet.toFixed(2).replace('.', ',') : undefined,
    row.id,
  ];
};

/** The leads CSV: every lead the filter matches, streamed page by page (constant memory, no cap). */
leadRoutes.get('/leads.csv', async (c) => {
  const filter = filterOf(c);
  if ('error' in filter) return c.json({ error: filter.error }, 400);
  const db = c.env.DB;
  let after: LeadKey | undefined;
  let done = false;
  const nextPage = async () => {
    if (done) return null;
    const found = await findLeads(db, filter, { limit: CSV_PAGE, after });
    const page = found.slice(0, CSV_PAGE);
    done = found.length <= CSV_PAGE;
    const last = page.at(-1);
    if (last) after = leadKey(last);
    const quotes = await quoteSummaries(
      db,
      page.filter((l) => l.kind === 'quote').map((l) => l.id),
    );
    return page.map((row) => leadCsvRow(row, quotes.get(row.id)));
  };
  const day = new Date().toISOString().slice(0, 10);
  return c.body(csvStream(LEAD_CSV_HEADER, nextPage), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="leady-${day}.csv"`,
  });
});

leadRoutes.get('/leads/:id', async (c) => {
  const row = await leadById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const [notifications, quote] = await Promise.all([
    notificationsOfLead(c.env.DB, row.id),
    quoteOfLead(c.env.DB, row.id),
  ]);
  return c.json({
    lead: leadJson(row),
    quote: quote ? quoteJson(quote) : null,
    notifications: notifications.map((n) => ({
      id: n.id,
      recipient: n.recipient,
      subject: n.subject,
      body: n.body,
      state: n.state,
      attempts: n.attempts,
      lastError: n.last_error,
      createdAt: n.created_at,
      sentAt: n.sent_at,
    })),
  } satisfies LeadDetail);
});

leadRoutes.patch('/leads/:id', async (c) => {
  const body = await jsonBody(c);
  if (!body) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(leadUpdateSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  const id = c.req.param('id');
  const before = await leadById(c.env.DB, id);
  if (!before) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const change = parsed.data;
  if (change.status !== undefined && change.status !== before.status)
    auditDetails(c, { status: { from: before.status, to: change.status } });
  if (change.notes !== undefined && change.notes !== before.notes) auditDetails(c, { notes: 'zmienione' });
  if (!(await updateLead(c.env.DB, id, parsed.data))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const row = await leadById(c.env.DB, id);
  return c.json({ ok: true, lead: row ? leadJson(row) : undefined });
});

leadRoutes.delete('/leads/:id', async (c) => {
  if (await leadHasOrder(c.env.DB, c.req.param('id'))) return c.json({ error: ORDER_API_ERRORS.leadHasOrder }, 409);
  if (!(await eraseLead(c.env.DB, c.req.param('id')))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ ok: true });
});
