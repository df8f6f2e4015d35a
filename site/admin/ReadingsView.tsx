/**
 * Counter readings: readings per device and per month with their history (a corrected
 * reading stays, struck through, with who corrected it, when and why), the team's own
 * reading, a correction, a counter replacement, and the month's bills per contract (the
 * contracts' frozen rates, the corrected readings) with the per-customer summary, as
 * tables and as CSV for the invoicing program.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { SessionViewProps } from './view-props.ts';
import { mayUse } from '../../worker/admin-shared/roles.ts';
import { PROFILE_NOT_CHECKED } from '../../worker/admin-shared/collector-notes.ts';
import type { Billing, ReadingList, ReadingListed as Reading } from '../../worker/admin-shared/admin-api.ts';
import { SERVICE_LIMITS } from '../../widgets/core/service-fields.ts';
import { PAGE_COUNTING } from '../../widgets/core/terms.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { when } from './labels.ts';
import { MoreRows, usePages } from './pages.tsx';
import { READINGS } from '../../widgets/core/nouns.ts';
import { DataTable, Notice } from './ui.tsx';
import { thisMonth } from './months.ts';
import { CheckField, Field, FilterForm, useFilter } from './form-kit.tsx';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';
import { BillingTables } from './ReadingsBilling.tsx';

const counter = (text: string): number | string => (text.trim() === '' ? '' : Number(text.replace(/\s/g, '')));
const colour = (text: string): number | null => (text.trim() === '' ? null : Number(text.replace(/\s/g, '')));

const SOURCE_LABELS: Record<string, string> = {
  link: 'link do odczytu',
  portal: 'panel klienta',
  team: 'zespół',
  collector: 'licznik urządzenia',
  form: 'formularz (sam numer seryjny)',
};

type Note = { ok: boolean; text: string } | undefined;

export function ReadingsView({
  onFailure,
  session,
  serial: initialSerial,
}: SessionViewProps & { serial?: string | undefined }) {
  // The service (and the owner) confirm a collector's counter at the device's screen ('collectors').
  const mayCheck = mayUse(session.role, 'collectors');
  const [period, setPeriod] = useState(thisMonth());
  const [billing, setBilling] = useState<Billing | undefined>();
  const [entry, setEntry] = useState({ serial: initialSerial ?? '', readOn: warsawToday(), mono: '', color: '' });
  const [question, setQuestion] = useState<string | undefined>();
  const [reset, setReset] = useState({
    serial: initialSerial ?? '',
    readOn: warsawToday(),
    mono: '',
    color: '',
    reason: '',
  });
  const [editing, setEditing] = useState<number | undefined>();
  const [message, setMessage] = useState<Note>();
  const filter = useFilter({ serial: initialSerial ?? '', month: '', held: false });
  const applied = filter.applied;
  const typed = (key: keyof typeof entry) => (value: string) => setEntry((v) => ({ ...v, [key]: value }));
  const replaced = (key: keyof typeof reset) => (value: string) => setReset((v) => ({ ...v, [key]: value }));

  const refused = useCallback(
    (e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e)),
    [onFailure],
  );
  const q = new URLSearchParams();
  if (applied.serial.trim()) q.set('serial', applied.serial.trim());
  if (applied.month) q.set('month', applied.month);
  if (applied.held) q.set('held', '1');
  const pages = usePages<ReadingList, Reading>(`/readings?${q}`, (d) => d.readings, refused);
  const readings = pages.rows;
  const load = pages.reload;
  const loadBill = useCallback(
    () =>
      /^\d{4}-\d{2}$/.test(period)
        ? api<Billing>(`/readings/billing?period=${period}&format=json`).then(setBilling).catch(refused)
        : Promise.resolve(),
    [period, refused],
  );
  useEffect(() => void loadBill(), [loadBill]);
  const reload = () => Promise.all([load(), loadBill()]);

  const add = (confirm: boolean) => {
    const body = {
      serial: entry.serial,
      readOn: entry.readOn,
      mono: counter(entry.mono),
      color: colour(entry.color),
      confirm,
    };
    setQuestion(undefined);
    api('/readings', { method: 'POST', body })
      .then(() => {
        setMessage({ ok: true, text: 'Zapisano odczyt.' });
        setEntry((e) => ({ ...e, mono: '', color: '' }));
        return reload();
      })
      .catch((e: unknown) => {
        if (e instanceof ApiRefused && e.status === 422) setQuestion(e.message);
        else refused(e);
      });
  };

  const replaceCounter = () => {
    const body = {
      serial: reset.serial,
      readOn: reset.readOn,
      mono: counter(reset.mono),
      color: colour(reset.color),
      reason: reset.reason,
    };
    api('/readings/reset', { method: 'POST', body })
      .then(() => {
        setMessage({ ok: true, text: 'Zapisano wymianę licznika.' });
        setReset((r) => ({ ...r, mono: '', color: '', reason: '' }));
        return reload();
      })
      .catch(refused);
  };

  return (
    <div className="readings">
      <h1>Odczyty liczników</h1>
      <FilterForm aria-label="Filtr odczytów" onSubmit={() => filter.apply()}>
        <Field
          label="Numer seryjny"
          value={filter.typed.serial}
          onValue={filter.set('serial')}
          maxLength={SERVICE_LIMITS.serial}
        />
        <Field label="Miesiąc" type="month" value={filter.typed.month} onValue={filter.set('month')} />
        <CheckField label="Tylko do sprawdzenia" checked={filter.typed.held} onChecked={filter.set('held')} />
      </FilterForm>
      <Notice note={message} />
      {!readings ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : readings.length === 0 ? (
        <p>Brak odczytów.</p>
      ) : (
        <DataTable
          columns={['Data odczytu', 'Numer seryjny', 'Klient', 'Mono', 'Kolor', 'Kto podał', 'Uwagi']}
          actions
          className="reading-list"
        >
          {readings.map((r) => (
            <ReadingRow
              key={r.id}
              reading={r}
              editing={editing === r.id}
              onEdit={() => setEditing(editing === r.id ? undefined : r.id)}
              onSaved={(text) => {
                setEditing(undefined);
                setMessage({ ok: true, text });
                void reload();
              }}
              onRefused={refused}
              mayCheck={mayCheck}
            />
          ))}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={READINGS} />

      <h2>Odczyt zespołu</h2>
      <FilterForm aria-label="Odczyt zespołu" submit="Zapisz odczyt" onSubmit={() => add(false)}>
        <Field
          label="Numer seryjny"
          value={entry.serial}
          required
          maxLength={SERVICE_LIMITS.serial}
          onValue={typed('serial')}
        />
        <Field label="Data" type="date" value={entry.readOn} onValue={typed('readOn')} />
        <Field label="Licznik mono" inputMode="numeric" value={entry.mono} onValue={typed('mono')} />
        <Field label="Licznik kolor" inputMode="numeric" value={entry.color} onValue={typed('color')} />
      </FilterForm>
      {question && (
        <div className="card" role="alert">
          <p>{question}</p>
          <button type="button" className="button" onClick={() => add(true)}>
            Liczby są poprawne – zapisz
          </button>
        </div>
      )}

      <h2>Wymiana licznika</h2>
      <FilterForm aria-label="Wymiana licznika" submit="Zapisz wymianę" onSubmit={replaceCounter}>
        <Field
          label="Numer seryjny"
          value={reset.serial}
          required
          maxLength={SERVICE_LIMITS.serial}
          onValue={replaced('serial')}
        />
        <Field label="Data wymiany" type="date" value={reset.readOn} onValue={replaced('readOn')} />
        <Field label="Nowy licznik mono" inputMode="numeric" value={reset.mono} onValue={replaced('mono')} />
        <Field label="Nowy licznik kolor" inputMode="numeric" value={reset.color} onValue={replaced('color')} />
        <Field
          label="Powód"
          value={reset.reason}
          required
          maxLength={SERVICE_LIMITS.reason}
          onValue={replaced('reason')}
        />
      </FilterForm>
      <p className="hint">
        Najpierw zapisz ostatni stan starego licznika, potem wymianę ze stanem nowego: strony liczymy osobno dla każdego
        licznika.
      </p>

      <h2>Rozliczenie okresu</h2>
      <div className="filters card">
        <Field label="Okres" type="month" value={period} onValue={setPeriod} />
        <div className="filter-actions">
          <a className="button" href={`/api/admin/readings/billing?period=${period}`} download>
            Pobierz CSV (urządzenia)
          </a>
          <a className="button" href={`/api/admin/readings/billing?period=${period}&summary=customers`} download>
            Pobierz CSV (klienci)
          </a>
        </div>
      </div>
      {billing && <BillingTables billing={billing} />}
      <p className="hint">{PAGE_COUNTING}</p>
    </div>
  );
}

function ReadingRow({
  reading: r,
  editing,
  onEdit,
  onSaved,
  onRefused,
  mayCheck,
}: {
  reading: Reading;
  editing: boolean;
  onEdit: () => void;
  onSaved: (text: string) => void;
  onRefused: (e: unknown) => void;
  mayCheck: boolean;
}) {
  const old = !!r.correctedBy || r.withdrawn;
  // A collector's reading held only because its profile was not checked: the service compares it with the device.
  const checkable = mayCheck && r.held && !old && r.source === 'collector' && !!r.note?.includes(PROFILE_NOT_CHECKED);
  const checked = () =>
    api(`/collectors/readings/${r.id}/checked`, { method: 'POST', body: {} })
      .then(() =>
        onSaved(
          `Przyjęto odczyt ${r.serial} z ${r.readOn}: licznik zgodny z ekranem urządzenia. Kolejne odczyty tego urządzenia liczą się bez sprawdzania.`,
        ),
      )
      .catch(onRefused);
  const value = (n: number | null) => (n === null ? '—' : old ? <del>{n}</del> : n);
  return (
    <>
      <tr className={old ? 'superseded' : undefined}>
        <td>{old ? <del>{r.readOn}</del> : r.readOn}</td>
        <td>{r.serial}</td>
        <td>{r.company}</td>
        <td className="num">{value(r.mono)}</td>
        <td className="num">{value(r.color)}</td>
        <td>
          {r.sentBy}
          <span className="hint">
            {when(r.createdAt)}, {SOURCE_LABELS[r.source] ?? r.source}
          </span>
        </td>
        <td>
          {r.reset && <strong className="status">wymiana licznika</strong>}{' '}
          {r.held && !old && (
            <>
              <strong className="status">do sprawdzenia</strong>
              <span className="hint">
                {r.source === 'collector'
                  ? 'Odczyt licznika urządzenia czeka na sprawdzenie: nie liczy się do rozliczenia.'
                  : 'Klient potwierdził nietypowo wysoki stan: nie liczy się do rozliczenia.'}{' '}
                {checkable
                  ? 'Porównaj go z ekranem liczników urządzenia: zgodny przyjmiesz jednym przyciskiem, a kolejne odczyty tego urządzenia nie będą czekać.'
                  : 'Popraw go z tymi samymi liczbami, aby przyjąć, albo wycofaj.'}
              </span>
              {checkable && (
                // On a line of its own, between the hint and the reading's note.
                <div>
                  <button type="button" className="button small" onClick={() => void checked()}>
                    Zgodny z ekranem urządzenia
                    <span className="sr-only">
                      {' '}
                      (odczyt {r.serial} z {r.readOn})
                    </span>
                  </button>
                </div>
              )}
            </>
          )}{' '}
          {r.supersedes !== null && (
            <strong className="status">{r.withdrawn ? 'wycofanie odczytu' : 'korekta odczytu'}</strong>
          )}{' '}
          {r.reason && <span>Powód: {r.reason}</span>} {r.note}
          {r.correctedBy && (
            <span className="hint">
              Poprawiony: {r.correctedBy.by}, {when(r.correctedBy.at)}
            </span>
          )}
        </td>
        <td>
          {!old && (
            <button type="button" className="button ghost" aria-expanded={editing} onClick={onEdit}>
              Popraw<span className="sr-only"> odczyt z {r.readOn}</span>
            </button>
          )}
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={8}>
            <CorrectionForm reading={r} onSaved={onSaved} onRefused={onRefused} />
          </td>
        </tr>
      )}
    </>
  );
}

function CorrectionForm({
  reading,
  onSaved,
  onRefused,
}: {
  reading: Reading;
  onSaved: (text: string) => void;
  onRefused: (e: unknown) => void;
}) {
  const [v, setV] = useState({
    readOn: reading.readOn,
    mono: String(reading.mono),
    color: reading.color === null ? '' : String(reading.color),
    reason: '',
    withdraw: false,
  });
  const set = (key: 'readOn' | 'mono' | 'color' | 'reason') => (value: string) => setV((s) => ({ ...s, [key]: value }));
  const save = () => {
    const body = {
      readOn: v.readOn,
      mono: counter(v.mono),
      color: colour(v.color),
      reason: v.reason,
      withdraw: v.withdraw,
    };
    api(`/readings/${reading.id}/correction`, { method: 'POST', body })
      .then(() => onSaved(v.withdraw ? 'Odczyt wycofany.' : 'Zapisano korektę odczytu.'))
      .catch(onRefused);
  };
  return (
    <FilterForm card={false} aria-label={`Korekta odczytu z ${reading.readOn}`} submit="Zapisz korektę" onSubmit={save}>
      <Field label="Data" type="date" value={v.readOn} onValue={set('readOn')} />
      <Field label="Poprawny licznik mono" inputMode="numeric" value={v.mono} onValue={set('mono')} />
      <Field label="Poprawny licznik kolor" inputMode="numeric" value={v.color} onValue={set('color')} />
      <Field
        label="Powód korekty"
        value={v.reason}
        required
        maxLength={SERVICE_LIMITS.reason}
        onValue={set('reason')}
      />
      <CheckField
        label="Wycofaj odczyt (bez nowej wartości)"
        checked={v.withdraw}
        onChecked={(withdraw) => setV((s) => ({ ...s, withdraw }))}
      />
    </FilterForm>
  );
}
