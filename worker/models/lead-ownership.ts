/**
 * Lead ownership and response time (issue 18, migration 0031): who handles a lead, and
 * the rows the response-time stats are computed from. `first_response_at` and
 * `response_hours` are stamped by `changeLead` (models/leads.ts) at the first change of
 * the lead's work (stage, status, next step, a note).
 */
import type { Assignee } from '../../widgets/core/admin/admin-api.ts';
import { type Notification, notificationStatement } from './outbox.ts';
import { type WebhookEventType, webhookEventStatements } from './webhooks.ts';

/** People a lead may be given to: enabled owners and sales. */
export async function assignablePeople(db: D1Database): Promise<Assignee[]> {
  const { results } = await db
    .prepare(
      "SELECT id, name, email, role FROM accounts WHERE disabled = 0 AND role IN ('owner', 'sales') ORDER BY name",
    )
    .all<Assignee>();
  return results;
}

/**
 * Gives lead `leadId` to `accountId` (null: nobody) and, in the same batch, queues the
 * e-mails (the new owner's, the colleague's whose lead was taken over) and writes the
 * webhook events. Answers the previous owner and the outbox ids, or undefined when the
 * lead does not exist.
 */
export async function assignLead(
  db: D1Database,
  leadId: string,
  accountId: number | null,
  notifications: Notification[] = [],
  events: { type: WebhookEventType; data: unknown }[] = [],
): Promise<{ previous: number | null; notificationIds: number[] } | undefined> {
  const before = await db
    .prepare('SELECT assigned_to FROM leads WHERE id = ?')
    .bind(leadId)
    .first<{ assigned_to: number | null }>();
  if (!before) return undefined;
  const update = db
    .prepare(
      `UPDATE leads SET assigned_to = ?2, assigned_at = CASE WHEN ?2 IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
       WHERE id = ?1`,
    )
    .bind(leadId, accountId);
  const results = await db.batch<{ id: number }>([
    update,
    ...notifications.map((n) => notificationStatement(db, leadId, n)),
    ...events.flatMap((e) => webhookEventStatements(db, e.type, e.data)),
  ]);
  const notificationIds = results.slice(1, 1 + notifications.length).flatMap((r) => r.results.map((row) => row.id));
  return { previous: before.assigned_to, notificationIds };
}

export interface ResponseRow {
  created_at: string;
  first_response_at: string | null;
  first_answer_due_at: string | null;
  /** Business hours to the first response, stored when it happened (NULL before that column). */
  response_hours: number | null;
  status: string;
  assigned_to: number | null;
  assignee: string | null;
  attribution: string;
}

/**
 * Leads of [from, to] (days, inclusive, both required: the read stays bounded, through the
 * index on created_at) with what the response-time stats need; spam left out.
 */
export async function responseRows(db: D1Database, from: string, to: string): Promise<ResponseRow[]> {
  const { results } = await db
    .prepare(
      `SELECT l.created_at, l.first_response_at, l.first_answer_due_at, l.response_hours, l.status, l.assigned_to,
              a.name AS assignee, l.attribution
       FROM leads l LEFT JOIN accounts a ON a.id = l.assigned_to
       WHERE l.created_at >= ?1 AND l.created_at < strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+1 day')
         AND l.status != 'spam'
       ORDER BY l.created_at`,
    )
    .bind(from, to)
    .all<ResponseRow>();
  return results;
}
