/**
 * 'Webhooki': the owner's CRM endpoints (HTTPS, chosen events, the signing
 * secret, a new secret, 'Wyślij zdarzenie testowe') and every delivery with its state and
 * attempts, resendable like the e-mail outbox.
 */
import { FALLBACK } from '../../widgets/core/texts.ts';
import { useCallback, useEffect, useState } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_LIMITS } from '../../worker/admin-shared/webhook-validation.ts';
import { ApiRefused, api } from './api.ts';
import type {
  WebhookAttempt as Attempt,
  WebhookDelivery as Delivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookEndpoint as Endpoint,
  WebhookEndpointList,
} from '../../worker/admin-shared/admin-api.ts';
import type { ViewProps } from './view-props.ts';
import { when } from './labels.ts';
import { MoreRows, usePages } from './pages.tsx';
import { EVENTS } from '../../widgets/core/nouns.ts';
import { DataTable, Notice } from './ui.tsx';
import { CheckField, Field, SelectField } from './form-kit.tsx';

export const DELIVERY_STATE_LABELS: Record<string, string> = {
  pending: 'oczekuje',
  sending: 'wysyłanie',
  delivered: 'dostarczony',
  failed: 'błąd, ponowi',
  dead: 'niedostarczony',
};

type Note = { ok: boolean; text: string } | undefined;

export function WebhooksView({ onFailure }: ViewProps) {
  const [endpoints, setEndpoints] = useState<Endpoint[] | undefined>();
  const [state, setState] = useState('');
  const [note, setNote] = useState<Note>();
  const [open, setOpen] = useState<{ id: number; attempts: Attempt[] } | undefined>();

  const refused = (e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e));
  const pages = usePages<WebhookDeliveryList, Delivery>(
    `/webhooks/deliveries${state ? `?state=${state}` : ''}`,
    (d) => d.deliveries,
    onFailure,
  );
  const deliveries = pages.rows;
  const loadEndpoints = useCallback(
    () =>
      api<WebhookEndpointList>('/webhooks')
        .then((e) => setEndpoints(e.endpoints))
        .catch(onFailure),
    [onFailure],
  );
  useEffect(() => void loadEndpoints(), [loadEndpoints]);
  const load = () => Promise.all([loadEndpoints(), pages.reload()]);

  const add = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    api('/webhooks', { method: 'POST', body: { url: data.get('url'), events: data.getAll('events') } })
      .then(() => {
        form.reset();
        setNote({ ok: true, text: 'Dodano odbiorcę. Sekret do weryfikacji podpisu jest w tabeli poniżej.' });
        return load();
      })
      .catch(refused);
  };
  const patch = (e: Endpoint, body: unknown, text: string) =>
    api(`/webhooks/${e.id}`, { method: 'PATCH', body })
      .then(() => {
        setNote({ ok: true, text });
        return load();
      })
      .catch(refused);
  const sendTest = (e: Endpoint) =>
    api(`/webhooks/${e.id}/test`, { method: 'POST', body: {} })
      .then(() => {
        setNote({ ok: true, text: `Wysłano zdarzenie testowe do ${e.url}.` });
        return new Promise((r) => setTimeout(r, 1500)).then(load);
      })
      .catch(refused);
  const resend = (d: Delivery) =>
    api(`/webhooks/deliveries/${d.id}/resend`, { method: 'POST', body: {} })
      .then(() => {
        setNote({ ok: true, text: `Zdarzenie nr ${d.id} wróciło do kolejki.` });
        return load();
      })
      .catch(refused);
  const showAttempts = (d: Delivery) =>
    api<WebhookDeliveryDetail>(`/webhooks/deliveries/${d.id}`)
      .then((r) => setOpen({ id: d.id, attempts: r.attempts }))
      .catch(refused);

  return (
    <div className="webhooks">
      <h1>Webhooki</h1>
      <p className="lead">
        Zdarzenia wysyłane do CRM jako podpisany JSON (nagłówek <code>Kserowo-Signature</code>; format i weryfikacja
        podpisu: <code>docs/webhooks.md</code> w repozytorium). Nieudane wysyłki są ponawiane; po wyczerpaniu prób
        zdarzenie zostaje tu jako „niedostarczony”.
      </p>
      <form className="card add-endpoint" onSubmit={add}>
        <h2>Dodaj odbiorcę</h2>
        <Field
          label="Adres HTTPS"
          name="url"
          type="url"
          required
          maxLength={WEBHOOK_LIMITS.url}
          placeholder="https://crm.example.pl/webhooks/kserowo"
        />
        <fieldset>
          <legend>Zdarzenia</legend>
          {WEBHOOK_EVENTS.map((e) => (
            <CheckField
              key={e}
              name="events"
              value={e}
              defaultChecked={e === 'lead.created'}
              label={
                <>
                  <code>{e}</code> — {WEBHOOK_EVENT_LABELS[e]}
                </>
              }
            />
          ))}
        </fieldset>
        <button type="submit" className="button">
          Dodaj odbiorcę
        </button>
      </form>
      <Notice note={note} />
      {endpoints && endpoints.length > 0 && (
        <DataTable columns={['Odbiorca', 'Zdarzenia', 'Sekret']} actions>
          {endpoints.map((e) => (
            <tr key={e.id} className={e.active ? undefined : 'disabled'}>
              <td className="wrap">
                {e.url}
                {!e.active && <span className="hint"> (wstrzymany)</span>}
              </td>
              <td>{e.events.join(', ')}</td>
              <td>
                <input readOnly value={e.secret} aria-label={`Sekret: ${e.url}`} className="secret" />
              </td>
              <td className="actions">
                <button type="button" className="button small" onClick={() => void sendTest(e)}>
                  Wyślij zdarzenie testowe
                </button>
                <button
                  type="button"
                  className="button small ghost"
                  onClick={() => void patch(e, { rotateSecret: true }, 'Nowy sekret: stary przestał działać.')}
                >
                  Nowy sekret
                </button>
                <button
                  type="button"
                  className="button small ghost"
                  onClick={() =>
                    void patch(e, { active: !e.active }, e.active ? 'Wstrzymano wysyłkę.' : 'Wznowiono wysyłkę.')
                  }
                >
                  {e.active ? 'Wstrzymaj' : 'Wznów'}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h2>Wysłane zdarzenia</h2>
      <SelectField
        label="Pokaż"
        className="inline"
        value={state}
        onValue={setState}
        options={[['', 'Wszystkie'], ...Object.entries(DELIVERY_STATE_LABELS)]}
      />
      {!deliveries ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable
          columns={['Nr', 'Utworzono', 'Zdarzenie', 'Odbiorca', 'Stan', 'Próby', 'Ostatni błąd']}
          actions
          className="deliveries"
        >
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td>{d.id}</td>
              <td>{when(d.createdAt)}</td>
              <td>
                <code>{d.type}</code>
              </td>
              <td className="wrap">{d.url}</td>
              <td>
                <span className={`mail-state state-${d.state === 'delivered' ? 'sent' : d.state}`}>
                  {DELIVERY_STATE_LABELS[d.state] ?? d.state}
                </span>
              </td>
              <td>
                <button type="button" className="button ghost small" onClick={() => void showAttempts(d)}>
                  {d.attempts}
                </button>
              </td>
              <td className="error-text">{d.lastError ?? ''}</td>
              <td>
                {(d.state === 'failed' || d.state === 'dead') && (
                  <button type="button" className="button small" onClick={() => void resend(d)}>
                    Wyślij ponownie
                  </button>
                )}
              </td>
            </tr>
          ))}
          {deliveries.length === 0 && (
            <tr>
              <td colSpan={8}>Brak zdarzeń.</td>
            </tr>
          )}
        </DataTable>
      )}
      <MoreRows pages={pages} noun={EVENTS} />
      {open && (
        <section className="card">
          <h2>Próby dostarczenia nr {open.id}</h2>
          <ol>
            {open.attempts.map((a) => (
              <li key={a.at}>
                {when(a.at)} — {a.status === null ? 'brak odpowiedzi' : `HTTP ${a.status}`}
                {a.error ? ` (${a.error})` : ''}
                {a.durationMs === null ? '' : `, ${a.durationMs} ms`}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
