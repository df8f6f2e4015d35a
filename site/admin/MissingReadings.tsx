/**
 * Before the month's invoices ('Faktury'): the devices under contract that month with no reading
 * of it (`GET /api/admin/readings/missing`), whose pages would go to a later invoice, each with
 * the way out: its reading link to send the customer (owner and service see it) and the team's
 * own reading in 'Odczyty'.
 */
import { useEffect, useState } from 'react';
import type { MissingReadings as Missing } from '../../worker/admin-shared/admin-api.ts';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { DEVICES } from '../../widgets/core/nouns.ts';
import { countText } from '../../widgets/core/plural.ts';
import { ApiRefused, api } from './api.ts';
import { DataTable } from './ui.tsx';

export function MissingReadings({ period, onFailure }: { period: string; onFailure: (e: unknown) => void }) {
  const [list, setList] = useState<Missing | undefined>();
  const [refused, setRefused] = useState<string | undefined>();
  useEffect(() => {
    setList(undefined);
    setRefused(undefined);
    if (!/^\d{4}-\d{2}$/.test(period)) return;
    api<Missing>(`/readings/missing?period=${period}`)
      .then(setList)
      .catch((e: unknown) => (e instanceof ApiRefused ? setRefused(e.message) : onFailure(e)));
  }, [period, onFailure]);

  return (
    <section className="missing-readings" aria-labelledby="missing-readings-title">
      <h2 id="missing-readings-title">Urządzenia bez odczytu za {period}</h2>
      <p className="hint">
        Strony urządzenia bez odczytu za miesiąc wejdą do późniejszej faktury. Przed wystawieniem faktur wyślij
        klientowi link do odczytu albo wpisz odczyt zespołu.
      </p>
      {refused ? (
        <p className="error" role="alert">
          {refused}
        </p>
      ) : !list ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : list.devices.length === 0 ? (
        <p role="status">Każde urządzenie na umowie ma odczyt za ten miesiąc.</p>
      ) : (
        <>
          <p role="status">
            Bez odczytu: {countText(list.devices.length, DEVICES)}
            {list.more ? ' (pierwsze z listy; wpisz odczyty i odśwież, by zobaczyć kolejne)' : ''}.
          </p>
          <DataTable columns={['Numer seryjny', 'Urządzenie', 'Klient', 'Umowa', 'Ostatni odczyt']} actions>
            {list.devices.map((d) => (
              <tr key={d.serial}>
                <td className="mono" data-label="Numer seryjny">
                  {d.serial}
                </td>
                <td data-label="Urządzenie">{d.deviceName}</td>
                <td data-label="Klient">{d.company}</td>
                <td data-label="Umowa">{d.contract}</td>
                <td data-label="Ostatni odczyt">
                  {d.lastReadOn ?? 'brak'}
                  {d.heldInMonth && <span className="hint"> · odczyt z tego miesiąca czeka na sprawdzenie</span>}
                </td>
                <td className="actions">
                  {d.readingLink && (
                    <a href={d.readingLink} aria-label={`Link do odczytu ${d.serial}`}>
                      Link do odczytu
                    </a>
                  )}
                  <a href={`#odczyty/${encodeURIComponent(d.serial)}`} aria-label={`Wpisz odczyt ${d.serial}`}>
                    Wpisz odczyt
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
