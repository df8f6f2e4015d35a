/**
 * The leads inbox: 'Moje leady' (a sales person's first view) and all leads, newest first,
 * as a list or a board by stage, with filters (owner, stage, overdue steps, kind, dates,
 * source), search and the CSV export; a lead's detail with its stage, next step, notes
 * history, first-answer promise, owner, e-mails ('Wyślij ponownie') and, for the owner
 * only, erasure on a GDPR request. Visitor text is only ever rendered as text.
 */
import { Fragment, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { SessionViewProps } from './view-props.ts';
import type {
  LeadDetail as LeadAnswer,
  LeadList,
  LeadListed as Lead,
  LeadNotification as Notification,
  LeadQuote as Quote,
} from '../../worker/admin-shared/admin-api.ts';
import { LeadOwner, isOverdue, usePeople } from './LeadOwner.tsx';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { warsawInstant } from '../../worker/admin-shared/business-hours.ts';
import {
  LOST_REASONS,
  NEXT_STEP_KINDS,
  PIPELINE_LIMITS,
  STAGES,
  isOpenStage,
  isStepOverdue,
  leadStatusLabel,
} from '../../worker/admin-shared/pipeline.ts';
import { rolesOfRequest } from '../../worker/admin-shared/roles.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { ORDER_STATUS_LABELS } from '../../worker/admin-shared/admin-api-orders.ts';
import { deliveryDayText } from '../../worker/admin-shared/delivery.ts';
import { EMAIL_STATE_LABELS, KIND_LABELS, when } from './labels.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { Notice } from './ui.tsx';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { plural } from '../../widgets/core/plural.ts';

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

const attr = (lead: Lead, key: string) => {
  const value = lead.attribution[key];
  return typeof value === 'string' && value ? value : undefined;
};

/** The next step in a few words, overdue ones marked. */
function NextStepCell({ lead, now }: { lead: Lead; now: Date }) {
  if (!isOpenStage(lead.stage)) return <>–</>;
  if (!lead.nextStep) return <span className="overdue-badge">brak kolejnego kroku</span>;
  const late = isStepOverdue(lead.nextStep, now);
  return (
    <span className={late ? 'overdue-badge' : undefined}>
      {lead.nextStep.kind} · {when(lead.nextStep.dueAt)}
      {late && ' · zaległy'}
    </span>
  );
}

/** The first answer: when it came (business hours), or by when it is promised. */
function FirstAnswerCell({ lead, now }: { lead: Lead; now: Date }) {
  if (lead.firstAnswerHours !== null)
    return (
      <span className={lead.firstAnswerHours > FIRST_ANSWER_HOURS ? 'overdue-badge' : undefined}>
        po {formatNumber(Math.round(lead.firstAnswerHours * 10) / 10)} h rob.
      </span>
    );
  if (isOverdue(lead, now)) return <span className="overdue-badge">po terminie ({when(lead.firstAnswerDueAt)})</span>;
  return <>do {when(lead.firstAnswerDueAt)}</>;
}

export function LeadsView({ onFailure, session, leadId }: SessionViewProps & { leadId?: string | undefined }) {
  // A sales person's day starts from their own leads.
  const start: Filter = session.role === 'sales' ? { owner: 'me' } : {};
  const [filter, setFilter] = useState<Filter>(start);
  const [applied, setApplied] = useState<Filter>(start);
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

  const apply = (next: Filter) => {
    setFilter(next);
    setApplied(next);
  };
  const input = (key: keyof Filter, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={filter[key] ?? ''}
        onInput={(e) => setFilter((f) => ({ ...f, [key]: (e.target as HTMLInputElement).value }))}
      />
    </label>
  );
  const select = (key: keyof Filter, label: string, options: [string, string][]) => (
    <label>
      {label}
      <select
        value={filter[key] ?? ''}
        onChange={(e) => setFilter((f) => ({ ...f, [key]: (e.target as HTMLSelectElement).value }))}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const mine = applied.owner === 'me';
  const now = new Date();
  const ownerName = (lead: Lead) => lead.owner?.name ?? '–';

  return (
    <div className="leads">
      <h1>{mine ? 'Moje leady' : 'Leady'}</h1>
      <fieldset className="view-switch">
        <legend className="sr-only">Czyje leady</legend>
        <button
          type="button"
          className={mine ? 'button' : 'button ghost'}
          aria-pressed={mine}
          onClick={() => apply({ ...filter, owner: 'me' })}
        >
          Moje leady
        </button>
        <button
          type="button"
          className={!applied.owner ? 'button' : 'button ghost'}
          aria-pressed={!applied.owner}
          onClick={() => apply({ ...filter, owner: '' })}
        >
          Wszystkie leady
        </button>
        <button
          type="button"
          className={applied.overdue ? 'button' : 'button ghost'}
          aria-pressed={!!applied.overdue}
          onClick={() => apply({ ...filter, overdue: applied.overdue ? '' : '1' })}
        >
          Zaległe kroki
        </button>
      </fieldset>
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the browsers we support; this is the same landmark. */}
      <form
        className="filters card"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...filter });
        }}
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
        <div className="filter-actions">
          <button type="submit" className="button">
            Filtruj
          </button>
          <button type="button" className="button ghost" onClick={() => apply(start)}>
            Wyczyść
          </button>
          <a className="button ghost" href={`/api/admin/leads.csv${queryOf(applied)}`} download>
            Eksportuj CSV
          </a>
        </div>
      </form>
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
            <div className="board">
              {STAGES.map((stage) => {
                const leads = data.leads.filter((l) => l.stage === stage);
                return (
                  <section key={stage} className="board-column" aria-label={`Etap: ${leadStatusLabel(stage)}`}>
                    <h2>
                      {leadStatusLabel(stage)} <span className="hint">({leads.length})</span>
                    </h2>
                    {leads.map((lead) => (
                      <article
                        key={lead.id}
                        className={`board-card${isStepOverdue(lead.nextStep, now) && isOpenStage(lead.stage) ? ' overdue' : ''}`}
                      >
                        <a href={`#leady/${encodeURIComponent(lead.id)}`}>{lead.name}</a>
                        {lead.company && <span className="hint"> · {lead.company}</span>}
                        <br />
                        <NextStepCell lead={lead} now={now} />
                        <br />
                        <span className="hint">Prowadzi: {ownerName(lead)}</span>
                      </article>
                    ))}
                  </section>
                );
              })}
            </div>
          ) : (
            <div className="table-wrap">
              <table className="lead-list">
                <thead>
                  <tr>
                    <th scope="col">Data</th>
                    <th scope="col">Rodzaj</th>
                    <th scope="col">Klient</th>
                    <th scope="col">Etap</th>
                    <th scope="col">Kolejny krok</th>
                    <th scope="col">Prowadzi</th>
                    <th scope="col">Pierwsza odpowiedź</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Źródło</th>
                    <th scope="col">E-mail do działu</th>
                  </tr>
                </thead>
                <tbody>
                  {data.leads.map((lead) => (
                    <tr
                      key={lead.id}
                      className={
                        isOverdue(lead, now) || (isOpenStage(lead.stage) && isStepOverdue(lead.nextStep, now))
                          ? 'overdue'
                          : undefined
                      }
                    >
                      <td>{when(lead.createdAt)}</td>
                      <td>
                        {KIND_LABELS[lead.kind] ?? lead.kind}
                        {lead.quote && (
                          <span className="hint">
                            <br />
                            {lead.quote.number} · {lead.quote.deviceName}{' '}
                            {LEVEL_NAMES[lead.quote.level as PackageLevel] ?? lead.quote.level} ·{' '}
                            {formatPln(lead.quote.monthlyNet, 2)}
                          </span>
                        )}
                      </td>
                      <td>
                        <a href={`#leady/${encodeURIComponent(lead.id)}`}>{lead.name}</a>
                        {lead.company && (
                          <span className="hint">
                            <br />
                            {lead.company}
                          </span>
                        )}
                      </td>
                      <td>
                        <span className={`status status-${lead.stage}`}>{leadStatusLabel(lead.stage)}</span>
                        {lead.lostReason && <span className="hint"> ({lead.lostReason})</span>}
                      </td>
                      <td>
                        <NextStepCell lead={lead} now={now} />
                      </td>
                      <td>{ownerName(lead)}</td>
                      <td>
                        <FirstAnswerCell lead={lead} now={now} />
                      </td>
                      <td>{lead.email}</td>
                      <td>
                        {[
                          attr(lead, 'utm_source'),
                          attr(lead, 'utm_campaign'),
                          attr(lead, 'partner') && `partner: ${attr(lead, 'partner')}`,
                        ]
                          .filter(Boolean)
                          .join(' · ') || '–'}
                      </td>
                      <td>{lead.emailState ? (EMAIL_STATE_LABELS[lead.emailState] ?? lead.emailState) : '–'}</td>
                    </tr>
                  ))}
                  {data.leads.length === 0 && (
                    <tr>
                      <td colSpan={10}>Brak leadów dla tych filtrów.</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
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

const ATTRIBUTION_LABELS: [string, string][] = [
  ['page', 'Strona'],
  ['origin', 'Witryna'],
  ['referrer', 'Poprzednia strona'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['partner', 'Partner'],
];

/** 'RRRR-MM-DDTGG:MM' of a datetime input, read as Warsaw time whatever the browser's zone. */
const warsawInputToIso = (value: string): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return warsawInstant({ year: y, month: mo, day: d }, h * 60 + mi).toISOString();
};
const isoToWarsawInput = (iso: string | null | undefined) => (iso ? warsawDateTime(iso).replace(' ', 'T') : '');

function LeadDetail({ id, onFailure, session }: SessionViewProps & { id: string }) {
  const [data, setData] = useState<LeadAnswer | undefined>();
  const [stage, setStage] = useState('');
  const [lostReason, setLostReason] = useState('');
  const [lostNote, setLostNote] = useState('');
  const [stepKind, setStepKind] = useState('');
  const [stepDue, setStepDue] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  /** The API's question about a next step whose time has passed (saved only once confirmed). */
  const [pastStep, setPastStep] = useState<string | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [missing, setMissing] = useState(false);

  const load = (text?: { ok: boolean; text: string }) =>
    api<LeadAnswer>(`/leads/${encodeURIComponent(id)}`)
      .then((d) => {
        setData(d);
        setStage(d.lead.stage);
        setLostReason(d.lead.lostReason ?? '');
        setLostNote(d.lead.lostNote ?? '');
        setStepKind(d.lead.nextStep?.kind ?? '');
        setStepDue(isoToWarsawInput(d.lead.nextStep?.dueAt));
        setMessage(text);
      })
      .catch((e: unknown) => (e instanceof ApiRefused && e.status === 404 ? setMissing(true) : onFailure(e)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the lead reloads when another one is opened; `load` is a new closure every render
  useEffect(() => {
    // Never show (and act on) the previous lead while the next one loads.
    setData(undefined);
    void load();
  }, [id]);

  const refused = (e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e));

  // The question about a past step: the focus in its field, and the question under it in view (on a phone too).
  useEffect(() => {
    if (!pastStep) return;
    document.getElementById('step-due')?.focus();
    document.getElementById('step-due-question')?.scrollIntoView({ block: 'nearest' });
  }, [pastStep]);

  if (missing)
    return (
      <div>
        <p>
          <a href="#leady">← Wszystkie leady</a>
        </p>
        <p className="error" role="alert">
          Nie ma takiego leadu (mógł zostać usunięty).
        </p>
      </div>
    );
  if (!data) return <p role="status">Ładowanie leadu...</p>;
  const { lead, notifications, quote, notes, order } = data;
  const open = isOpenStage(stage);

  const save = (event: Event, confirmPast = false) => {
    event.preventDefault();
    setPastStep(undefined);
    const dueAt = warsawInputToIso(stepDue);
    if (open && stepKind && !dueAt) {
      setMessage({ ok: false, text: 'Podaj termin kolejnego kroku (data i godzina).' });
      return;
    }
    const body: Record<string, unknown> = { stage };
    if (stage === 'lost') Object.assign(body, { lostReason: lostReason || null, lostNote });
    if (open) body.nextStep = stepKind && dueAt ? { kind: stepKind, dueAt } : null;
    if (confirmPast) body.confirmPast = true;
    api(`/leads/${encodeURIComponent(id)}`, { method: 'PATCH', body })
      .then(() => load({ ok: true, text: 'Zapisano.' }))
      .catch((e: unknown) => {
        if (e instanceof ApiRefused && (e.data as { confirm?: boolean } | undefined)?.confirm) {
          setMessage(undefined);
          setPastStep(e.message);
        } else refused(e);
      });
  };
  const addNote = (event: Event) => {
    event.preventDefault();
    api(`/leads/${encodeURIComponent(id)}/notes`, { method: 'POST', body: { text: note } })
      .then(() => {
        setNote('');
        return load({ ok: true, text: 'Dodano notatkę.' });
      })
      .catch(refused);
  };
  const closeAsSpam = () =>
    api(`/leads/${encodeURIComponent(id)}`, { method: 'PATCH', body: { stage: 'lost', lostReason: 'spam' } })
      .then(() => load({ ok: true, text: 'Zamknięto jako spam.' }))
      .catch(refused);
  const resend = (n: Notification) =>
    api(`/outbox/${n.id}/resend`, { method: 'POST', body: {} })
      .then(() => load({ ok: true, text: 'Wiadomość wróciła do kolejki wysyłki.' }))
      .catch(refused);
  const remove = () =>
    api(`/leads/${encodeURIComponent(id)}`, { method: 'DELETE' })
      .then(() => {
        location.hash = '#leady';
      })
      .catch(refused);

  return (
    <div className="lead-detail">
      <p>
        <a href="#leady">← Wszystkie leady</a>
      </p>
      <h1>{lead.name}</h1>
      <p className="hint">
        {KIND_LABELS[lead.kind] ?? lead.kind} z {when(lead.createdAt)} · ostatnia zmiana {when(lead.updatedAt)}
      </p>
      <p className={isOverdue(lead) ? 'promise overdue-badge' : 'promise'}>
        Pierwsza odpowiedź (obiecujemy w {FIRST_ANSWER_HOURS} h rob.):{' '}
        {lead.firstResponseAt
          ? `${when(lead.firstResponseAt)}, po ${formatNumber(Math.round((lead.firstAnswerHours ?? 0) * 10) / 10)} h rob.`
          : lead.firstAnswerDueAt
            ? `${isOverdue(lead) ? 'termin minął' : 'termin'} ${when(lead.firstAnswerDueAt)}`
            : 'jeszcze nie'}
      </p>
      <Notice note={message} />
      <div className="detail-grid">
        <form className="card" onSubmit={save} aria-labelledby="work">
          <h2 id="work">Etap i kolejny krok</h2>
          <label>
            Etap
            <select value={stage} onChange={(e) => setStage((e.target as HTMLSelectElement).value)}>
              {STAGES.map((s) => (
                <option key={s} value={s}>
                  {leadStatusLabel(s)}
                </option>
              ))}
            </select>
          </label>
          {stage === 'lost' && (
            <>
              <label>
                Powód przegranej
                <select
                  value={lostReason}
                  required
                  onChange={(e) => setLostReason((e.target as HTMLSelectElement).value)}
                >
                  <option value="">— wybierz —</option>
                  {LOST_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Opis powodu <span className="hint">(opcjonalnie)</span>
                <input
                  value={lostNote}
                  maxLength={PIPELINE_LIMITS.lostNote}
                  onInput={(e) => setLostNote((e.target as HTMLInputElement).value)}
                />
              </label>
            </>
          )}
          {open && (
            <>
              <label>
                Kolejny krok
                <select value={stepKind} onChange={(e) => setStepKind((e.target as HTMLSelectElement).value)}>
                  <option value="">— brak —</option>
                  {NEXT_STEP_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {k}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Termin kroku <span className="hint">(czas warszawski)</span>
                <input
                  id="step-due"
                  type="datetime-local"
                  value={stepDue}
                  aria-invalid={pastStep ? true : undefined}
                  aria-describedby={pastStep ? 'step-due-question' : undefined}
                  onInput={(e) => {
                    setStepDue((e.target as HTMLInputElement).value);
                    setPastStep(undefined);
                  }}
                />
              </label>
              {pastStep && (
                <div className="card" role="alert" id="step-due-question">
                  <p>{pastStep}</p>
                  <button type="button" className="button ghost" onClick={(e) => save(e, true)}>
                    Termin jest właściwy – zapisz
                  </button>
                </div>
              )}
            </>
          )}
          <p>
            <button type="submit" className="button">
              Zapisz
            </button>{' '}
            {lead.stage !== 'lost' && (
              <button type="button" className="button ghost" onClick={() => void closeAsSpam()}>
                Zamknij jako spam
              </button>
            )}
          </p>
        </form>
        <LeadOwner lead={lead} session={session} onChanged={(text) => load({ ok: true, text })} onFailure={onFailure} />
        <section className="card" aria-labelledby="notes">
          <h2 id="notes">Notatki</h2>
          {notes.length === 0 ? (
            <p>Brak notatek.</p>
          ) : (
            <ol className="notes">
              {notes.map((n) => (
                <li key={n.id}>
                  <span className="hint">
                    {when(n.createdAt)} · {n.author}
                  </span>
                  <p className="message">{n.text}</p>
                </li>
              ))}
            </ol>
          )}
          <form onSubmit={addNote}>
            <label>
              Nowa notatka
              <textarea
                rows={3}
                maxLength={PIPELINE_LIMITS.note}
                required
                value={note}
                onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)}
              />
            </label>
            <button type="submit" className="button">
              Dodaj notatkę
            </button>
          </form>
        </section>
        <section className="card" aria-labelledby="who">
          <h2 id="who">Dane kontaktowe</h2>
          <dl>
            <dt>Imię i nazwisko</dt>
            <dd>{lead.name}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </dd>
            <dt>Telefon</dt>
            <dd>{lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a> : '–'}</dd>
            <dt>Firma</dt>
            <dd>{lead.company ?? '–'}</dd>
            <dt>Wiadomość</dt>
            <dd className="message">{lead.message || '–'}</dd>
            <dt>Zgoda marketingowa</dt>
            <dd>{lead.marketingConsent ? 'tak' : 'nie'}</dd>
          </dl>
        </section>
        {order && (
          <section className="card" aria-labelledby="lead-order">
            <h2 id="lead-order">Zamówienie online</h2>
            <p>
              {order.companyName} · {ORDER_STATUS_LABELS[order.status]} · dostawa {deliveryDayText(order.deliveryDate)}
            </p>
            <p>
              <a className="button small" href={`#zamowienia/${order.id}`}>
                Otwórz zamówienie
              </a>
            </p>
          </section>
        )}
        {quote && <QuoteDetails quote={quote} />}
        <section className="card" aria-labelledby="whence">
          <h2 id="whence">Skąd przyszło zgłoszenie</h2>
          <dl>
            {ATTRIBUTION_LABELS.map(([key, label]) => (
              <Fragment key={key}>
                <dt>{label}</dt>
                <dd>{attr(lead, key) ?? '–'}</dd>
              </Fragment>
            ))}
            <dt>Origin żądania</dt>
            <dd>{lead.origin ?? '–'}</dd>
            <dt>Identyfikator</dt>
            <dd>
              <code>{lead.id}</code>
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="mails">
          <h2 id="mails">Powiadomienia e-mail</h2>
          {notifications.length === 0 && <p>Brak.</p>}
          {notifications.map((n) => (
            <div key={n.id} className="mail">
              <p>
                <strong>{EMAIL_STATE_LABELS[n.state] ?? n.state}</strong> · prób: {n.attempts} · do {n.recipient}
                {n.sentAt && <> · wysłano {when(n.sentAt)}</>}
              </p>
              {n.lastError && <p className="error-text">Ostatni błąd: {n.lastError}</p>}
              {n.state !== 'sent' && n.state !== 'sending' && (
                <button type="button" className="button small" onClick={() => void resend(n)}>
                  Wyślij ponownie
                </button>
              )}
              <details>
                <summary>Treść: {n.subject}</summary>
                <pre className="mail-body">{n.body}</pre>
              </details>
            </div>
          ))}
        </section>
      </div>
      {mayErase(session.role) && (
        <section className="danger-zone" aria-labelledby="gdpr">
          <h2 id="gdpr">Usunięcie danych (RODO)</h2>
          <p>Usuwa lead i jego powiadomienia na zawsze. Tego nie da się cofnąć.</p>
          {confirmDelete ? (
            <p>
              <button type="button" className="button danger" onClick={() => void remove()}>
                Tak, usuń na zawsze
              </button>{' '}
              <button type="button" className="button ghost" onClick={() => setConfirmDelete(false)}>
                Anuluj
              </button>
            </p>
          ) : (
            <button type="button" className="button danger" onClick={() => setConfirmDelete(true)}>
              Usuń lead
            </button>
          )}
        </section>
      )}
    </div>
  );
}

/** Whether the role may erase a lead (the one table of worker/admin-shared/roles.ts). */
const mayErase = (role: SessionViewProps['session']['role']) =>
  rolesOfRequest('DELETE', '/api/admin/leads/x').includes(role);

/** A quote's configuration and prices as stored with the lead. */
function QuoteDetails({ quote: q }: { quote: Quote }) {
  const pages = (mono: number, color: number | null) =>
    `${formatNumber(mono)} mono${color ? ` + ${formatNumber(color)} kolor` : ''}`;
  const rate = (n: number | null) => (n === null ? '' : formatPln(n, 2));
  const rows: [string, string][] = [
    ['Numer', q.number],
    ['Urządzenie', q.deviceName],
    ['Pakiet', LEVEL_NAMES[q.level as PackageLevel] ?? q.level],
    ['Okres', TERM_LABELS[q.term] ?? q.term],
    ['Papier', q.paper ? 'tak (wycena indywidualna)' : 'nie'],
    ['Nakład miesięczny', q.volume.mono || q.volume.color ? pages(q.volume.mono, q.volume.color) : 'nie podano'],
    ['W pakiecie', pages(q.monthlyLimit, q.colorLimit)],
    [
      'Dopłata za stronę',
      [
        rate(q.overage.mono) && `mono ${rate(q.overage.mono)}`,
        q.overage.color !== null && `kolor ${rate(q.overage.color)}`,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['Abonament', `${formatPln(q.monthlyNet, 2)} netto / ${formatPln(q.monthlyGross, 2)} brutto`],
    ['Szacunkowo przy nakładzie', `${formatPln(q.estimatedNet, 2)} netto / ${formatPln(q.estimatedGross, 2)} brutto`],
    ['Wersja cennika', String(q.catalogueVersion)],
    ['NIP', q.nip ?? '–'],
    ['Miasto', q.city ?? '–'],
    ['Zgoda marketingowa', q.marketingConsent ? 'tak' : 'nie'],
    ['Ważna do', when(q.expiresAt)],
    ...(q.estimateRows ?? []),
  ];
  return (
    <section className="card" aria-labelledby="quote">
      <h2 id="quote">Wycena</h2>
      <dl>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p>
        <a href={q.url} target="_blank" rel="noopener">
          Otwórz stronę wyceny
        </a>
      </p>
    </section>
  );
}
