/**
 * Counter readings (issue 17): readings per device and per month, the team's own reading or
 * a counter reset, and the billing export per month (pages used, included, over the limit
 * and the overage net at the live catalogue's rates), as a table and as CSV.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './App.tsx';
import type { Billing, BillingLine, ReadingList, ReadingListed as Reading } from '../../widgets/core/admin-api.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { when } from './labels.ts';
import { SERVICE_LIMITS } from '../../widgets/core/service-fields.ts';
import { DataTable, Notice } from './ui.tsx';

const pln = (n: number) => `${n.toFixed(2).replace('.', ',')} zł`;
const thisMonth = () => new Date().toISOString().slice(0, 7);

export function ReadingsView({ onFailure, serial: initialSerial }: ViewProps & { serial?: string | undefined }) {
  const [serial, setSerial] = useState(initialSerial ?? '');
  const [month, setMonth] = useState('');
  const [readings, setReadings] = useState<Reading[] | undefined>();
  const [period, setPeriod] = useState(thisMonth());
  const [bill, setBill] = useState<{ lines: BillingLine[]; total: number } | undefined>();
  const [entry, setEntry] = useState({
    serial: initialSerial ?? '',
    readOn: new Date().toISOString().slice(0, 10),
    mono: '',
    color: '',
    reset: false,
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();

  const [applied, setApplied] = useState({ serial: initialSerial ?? '', month: '' });

  const refused = useCallback(
    (e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e)),
    [onFailure],
  );
  const load = useCallback(() => {
    const q = new URLSearchParams();
    if (applied.serial.trim()) q.set('serial', applied.serial.trim());
    if (applied.month) q.set('month', applied.month);
    return api<ReadingList>(`/readings?${q}`)
      .then((d) => setReadings(d.readings))
      .catch(refused);
  }, [applied, refused]);
  const loadBill = useCallback(
    () =>
      /^\d{4}-\d{2}$/.test(period)
        ? api<Billing>(`/readings/billing?period=${period}&format=json`).then(setBill).catch(refused)
        : Promise.resolve(),
    [period, refused],
  );
  useEffect(() => void load(), [load]);
  useEffect(() => void loadBill(), [loadBill]);

  const add = (event: Event) => {
    event.preventDefault();
    const body = {
      serial: entry.serial,
      readOn: entry.readOn,
      mono: entry.mono === '' ? '' : Number(entry.mono),
      color: entry.color === '' ? null : Number(entry.color),
      reset: entry.reset,
    };
    api('/readings', { method: 'POST', body })
      .then(() => {
        setMessage({ ok: true, text: entry.reset ? 'Zapisano wymianę licznika.' : 'Zapisano odczyt.' });
        setEntry((e) => ({ ...e, mono: '', color: '', reset: false }));
        return Promise.all([load(), loadBill()]);
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
          setApplied({ serial, month });
        }}
      >
        <label>
          Numer seryjny
          <input
            value={serial}
            onInput={(e) => setSerial((e.target as HTMLInputElement).value)}
            maxLength={SERVICE_LIMITS.serial}
          />
        </label>
        <label>
          Miesiąc
          <input type="month" value={month} onInput={(e) => setMonth((e.target as HTMLInputElement).value)} />
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
          className="reading-list"
        >
          {readings.map((r) => (
            <tr key={r.id}>
              <td>{r.readOn}</td>
              <td>{r.serial}</td>
              <td>{r.company}</td>
              <td className="num">{r.mono}</td>
              <td className="num">{r.color ?? '—'}</td>
              <td>
                {r.sentBy}
                <span className="hint">{when(r.createdAt)}</span>
              </td>
              <td>
                {r.reset && <strong className="status">wymiana licznika</strong>} {r.note}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <h2>Odczyt zespołu lub wymiana licznika</h2>
      <form className="filters card" onSubmit={add as never}>
        <label>
          Numer seryjny
          <input
            value={entry.serial}
            required
            maxLength={SERVICE_LIMITS.serial}
            onInput={(e) => setEntry((v) => ({ ...v, serial: (e.target as HTMLInputElement).value }))}
          />
        </label>
        <label>
          Data
          <input
            type="date"
            value={entry.readOn}
            onInput={(e) => setEntry((v) => ({ ...v, readOn: (e.target as HTMLInputElement).value }))}
          />
        </label>
        <label>
          Licznik mono
          <input
            inputMode="numeric"
            value={entry.mono}
            onInput={(e) => setEntry((v) => ({ ...v, mono: (e.target as HTMLInputElement).value }))}
          />
        </label>
        <label>
          Licznik kolor
          <input
            inputMode="numeric"
            value={entry.color}
            onInput={(e) => setEntry((v) => ({ ...v, color: (e.target as HTMLInputElement).value }))}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={entry.reset}
            onChange={(e) => setEntry((v) => ({ ...v, reset: (e.target as HTMLInputElement).checked }))}
          />{' '}
          Wymiana / wyzerowanie licznika (stan nowego licznika)
        </label>
        <div className="filter-actions">
          <button type="submit" className="button">
            Zapisz odczyt
          </button>
        </div>
      </form>
      <p className="hint">
        Przy wymianie licznika najpierw zapisz ostatni stan starego licznika, potem zaznacz „Wymiana” i wpisz stan
        nowego: strony liczymy osobno dla każdego licznika.
      </p>

      <h2>Rozliczenie stron ponad limit</h2>
      <div className="filters card">
        <label>
          Okres
          <input type="month" value={period} onInput={(e) => setPeriod((e.target as HTMLInputElement).value)} />
        </label>
        <div className="filter-actions">
          <a className="button" href={`/api/admin/readings/billing?period=${period}`} download>
            Pobierz CSV
          </a>
        </div>
      </div>
      {bill && (
        <div className="table-wrap">
          <table className="billing">
            <thead>
              <tr>
                <th scope="col">Numer seryjny</th>
                <th scope="col">Klient</th>
                <th scope="col">Urządzenie, pakiet</th>
                <th scope="col">Strony mono / kolor</th>
                <th scope="col">W cenie</th>
                <th scope="col">Ponad limit</th>
                <th scope="col">Kwota netto</th>
              </tr>
            </thead>
            <tbody>
              {bill.lines.map((l) => (
                <tr key={l.serial}>
                  <td>{l.serial}</td>
                  <td>{l.company}</td>
                  <td>
                    {l.device}, {l.level}
                  </td>
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
                      </td>
                      <td className="num">
                        {pln(l.amount)}
                        <span className="hint">
                          mono {pln(l.amountMono)}, kolor {pln(l.amountColor)}
                        </span>
                      </td>
                    </>
                  ) : (
                    <td colSpan={4}>
                      <strong className="status status-nowy">brak odczytu w okresie</strong>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={6}>
                  Razem netto
                </th>
                <td className="num">
                  <strong>{pln(bill.total)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
