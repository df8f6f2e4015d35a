/**
 * The request bodies of the admin API's writes, one valibot schema each, shared
 * by the worker and the panel (site/admin). Kept out of validation.ts so no widget bundle
 * carries them. The catalogue's own rules (prices, limits, overage per package) are in
 * catalogue-rules.ts; here is the envelope of a change.
 */
import * as v from 'valibot';
import { LIMITS, hasLineControl } from '../../widgets/core/validation.ts';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, PIPELINE_ERRORS, STAGES, pipelineEntries } from './pipeline.ts';
import { statusKey } from '../../widgets/core/status-keys.ts';

export type LeadKind = 'contact' | 'quote';
export const LEAD_KINDS: readonly LeadKind[] = ['contact', 'quote'];
export { LEAD_STATUSES, type LeadStatus } from './pipeline.ts';
export type OutboxFilterState = 'pending' | 'sending' | 'sent' | 'failed' | 'dead' | 'unsent';
export const OUTBOX_FILTER_STATES: readonly OutboxFilterState[] = [
  'pending',
  'sending',
  'sent',
  'failed',
  'dead',
  'unsent',
];

/** Length limits of the panel's inputs. */
export const ADMIN_LIMITS = {
  password: 200,
  userName: 60,
  notes: 5000,
  catalogueNote: 200,
  /** Free-text filters of the inbox (utm, partner). */
  filter: 100,
  /** The inbox search: as long as the longest field it searches (the e-mail address). */
  search: LIMITS.email,
} as const;

/** Polish messages of the admin checks (the API's 400 `error`). */
export const ADMIN_INPUT_ERRORS = {
  password: 'Podaj hasło.',
  passwordLong: `Hasło może mieć najwyżej ${ADMIN_LIMITS.password} znaków.`,
  userName: `Podpis może mieć najwyżej ${ADMIN_LIMITS.userName} znaków, bez znaków sterujących.`,
  date: 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).',
  kind: 'Nieprawidłowy rodzaj zgłoszenia.',
  status: `Nieprawidłowy status. Dozwolone: ${LEAD_STATUSES.join(', ')}.`,
  notes: `Notatki mogą mieć najwyżej ${ADMIN_LIMITS.notes} znaków.`,
  nothing: 'Podaj zmianę: etap, kolejny krok, status lub notatki.',
  statsFilter: 'Liczby filtruje się tylko po datach (od, do) i rodzaju zgłoszenia.',
  outboxState: 'Nieprawidłowy stan wiadomości.',
  catalogueNote: `Opis zmiany cennika może mieć najwyżej ${ADMIN_LIMITS.catalogueNote} znaków.`,
} as const;

/** `POST /api/admin/login`: `{password, name?}`; a blank name signs as 'admin'. */
export const loginSchema = v.object(
  {
    password: v.pipe(
      v.string(ADMIN_INPUT_ERRORS.password),
      v.nonEmpty(ADMIN_INPUT_ERRORS.password),
      v.maxLength(ADMIN_LIMITS.password, ADMIN_INPUT_ERRORS.passwordLong),
    ),
    name: v.pipe(
      v.nullish(v.string(ADMIN_INPUT_ERRORS.userName), ''),
      v.trim(),
      v.maxLength(ADMIN_LIMITS.userName, ADMIN_INPUT_ERRORS.userName),
      v.check((s) => !hasLineControl(s), ADMIN_INPUT_ERRORS.userName),
      v.transform((s) => s || 'admin'),
    ),
  },
  ADMIN_INPUT_ERRORS.password,
);

/**
 * `PATCH /api/admin/leads/:id`: `{status?, notes?, stage?, lostReason?, lostNote?, nextStep?, confirmPast?}`
 * (pipeline.ts), at least one of them besides `confirmPast`; a stage 'lost' needs its reason.
 */
export const leadUpdateSchema = v.pipe(
  v.object(
    {
      status: v.optional(statusKey(LEAD_STATUSES, LEAD_STATUS_LABELS, ADMIN_INPUT_ERRORS.status)),
      notes: v.optional(
        v.pipe(v.string(ADMIN_INPUT_ERRORS.notes), v.maxLength(ADMIN_LIMITS.notes, ADMIN_INPUT_ERRORS.notes)),
      ),
      ...pipelineEntries,
    },
    ADMIN_INPUT_ERRORS.nothing,
  ),
  v.check(
    (u) => Object.entries(u).some(([key, value]) => key !== 'confirmPast' && value !== undefined),
    ADMIN_INPUT_ERRORS.nothing,
  ),
  v.check((u) => u.stage !== 'lost' || !!u.lostReason, PIPELINE_ERRORS.lostReason),
);

/**
 * `POST /api/admin/catalogue`: `{devices, note?}`. `devices` is checked field by field
 * by catalogue-rules.ts (`applyCatalogueChange`), which names every problem at once.
 */
export const catalogueChangeSchema = v.object(
  {
    devices: v.unknown(),
    note: v.pipe(
      v.nullish(v.string(ADMIN_INPUT_ERRORS.catalogueNote), ''),
      v.trim(),
      v.maxLength(ADMIN_LIMITS.catalogueNote, ADMIN_INPUT_ERRORS.catalogueNote),
      v.transform((s) => s || null),
    ),
  },
  ADMIN_INPUT_ERRORS.catalogueNote,
);

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
const textUpTo = (max: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.transform((s) => s.slice(0, max) || undefined),
  );
const filterText = textUpTo(ADMIN_LIMITS.filter);
const blankTo = <T extends v.GenericSchema<string, string>>(schema: T) => v.pipe(filterText, v.optional(schema));

/** The inbox's and the numbers' filter (`GET /api/admin/leads`, `leads.csv`, `stats`), from the query string. */
export const leadFilterSchema = v.object({
  kind: blankTo(v.picklist(LEAD_KINDS, ADMIN_INPUT_ERRORS.kind)),
  status: blankTo(statusKey(LEAD_STATUSES, LEAD_STATUS_LABELS, ADMIN_INPUT_ERRORS.status)),
  from: blankTo(v.pipe(v.string(), v.check(isDate, ADMIN_INPUT_ERRORS.date))),
  to: blankTo(v.pipe(v.string(), v.check(isDate, ADMIN_INPUT_ERRORS.date))),
  utm_source: filterText,
  utm_campaign: filterText,
  partner: filterText,
  q: textUpTo(ADMIN_LIMITS.search),
  /** 'me' (the signed-in person), 'none' (nobody's) or an account id. */
  owner: blankTo(v.pipe(v.string(), v.regex(/^(me|none|[1-9]\d{0,9})$/, PIPELINE_ERRORS.owner))),
  stage: blankTo(statusKey(STAGES, LEAD_STATUS_LABELS, PIPELINE_ERRORS.stage)),
  /** '1': only open leads whose next step is overdue. */
  overdue: blankTo(v.pipe(v.string(), v.regex(/^1$/, PIPELINE_ERRORS.overdue))),
});

/** `GET /api/admin/outbox?state=`. */
export const outboxFilterSchema = v.object({
  state: v.optional(v.picklist(OUTBOX_FILTER_STATES, ADMIN_INPUT_ERRORS.outboxState)),
});
