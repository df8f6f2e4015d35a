/**
 * The leads inbox: `GET /api/admin/leads` (filters as query parameters: `kind`, `status`,
 * `from`, `to`, `utm_source`, `utm_campaign`, `partner`, `q`, `limit`, `offset`),
 * `GET /api/admin/leads.csv` (the same filters), `GET /api/admin/leads/:id` (everything
 * stored), `PATCH /api/admin/leads/:id` (`{status?, notes?}`), `DELETE /api/admin/leads/:id`.
 */
import { Hono, type Context } from 'hono';
import { toCsv } from '../../http/csv.ts';
import {
  type LeadFilter,
  type QuoteRow,
  deleteLead,
  findLeads,
  quoteOfLead,
  quoteSummaries,
} from '../../models/lead-inbox.ts';
import {
  LEAD_STATUSES,
  type LeadKind,
  type LeadRow,
  type LeadStatus,
  leadById,
  setLeadNotes,
  setLeadStatus,
} from '../../models/leads.ts';
import { notificationsOfLead } from '../../models/outbox.ts';
import { ADMIN_ERRORS, type AdminEnv, jsonBody } from './guard.ts';
import { comparisonRows, estimateRows } from '../../../widgets/core/estimate-text.ts';
import type { StoredComparison, StoredEstimate } from '../../../widgets/core/estimate-validation.ts';

/** A JSON column of ours, unreadable → undefined. */
const json = <T>(text: string | null | undefined): T | undefined => {
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
};

export const leadRoutes = new Hono<AdminEnv>();

export const LEAD_ERRORS = {
  date: 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).',
  kind: 'Nieprawidłowy rodzaj zgłoszenia.',
  status: 'Nieprawidłowy status. Dozwolone: nowy, w kontakcie, wygrany, przegrany, spam.',
  notes: 'Notatki mogą mieć najwyżej 5000 znaków.',
  nothing: 'Podaj status lub notatki do zmiany.',
} as const;

const KINDS: readonly LeadKind[] = ['contact', 'quote'];
const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

/** The filter of the query string, or the Polish reason it is not one. */
export function filterOf(c: Context<AdminEnv>): LeadFilter | { error: string } {
  const q = (name: string) => c.req.query(name)?.trim().slice(0, 100) || undefined;
  const kind = q('kind');
  const status = q('status');
  const from = q('from');
  const to = q('to');
  if (kind && !KINDS.includes(kind as LeadKind)) return { error: LEAD_ERRORS.kind };
  if (status && !LEAD_STATUSES.includes(status as LeadStatus)) return { error: LEAD_ERRORS.status };
  if ((from && !isDate(from)) || (to && !isDate(to))) return { error: LEAD_ERRORS.date };
  return {
    kind: kind as LeadKind | undefined,
    status: status as LeadStatus | undefined,
    from,
    to,
    utmSource: q('utm_source'),
    utmCampaign: q('utm_campaign'),
    partner: q('partner'),
    q: q('q'),
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
export function leadJson(row: LeadRow & { email_state?: string | null }) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    notes: row.notes,
    attribution: parseAttribution(row.attribution),
    origin: row.origin,
    submissionId: row.submission_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.email_state === undefined ? {} : { emailState: row.email_state }),
  };
}

/** A stored quote as the panel shows it; `url` is the printable page behind its secret id. */
function quoteJson(q: QuoteRow) {
  return {
    number: q.number,
    url: `/wycena/${q.token}`,
    deviceId: q.device_id,
    deviceName: q.device_name,
    level: q.level,
    term: q.term,
    paper: !!q.paper,
    volume: { mono: q.volume_mono, color: q.volume_color },
    monthlyLimit: q.monthly_limit,
    colorLimit: q.color_limit,
    overage: { mono: q.overage_mono, color: q.overage_color },
    monthlyNet: q.monthly_net,
    monthlyGross: q.monthly_gross,
    estimatedNet: q.estimated_net,
    estimatedGross: q.estimated_gross,
    catalogueVersion: q.catalogue_version,
    nip: q.nip,
    city: q.city,
    marketingConsent: !!q.marketing_consent,
    createdAt: q.created_at,
    expiresAt: q.expires_at,
    /** Issue 16: the estimate and the comparison as the quote page shows them. */
    estimateRows: [
      ...estimateRows(json<StoredEstimate>(q.estimate)),
      ...comparisonRows(json<StoredComparison>(q.comparison)),
    ],
  };
}

const intParam = (text: string | undefined, fallback: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, max) : fallback;
};

leadRoutes.get('/leads', async (c) => {
  const filter = filterOf(c);
  if ('error' in filter) return c.json({ error: filter.error }, 400);
  const limit = intParam(c.req.query('limit'), 100, 500);
  const offset = intParam(c.req.query('offset'), 0, 1_000_000);
  const { leads, total } = await findLeads(c.env.DB, filter, { limit, offset });
  const quotes = await quoteSummaries(
    c.env.DB,
    leads.filter((l) => l.kind === 'quote').map((l) => l.id),
  );
  return c.json({
    leads: leads.map((l) => {
      const q = quotes.get(l.id);
      return {
        ...leadJson(l),
        ...(q
          ? { quote: { number: q.number, deviceName: q.device_name, level: q.level, monthlyNet: q.monthly_net } }
          : {}),
      };
    }),
    total,
    limit,
    offset,
  });
});

const KIND_NAMES: Record<LeadKind, string> = { contact: 'kontakt', quote: 'wycena' };

leadRoutes.get('/leads.csv', async (c) => {
  const filter = filterOf(c);
  if ('error' in filter) return c.json({ error: filter.error }, 400);
  const { leads } = await findLeads(c.env.DB, filter, { limit: 50_000 });
  const quotes = await quoteSummaries(
    c.env.DB,
    leads.filter((l) => l.kind === 'quote').map((l) => l.id),
  );
  const header = [
    'Data',
    'Rodzaj',
    'Status',
    'Imię i nazwisko',
    'E-mail',
    'Telefon',
    'Firma',
    'Wiadomość',
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
  const rows = leads.map((row) => {
    const a = parseAttribution(row.attribution) as Record<string, string | undefined>;
    const q = quotes.get(row.id);
    return [
      row.created_at.replace('T', ' ').slice(0, 19),
      KIND_NAMES[row.kind] ?? row.kind,
      row.status,
      row.name,
      row.email,
      row.phone,
      row.company,
      row.message,
      a.utm_source,
      a.utm_medium,
      a.utm_campaign,
      a.partner,
      `${a.origin ?? ''}${a.page ?? ''}`,
      row.notes,
      row.email_state,
      q?.number,
      q?.device_name,
      q?.level,
      // Polish Excel reads a decimal comma.
      q ? q.monthly_net.toFixed(2).replace('.', ',') : undefined,
      row.id,
    ];
  });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(toCsv(header, rows), 200, {
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
  });
});

leadRoutes.patch('/leads/:id', async (c) => {
  const body = (await jsonBody(c)) as { status?: unknown; notes?: unknown } | undefined;
  if (!body) return c.json({ error: ADMIN_ERRORS.badJson }, 400);
  const id = c.req.param('id');
  if (body.status === undefined && body.notes === undefined) return c.json({ error: LEAD_ERRORS.nothing }, 400);
  if (body.status !== undefined && !LEAD_STATUSES.includes(body.status as LeadStatus))
    return c.json({ error: LEAD_ERRORS.status }, 400);
  if (body.notes !== undefined && (typeof body.notes !== 'string' || body.notes.length > 5000))
    return c.json({ error: LEAD_ERRORS.notes }, 400);
  if (!(await leadById(c.env.DB, id))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (body.status !== undefined) await setLeadStatus(c.env.DB, id, body.status as LeadStatus);
  if (typeof body.notes === 'string') await setLeadNotes(c.env.DB, id, body.notes);
  const row = await leadById(c.env.DB, id);
  return c.json({ ok: true, lead: row ? leadJson(row) : undefined });
});

leadRoutes.delete('/leads/:id', async (c) => {
  if (!(await deleteLead(c.env.DB, c.req.param('id')))) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  return c.json({ ok: true });
});
