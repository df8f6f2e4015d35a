/**
 * Lead ownership and response times (issue 18):
 *  - `GET /leads/people`: who a lead can be given to;
 *  - `POST /leads/:id/assign` `{accountId: number | null}` and `POST /leads/:id/take`
 *    (to me): the new owner gets an e-mail through the outbox;
 *  - `GET /stats/response` (`from`, `to` as RRRR-MM-DD; the last 90 days without `from`): the first response (first status
 *    change or note) timed in business hours (widgets/core/business-hours.ts): the share
 *    answered within 24 business hours and the median, per month, per person and per
 *    source/partner.
 * Registered before the lead routes, so `/leads/people` is not taken for a lead id.
 */
import { type Context, Hono } from 'hono';
import { RESPONSE_TARGET_HOURS, addBusinessHours, businessHoursBetween } from '../../../widgets/core/business-hours.ts';
import { enqueueNotification } from '../../email/delivery.ts';
import { auditDetails } from '../../models/audit.ts';
import { type ResponseRow, assignLead, assignablePeople, responseRows } from '../../models/lead-ownership.ts';
import { leadById } from '../../models/leads.ts';
import { ACCOUNT_API_ERRORS, ADMIN_ERRORS } from '../../http/errors.ts';
import { type AdminEnv, jsonBody } from './guard.ts';
import type { PeopleList, ResponseFigures, ResponseStats } from '../../../widgets/core/admin-api.ts';
import { ADMIN_INPUT_ERRORS } from '../../../widgets/core/admin-validation.ts';

export const ownershipRoutes = new Hono<AdminEnv>();

ownershipRoutes.get('/leads/people', async (c) =>
  c.json({ people: await assignablePeople(c.env.DB) } satisfies PeopleList),
);

async function assign(c: Context<AdminEnv>, accountId: number | null) {
  const leadId = c.req.param('id') ?? '';
  const lead = await leadById(c.env.DB, leadId);
  if (!lead) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  const people = await assignablePeople(c.env.DB);
  const person = accountId === null ? null : people.find((p) => p.id === accountId);
  if (person === undefined) return c.json({ error: ACCOUNT_API_ERRORS.person }, 400);
  const me = c.get('session');
  const origin = new URL(c.req.url).origin;
  // The first owner's login 'admin' is no address: nobody to write to.
  const notification =
    person && person.id !== me.accountId && person.email.includes('@')
      ? {
          recipient: person.email,
          subject: 'Przypisano Ci lead w panelu Kserowo',
          body: [
            `${me.user} przypisał(a) Ci lead.`,
            '',
            `Klient: ${lead.name}`,
            `Otrzymano: ${lead.created_at.replace('T', ' ').slice(0, 16)} UTC`,
            `Otwórz w panelu: ${origin}/admin#leady/${encodeURIComponent(lead.id)}`,
            '',
            `Odpowiedz w ciągu ${RESPONSE_TARGET_HOURS} godzin roboczych (zmiana statusu lub notatka liczy się jako odpowiedź).`,
          ].join('\n'),
        }
      : undefined;
  const result = await assignLead(c.env.DB, lead.id, person?.id ?? null, notification);
  if (!result) return c.json({ error: ADMIN_ERRORS.notFound }, 404);
  if (result.notificationId) await enqueueNotification(c.env, result.notificationId);
  const name = (id: number | null) => (id === null ? null : (people.find((p) => p.id === id)?.name ?? `#${id}`));
  auditDetails(c, { assignee: { from: name(result.previous), to: person?.name ?? null } });
  return c.json({ ok: true, assignedTo: person?.id ?? null, emailed: !!result.notificationId });
}

ownershipRoutes.post('/leads/:id/assign', async (c) => {
  const body = (await jsonBody(c)) as { accountId?: unknown } | undefined;
  const id = body?.accountId;
  if (!body || !(id === null || (typeof id === 'number' && Number.isInteger(id))))
    return c.json({ error: ACCOUNT_API_ERRORS.person }, 400);
  return assign(c, id as number | null);
});

ownershipRoutes.post('/leads/:id/take', (c) => assign(c, c.get('session').accountId));

interface Bucket {
  leads: number;
  answered: number;
  within: number;
  late: number;
  hours: number[];
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const sourceOf = (row: ResponseRow): string => {
  try {
    const a = JSON.parse(row.attribution) as Record<string, unknown>;
    if (typeof a.partner === 'string' && a.partner) return `partner: ${a.partner}`;
    if (typeof a.utm_source === 'string' && a.utm_source) return a.utm_source;
  } catch {}
  return '(bezpośrednio)';
};

/** Per-bucket figures: share within target among leads that are answered or already late. */
function summarise(rows: ResponseRow[], keyOf: (r: ResponseRow) => string, now: Date): ResponseFigures[] {
  const buckets = new Map<string, Bucket>();
  // An unanswered lead is late once its deadline passed: walking forward to the deadline
  // costs a few days at most, however old the lead is (the hours since it came would walk them all).
  for (const row of rows) {
    const key = keyOf(row);
    const b = buckets.get(key) ?? { leads: 0, answered: 0, within: 0, late: 0, hours: [] };
    buckets.set(key, b);
    b.leads++;
    const created = new Date(row.created_at);
    if (row.first_response_at) {
      const hours = row.response_hours ?? businessHoursBetween(created, new Date(row.first_response_at));
      b.answered++;
      b.hours.push(hours);
      if (hours <= RESPONSE_TARGET_HOURS) b.within++;
      else b.late++;
    } else if (addBusinessHours(created, RESPONSE_TARGET_HOURS) < now) b.late++;
  }
  return [...buckets].map(([key, b]) => ({
    key,
    leads: b.leads,
    answered: b.answered,
    withinTarget: b.within,
    share: b.within + b.late ? b.within / (b.within + b.late) : null,
    medianHours: median(b.hours),
  }));
}

/** The period of the response statistics when no start is given. */
const RESPONSE_DEFAULT_DAYS = 90;

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

ownershipRoutes.get('/stats/response', async (c) => {
  const from = c.req.query('from') || undefined;
  const to = c.req.query('to') || undefined;
  if ((from && !isDate(from)) || (to && !isDate(to))) return c.json({ error: ADMIN_INPUT_ERRORS.date }, 400);
  // Without a start, the last 90 days: the figures of a period, not of every lead ever.
  const start = from ?? new Date(Date.now() - RESPONSE_DEFAULT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await responseRows(c.env.DB, start, to);
  const now = new Date();
  return c.json({
    targetHours: RESPONSE_TARGET_HOURS,
    byMonth: summarise(rows, (r) => r.created_at.slice(0, 7), now),
    byPerson: summarise(rows, (r) => r.assignee ?? '(nieprzypisane)', now),
    bySource: summarise(rows, sourceOf, now),
  } satisfies ResponseStats);
});
