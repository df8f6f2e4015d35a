/** The email outbox: every notification with its state, attempts and last error; 'Wyślij ponownie'. */
import { useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { ViewProps } from './view-props.ts';
import type { OutboxEntry as OutboxRow, OutboxList } from '../../worker/admin-shared/admin-api.ts';
import { EMAIL_STATE_LABELS, KIND_LABELS, when } from './labels.ts';
import { DataTable, Notice } from './ui.tsx';
import { SelectField } from './form-kit.tsx';
import { MoreRows, usePages } from './pages.tsx';
import { MESSAGES } from '../../widgets/core/nouns.ts';

export function OutboxView({ onFailure }: ViewProps) {
  const [state, setState] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | undefined>();
  const pages = usePages<OutboxList, OutboxRow>(
    `/outbox${state ? `?state=${state}` : ''}`,
    (d) => d.notifications,
    onFailure,
  );
  const rows = pages.rows;

  const load = (note?: { ok: boolean; text: string }) => pages.reload().then(() => setMessage(note));

  const resend = (row: OutboxRow) =>
    api<{ queued: boolean }>(`/outbox/${row.id}/resend`, { method: 'POST', body: {} })
      .then((r) =>
        load({
          ok: true,
          text: r.queued
            ? `Wiadomość nr ${row.id} wróciła do kolejki wysyłki.`
            : `Wiadomość nr ${row.id} czeka na wysyłkę (kolejka niedostępna, wyśle ją automat co 5 minut).`,
        }),
      )
      .catch((e: unknown) => (e instanceof ApiRefused ? setMessage({ ok: false, text: e.message }) : onFailure(e)));

  return (
    <div className="outbox">
      <h1>Wysyłka e-maili</h1>
      <p className="lead">
        Powiadomienia o leadach do działu sprzedaży. Nieudane wysyłki są ponawiane automatycznie; po wyczerpaniu prób
        wiadomość zostaje tutaj jako „niewysłany”.
      </p>
      <SelectField
        label="Pokaż"
        className="inline"
        value={state}
        onValue={setState}
        options={[['', 'Wszystkie'], ['unsent', 'Niewysłane'], ...Object.entries(EMAIL_STATE_LABELS)]}
      />
      <Notice note={message} />
      {!rows ? (
        <p role="status">Ładowanie...</p>
      ) : (
        <DataTable columns={['Nr', 'Utworzono', 'Lead', 'Temat', 'Stan', 'Próby', 'Ostatni błąd']} actions>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{when(row.createdAt)}</td>
              <td>
                {row.leadName && row.leadId ? (
                  <a href={`#leady/${encodeURIComponent(row.leadId)}`}>{row.leadName}</a>
                ) : (
                  (row.leadName ?? '(usunięty)')
                )}{' '}
                <span className="hint">{KIND_LABELS[row.leadKind ?? ''] ?? ''}</span>
              </td>
              <td>{row.subject}</td>
              <td>
                <span className={`mail-state state-${row.state}`}>{EMAIL_STATE_LABELS[row.state] ?? row.state}</span>
                {row.sentAt && <span className="hint"> {when(row.sentAt)}</span>}
              </td>
              <td>{row.attempts}</td>
              <td className="error-text">{row.lastError ?? ''}</td>
              <td>
                {row.state !== 'sent' && row.state !== 'sending' && (
                  <button type="button" className="button small" onClick={() => void resend(row)}>
                    Wyślij ponownie
                  </button>
                )}
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={8}>Brak wiadomości.</td>
            </tr>
          )}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={MESSAGES} />
    </div>
  );
}
