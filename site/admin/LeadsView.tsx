/**
 * The leads inbox: 'Moje leady' (a sales person's first view) and all leads, newest first,
 * as a list or a board by stage (LeadsList.tsx), with filters (owner, stage, overdue steps,
 * kind, dates, source), search and the CSV export; a lead's detail (LeadDetail.tsx) under
 * `#leady/<id>`. The filter stays as it was while a lead is open. Visitor text is only ever
 * rendered as text.
 */
import { useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { SessionViewProps } from './view-props.ts';
import type { LeadList, LeadListed as Lead } from '../../worker/admin-shared/admin-api.ts';
import { usePeople } from './LeadOwner.tsx';
import { LeadDetail } from './LeadDetail.tsx';
import { LeadBoard, LeadTable } from './LeadsList.tsx';
import { STAGES, leadStatusLabel } from '../../worker/admin-shared/pipeline.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { plural } from '../../widgets/core/plural.ts';
import { Field, FilterForm, type Options, SelectField, useFilter } from './form-kit.tsx';

const FILTERS = [
  'owner',
  'stage',
  'overdue',
  'kind',
  'status',
  'from',
  'to',
  'utm_source',
  'utm_campaign',
  'partner',
  'q',
] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;
const MORE_FILTERS = ['kind', 'from', 'to', 'utm_source', 'utm_campaign', 'partner'] as const;

const queryOf = (filter: Filter) => {
  const params = new URLSearchParams();
  for (const key of FILTERS) if (filter[key]?.trim()) params.set(key, filter[key]!.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function LeadsView({ onFailure, session, leadId }: SessionViewProps & { leadId?: string | undefined }) {
  // A sales person's day starts from their own leads.
  const start: Filter = session.role === 'sales' ? { owner: 'me' } : {};
  const filter = useFilter<Filter>(start);
  const { typed, applied, apply } = filter;
  const [layout, setLayout] = useState<'lista' | 'tablica'>('lista');
  const [data, setData] = useState<{ leads: Lead[]; next: string | null } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  const people = usePeople();

  /** The first page of the filter; with `after`, the next page added below what is shown. */
  const load = (after?: string) => {
    const query = queryOf(applied);
    const page = after ? `${query ? `${query}&` : '?'}after=${encodeURIComponent(after)}` : query;
    setLoadingMore(!!after);
    return api<LeadList>(`/leads${page}`)
      .then((d) => {
        setData((shown) => (after && shown ? { leads: [...shown.leads, ...d.leads], next: d.next } : d));
        setError(undefined);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)))
      .finally(() => setLoadingMore(false));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list reloads when the applied filter or the opened lead changes; `load` is a new closure every render
  useEffect(() => void load(), [applied, leadId]);

  if (leadId) return <LeadDetail id={leadId} onFailure={onFailure} session={session} />;

  const input = (key: keyof Filter, label: string, type = 'text') => (
    <Field label={label} type={type} value={typed[key] ?? ''} onValue={filter.set(key)} />
  );
  const select = (key: keyof Filter, label: string, options: Options) => (
    <SelectField label={label} value={typed[key] ?? ''} onValue={filter.set(key)} options={options} />
  );
  const mine = applied.owner === 'me';
  const now = new Date();

  return (
    <div className="leads">
      <h1>{mine ? 'Moje leady' : 'Leady'}</h1>
      <fieldset className="view-switch">
        <legend className="sr-only">Czyje leady</legend>
        <button
          type="button"
          className={mine ? 'button' : 'button ghost'}
          aria-pressed={mine}
          onClick={() => apply({ ...typed, owner: 'me' })}
        >
          Moje leady
        </button>
        <button
          type="button"
          className={!applied.owner ? 'button' : 'button ghost'}
          aria-pressed={!applied.owner}
          onClick={() => apply({ ...typed, owner: '' })}
        >
          Wszystkie leady
        </button>
        <button
          type="button"
          className={applied.overdue ? 'button' : 'button ghost'}
          aria-pressed={!!applied.overdue}
          onClick={() => apply({ ...typed, overdue: applied.overdue ? '' : '1' })}
        >
          Zaległe kroki
        </button>
      </fieldset>
      <FilterForm
        role="search"
        submit="Filtruj"
        onSubmit={() => apply()}
        actions={
          <>
            <button type="button" className="button ghost" onClick={() => apply(start)}>
              Wyczyść
            </button>
            <a className="button ghost" href={`/api/admin/leads.csv${queryOf(applied)}`} download>
              Eksportuj CSV
            </a>
          </>
        }
      >
        {input('q', 'Szukaj (imię, e-mail, firma)', 'search')}
        {select('owner', 'Prowadzi', [
          ['', 'Wszyscy'],
          ['me', 'Ja'],
          ['none', 'Nikt (nieprzypisane)'],
          ...people.map((p): [string, string] => [String(p.id), p.name]),
        ])}
        {select('stage', 'Etap', [['', 'Wszystkie'], ...STAGES.map((s): [string, string] => [s, leadStatusLabel(s)])])}
        {select('overdue', 'Kolejny krok', [
          ['', 'Wszystkie'],
          ['1', 'Tylko zaległe'],
        ])}
        {/* The rarer filters fold away, so on a phone the list starts near the top. */}
        <details className="more-filters" open={MORE_FILTERS.some((k) => !!applied[k])}>
          <summary>Więcej filtrów (rodzaj, daty, źródło)</summary>
          <div className="more-filters-grid">
            {select('kind', 'Rodzaj', [
              ['', 'Wszystkie'],
              ['contact', 'Kontakt'],
              ['quote', 'Wycena'],
            ])}
            {input('from', 'Od dnia', 'date')}
            {input('to', 'Do dnia', 'date')}
            {input('utm_source', 'utm_source')}
            {input('utm_campaign', 'utm_campaign')}
            {input('partner', 'Partner')}
          </div>
        </details>
      </FilterForm>
      <fieldset className="view-switch">
        <legend className="sr-only">Układ listy</legend>
        {(['lista', 'tablica'] as const).map((l) => (
          <button
            key={l}
            type="button"
            className={layout === l ? 'button small' : 'button small ghost'}
            aria-pressed={layout === l}
            onClick={() => setLayout(l)}
          >
            {l === 'lista' ? 'Lista' : 'Tablica etapów'}
          </button>
        ))}
      </fieldset>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!data ? (
        <p role="status">Ładowanie leadów...</p>
      ) : (
        <>
          <p className="hint" role="status">
            {data.leads.length === 0
              ? 'Brak leadów dla tego filtra.'
              : `Pokazano ${data.leads.length} ${plural(data.leads.length, 'lead', 'leady', 'leadów')}, od najnowszych${data.next ? '; są starsze' : ''}.`}
          </p>
          {layout === 'tablica' ? (
            <LeadBoard leads={data.leads} now={now} />
          ) : (
            <LeadTable leads={data.leads} now={now} />
          )}
          {data.next && (
            <button
              type="button"
              className="button ghost"
              disabled={loadingMore}
              onClick={() => void load(data.next ?? undefined)}
            >
              {loadingMore ? FALLBACK.loading : 'Pokaż starsze leady'}
            </button>
          )}
        </>
      )}
    </div>
  );
}
