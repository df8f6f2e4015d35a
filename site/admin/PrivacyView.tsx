/**
 * 'Dane osobowe' (owner only): one person's data by e-mail address. The owner
 * looks the address up, sees how many records of each kind are stored, downloads them all
 * as JSON, or erases them after a confirmation that lists what goes. Both are in the
 * audit log ('Historia zmian').
 */
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  PERSON_COUNT_LABELS,
  PRIVACY_ERRORS,
  type PersonCounts,
  personEmailSchema,
} from '../../worker/admin-shared/privacy-validation.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import { CONTRACT_KEPT, SIGNED_ORDER_KEPT } from '../../widgets/core/privacy.ts';
import { ApiRefused, api, apiDownload } from './api.ts';
import { Field } from './form-kit.tsx';
import type { ViewProps } from './view-props.ts';
import type { PersonErased, PersonFound as Found } from '../../worker/admin-shared/admin-api.ts';

type Busy = 'check' | 'export' | 'erase' | undefined;

const BUSY_TEXT: Record<Exclude<Busy, undefined>, string> = {
  check: 'Sprawdzam, co zapisano dla tego adresu…',
  export: 'Przygotowuję plik z danymi…',
  erase: 'Usuwam dane…',
};

const path = (email: string) => `/privacy/${encodeURIComponent(email)}`;

/** The non-zero counts as list items, in the order of PERSON_COUNT_LABELS. */
function CountList({ counts }: { counts: PersonCounts }) {
  const entries = (Object.keys(PERSON_COUNT_LABELS) as (keyof PersonCounts)[]).filter((k) => counts[k] > 0);
  return (
    <ul>
      {entries.map((k) => (
        <li key={k}>
          {PERSON_COUNT_LABELS[k]}: <strong>{counts[k]}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Saves a Blob under `filename` through a temporary link (the browser's own download). */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PrivacyView({ onFailure }: ViewProps) {
  const [input, setInput] = useState('');
  const [found, setFound] = useState<Found | undefined>();
  const [busy, setBusy] = useState<Busy>();
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<
    { text: string; counts?: PersonCounts; contracts?: string[] | undefined } | undefined
  >();
  const [confirming, setConfirming] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the step: into the confirmation when it opens, back to its button on 'Anuluj'.
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
    else if (wasConfirming.current) eraseButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  /** A refusal (400, 404) is shown here; anything else is the panel's failure. */
  const fail = (e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e));

  const lookUp = (email: string) =>
    api<Found>(path(email)).then((f) => {
      setFound(f);
      return f;
    });

  const submit = (event: Event) => {
    event.preventDefault();
    setNotice(undefined);
    setConfirming(false);
    setFound(undefined);
    const checked = v.safeParse(personEmailSchema, input);
    if (!checked.success) {
      setError(PRIVACY_ERRORS.email);
      ((event.currentTarget as HTMLFormElement).elements.namedItem('email') as HTMLInputElement).focus();
      return;
    }
    setError(undefined);
    setBusy('check');
    lookUp(checked.output)
      .catch(fail)
      .finally(() => setBusy(undefined));
  };

  const download = () => {
    if (!found) return;
    setBusy('export');
    setError(undefined);
    setNotice(undefined);
    apiDownload(`${path(found.email)}/export`)
      .then(({ blob, filename }) => {
        save(blob, filename);
        setNotice({ text: `Pobrano plik ${filename}. Eksport zapisano w historii zmian.` });
      })
      .catch(fail)
      .finally(() => setBusy(undefined));
  };

  const erase = () => {
    if (!found) return;
    setBusy('erase');
    setError(undefined);
    api<PersonErased>(path(found.email), { method: 'DELETE' })
      .then((result) => {
        setConfirming(false);
        setNotice({
          text: `Usunięto dane adresu ${result.email}:`,
          counts: result.erased,
          contracts: result.contractsWithoutBillingEmail,
        });
        return lookUp(found.email);
      })
      .catch(fail)
      .finally(() => setBusy(undefined));
  };

  return (
    <div className="privacy">
      <h1>Dane osobowe</h1>
      <p className="lead">
        Wszystko, co zapisaliśmy o jednej osobie, po jej adresie e-mail (wielkość liter bez znaczenia): pobranie danych
        w pliku JSON albo ich usunięcie na jej żądanie (RODO, art. 15 i 17). Oba działania trafiają do historii zmian.
      </p>
      <form className="card privacy-form" onSubmit={submit} noValidate aria-describedby="privacy-hint">
        <Field
          label="Adres e-mail osoby"
          type="email"
          name="email"
          autoComplete="off"
          maxLength={LIMITS.email}
          value={input}
          onValue={setInput}
          invalid={error === PRIVACY_ERRORS.email}
        />
        <button type="submit" className="button" disabled={busy !== undefined}>
          Sprawdź dane
        </button>
        <p id="privacy-hint" className="hint">
          Dane starsze niż okres przechowywania są anonimizowane automatycznie.
        </p>
      </form>

      <div aria-live="polite">
        {busy && (
          <p role="status" className="hint">
            {BUSY_TEXT[busy]}
          </p>
        )}
        {notice && (
          <div className="notice" role="status">
            <p>{notice.text}</p>
            {notice.counts && <CountList counts={notice.counts} />}
            {!!notice.contracts?.length && (
              <p>
                Umowy bez adresu do faktur: <strong>{notice.contracts.join(', ')}</strong>. Wpisz w nich nowy adres
                (zakładka „Umowy”): do tego czasu nie wysyłamy przypomnień o odczycie, a nikt nie zaloguje się do strefy
                klienta.
              </p>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}

      {found && (
        <section className="card" aria-labelledby="privacy-found">
          <h2 id="privacy-found">Dane adresu {found.email}</h2>
          {found.empty ? (
            <p>{PRIVACY_ERRORS.nothing}</p>
          ) : (
            <>
              <CountList counts={found.counts} />
              <p>
                <button type="button" className="button" onClick={download} disabled={busy !== undefined}>
                  Pobierz dane (JSON)
                </button>{' '}
                {!confirming && (
                  <button
                    ref={eraseButton}
                    type="button"
                    className="button danger"
                    onClick={() => setConfirming(true)}
                    disabled={busy !== undefined}
                  >
                    Usuń dane tej osoby…
                  </button>
                )}
              </p>
            </>
          )}
        </section>
      )}

      {found && !found.empty && confirming && (
        <section className="danger-zone" aria-labelledby="privacy-confirm">
          <h2 id="privacy-confirm" ref={confirmHeading} tabIndex={-1}>
            Usunąć dane adresu {found.email}?
          </h2>
          <p>Zostaną usunięte dane tej osoby:</p>
          <CountList counts={found.counts} />
          <p>
            Imię, adres e-mail, telefon, firma, NIP, treść wiadomości i zgłoszeń oraz notatki znikną; e-maile i
            zdarzenia webhooków zostaną skasowane, a z urządzeń zniknie jej adres i telefon. Zostaną tylko anonimowe
            wpisy do statystyk (data, rodzaj, status, źródło, model i pakiet) oraz wpis w historii zmian z tym adresem.
            Tego nie da się cofnąć.
          </p>
          {found.counts.contracts > 0 && (
            <p>Umowy z tym adresem do faktur zostają, bez tego adresu (trzeba będzie wpisać nowy): {CONTRACT_KEPT}.</p>
          )}
          {found.counts.orders > 0 && (
            <p>
              Niepodpisane zamówienia online znikną. Podpisane zamówienie zostaje (bez zgody marketingowej):{' '}
              {SIGNED_ORDER_KEPT}.
            </p>
          )}
          <p>
            <button type="button" className="button danger" onClick={erase} disabled={busy !== undefined}>
              Tak, usuń dane
            </button>{' '}
            <button type="button" className="button ghost" onClick={() => setConfirming(false)}>
              Anuluj
            </button>
          </p>
        </section>
      )}
    </div>
  );
}
