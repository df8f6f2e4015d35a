/**
 * A lead's detail: its stage, next step, notes history, first-answer promise, owner,
 * e-mails ('Wyślij ponownie'), quote, order and where it came from, and, for the owner only,
 * erasure on a GDPR request. Visitor text is only ever rendered as text.
 */
import { Fragment, useEffect, useState } from 'react';
import { ApiRefused, api } from './api.ts';
import type { SessionViewProps } from './view-props.ts';
import type {
  LeadDetail as LeadAnswer,
  LeadNotification as Notification,
} from '../../worker/admin-shared/admin-api.ts';
import { LeadOwner, isOverdue } from './LeadOwner.tsx';
import { attr } from './LeadsList.tsx';
import { LeadQuote } from './LeadQuote.tsx';
import { FIRST_ANSWER_HOURS } from '../../widgets/core/terms.ts';
import { warsawDateTime } from '../../widgets/core/warsaw-time.ts';
import { warsawInstant } from '../../worker/admin-shared/business-hours.ts';
import {
  LOST_REASONS,
  NEXT_STEP_KINDS,
  PIPELINE_LIMITS,
  STAGES,
  isOpenStage,
  leadStatusLabel,
} from '../../worker/admin-shared/pipeline.ts';
import { rolesOfRequest } from '../../worker/admin-shared/roles.ts';
import { ORDER_STATUS_LABELS } from '../../worker/admin-shared/admin-api-orders.ts';
import { deliveryDayText } from '../../worker/admin-shared/delivery.ts';
import { EMAIL_STATE_LABELS, KIND_LABELS, when } from './labels.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import { Notice } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';
import { LeadPartner } from './LeadPartner.tsx';

const ATTRIBUTION_LABELS: [string, string][] = [
  ['page', 'Strona'],
  ['origin', 'Witryna'],
  ['referrer', 'Poprzednia strona'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['partner', 'Partner'],
  ['partner_unconfirmed', 'Partner niepotwierdzony (spoza jego domen)'],
  ['partner_unregistered', 'Partner niezarejestrowany'],
  ['partner_moved_from', 'Partner przed zmianą'],
  ['partner_second', 'Partner drugi (firmę przyprowadził wcześniej inny)'],
];

/** 'RRRR-MM-DDTGG:MM' of a datetime input, read as Warsaw time whatever the browser's zone. */
const warsawInputToIso = (value: string): string | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return warsawInstant({ year: y, month: mo, day: d }, h * 60 + mi).toISOString();
};
const isoToWarsawInput = (iso: string | null | undefined) => (iso ? warsawDateTime(iso).replace(' ', 'T') : '');

export function LeadDetail({ id, onFailure, session }: SessionViewProps & { id: string }) {
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
          <SelectField
            label="Etap"
            value={stage}
            onValue={setStage}
            options={STAGES.map((s) => [s, leadStatusLabel(s)] as const)}
          />
          {stage === 'lost' && (
            <>
              <SelectField
                label="Powód przegranej"
                value={lostReason}
                required
                onValue={setLostReason}
                options={[['', '— wybierz —'], ...LOST_REASONS.map((r) => [r, r] as const)]}
              />
              <Field
                label="Opis powodu"
                hint="(opcjonalnie)"
                value={lostNote}
                maxLength={PIPELINE_LIMITS.lostNote}
                onValue={setLostNote}
              />
            </>
          )}
          {open && (
            <>
              <SelectField
                label="Kolejny krok"
                value={stepKind}
                onValue={setStepKind}
                options={[['', '— brak —'], ...NEXT_STEP_KINDS.map((k) => [k, k] as const)]}
              />
              <Field
                label="Termin kroku"
                hint="(czas warszawski)"
                id="step-due"
                type="datetime-local"
                value={stepDue}
                invalid={!!pastStep}
                aria-describedby={pastStep ? 'step-due-question' : undefined}
                onValue={(value) => {
                  setStepDue(value);
                  setPastStep(undefined);
                }}
              />
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
        {quote && <LeadQuote quote={quote} />}
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
          </dl>
          <LeadPartner
            key={`${attr(lead, 'partner')} ${attr(lead, 'partner_unconfirmed')}`}
            leadId={lead.id}
            current={attr(lead, 'partner') ?? attr(lead, 'partner_unconfirmed') ?? attr(lead, 'partner_unregistered')}
            unconfirmed={attr(lead, 'partner_unconfirmed')}
            onChanged={(text) => load({ ok: true, text })}
            onFailure={onFailure}
          />
          <dl>
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
