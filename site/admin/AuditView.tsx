/** 'Historia zmian': the audit log, read-only, filtered by area, person and dates. */
import { FALLBACK } from '../../widgets/core/texts.ts';
import { useState } from 'react';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { ROLE_LABELS, type Role } from '../../worker/admin-shared/roles.ts';
import { leadStatusLabel } from '../../worker/admin-shared/pipeline.ts';
import type { ViewProps } from './view-props.ts';
import type { AuditList, AuditLogEntry as Entry } from '../../worker/admin-shared/admin-api.ts';
import { when } from './labels.ts';
import { DataTable } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';
import { MoreRows, usePages } from './pages.tsx';
import { AUDIT_ENTRIES } from '../../widgets/core/nouns.ts';

/** Polish names of the areas of the admin API. */
export const AREA_LABELS: Record<string, string> = {
  leads: 'Leady',
  quotes: 'Wyceny',
  catalogue: 'Cennik',
  outbox: 'Wysyłka e-maili',
  accounts: 'Zespół',
  me: 'Moje konto',
  webhooks: 'Webhooki',
  tickets: 'Zgłoszenia serwisowe',
  readings: 'Odczyty liczników',
  devices: 'Urządzenia',
  privacy: 'Dane osobowe',
  contracts: 'Umowy',
  amendments: 'Aneksy',
  orders: 'Zamówienia online',
  toner: 'Tonery',
  unlock: 'Odblokowanie logowania',
};

const VERBS: Record<string, string> = {
  create: 'dodanie',
  update: 'zmiana',
  delete: 'usunięcie',
  export: 'eksport',
  resend: 'ponowna wysyłka',
  link: 'nowy link do hasła',
  password: 'zmiana hasła',
  sessions: 'zakończenie sesji',
  assign: 'przypisanie',
  take: 'przejęcie',
  test: 'zdarzenie testowe',
  notes: 'notatka',
  // A view of personal or billing data in bulk: one entry per view, with the pages and rows read in it.
  view: 'podgląd listy',
  bill: 'podgląd rozliczeń umów',
  billing: 'podgląd rozliczenia okresu',
  'billing-email': 'nowy adres do faktur',
};

const summary = (e: Entry): string => {
  const verb = e.action.split('.').pop() ?? '';
  return `${AREA_LABELS[e.area] ?? e.area}: ${VERBS[verb] ?? verb}`;
};

const DETAIL_LABELS: Record<string, string> = {
  status: 'status',
  stage: 'etap',
  lostReason: 'powód przegranej',
  nextStep: 'kolejny krok',
  note: 'notatka',
  takeover: 'przejęcie od innej osoby',
  notes: 'notatki',
  assignee: 'prowadzi',
  target: 'konto',
  role: 'rola',
  disabled: 'wyłączone',
  name: 'imię',
  pages: 'odczytane strony listy',
  rows: 'odczytane wiersze',
  readingLinks: 'z linkami do odczytu',
  period: 'okres',
};

const LEAD_FIELDS = new Set(['status', 'stage']);

const value = (v: unknown): string =>
  v === null || v === undefined
    ? '–'
    : typeof v === 'boolean'
      ? v
        ? 'tak'
        : 'nie'
      : typeof v === 'string'
        ? (ROLE_LABELS[v as Role] ?? v)
        : JSON.stringify(v);

const detailText = (details: Record<string, unknown>): string =>
  Object.entries(details)
    .map(([key, v]) => {
      const k = DETAIL_LABELS[key] ?? key;
      if (v && typeof v === 'object' && 'kind' in v && 'dueAt' in v) {
        const step = v as { kind: unknown; dueAt: unknown };
        return `${k}: ${value(step.kind)} ${typeof step.dueAt === 'string' ? warsawDateTime(step.dueAt) : ''}`;
      }
      if (v && typeof v === 'object' && 'from' in v && 'to' in v) {
        const change = v as { from: unknown; to: unknown };
        // A lead's stage and status are stored as keys (older rows: the Polish words, shown as they are).
        const shown = (x: unknown) => (LEAD_FIELDS.has(key) && typeof x === 'string' ? leadStatusLabel(x) : value(x));
        return `${k}: ${shown(change.from)} → ${shown(change.to)}`;
      }
      return `${k}: ${value(v)}`;
    })
    .join('; ');

export function AuditView({ onFailure }: ViewProps) {
  const [filter, setFilter] = useState({ area: '', from: '', to: '' });
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v));
  const pages = usePages<AuditList, Entry>(`/audit?${query}`, (d) => d.entries, onFailure);
  const entries = pages.rows;
  const set = (key: keyof typeof filter) => (value: string) => setFilter({ ...filter, [key]: value });

  return (
    <div className="audit">
      <h1>Historia zmian</h1>
      <p className="lead">Kto, co i kiedy zmienił w panelu (również eksporty). Tylko do odczytu.</p>
      <div className="filters card">
        <SelectField
          label="Obszar"
          value={filter.area}
          onValue={set('area')}
          options={[['', 'Wszystkie'], ...Object.entries(AREA_LABELS)]}
        />
        <Field label="Od" type="date" value={filter.from} onValue={set('from')} />
        <Field label="Do" type="date" value={filter.to} onValue={set('to')} />
      </div>
      {!entries ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable columns={['Kiedy', 'Kto', 'Co', 'Czego dotyczy', 'Szczegóły']}>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{when(e.at)}</td>
              <td>{e.actor}</td>
              <td>{summary(e)}</td>
              <td>
                {e.area === 'leads' && e.target && !e.target.endsWith('.csv') ? (
                  <a href={`#leady/${encodeURIComponent(e.target)}`}>{e.target.slice(0, 8)}</a>
                ) : (
                  (e.target ?? '–')
                )}
              </td>
              <td>{detailText(e.details)}</td>
            </tr>
          ))}
          {entries.length === 0 && (
            <tr>
              <td colSpan={5}>Brak wpisów.</td>
            </tr>
          )}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={AUDIT_ENTRIES} />
    </div>
  );
}
