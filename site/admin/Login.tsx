/**
 * The panel's doors before a session: the login form (a team account's e-mail, or none for the
 * first owner, with the offer of an unlock link when the account is locked) and the page of the
 * e-mailed unlock link. In the panel's first script, as the frame is.
 */
import { useRef, useState } from 'react';
import { ADMIN_LIMITS } from '../../worker/admin-shared/admin-validation.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import type { Session } from './view-props.ts';
import { ApiRefused, api } from './api.ts';

export function Login({
  message,
  onLoggedIn,
  onFailure,
}: {
  message?: string | undefined;
  onLoggedIn: (s: Session) => void;
  onFailure: (e: unknown) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Locked (429) for a team account: the e-mailed link that unlocks this browser is offered.
  const [locked, setLocked] = useState(false);
  const [note, setNote] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    const body = { email: data.get('email'), password: data.get('password'), name: data.get('name') };
    api<Session>('/login', { method: 'POST', body })
      .then(onLoggedIn)
      .catch((e: unknown) => {
        if (!(e instanceof ApiRefused)) return onFailure(e);
        setError(e.message);
        setLocked(e.status === 429 && String(body.email ?? '').trim() !== '');
      })
      .finally(() => setBusy(false));
  };
  const askUnlock = () => {
    const email = form.current ? new FormData(form.current).get('email') : '';
    setBusy(true);
    api<{ message: string }>('/unlock', { method: 'POST', body: { email } })
      .then((r) => {
        setNote(r.message);
        setLocked(false);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)))
      .finally(() => setBusy(false));
  };
  return (
    <main className="login">
      <h1>Panel Kserowo</h1>
      <form ref={form} onSubmit={submit} className="card">
        {message && (
          <p className="notice" role="status">
            {message}
          </p>
        )}
        {/* Written out, not form-kit.tsx's fields: this form is in the panel's first script, the kit comes with the first tab (0.6 KB less before login). */}
        <label>
          E-mail <span className="hint">(puste: konto główne właściciela)</span>
          <input name="email" type="email" autoComplete="username" maxLength={LIMITS.email} />
        </label>
        <label>
          Twoje imię <span className="hint">(tylko konto główne: widoczne w historii zmian)</span>
          <input name="name" autoComplete="nickname" maxLength={ADMIN_LIMITS.userName} />
        </label>
        <label>
          Hasło
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={ADMIN_LIMITS.password}
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {locked && (
          <p>
            <span className="hint">
              To Ty? Wyślemy na adres konta link, który odblokuje logowanie w tej przeglądarce.
            </span>{' '}
            <button type="button" className="button ghost" onClick={askUnlock} disabled={busy}>
              Wyślij link odblokowujący
            </button>
          </p>
        )}
        {note && (
          <p className="notice" role="status">
            {note}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          Zaloguj się
        </button>
      </form>
    </main>
  );
}

/** The page of the e-mailed unlock link: one button makes this browser known to the account. */
export function UnlockView({
  onFailure,
  onDone,
}: {
  onFailure: (e: unknown) => void;
  onDone: (message: string) => void;
}) {
  const token = location.hash.replace(/^#odblokuj=/, '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const unlock = (event: Event) => {
    event.preventDefault();
    setBusy(true);
    api<{ message: string }>('/unlock/browser', { method: 'POST', body: { token } })
      .then((r) => {
        history.replaceState(null, '', '/admin');
        onDone(r.message);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)))
      .finally(() => setBusy(false));
  };
  return (
    <main className="login">
      <h1>Odblokuj logowanie</h1>
      <form onSubmit={unlock} className="card">
        <p>Przycisk odblokuje logowanie do Twojego konta w tej przeglądarce. Potem zaloguj się jak zwykle, hasłem.</p>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          Odblokuj tę przeglądarkę
        </button>
      </form>
    </main>
  );
}
