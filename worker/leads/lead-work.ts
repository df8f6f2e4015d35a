/**
 * The rules of a change to a lead's work (DESIGN §8), between the route that parsed it and
 * the model that stores it:
 *  - a stage sets the older status with it (`statusOfStage`); a status set the old way moves
 *    the stage (`stageOfStatus`); 'lost' carries its reason, every other stage clears it;
 *  - a closed lead (won, lost) has no next step: closing clears it, setting one is refused;
 *  - a next step newly set to a time already past is a question first (`PipelineQuestion`): it is
 *    stored only when the request confirms it (`confirmPast`), e.g. a step kept overdue on purpose;
 *  - a change of stage is the webhook `lead.stage_changed`, with the owner;
 *  - an order signed online wins its lead by the same rules (`leadWonByOrderStatements`);
 *  - the audit row names the lead by its quote's KS number when it has one.
 */
import type { LeadStatus } from '../admin-shared/admin-validation.ts';
import {
  type LostReason,
  type NextStepKind,
  type Stage,
  isOpenStage,
  leadStatusLabel,
  stageOfStatus,
  statusOfStage,
} from '../admin-shared/pipeline.ts';
import type { NoteAuthor } from './model-lead-notes.ts';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { auditStatement } from '../accounts/index.ts';
import { type ChangeEvent, type LeadChange, changeLeadStatements } from './model-lead-changes.ts';
import type { OwnedLeadRow } from './model.ts';
import { quoteSummaries } from '../quotes/index.ts';
import { leadPayload } from './lead-view.ts';

/** A change the pipeline's rules refuse (answered 422 with its Polish message). */
export class PipelineRefusal extends Error {}

/** A change that needs the person's confirmation first (answered 422 with `confirm: true` and the field). */
export class PipelineQuestion extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** A next step due earlier than this before now asks first: a time typed to the minute is not yet past. */
const PAST_STEP_GRACE_MS = 60_000;

export const PIPELINE_REFUSALS = {
  closedStep: 'Zamknięty lead (wygrany lub przegrany) nie ma kolejnego kroku. Zmień etap, aby go zaplanować.',
  lostReasonOpen: 'Powód przegranej podaje się tylko z etapem „przegrany”.',
  pastStep: (dueAt: string) =>
    `Termin kolejnego kroku (${warsawDateTime(dueAt)}) już minął. Sprawdź datę albo potwierdź, że krok ma być od razu zaległy.`,
} as const;

/** What a request may ask of a lead's work. */
export interface WorkRequest {
  status?: LeadStatus | undefined;
  notes?: string | undefined;
  note?: string | undefined;
  stage?: Stage | undefined;
  lostReason?: LostReason | null | undefined;
  lostNote?: string | undefined;
  nextStep?: { kind: NextStepKind; dueAt: string } | null | undefined;
  /** The person confirmed a next step whose time has already passed. */
  confirmPast?: boolean | undefined;
}

/** The change to store: the stage and the status in step, the reason and the next step as the stage allows. */
export function resolveWork(before: OwnedLeadRow, request: WorkRequest, now = new Date()): LeadChange {
  const change: LeadChange = { notes: request.notes, note: request.note };
  let stage: Stage = before.stage;
  if (request.stage !== undefined) {
    stage = request.stage;
    change.stage = stage;
    change.status = statusOfStage(stage, request.lostReason);
  } else if (request.status !== undefined) {
    const moved = stageOfStatus(request.status, before.stage);
    stage = moved.stage;
    change.stage = stage;
    change.status = request.status;
    if (moved.lostReason) change.lostReason = moved.lostReason;
  }
  if (stage === 'lost' && change.stage !== undefined) {
    change.lostReason = request.lostReason ?? change.lostReason ?? before.lost_reason ?? 'inny';
    change.lostNote = request.lostNote ?? null;
  } else if (change.stage !== undefined) {
    change.lostReason = null;
    change.lostNote = null;
  } else if (request.lostReason !== undefined || request.lostNote !== undefined) {
    if (stage !== 'lost') throw new PipelineRefusal(PIPELINE_REFUSALS.lostReasonOpen);
    change.lostReason = request.lostReason ?? before.lost_reason;
    change.lostNote = request.lostNote ?? before.lost_note;
  }
  if (!isOpenStage(stage)) {
    if (request.nextStep) throw new PipelineRefusal(PIPELINE_REFUSALS.closedStep);
    if (before.next_step_kind || before.next_step_due_at) change.nextStep = null;
  } else if (request.nextStep !== undefined) {
    const step = request.nextStep;
    // Only a time newly typed asks: the step kept as it was (already overdue) saves with the rest.
    const past =
      step !== null &&
      step.dueAt !== before.next_step_due_at &&
      Date.parse(step.dueAt) < now.getTime() - PAST_STEP_GRACE_MS;
    if (past && !request.confirmPast)
      throw new PipelineQuestion(PIPELINE_REFUSALS.pastStep(step.dueAt), 'nextStep.dueAt');
    change.nextStep = step;
  }
  return change;
}

/** Stores a change of a lead's work with its history note and webhook; answers what the audit row says. */
export async function recordLeadWork(
  db: D1Database,
  before: OwnedLeadRow,
  request: WorkRequest,
  author: NoteAuthor,
  now = new Date(),
): Promise<{ auditName: string; auditDetails: Record<string, unknown> }> {
  const work = leadWork(before, request, now);
  // The admin API puts the deliveries on the queue after answering (app.ts), as for every write.
  await db.batch(changeLeadStatements(db, before, work.change, author, work.events, { now }));
  return { auditName: await leadAuditName(db, before), auditDetails: work.details };
}

/** A change of a lead's work resolved by the pipeline's rules, with its webhook events and what the audit row says. */
function leadWork(
  before: OwnedLeadRow,
  request: WorkRequest,
  now: Date,
): { change: LeadChange; events: ChangeEvent[]; details: Record<string, unknown> } {
  const change = resolveWork(before, request, now);
  const events: ChangeEvent[] = [];
  const details: Record<string, unknown> = {};
  if (change.stage !== undefined && change.stage !== before.stage) {
    details.stage = { from: before.stage, to: change.stage };
    events.push({
      type: 'lead.stage_changed',
      data: {
        ...leadPayload({ ...before, stage: change.stage, status: change.status ?? before.status }),
        previousStage: before.stage,
        previousStageLabel: leadStatusLabel(before.stage),
        lostReason: change.lostReason ?? null,
        changedAt: now.toISOString(),
      },
    });
  }
  if (change.status !== undefined && change.status !== before.status) {
    details.status = { from: before.status, to: change.status };
    events.push({
      type: 'lead.status_changed',
      data: {
        ...leadPayload({ ...before, stage: change.stage ?? before.stage, status: change.status }),
        previousStatus: before.status,
        previousStatusLabel: leadStatusLabel(before.status),
        changedAt: now.toISOString(),
      },
    });
  }
  if (change.lostReason) details.lostReason = change.lostReason;
  if (change.nextStep !== undefined) details.nextStep = change.nextStep;
  if (change.notes !== undefined && change.notes !== before.notes) details.notes = 'zmienione';
  if (change.note) details.note = 'dodana';
  return { change, events, details };
}

/** The order that closes a lead when it is signed online. */
export interface SignedOrder {
  id: string;
  quoteNumber: string;
  signer: { name: string; email: string; position: string };
  ip: string;
  path: string;
  /** How the company was verified (the lead is won at the verification, not at the signing). */
  verifiedHow?: string;
}

/**
 * The lead of an order signed online and verified is won the way a sales person marks it: stage and
 * status 'won' by the pipeline's rules, `lead.stage_changed` and `lead.status_changed`
 * for the CRMs that subscribe, a note in its history and a row in the audit log naming the
 * signer. The statements go into the verification's batch (a signature alone proves a mailbox,
 * not the company), each written only when `signed` (a `SELECT 1 …` of that batch) finds the
 * order verified by it.
 */
export async function leadWonByOrderStatements(
  db: D1Database,
  before: OwnedLeadRow,
  order: SignedOrder,
  signed: { sql: string; values: unknown[] },
  now = new Date(),
): Promise<D1PreparedStatement[]> {
  if (before.stage === 'won' && before.status === 'won') return [];
  const signer = `${order.signer.name} <${order.signer.email}>`;
  const work = leadWork(
    before,
    {
      stage: 'won',
      note: `Umowa zawarta online do wyceny ${order.quoteNumber}: zaakceptowana kodem z e-maila przez ${order.signer.name} (${order.signer.position})${order.verifiedHow ? `, firma zweryfikowana: ${order.verifiedHow}` : ''}.`,
    },
    now,
  );
  return [
    ...changeLeadStatements(db, before, work.change, { accountId: null, name: signer }, work.events, {
      now,
      exists: signed,
      answers: false,
    }),
    auditStatement(
      db,
      {
        accountId: null,
        actor: signer,
        role: null,
        action: 'leads.update',
        area: 'leads',
        target: await leadAuditName(db, before),
        method: 'POST',
        path: order.path,
        status: 200,
        details: { ...work.details, order: order.id },
        ip: order.ip,
      },
      signed,
    ),
  ];
}

/** How the audit log names a lead: its quote's KS number, or its id when it has no quote. */
export async function leadAuditName(db: D1Database, lead: Pick<OwnedLeadRow, 'id' | 'kind'>): Promise<string> {
  const quote = lead.kind === 'quote' ? (await quoteSummaries(db, [lead.id])).get(lead.id) : undefined;
  return quote?.number ?? lead.id;
}
