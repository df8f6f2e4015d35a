/**
 * Lead ownership and response time (migration 0031): who handles a lead, and the leads
 * still waiting for their first answer that the response-time statistics read. `first_response_at` and
 * `response_hours` are stamped by `changeLead` (leads/model-lead-changes.ts) at the first change of
 * the lead's work (stage, status, next step, a note).
 */
import type { Assignee } from '../admin-shared/admin-api.ts';
import { type Notification, notificationStatement } from '../outbox/index.ts';
import { RESPONSE_SOURCE, countResponseStatements, uncountResponseStatement } from './model-lead-response-days.ts';
import { type WebhookEventType, webhookEventStatements } from '../webhooks/index.ts';

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
  // The response-time counters move the lead to its new owner in the same batch.
  const counters = [uncountResponseStatement(db, leadId), update, ...countResponseStatements(db, leadId)];
  const results = await db.batch<{ id: number }>([
    ...counters,
    ...notifications.map((n) => notificationStatement(db, leadId, n)),
    ...events.flatMap((e) => webhookEventStatements(db, e.type, e.data)),
  ]);
  const notificationIds = results
    .slice(counters.length, counters.length + notifications.length)
    .flatMap((r) => r.results.map((row) => row.id));
  return { previous: before.assigned_to, notificationIds };
}

/** A lead still waiting for its first answer, within its deadline: as the statistics group it. */
export interface AwaitingRow {
  day: string;
  person: string;
  source: string;
}

/**
 * Leads of days [from, to] (inclusive) not answered yet whose first-answer deadline is still
 * ahead of `now` (ISO), spam left out: the only leads whose lateness depends on the time of
 * the view. Read through the partial index of unanswered deadlines (migration 0130), so a
 * few days' leads at most.
 */
export function awaitingFirstAnswerStatement(
  db: D1Database,
  from: string,
  to: string,
  now: string,
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT date(l.created_at) AS day, COALESCE(a.name, '(nieprzypisane)') AS person, ${RESPONSE_SOURCE} AS source
       FROM leads l LEFT JOIN accounts a ON a.id = l.assigned_to
       WHERE l.first_response_at IS NULL AND l.first_answer_due_at IS NOT NULL AND l.first_answer_due_at > ?3
         AND l.created_at >= ?1 AND l.created_at < date(?2, '+1 day') AND l.status != 'spam'`,
    )
    .bind(from, to, now);
}
