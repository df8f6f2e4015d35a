/**
 * The service tab: open tickets by time left on the SLA clock (business hours),
 * the overdue marked; a ticket's details and history; each status change recorded with
 * the logged-in user; the share answered within the promise per month.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type {
  SlaMonth,
  SlaReport,
  TicketDetail as Detail,
  TicketList as TicketsAnswer,
  TicketView as Ticket,
} from '../../worker/admin-shared/admin-api.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { levelLabel, ticketStatusLabel, when } from './labels.ts';
import { company } from '../../widgets/core/company.ts';
import { SERVICE_LIMITS, TEAM_STATUSES } from '../../widgets/core/service-fields.ts';
import { DataTable, Notice } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';
import { MoreRows, usePages } from './pages.tsx';
import { TICKETS } from '../../widgets/core/nouns.ts';

const CATEGORIES: Record<string, string> = {
  paper: 'Zacięcie papieru',
  quality: 'Jakość wydruku',
  code: 'Kod błędu',
  network: 'Sieć / skanowanie',
  toner: 'Toner',
  other: 'Inne',
};

const clock = (t: Ticket): string => {
  if (t.minutesLeft === undefined)
    return t.overdue ? 'odpowiedź po terminie' : `odpowiedź w terminie (${when(t.firstResponseAt)})`;
  const m = Math.abs(t.minutesLeft);
  const text = `${Math.floor(m / 60)} h ${m % 60} min`;
  return t.minutesLeft < 0 ? `po terminie o ${text}` : `zostało ${text}`;
};

/** What the list says under a ticket's serial: its package, or what the desk has to do about the device. */
const deviceHint = (t: Ticket): string =>
  t.knownDevice ? levelLabel(t.level) : t.serial ? 'numer spoza rejestru' : 'urządzenie do wskazania';

/** A promise and its deadline: '4 h, do 2026-05-12 14:30'. */
const promise = (hours: number | null, dueAt: string | null): string =>
  hours === null || dueAt === null ? '' : `${hours} h, do ${when(dueAt)}`;

export function TicketsView({ onFailure, ticketId }: ViewProps & { ticketId?: string | undefined }) {
  return ticketId ? <TicketDetail id={ticketId} onFailure={onFailure} /> : <TicketList onFailure={onFailure} />;
}

function TicketList({ onFailure }: Pick<ViewProps, 'onFailure'>) {
  const [show, setShow] = useState('open');
  const [months, setMonths] = useState<SlaMonth[]>([]);
  const pages = usePages<TicketsAnswer, Ticket>(`/tickets?show=${show}`, (d) => d.tickets, onFailure);
  const tickets = pages.rows;

  useEffect(() => {
    api<SlaReport>('/tickets/stats')
      .then((s) => setMonths(s.months))
      .catch(onFailure);
  }, [onFailure]);

  return (
    <div className="tickets">
      <h1>Serwis</h1>
      <p className="lead">
        Zgłoszenia awarii od najmniejszego zapasu czasu. Termin reakcji liczymy w godzinach pracy (pon.–pt. 8:00–16:00,
        bez świąt): Premium {company.service.premiumSlaHours} h, pozostałe pakiety{' '}
        {company.service.standardResponseHours} h. Pierwsza zmiana statusu to odpowiedź serwisu.
      </p>
      <SelectField
        label="Pokaż"
        className="inline"
        value={show}
        onValue={setShow}
        options={[
          ['open', 'Otwarte'],
          ['closed', 'Zamknięte'],
          ['all', 'Wszystkie'],
        ]}
      />
      {!tickets ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : tickets.length === 0 ? (
        <p>Brak zgłoszeń.</p>
      ) : (
        <DataTable columns={['Numer', 'Czas reakcji', 'Status', 'Urządzenie', 'Problem', 'Kontakt', 'Zgłoszono']}>
          {tickets.map((t) => (
            <tr key={t.id} className={t.overdue ? 'overdue' : undefined}>
              <td>
                <a href={`#serwis/${t.id}`}>{t.number}</a>
              </td>
              <td>
                {t.overdue && <strong className="status status-late">po terminie</strong>} {clock(t)}
                <span className="hint">
                  {t.slaHours} h, do {when(t.dueAt)}
                </span>
              </td>
              <td>
                <span className="status">{ticketStatusLabel(t.status)}</span>
              </td>
              <td>
                {t.serial || '—'}
                <span className="hint">{deviceHint(t)}</span>
              </td>
              <td>{CATEGORIES[t.category] ?? t.category}</td>
              <td>
                {t.name}
                <span className="hint">
                  <a href={`tel:${t.phone}`}>{t.phone}</a>
                </span>
              </td>
              <td>{when(t.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={TICKETS} />
      <h2>Odpowiedzi w terminie, miesiącami</h2>
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Udział zgłoszeń z odpowiedzią w obiecanym czasie</caption>
          <thead>
            <tr>
              <th scope="col">Miesiąc</th>
              <th scope="col">Zgłoszenia</th>
              <th scope="col">W terminie</th>
              <th scope="col">Po terminie</th>
              <th scope="col">Czekają</th>
              <th scope="col">Udział w terminie</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <td>{m.month}</td>
                <td>{m.tickets}</td>
                <td>{m.withinPromise}</td>
                <td>{m.late}</td>
                <td>{m.pending}</td>
                <td>
                  <strong>{m.sharePercent === null ? '—' : `${String(m.sharePercent).replace('.', ',')}%`}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function TicketDetail({ id, onFailure }: Pick<ViewProps, 'onFailure'> & { id: string }) {
  const [data, setData] = useState<Detail | undefined>();
  const [status, setStatus] = useState<string>(TEAM_STATUSES[0] ?? '');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const [device, setDevice] = useState({ serial: '', reason: '' });
  /** What the device form answered, shown under that form (the status card is far below on a phone). */
  const [deviceMessage, setDeviceMessage] = useState<{ ok: boolean; text: string } | undefined>();

  const load = useCallback(
    () =>
      api<Detail>(`/tickets/${encodeURIComponent(id)}`)
        .then(setData)
        .catch(onFailure),
    [id, onFailure],
  );
  useEffect(() => void load(), [load]);

  const change = (event: Event) => {
    event.preventDefault();
    api(`/tickets/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status, note } })
      .then(() => {
        setNote('');
        setMessage({ ok: true, text: `Zapisano status „${ticketStatusLabel(status)}”.` });
        return load();
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e)));
  };

  const moveDevice = (event: Event) => {
    event.preventDefault();
    api(`/tickets/${encodeURIComponent(id)}/device`, { method: 'POST', body: device })
      .then(() => {
        setDeviceMessage({
          ok: true,
          text: `Zgłoszenie przypisane do urządzenia ${device.serial.toUpperCase()}. Termin reakcji policzony od nowa.`,
        });
        setDevice({ serial: '', reason: '' });
        return load();
      })
      .catch((e: unknown) =>
        e instanceof ApiRefused ? setDeviceMessage({ ok: false, text: e.message }) : onFailure(e),
      );
  };

  if (!data) return <p role="status">{FALLBACK.loading}</p>;
  const t = data.ticket;
  return (
    <div className="ticket">
      <p>
        <a href="#serwis">← Wszystkie zgłoszenia</a>
      </p>
      <h1>
        Zgłoszenie {t.number} <span className="status">{ticketStatusLabel(t.status)}</span>
      </h1>
      <div className="detail-grid">
        <div className="card">
          <h2>Zgłoszenie</h2>
          <p>
            <strong>Czas reakcji:</strong> {clock(t)} ({t.slaHours} h, do {when(t.dueAt)})
          </p>
          <p>
            <strong>Urządzenie:</strong>{' '}
            {t.serial
              ? `${t.serial} ${t.knownDevice ? `(${levelLabel(t.level)})` : '– numer spoza rejestru, sprawdź klienta'}`
              : 'nie wskazano (zgłoszenie po NIP): do czasu wskazania termin liczymy według najkrótszego czasu reakcji urządzeń firmy'}
          </p>
          {data.deviceChanges.length > 0 && (
            <ul className="device-changes">
              {data.deviceChanges.map((d) => (
                <li key={d.createdAt}>
                  <del>{d.fromSerial || '—'}</del> → {d.toSerial}: {d.reason}
                  {d.toDueAt && d.fromDueAt !== d.toDueAt && (
                    <span className="hint">
                      termin: {promise(d.fromSlaHours, d.fromDueAt)} → {promise(d.toSlaHours, d.toDueAt)}
                    </span>
                  )}
                  <span className="hint">
                    {d.actor}, {when(d.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.companyDevices.length > 0 && (
            <>
              <p>
                <strong>Urządzenia firmy (NIP {t.nip}):</strong>
              </p>
              <ul className="device-changes">
                {data.companyDevices.map((d) => (
                  <li key={d.serial}>
                    {d.serial}: {d.deviceName}, {levelLabel(d.level)}
                  </li>
                ))}
              </ul>
            </>
          )}
          <form className="device-change" aria-label="Zmiana urządzenia zgłoszenia" onSubmit={moveDevice as never}>
            <Field
              label={t.knownDevice ? 'Właściwy numer seryjny' : 'Numer seryjny urządzenia'}
              value={device.serial}
              required
              list={data.companyDevices.length ? 'company-devices' : undefined}
              maxLength={SERVICE_LIMITS.serial}
              onValue={(serial) => setDevice((d) => ({ ...d, serial }))}
            />
            <Field
              label="Powód zmiany"
              value={device.reason}
              required
              maxLength={SERVICE_LIMITS.reason}
              onValue={(reason) => setDevice((d) => ({ ...d, reason }))}
            />
            {data.companyDevices.length > 0 && (
              <datalist id="company-devices">
                {data.companyDevices.map((d) => (
                  <option key={d.serial} value={d.serial}>
                    {d.deviceName}, {levelLabel(d.level)}
                  </option>
                ))}
              </datalist>
            )}
            <p className="hint">
              Po wskazaniu lub zmianie urządzenia termin reakcji liczymy od nowa od chwili zgłoszenia, według pakietu
              tego urządzenia.
            </p>
            <button type="submit" className="button ghost">
              {t.knownDevice ? 'Zmień urządzenie' : 'Wskaż urządzenie'}
            </button>
          </form>
          <Notice note={deviceMessage} />
          <p>
            <strong>Problem:</strong> {CATEGORIES[t.category] ?? t.category}
            {t.errorCode ? `, kod ${t.errorCode}` : ''}
          </p>
          <p className="message">{t.description}</p>
          <p>
            <strong>Kontakt:</strong> {t.name}, <a href={`tel:${t.phone}`}>{t.phone}</a>,{' '}
            <a href={`mailto:${t.email}`}>{t.email}</a>
            {t.contactWhen ? ` – ${t.contactWhen}` : ''}
          </p>
          <p>
            <strong>Firma:</strong> {t.company ?? '—'} {t.nip ? `NIP ${t.nip}` : ''} · zgoda marketingowa:{' '}
            {t.marketingConsent ? 'tak' : 'nie'}
          </p>
          <p>
            <a href={`/serwis/zgloszenie/${t.id}`} target="_blank" rel="noopener">
              Strona statusu dla klienta
            </a>
          </p>
        </div>
        <div className="card">
          <h2>Zmień status</h2>
          <form onSubmit={change as never}>
            <SelectField
              label="Nowy status"
              value={status}
              onValue={setStatus}
              options={TEAM_STATUSES.map((s) => [s, ticketStatusLabel(s)] as const)}
            />
            <Field
              label="Notatka dla klienta"
              hint="(widoczna na stronie statusu)"
              value={note}
              maxLength={SERVICE_LIMITS.note}
              onValue={setNote}
            />
            <button type="submit" className="button">
              Zapisz status
            </button>
          </form>
          <Notice note={message} />
          <h2>Historia</h2>
          <ol>
            {data.events.map((e) => (
              <li key={`${e.createdAt}-${e.status}`}>
                <strong>{ticketStatusLabel(e.status)}</strong> – {when(e.createdAt)}, {e.actor}
                {e.note && <span className="hint">{e.note}</span>}
              </li>
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}
