/**
 * A lead as the team reads it: the admin API's JSON (`leadJson`), the CSV's columns and one
 * row of them (`LEAD_CSV_HEADER`, `leadCsvRow`: how a row reads, apart from how the rows
 * are fetched), and the lead part of every webhook payload (`leadPayload`, owner included).
 * Times in the CSV are Warsaw time, values Polish.
 */
import { csvDecimal, csvMoney } from '../../widgets/core/format.ts';
import type { LeadQuote, LeadView, QuoteSummary } from '../admin-shared/admin-api.ts';
import { adviceRows, comparisonRows, estimateRows } from '../quotes/estimate-text.ts';
import type { StoredQuote } from '../quotes/index.ts';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { isOpenStage, leadStatusLabel } from '../admin-shared/pipeline.ts';
import type { LeadNoteRow } from './model-lead-notes.ts';
import type { LeadKind, OwnedLeadRow } from './model.ts';
import { firstAnswerHours } from './model-lead-changes.ts';

export const parseAttribution = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const ownerOf = (row: Pick<OwnedLeadRow, 'assigned_to' | 'owner_name'>) =>
  row.assigned_to === null ? null : { id: row.assigned_to, name: row.owner_name ?? `#${row.assigned_to}` };

const nextStepOf = (row: Pick<OwnedLeadRow, 'next_step_kind' | 'next_step_due_at'>) =>
  row.next_step_kind && row.next_step_due_at ? { kind: row.next_step_kind, dueAt: row.next_step_due_at } : null;

/** A lead as the API answers it: attribution as an object, camelCase names. */
export function leadJson(row: OwnedLeadRow & { email_state?: string | null }): LeadView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    marketingConsent: row.marketing_consent === 1,
    notes: row.notes,
    attribution: parseAttribution(row.attribution),
    origin: row.origin,
    submissionId: row.submission_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    assignedTo: row.assigned_to ?? null,
    firstResponseAt: row.first_response_at ?? null,
    owner: ownerOf(row),
    stage: row.stage,
    lostReason: row.lost_reason,
    lostNote: row.lost_note,
    nextStep: nextStepOf(row),
    firstAnswerDueAt: row.first_answer_due_at,
    firstAnswerHours: firstAnswerHours(row),
    ...(row.email_state === undefined ? {} : { emailState: row.email_state }),
  };
}

/** The lead fields every lead webhook carries, its owner included (null: nobody's). */
export function leadPayload(row: OwnedLeadRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    statusLabel: leadStatusLabel(row.status),
    stage: row.stage,
    stageLabel: leadStatusLabel(row.stage),
    name: row.name,
    email: row.email,
    owner:
      row.assigned_to === null
        ? null
        : { id: row.assigned_to, name: row.owner_name ?? null, email: row.owner_email ?? null },
  };
}

const KIND_NAMES: Record<LeadKind, string> = { contact: 'kontakt', quote: 'wycena' };
const EMAIL_STATE_NAMES: Record<string, string> = {
  pending: 'oczekuje',
  sending: 'wysyłanie',
  sent: 'wysłany',
  failed: 'błąd, ponowi',
  dead: 'niewysłany',
};

export const LEAD_CSV_HEADER = [
  'Data (czas warszawski)',
  'Rodzaj',
  'Etap',
  'Powód przegranej',
  'Status',
  'Prowadzi',
  'Pierwsza odpowiedź (czas warszawski)',
  'Czas pierwszej odpowiedzi (h robocze)',
  'Termin pierwszej odpowiedzi (czas warszawski)',
  'Kolejny krok',
  'Termin kolejnego kroku (czas warszawski)',
  'Imię i nazwisko',
  'E-mail',
  'Telefon',
  'Firma',
  'Wiadomość',
  'Zgoda marketingowa',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'Partner',
  'Strona',
  'Ostatnia notatka',
  'Stan e-maila',
  'Numer wyceny',
  'Urządzenie',
  'Pakiet',
  'Netto/mies. (zł)',
  'ID',
];

/** One CSV row of a lead, in the order of `LEAD_CSV_HEADER`. */
export function leadCsvRow(
  row: OwnedLeadRow & { email_state?: string | null },
  quote: QuoteSummary | undefined,
  note: LeadNoteRow | undefined,
): unknown[] {
  const a = parseAttribution(row.attribution) as Record<string, string | undefined>;
  const hours = firstAnswerHours(row);
  const open = isOpenStage(row.stage);
  return [
    warsawDateTime(row.created_at),
    KIND_NAMES[row.kind] ?? row.kind,
    leadStatusLabel(row.stage),
    [row.lost_reason, row.lost_note].filter(Boolean).join(': '),
    leadStatusLabel(row.status),
    row.owner_name ?? (row.assigned_to === null ? 'nieprzypisany' : `#${row.assigned_to}`),
    warsawDateTime(row.first_response_at),
    hours === null ? '' : csvDecimal(hours, 1),
    warsawDateTime(row.first_answer_due_at),
    open ? (row.next_step_kind ?? '') : '',
    open ? warsawDateTime(row.next_step_due_at) : '',
    row.name,
    row.email,
    row.phone,
    row.company,
    row.message,
    row.marketing_consent === 1 ? 'tak' : 'nie',
    a.utm_source,
    a.utm_medium,
    a.utm_campaign,
    a.partner,
    `${a.origin ?? ''}${a.page ?? ''}`,
    note ? `${warsawDateTime(note.created_at)} ${note.author}: ${note.body}` : row.notes,
    row.email_state ? (EMAIL_STATE_NAMES[row.email_state] ?? row.email_state) : '',
    quote?.number,
    quote?.deviceName,
    quote ? (LEVEL_NAMES[quote.level as PackageLevel] ?? quote.level) : undefined,
    quote ? csvMoney(quote.monthlyNet) : undefined,
    row.id,
  ];
}

/** A stored quote as the panel shows it; `url` is the printable page behind its secret id. */
export function quoteJson(q: StoredQuote): LeadQuote {
  const p = q.price;
  return {
    number: q.number,
    url: `/wycena/${q.id}`,
    deviceId: p.deviceId,
    deviceName: p.deviceName,
    level: p.level,
    term: String(p.term),
    paper: p.paper,
    volume: { mono: p.volume.mono, color: p.volume.color ?? null },
    monthlyLimit: p.monthlyLimit,
    colorLimit: p.colorLimit ?? null,
    overage: { mono: p.overageMono, color: p.overageColor ?? null },
    monthlyNet: p.monthlyNet,
    monthlyGross: p.monthlyGross,
    estimatedNet: p.estimatedNet,
    estimatedGross: p.estimatedGross,
    catalogueVersion: q.catalogueVersion,
    nip: q.contact.nip,
    city: q.contact.city,
    marketingConsent: q.contact.marketingConsent,
    createdAt: q.createdAt,
    expiresAt: q.expiresAt,
    /** The estimate and the comparison as the quote page shows them. */
    estimateRows: [...estimateRows(q.estimate), ...comparisonRows(q.comparison), ...adviceRows(q.advice)],
  };
}
