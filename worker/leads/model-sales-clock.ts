/**
 * The sales team's clock (worker/leads/sales-clock.ts) on `leads`: the morning digest's next
 * steps and the first-answer alerts, each read through its own partial index (migration 0130).
 */
import type { NextStepKind, Stage } from '../admin-shared/pipeline.ts';
import type { LeadRow } from './model.ts';
import { type Notification, guardedNotificationStatement } from '../outbox/index.ts';

/** An open lead's next step with its owner, for the morning digest. */
export interface StepRow {
  id: string;
  name: string;
  company: string | null;
  stage: Stage;
  next_step_kind: NextStepKind;
  next_step_due_at: string;
  assigned_to: number;
}

/** Next steps of open, owned leads due before `before` (ISO), soonest first. */
export async function stepsDueBefore(db: D1Database, before: string): Promise<StepRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, company, stage, next_step_kind, next_step_due_at, assigned_to FROM leads
       WHERE next_step_due_at IS NOT NULL AND next_step_due_at < ?1 AND assigned_to IS NOT NULL
         AND stage NOT IN ('won', 'lost') AND anonymised_at IS NULL
       ORDER BY next_step_due_at`,
    )
    .bind(before)
    .all<StepRow>();
  return results;
}

/** New leads past their first-answer deadline without a first response and not yet told to a manager. */
export async function firstAnswerBacklog(db: D1Database, now: string, limit = 200): Promise<LeadRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM leads
       WHERE first_response_at IS NULL AND first_answer_due_at IS NOT NULL AND first_answer_due_at <= ?1
         AND manager_alerted_at IS NULL AND stage NOT IN ('won', 'lost') AND status != 'spam'
       ORDER BY first_answer_due_at LIMIT ?2`,
    )
    .bind(now, limit)
    .all<LeadRow>();
  return results;
}

/**
 * Stamps an alert of lead `leadId` as sent at `stamp` (once: only while unset) and queues its
 * e-mails in the same batch, each inserted only when this call's stamp holds; answers the
 * outbox ids (none when another run stamped it first).
 */
export async function recordAlert(
  db: D1Database,
  leadId: string,
  alert: 'owner' | 'manager',
  stamp: string,
  notifications: Notification[],
): Promise<number[]> {
  const column = alert === 'owner' ? 'owner_alerted_at' : 'manager_alerted_at';
  const claim = db.prepare(`UPDATE leads SET ${column} = ?2 WHERE id = ?1 AND ${column} IS NULL`).bind(leadId, stamp);
  const results = await db.batch<{ id: number }>([
    claim,
    ...notifications.map((n) => guardedNotificationStatement(db, leadId, n, `${column} = ?6`, stamp)),
  ]);
  return results.slice(1).flatMap((r) => r.results.map((row) => row.id));
}
