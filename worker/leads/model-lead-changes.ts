/**
 * A lead's work (the team's changes): status, stage, loss, next step and notes written in one
 * batch with the history note, the response-time counters and the webhook events; the first
 * answer stamped once, here, where every such change passes.
 */
import type { LeadStatus } from '../admin-shared/admin-validation.ts';
import { businessHoursBetween } from '../admin-shared/business-hours.ts';
import type { NextStepKind, Stage } from '../admin-shared/pipeline.ts';
import type { LeadRow } from './model.ts';
import { type NoteAuthor, noteStatement } from './model-lead-notes.ts';
import { countResponseStatements, uncountResponseStatement } from './model-lead-response-days.ts';
import { type WebhookEventType, eventIfStatements, webhookEventStatements } from '../webhooks/index.ts';

/** A change of a lead's work, as resolved by the route: every field given is written. */
export interface LeadChange {
  status?: LeadStatus | undefined;
  stage?: Stage | undefined;
  /** With stage 'lost'; cleared (null) when the lead moves to another stage. */
  lostReason?: string | null | undefined;
  lostNote?: string | null | undefined;
  /** null clears the next step. */
  nextStep?: { kind: NextStepKind; dueAt: string } | null | undefined;
  /** The old single notes field (still accepted); its new text also goes into the history. */
  notes?: string | undefined;
  /** A note for the history. */
  note?: string | undefined;
}

/** A webhook event the change causes, written in the same batch (for the endpoints that want it). */
export interface ChangeEvent {
  type: WebhookEventType;
  data: unknown;
}

/** How a change is written: `exists` guards every statement (a `SELECT 1 …` of the same batch, `?` placeholders). */
export interface ChangeOptions {
  now?: Date | undefined;
  /** Written only when this finds a row in the batch (a change caused by another, such as an order signed). */
  exists?: { sql: string; values: unknown[] } | undefined;
  /** False for a change the customer made (signing an order): it is not the team's first answer. */
  answers?: boolean | undefined;
}

/**
 * Writes `change` to lead `lead` in one batch with its history note and its webhook events. The first change of stage, status, next step
 * or a note is the lead's first response: stamped once, here, where every such change passes.
 */
export async function changeLead(
  db: D1Database,
  lead: LeadRow,
  change: LeadChange,
  author: NoteAuthor,
  events: ChangeEvent[] = [],
  now = new Date(),
): Promise<void> {
  // The admin API puts the deliveries on the queue after answering (app.ts), as for every write.
  await db.batch(changeLeadStatements(db, lead, change, author, events, { now }));
}

/** The statements of `changeLead`, for a batch of the caller's (guarded by `options.exists` when given). */
export function changeLeadStatements(
  db: D1Database,
  lead: LeadRow,
  change: LeadChange,
  author: NoteAuthor,
  events: ChangeEvent[],
  options: ChangeOptions = {},
): D1PreparedStatement[] {
  const now = options.now ?? new Date();
  const exists = options.exists;
  const set = (key: keyof LeadChange) => change[key] !== undefined;
  const nextStep = change.nextStep;
  // Saving what is already there (the same status, the same notes) is no answer to the client.
  const answers =
    options.answers !== false &&
    (!!change.note?.trim() ||
      (change.status !== undefined && change.status !== lead.status) ||
      (change.stage !== undefined && change.stage !== lead.stage) ||
      (change.notes !== undefined && change.notes !== lead.notes) ||
      (nextStep !== undefined &&
        ((nextStep?.kind ?? null) !== lead.next_step_kind || (nextStep?.dueAt ?? null) !== lead.next_step_due_at)));
  // The guard's plain `?` placeholders come after ?13 (SQLite numbers them on from the largest).
  const update = db
    .prepare(
      `UPDATE leads SET
         status = COALESCE(?2, status), stage = COALESCE(?3, stage),
         lost_reason = CASE WHEN ?4 THEN ?5 ELSE lost_reason END,
         lost_note = CASE WHEN ?4 THEN ?6 ELSE lost_note END,
         next_step_kind = CASE WHEN ?7 THEN ?8 ELSE next_step_kind END,
         next_step_due_at = CASE WHEN ?7 THEN ?9 ELSE next_step_due_at END,
         notes = COALESCE(?10, notes),
         first_response_at = CASE WHEN ?13 AND first_response_at IS NULL AND anonymised_at IS NULL THEN ?11
           ELSE first_response_at END,
         response_hours = CASE WHEN ?13 AND first_response_at IS NULL AND anonymised_at IS NULL THEN ?12
           ELSE response_hours END,
         updated_at = ?11
       WHERE id = ?1${exists ? ` AND EXISTS (${exists.sql})` : ''}`,
    )
    .bind(
      lead.id,
      change.status ?? null,
      change.stage ?? null,
      set('lostReason') || set('lostNote') ? 1 : 0,
      change.lostReason ?? null,
      change.lostNote || null,
      set('nextStep') ? 1 : 0,
      nextStep?.kind ?? null,
      nextStep?.dueAt ?? null,
      change.notes ?? null,
      now.toISOString(),
      businessHoursBetween(new Date(lead.created_at), now),
      answers ? 1 : 0,
      ...(exists?.values ?? []),
    );
  const notes = [change.notes !== lead.notes ? change.notes : undefined, change.note].filter(
    (text): text is string => !!text?.trim(),
  );
  // The response-time counters follow the change: out before it, back in after (an answer,
  // a lead marked as spam or back); when a guard stops the update, out and in again is no change.
  return [
    uncountResponseStatement(db, lead.id),
    update,
    ...countResponseStatements(db, lead.id),
    ...notes.map((text) => noteStatement(db, lead.id, author, text, exists)),
    ...events.flatMap((e) =>
      exists ? eventIfStatements(db, e.type, e.data, exists) : webhookEventStatements(db, e.type, e.data),
    ),
  ];
}

/** Business hours from a lead's arrival to its first answer (stored, or counted for older rows); null while unanswered. */
export const firstAnswerHours = (
  row: Pick<LeadRow, 'created_at' | 'first_response_at' | 'response_hours'>,
): number | null =>
  row.first_response_at
    ? (row.response_hours ?? businessHoursBetween(new Date(row.created_at), new Date(row.first_response_at)))
    : null;
