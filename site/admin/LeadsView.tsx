/**
 * The leads inbox: contact messages and quotes in one list, newest first, with filters,
 * search and the CSV export; a lead's detail with everything stored, its status, notes,
 * its emails ('Wyślij ponownie') and deletion on a GDPR request. Visitor text is only
 * ever rendered as text.
 */
import { Fragment, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { SessionViewProps } from './App.tsx';
import type {
  LeadDetail as LeadAnswer,
  LeadList,
  LeadListed as Lead,
  LeadNotification as Notification,
  LeadQuote as Quote,
} from '../../widgets/core/admin-api.ts';
import { LeadOwner, isOverdue, usePeople } from './LeadOwner.tsx';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { TERM_LABELS } from '../../widgets/core/quote.ts';
import { EMAIL_STATE_LABELS, KIND_LABELS, LEAD_STATUSES, when } from './labels.ts';
import { formatNumber, formatPln } from '../../widgets/core/format.ts';
import { LEVEL_NAMES, type PackageLevel } from '../../widgets/core/model.ts';
import { ADMIN_LIMITS } from '../../widgets/core/admin-validation.ts';
import { Notice } from './ui.tsx';

/** A stored quote (issue 5) as `GET /api/admin/leads/:id` answers it. */

const FILTERS = ['kind', 'status', 'from', 'to', 'utm_source', 'utm_campaign', 'partner', 'q'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;

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

export function LeadsView({ onFailure, session, leadId }: SessionViewProps & { leadId?: string | undefined }) {
  const [filter, setFilter] = useState<Filter>({});
  const [applied, setApplied] = useState<Filter>({});
  const [data, setData] = useState<{ leads: Lead[]; total: number } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const people = usePeople();

  const load = () =>
    api<LeadList>(`/leads${queryOf(applied)}`)
      .then((d) => {
        setData(d);
        setError(undefined);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list reloads when the applied filter or the opened lead changes; `load` is a new closure every render
  useEffect(() => void load(), [applied, leadId]);

  if (leadId) return <LeadDetail id={leadId} onFailure={onFailure} session={session} />;

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

  return (
    <div className="leads">
      <h1>Leady</h1>
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
        <label>
          Rodzaj
          <select
            value={filter.kind ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, kind: (e.target as HTMLSelectElement).value }))}
          >
            <option value="">Wszystkie</option>
            <option value="contact">Kontakt</option>
            <option value="quote">Wycena</option>
          </select>
        </label>
        <label>
          Status
          <select
            value={filter.status ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, status: (e.target as HTMLSelectElement).value }))}
          >
            <option value="">Wszystkie</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {input('from', 'Od dnia', 'date')}
        {input('to', 'Do dnia', 'date')}
        {input('utm_source', 'utm_source')}
        {input('utm_campaign', 'utm_campaign')}
        {input('partner', 'Partner')}
        <div className="filter-actions">
          <button type="submit" className="button">
            Filtruj
          </button>
          <button
            type="button"
            className="button ghost"
            onClick={() => {
              setFilter({});
              setApplied({});
            }}
          >
            Wyczyść
          </button>
          <a className="button ghost" href={`/api/admin/leads.csv${queryOf(applied)}`} download>
            Eksportuj CSV
          </a>
        </div>
      </form>
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
            Znaleziono: {data.total}
            {data.total > data.leads.length ? ` (pokazano ${data.leads.length} najnowszych)` : ''}
          </p>
          <div className="table-wrap">
            <table className="lead-list">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Rodzaj</th>
                  <th scope="col">Imię i nazwisko</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Firma</th>
                  <th scope="col">Źródło</th>
                  <th scope="col">Zgoda marketingowa</th>
                  <th scope="col">Status</th>
                  <th scope="col">Prowadzi</th>
                  <th scope="col">E-mail do działu</th>
                </tr>
              </thead>
              <tbody>
                {data.leads.map((lead) => (
                  <tr key={lead.id} className={isOverdue(lead) ? 'overdue' : undefined}>
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
                    </td>
                    <td>{lead.email}</td>
                    <td>{lead.company ?? '–'}</td>
                    <td>
                      {[
                        attr(lead, 'utm_source'),
                        attr(lead, 'utm_campaign'),
                        attr(lead, 'partner') && `partner: ${attr(lead, 'partner')}`,
                      ]
                        .filter(Boolean)
                        .join(' · ') || '–'}
                    </td>
                    <td>{lead.marketingConsent ? 'tak' : 'nie'}</td>
                    <td>
                      <span className={`status status-${lead.status.replace(/\s/g, '-')}`}>{lead.status}</span>
                      {isOverdue(lead) && (
                        <span className="overdue-badge">
                          <br />
                          bez odpowiedzi ponad {FIRST_ANSWER_HOURS} h robocze
                        </span>
                      )}
                    </td>
                    <td>{lead.assignedTo ? (people.find((p) => p.id === lead.assignedTo)?.name ?? '–') : '–'}</td>
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

function LeadDetail({ id, onFailure, session }: SessionViewProps & { id: string }) {
  const [data, setData] = useState<LeadAnswer | undefined>();
  const [status, setStatus] = useState('');
  const [notes, setNotes] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [missing, setMissing] = useState(false);

  const load = (note?: { ok: boolean; text: string }) =>
    api<LeadAnswer>(`/leads/${encodeURIComponent(id)}`)
      .then((d) => {
        setData(d);
        setStatus(d.lead.status);
        setNotes(d.lead.notes);
        setMessage(note);
      })
      .catch((e: unknown) => (e instanceof ApiRefused && e.status === 404 ? setMissing(true) : onFailure(e)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the lead reloads when another one is opened; `load` is a new closure every render
  useEffect(() => void load(), [id]);

  const refused = (e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e));

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
  const { lead, notifications, quote } = data;

  const save = (event: Event) => {
    event.preventDefault();
    api(`/leads/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status, notes } })
      .then(() => load({ ok: true, text: 'Zapisano.' }))
      .catch(refused);
  };
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
      <Notice note={message} />
      <div className="detail-grid">
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
        <LeadOwner lead={lead} session={session} onChanged={(text) => load({ ok: true, text })} onFailure={onFailure} />
        <form className="card" onSubmit={save} aria-labelledby="work">
          <h2 id="work">Obsługa</h2>
          <label>
            Status
            <select value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label>
            Notatki wewnętrzne
            <textarea
              rows={5}
              maxLength={ADMIN_LIMITS.notes}
              value={notes}
              onInput={(e) => setNotes((e.target as HTMLTextAreaElement).value)}
            />
          </label>
          <button type="submit" className="button">
            Zapisz
          </button>
        </form>
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
    </div>
  );
}

/** A quote's configuration and prices as stored with the lead (issue 5). */
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
