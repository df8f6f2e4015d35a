/**
 * Counter readings: readings per device and per month with their history (a corrected
 * reading stays, struck through, with who corrected it, when and why), the team's own
 * reading, a correction, a counter replacement, and the month's bills per contract (the
 * contracts' frozen rates, the corrected readings) with the per-customer summary, as
 * tables and as CSV for the invoicing program.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type { Billing, ReadingList, ReadingListed as Reading } from '../../worker/admin-shared/admin-api.ts';
import { formatPln } from '../../widgets/core/format.ts';
import { LEVEL_NAMES } from '../../widgets/core/model.ts';
import { SERVICE_LIMITS } from '../../widgets/core/service-fields.ts';
import { PAGE_COUNTING } from '../../widgets/core/terms.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { when } from './labels.ts';
import { MoreRows, usePages } from './pages.tsx';
import { READINGS } from '../../widgets/core/nouns.ts';
import { DataTable, Notice } from './ui.tsx';
import { warsawToday } from '../../widgets/core/warsaw-time.ts';

const pln = (n: number) => formatPln(n, 2);
const thisMonth = () => new Date().toISOString().slice(0, 7);
const counter = (text: string): number | string => (text.trim() === '' ? '' : Number(text.replace(/\s/g, '')));
const colour = (text: string): number | null => (text.trim() === '' ? null : Number(text.replace(/\s/g, '')));

const SOURCE_LABELS: Record<string, string> = {
  link: 'link do odczytu',
  portal: 'panel klienta',
  team: 'zespół',
  form: 'formularz (sam numer seryjny)',
};

type Note = { ok: boolean; text: string } | undefined;

const inputValue = (e: Event) => (e.target as HTMLInputElement).value;

export function ReadingsView({ onFailure, serial: initialSerial }: ViewProps & { serial?: string | undefined }) {
  const [serial, setSerial] = useState(initialSerial ?? '');
  const [month, setMonth] = useState('');
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
  const [toCheck, setToCheck] = useState(false);
  const [applied, setApplied] = useState({ serial: initialSerial ?? '', month: '', held: false });

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

  const replaceCounter = (event: Event) => {
    event.preventDefault();
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
      <form
        className="filters card"
        aria-label="Filtr odczytów"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ serial, month, held: toCheck });
        }}
      >
        <label>
          Numer seryjny
          <input value={serial} onInput={(e) => setSerial(inputValue(e))} maxLength={SERVICE_LIMITS.serial} />
        </label>
        <label>
          Miesiąc
          <input type="month" value={month} onInput={(e) => setMonth(inputValue(e))} />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={toCheck}
            onChange={(e) => setToCheck((e.target as HTMLInputElement).checked)}
          />{' '}
          Tylko do sprawdzenia
        </label>
        <div className="filter-actions">
          <button type="submit" className="button">
            Pokaż
          </button>
        </div>
      </form>
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
            />
          ))}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={READINGS} />

      <h2>Odczyt zespołu</h2>
      <form
        className="filters card"
        aria-label="Odczyt zespołu"
        onSubmit={(e) => {
          e.preventDefault();
          add(false);
        }}
      >
        <label>
          Numer seryjny
          <input
            value={entry.serial}
            required
            maxLength={SERVICE_LIMITS.serial}
            onInput={(e) => setEntry((v) => ({ ...v, serial: inputValue(e) }))}
          />
        </label>
        <label>
          Data
          <input type="date" value={entry.readOn} onInput={(e) => setEntry((v) => ({ ...v, readOn: inputValue(e) }))} />
        </label>
        <label>
          Licznik mono
          <input
            inputMode="numeric"
            value={entry.mono}
            onInput={(e) => setEntry((v) => ({ ...v, mono: inputValue(e) }))}
          />
        </label>
        <label>
          Licznik kolor
          <input
            inputMode="numeric"
            value={entry.color}
            onInput={(e) => setEntry((v) => ({ ...v, color: inputValue(e) }))}
          />
        </label>
        <div className="filter-actions">
          <button type="submit" className="button">
            Zapisz odczyt
          </button>
        </div>
      </form>
      {question && (
        <div className="card" role="alert">
          <p>{question}</p>
          <button type="button" className="button" onClick={() => add(true)}>
            Liczby są poprawne – zapisz
          </button>
        </div>
      )}

      <h2>Wymiana licznika</h2>
      <form className="filters card" aria-label="Wymiana licznika" onSubmit={replaceCounter as never}>
        <label>
          Numer seryjny
          <input
            value={reset.serial}
            required
            maxLength={SERVICE_LIMITS.serial}
            onInput={(e) => setReset((v) => ({ ...v, serial: inputValue(e) }))}
          />
        </label>
        <label>
          Data wymiany
          <input type="date" value={reset.readOn} onInput={(e) => setReset((v) => ({ ...v, readOn: inputValue(e) }))} />
        </label>
        <label>
          Nowy licznik mono
          <input
            inputMode="numeric"
            value={reset.mono}
            onInput={(e) => setReset((v) => ({ ...v, mono: inputValue(e) }))}
          />
        </label>
        <label>
          Nowy licznik kolor
          <input
            inputMode="numeric"
            value={reset.color}
            onInput={(e) => setReset((v) => ({ ...v, color: inputValue(e) }))}
          />
        </label>
        <label>
          Powód
          <input
            value={reset.reason}
            required
            maxLength={SERVICE_LIMITS.reason}
            onInput={(e) => setReset((v) => ({ ...v, reason: inputValue(e) }))}
          />
        </label>
        <div className="filter-actions">
          <button type="submit" className="button">
            Zapisz wymianę
          </button>
        </div>
      </form>
      <p className="hint">
        Najpierw zapisz ostatni stan starego licznika, potem wymianę ze stanem nowego: strony liczymy osobno dla każdego
        licznika.
      </p>

      <h2>Rozliczenie okresu</h2>
      <div className="filters card">
        <label>
          Okres
          <input type="month" value={period} onInput={(e) => setPeriod(inputValue(e))} />
        </label>
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
}: {
  reading: Reading;
  editing: boolean;
  onEdit: () => void;
  onSaved: (text: string) => void;
  onRefused: (e: unknown) => void;
}) {
  const old = !!r.correctedBy || r.withdrawn;
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
                Klient potwierdził nietypowo wysoki stan: nie liczy się do rozliczenia. Popraw go z tymi samymi
                liczbami, aby przyjąć, albo wycofaj.
              </span>
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
  const save = (event: Event) => {
    event.preventDefault();
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
    <form className="filters" aria-label={`Korekta odczytu z ${reading.readOn}`} onSubmit={save as never}>
      <label>
        Data
        <input type="date" value={v.readOn} onInput={(e) => setV((s) => ({ ...s, readOn: inputValue(e) }))} />
      </label>
      <label>
        Poprawny licznik mono
        <input inputMode="numeric" value={v.mono} onInput={(e) => setV((s) => ({ ...s, mono: inputValue(e) }))} />
      </label>
      <label>
        Poprawny licznik kolor
        <input inputMode="numeric" value={v.color} onInput={(e) => setV((s) => ({ ...s, color: inputValue(e) }))} />
      </label>
      <label>
        Powód korekty
        <input
          value={v.reason}
          required
          maxLength={SERVICE_LIMITS.reason}
          onInput={(e) => setV((s) => ({ ...s, reason: inputValue(e) }))}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={v.withdraw}
          onChange={(e) => setV((s) => ({ ...s, withdraw: (e.target as HTMLInputElement).checked }))}
        />{' '}
        Wycofaj odczyt (bez nowej wartości)
      </label>
      <div className="filter-actions">
        <button type="submit" className="button">
          Zapisz korektę
        </button>
      </div>
    </form>
  );
}

function BillingTables({ billing }: { billing: Billing }) {
  if (billing.bills.length === 0) return <p>Żadna umowa nie trwa w tym okresie.</p>;
  return (
    <>
      {billing.bills.map((b) => (
        <div className="table-wrap" key={b.contract}>
          <table className="billing">
            <caption>
              Umowa {b.contract}: {b.company}
              {b.nip ? `, NIP ${b.nip}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Numer seryjny</th>
                <th scope="col">Urządzenie, pakiet</th>
                <th scope="col">Abonament</th>
                <th scope="col">Strony mono / kolor</th>
                <th scope="col">W cenie</th>
                <th scope="col">Ponad limit</th>
                <th scope="col">Kwota netto</th>
              </tr>
            </thead>
            <tbody>
              {b.lines.map((l) => (
                <tr key={l.serial}>
                  <td>{l.serial}</td>
                  <td>
                    {l.device}, {LEVEL_NAMES[l.level]}
                  </td>
                  <td className="num">{pln(l.fee)}</td>
                  {l.hasReading ? (
                    <>
                      <td className="num">
                        {l.usedMono} / {l.usedColor}
                      </td>
                      <td className="num">
                        {l.includedMono} / {l.includedColor}
                      </td>
                      <td className="num">
                        {l.overMono} / {l.overColor}
                        <span className="hint">
                          mono {pln(l.amountMono)}, kolor {pln(l.amountColor)}
                        </span>
                      </td>
                    </>
                  ) : (
                    <td colSpan={3}>
                      <strong className="status status-new">brak odczytu w okresie</strong>
                    </td>
                  )}
                  <td className="num">{pln(l.net)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={6}>
                  Netto (abonament {pln(b.feeNet)}, ponad limit {pln(b.overageNet)}) / VAT / brutto
                </th>
                <td className="num">
                  <strong data-bill-net={b.contract}>{pln(b.net)}</strong>
                  <span className="hint">
                    VAT {pln(b.vat)}, brutto {pln(b.gross)}
                  </span>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ))}
      <h3>Podsumowanie klientów</h3>
      <DataTable columns={['Klient', 'NIP', 'Umowy', 'Netto', 'VAT', 'Brutto']} className="billing-customers">
        {billing.customers.map((t) => (
          <tr key={`${t.nip}-${t.company}`}>
            <td>{t.company}</td>
            <td>{t.nip ?? '—'}</td>
            <td>{t.contracts.join(', ')}</td>
            <td className="num">{pln(t.net)}</td>
            <td className="num">{pln(t.vat)}</td>
            <td className="num">{pln(t.gross)}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
