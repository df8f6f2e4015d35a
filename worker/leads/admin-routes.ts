/**
 * The leads inbox: `GET /api/admin/leads` (filters as query parameters: `kind`, `status`,
 * `from`, `to`, `utm_source`, `utm_campaign`, `partner`, `q`, `owner` = me | none | id,
 * `stage`, `overdue` = 1; a keyset page: `limit`, and `after` = the `next` of the page
 * before), `GET /api/admin/leads.csv` (the same filters, every matching lead, streamed),
 * `GET /api/admin/leads/:id` (everything stored, the notes history), `PATCH /api/admin/leads/:id`
 * (`{status?, notes?, stage?, lostReason?, lostNote?, nextStep?: {kind, dueAt} | null, confirmPast?}`:
 * a next step newly set in the past answers 422 `{error, field, confirm: true}` until confirmed),
 * `POST /api/admin/leads/:id/notes` (`{text}`), `DELETE /api/admin/leads/:id` (the owner's
 * GDPR erasure; worker/admin-shared/roles.ts refuses it to the others).
 */
import { leadHasOrder, orderOfLead } from '../orders/index.ts';
import { Hono, type Context } from 'hono';
import { csvStream } from '../http/csv.ts';
import { pageOf, pageSize, readCursor } from '../http/paging.ts';
import { ADMIN_ERRORS, ORDER_API_ERRORS } from '../http/errors.ts';
import { type LeadKey, findLeads, leadKey } from './model-lead-inbox.ts';
import { eraseLead, leadById } from './model.ts';
import { latestNotes, notesOfLead } from './model-lead-notes.ts';
import { LEAD_CSV_HEADER, leadCsvRow, leadJson, quoteJson } from './lead-view.ts';
import { leadFilterOf } from './lead-filter.ts';
import { PipelineQuestion, PipelineRefusal, recordLeadWork } from './lead-work.ts';
import { leadNoteSchema } from '../admin-shared/pipeline.ts';
import { notificationsOfLead } from '../outbox/index.ts';
import { auditDetails, auditTarget } from '../http/audit-notes.ts';
import { auditView } from '../http/audit-view.ts';
import { quoteOfLead, quoteSummaries } from '../quotes/index.ts';
import { leadUpdateSchema } from '../admin-shared/admin-validation.ts';
import { check } from '../../widgets/core/validation.ts';
import { type AdminEnv, jsonBody } from '../middleware/admin-guard/index.ts';
import type { LeadDetail, LeadList } from '../admin-shared/admin-api.ts';
import { warsawDay } from '../../widgets/core/warsaw-time.ts';

export const leadRoutes = new Hono<AdminEnv>();
/** Mounted at `/leads.csv` (a prefix of its own: Hono joins a sub-app's paths with a slash). */
export const leadCsvRoutes = new Hono<AdminEnv>();

/** The page of the query string (`limit`, `after`), or null when it is not one. */
function pageQuery(c: Context<AdminEnv>): { limit: number; after: LeadKey | undefined } | null {
  const limit = pageSize(c.req.query('limit'));
  const after = readCursor(c.req.query('after'), 2);
  if (limit === undefined || after === 'invalid') return null;
  return { limit, after: after as LeadKey | undefined };
}

leadRoutes.get('/', async (c) => {
  const filter = leadFilterOf(c.req.query(), c.get('session').accountId);
  if ('error' in filter) return c.json({ error: filter.error, field: filter.field }, 400);
  const page = pageQuery(c);
  if (!page) return c.json({ error: ADMIN_ERRORS.badPage }, 400);
  const { rows: leads, next } = pageOf(await findLeads(c.env.DB, filter, page), page.limit, leadKey);
  // The leads are personal data in bulk: one row in the log per view, its later pages counted in it.
  auditView(c, 'leads.view', { rows: leads.length });
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

/** Leads per query of the CSV stream. */
const CSV_PAGE = 500;

/** The leads CSV: every lead the filter matches, streamed page by page (constant memory, no cap). */
leadCsvRoutes.get('/', async (c) => {
  const filter = leadFilterOf(c.req.query(), c.get('session').accountId);
  if ('error' in filter) return c.json({ error: filter.error, field: filter.field }, 400);
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
    const [quotes, notes] = await Promise.all([
      quoteSummaries(
        db,
        page.filter((l) => l.kind === 'quote').map((l) => l.id),
      ),
      latestNotes(db, JSON.stringify(page.map((l) => l.id))),
    ]);
    return page.map((row) => leadCsvRow(row, quotes.get(row.id), notes.get(row.id)));
  };
  const day = warsawDay(new Date());
  return c.body(csvStream(LEAD_CSV_HEADER, nextPage), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="leady-${day}.csv"`,
  });
});

leadRoutes.get('/:id', async (c) => {
  const row = await leadById(c.env.DB, c.req.param('id'));
  if (!row) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const [notifications, quote, notes, order] = await Promise.all([
    notificationsOfLead(c.env.DB, row.id),
    quoteOfLead(c.env.DB, row.id),
    notesOfLead(c.env.DB, row.id),
    orderOfLead(c.env.DB, row.id),
  ]);
  return c.json({
    lead: leadJson(row),
    quote: quote ? quoteJson(quote) : null,
    order,
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
    notes: notes.map((n) => ({ id: n.id, author: n.author, text: n.body, createdAt: n.created_at })),
  } satisfies LeadDetail);
});

leadRoutes.patch('/:id', async (c) => {
  const body = await jsonBody(c);
  if (!body) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(leadUpdateSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error, field: parsed.field }, 400);
  return work(c, parsed.data);
});

leadRoutes.post('/:id/notes', async (c) => {
  const body = await jsonBody(c);
  if (!body) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const parsed = check(leadNoteSchema, body);
  if (!parsed.ok) return c.json({ error: parsed.error }, 400);
  return work(c, { note: parsed.data.text });
});

/** Records a change of a lead's work (pipeline, next step, notes) and answers the lead as it is now. */
async function work(c: Context<AdminEnv>, change: Parameters<typeof recordLeadWork>[2]) {
  const before = await leadById(c.env.DB, c.req.param('id') ?? '');
  if (!before) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const session = c.get('session');
  try {
    const done = await recordLeadWork(c.env.DB, before, change, { accountId: session.accountId, name: session.user });
    auditTarget(c, done.auditName);
    auditDetails(c, done.auditDetails);
  } catch (error) {
    if (error instanceof PipelineRefusal) return c.json({ error: error.message }, 422);
    if (error instanceof PipelineQuestion)
      return c.json({ error: error.message, field: error.field, confirm: true }, 422);
    throw error;
  }
  const row = await leadById(c.env.DB, before.id);
  return c.json({ ok: true, lead: row ? leadJson(row) : undefined });
}

leadRoutes.delete('/:id', async (c) => {
  if (await leadHasOrder(c.env.DB, c.req.param('id'))) return c.json({ error: ORDER_API_ERRORS.leadHasOrder }, 409);
  if (!(await eraseLead(c.env.DB, c.req.param('id')))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ ok: true });
});
