/**
 * The sales pipeline (DESIGN §8), shared by the worker and the panel: the stages a lead
 * moves through, the reasons a lead is lost, the kinds of next step, and how the older
 * `status` (still accepted and still sent to CRMs) follows the stage. Stages and statuses are
 * keys (stored, answered, sent to CRMs); `LEAD_STATUS_LABELS` is the one table of the Polish
 * words the team reads (the panel, e-mails, the CSV) and CRMs got before the keys.
 */
import * as v from 'valibot';
import { addBusinessHours } from './business-hours.ts';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { statusKey, statusLabel } from '../../widgets/core/status-keys.ts';

export const STAGES = ['new', 'contacted', 'offer_sent', 'negotiation', 'won', 'lost'] as const;
export type Stage = (typeof STAGES)[number];

/** The stages that end a lead: no next step is asked of them. */
export const CLOSED_STAGES: readonly Stage[] = ['won', 'lost'];
/** The older status of a lead, which a stage implies (kept in step for the CRMs that read it). */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type PipelineStatus = LeadStatus;

/** The Polish words of a lead's stages and statuses (one family: a status is a stage or 'spam'). */
export const LEAD_STATUS_LABELS: Readonly<Record<Stage | LeadStatus, string>> = {
  new: 'nowy',
  contacted: 'w kontakcie',
  offer_sent: 'oferta wysłana',
  negotiation: 'negocjacje',
  won: 'wygrany',
  lost: 'przegrany',
  spam: 'spam',
};

/** A lead's stage or status as the team reads it. */
export const leadStatusLabel = (key: string | null | undefined): string => statusLabel(LEAD_STATUS_LABELS, key);

export const isOpenStage = (stage: string): boolean => !CLOSED_STAGES.includes(stage as Stage);

export const LOST_REASONS = ['cena', 'wybrał konkurencję', 'brak odpowiedzi', 'brak potrzeby', 'spam', 'inny'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const NEXT_STEP_KINDS = ['telefon', 'e-mail', 'spotkanie', 'oferta'] as const;
export type NextStepKind = (typeof NEXT_STEP_KINDS)[number];

/** The status a stage stands for: the three working stages are all 'contacted'; lost as spam is 'spam'. */
export function statusOfStage(stage: Stage, lostReason?: string | null): PipelineStatus {
  if (stage === 'offer_sent' || stage === 'negotiation') return 'contacted';
  if (stage === 'lost' && lostReason === 'spam') return 'spam';
  return stage;
}

/** The stage a status set the old way leads to (`current` kept when it already means that status). */
export function stageOfStatus(status: PipelineStatus, current: Stage): { stage: Stage; lostReason?: LostReason } {
  if (status === 'spam') return { stage: 'lost', lostReason: 'spam' };
  if (status === 'contacted' && statusOfStage(current) === 'contacted') return { stage: current };
  return { stage: status };
}

export const PIPELINE_LIMITS = { note: 2000, lostNote: 500 } as const;

export const PIPELINE_ERRORS = {
  stage: `Nieprawidłowy etap. Dozwolone: ${STAGES.join(', ')}.`,
  lostReason: `Podaj powód przegranej: ${LOST_REASONS.join(', ')}.`,
  lostNote: `Opis powodu może mieć najwyżej ${PIPELINE_LIMITS.lostNote} znaków.`,
  nextStepKind: `Nieprawidłowy rodzaj kolejnego kroku. Dozwolone: ${NEXT_STEP_KINDS.join(', ')}.`,
  nextStepDue: 'Podaj termin kolejnego kroku jako datę i godzinę (ISO 8601, np. 2026-03-02T09:00:00+01:00).',
  confirmPast: 'Potwierdzenie terminu z przeszłości to true albo false.',
  note: `Notatka musi mieć od 1 do ${PIPELINE_LIMITS.note} znaków.`,
  owner: 'Nieprawidłowy filtr osoby (me, none albo numer konta).',
  overdue: 'Filtr zaległych przyjmuje tylko 1.',
  deleteOwnerOnly: 'Trwałe usunięcie leada (RODO) może wykonać tylko właściciel. Zamknij lead jako przegrany lub spam.',
} as const;

/** An ISO 8601 time with a zone (`Z` or `±HH:MM`): what `nextStep.dueAt` takes. */
const isIsoTime = (text: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
  !Number.isNaN(Date.parse(text));

/** `nextStep` of `PATCH /api/admin/leads/:id`: `{kind, dueAt}`, or null to clear it. */
export const nextStepSchema = v.nullable(
  v.object(
    {
      kind: v.picklist(NEXT_STEP_KINDS, PIPELINE_ERRORS.nextStepKind),
      dueAt: v.pipe(
        v.string(PIPELINE_ERRORS.nextStepDue),
        v.check(isIsoTime, PIPELINE_ERRORS.nextStepDue),
        v.transform((s) => new Date(s).toISOString()),
      ),
    },
    PIPELINE_ERRORS.nextStepKind,
  ),
);

/** The pipeline part of a lead change: stage, the reason when lost, the next step. */
export const pipelineEntries = {
  stage: v.optional(statusKey(STAGES, LEAD_STATUS_LABELS, PIPELINE_ERRORS.stage)),
  lostReason: v.optional(v.nullable(v.picklist(LOST_REASONS, PIPELINE_ERRORS.lostReason))),
  lostNote: v.optional(
    v.pipe(
      v.string(PIPELINE_ERRORS.lostNote),
      v.trim(),
      v.maxLength(PIPELINE_LIMITS.lostNote, PIPELINE_ERRORS.lostNote),
    ),
  ),
  nextStep: v.optional(nextStepSchema),
  /** true: store a next step whose time has already passed (otherwise the API asks first). */
  confirmPast: v.optional(v.boolean(PIPELINE_ERRORS.confirmPast)),
};

/** `POST /api/admin/leads/:id/notes`: `{text}`. */
export const leadNoteSchema = v.object(
  {
    text: v.pipe(
      v.string(PIPELINE_ERRORS.note),
      v.trim(),
      v.nonEmpty(PIPELINE_ERRORS.note),
      v.maxLength(PIPELINE_LIMITS.note, PIPELINE_ERRORS.note),
    ),
  },
  PIPELINE_ERRORS.note,
);

/** A next step as the API answers it. */
export interface NextStep {
  kind: NextStepKind;
  dueAt: string;
}

/** Whether a next step is due before `now` (an open lead's). */
export const isStepOverdue = (step: NextStep | null | undefined, now = new Date()): boolean =>
  !!step && Date.parse(step.dueAt) < now.getTime();

/**
 * When the first answer to a lead that arrived at `arrived` is promised: `FIRST_ANSWER_HOURS`
 * business hours later (Mon–Fri 08:00–16:00 Warsaw, holidays off; a lead of the evening or
 * the weekend counts from the next opening).
 */
export const firstAnswerDeadline = (arrived: Date, hours = FIRST_ANSWER_HOURS): Date =>
  addBusinessHours(arrived, hours);
