/**
 * Team accounts: the owner's 'Zespół' (people, roles, one-time links, sessions,
 * disabling), everyone's 'Moje konto' (own password and sessions), and the page of the
 * one-time set-password link (`/admin#haslo=<token>`, shown before login).
 */
import { FALLBACK } from '../../widgets/core/texts.ts';
import { useCallback, useEffect, useState } from 'react';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  SET_PASSWORD_LINK_TERMS,
  passwordProblem,
} from '../../worker/admin-shared/account-validation.ts';
import { ROLES, ROLE_LABELS, type Role } from '../../worker/admin-shared/roles.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import { ApiRefused, api } from './api.ts';
import type { SessionViewProps } from './view-props.ts';
import type {
  AccountList,
  SessionList as SessionsAnswer,
  SessionListed as SessionRow,
  TeamAccount,
  TeamAccountListed as Account,
} from '../../worker/admin-shared/admin-api.ts';
import { plural } from '../../widgets/core/plural.ts';
import { when } from './labels.ts';
import { DataTable, Notice } from './ui.tsx';
import { Field, SelectField } from './form-kit.tsx';

/** '1 sesja', '2 sesje', '5 sesji', '22 sesje'. */
const sessionCount = (n: number): string => `${n} ${plural(n, 'sesja', 'sesje', 'sesji')}`;

type Note = { ok: boolean; text: string } | undefined;

/** The one-time link, shown to the owner to hand over (it is e-mailed too where possible). */
function LinkBox({ link, email, emailed }: { link: string; email: string; emailed: boolean }) {
  return (
    <div className="card link-box" role="status">
      <p>
        Link do ustawienia hasła dla <strong>{email}</strong> ({SET_PASSWORD_LINK_TERMS})
        {emailed ? ' — wysłaliśmy go też e-mailem:' : ' — przekaż go tej osobie:'}
      </p>
      <input readOnly value={link} aria-label="Link do ustawienia hasła" onFocus={(e) => e.currentTarget.select()} />
    </div>
  );
}

export function TeamView({ onFailure, session }: SessionViewProps) {
  const [accounts, setAccounts] = useState<Account[] | undefined>();
  const [note, setNote] = useState<Note>();
  const [link, setLink] = useState<{ link: string; email: string; emailed: boolean } | undefined>();
  const [open, setOpen] = useState<{ id: number; sessions: SessionRow[] } | undefined>();
  const [busy, setBusy] = useState(false);

  const refused = (e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e));
  const load = useCallback(
    () =>
      api<AccountList>('/accounts')
        .then((d) => setAccounts(d.accounts))
        .catch(onFailure),
    [onFailure],
  );
  useEffect(() => void load(), [load]);

  const add = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    setBusy(true);
    setNote(undefined);
    api<{ account: TeamAccount; link: string; emailed: boolean }>('/accounts', {
      method: 'POST',
      body: { email: data.get('email'), name: data.get('name'), role: data.get('role') },
    })
      .then((r) => {
        form.reset();
        setLink({ link: r.link, email: r.account.email, emailed: r.emailed });
        setNote({ ok: true, text: `Dodano: ${r.account.name} (${ROLE_LABELS[r.account.role]}).` });
        return load();
      })
      .catch(refused)
      .finally(() => setBusy(false));
  };

  const change = (a: Account, body: { role?: Role; disabled?: boolean }, text: string) =>
    api(`/accounts/${a.id}`, { method: 'PATCH', body })
      .then(() => {
        setNote({ ok: true, text });
        return load();
      })
      .catch(refused);

  const newLink = (a: Account) =>
    api<{ link: string; emailed: boolean }>(`/accounts/${a.id}/link`, { method: 'POST', body: {} })
      .then((r) => setLink({ link: r.link, email: a.email, emailed: r.emailed }))
      .catch(refused);

  const showSessions = (a: Account) =>
    api<SessionsAnswer>(`/accounts/${a.id}/sessions`)
      .then((r) => setOpen({ id: a.id, sessions: r.sessions }))
      .catch(refused);

  const revoke = (accountId: number, key: string) =>
    api(`/accounts/${accountId}/sessions/${key}`, { method: 'DELETE' })
      .then(() => {
        setNote({ ok: true, text: 'Sesja zakończona.' });
        return Promise.all([load(), showSessions({ id: accountId } as Account)]);
      })
      .catch(refused);

  return (
    <div className="team">
      <h1>Zespół</h1>
      <p className="lead">
        Każda osoba loguje się własnym e-mailem i hasłem. Właściciel widzi wszystko; sprzedaż — leady, wyceny, liczby,
        zgłoszenia serwisowe i odczyty; serwis — zgłoszenia, odczyty i urządzenia.
      </p>
      <form className="card add-person" onSubmit={add}>
        <h2>Dodaj osobę</h2>
        <Field label="E-mail" name="email" type="email" required maxLength={LIMITS.email} autoComplete="off" />
        <Field label="Imię i nazwisko" name="name" required maxLength={LIMITS.name} autoComplete="off" />
        <SelectField
          label="Rola"
          name="role"
          selected="sales"
          options={ROLES.map((r) => [r, ROLE_LABELS[r]] as const)}
        />
        <button type="submit" className="button" disabled={busy}>
          Dodaj i utwórz link
        </button>
      </form>
      <Notice note={note} />
      {link && <LinkBox {...link} />}
      {!accounts ? (
        <p role="status">{FALLBACK.loading}</p>
      ) : (
        <DataTable columns={['Osoba', 'Rola', 'Stan', 'Sesje']} actions>
          {accounts.map((a) => (
            <tr key={a.id} className={a.disabled ? 'disabled' : undefined}>
              <td>
                {a.name}
                <br />
                <span className="hint">{a.firstOwner ? 'konto główne (sekret)' : a.email}</span>
              </td>
              <td>
                {a.firstOwner || a.id === session.accountId ? (
                  ROLE_LABELS[a.role]
                ) : (
                  <select
                    aria-label={`Rola: ${a.name}`}
                    value={a.role}
                    onChange={(e) => {
                      const role = (e.target as HTMLSelectElement).value as Role;
                      void change(a, { role }, `${a.name}: rola ${ROLE_LABELS[role]}.`);
                    }}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                )}
              </td>
              <td>{a.disabled ? 'wyłączone' : a.passwordSet ? 'aktywne' : 'czeka na hasło'}</td>
              <td>
                <button type="button" className="button ghost small" onClick={() => void showSessions(a)}>
                  {sessionCount(a.sessions)}
                </button>
              </td>
              <td className="actions">
                {!a.firstOwner && (
                  <button type="button" className="button small ghost" onClick={() => void newLink(a)}>
                    Nowy link do hasła
                  </button>
                )}
                {!a.firstOwner && a.id !== session.accountId && (
                  <button
                    type="button"
                    className={`button small ${a.disabled ? '' : 'danger'}`}
                    onClick={() =>
                      void change(
                        a,
                        { disabled: !a.disabled },
                        a.disabled ? `${a.name}: konto włączone.` : `${a.name}: konto wyłączone, sesje zakończone.`,
                      )
                    }
                  >
                    {a.disabled ? 'Włącz' : 'Wyłącz'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {open && (
        <section className="card">
          <h2>Sesje: {accounts?.find((a) => a.id === open.id)?.name}</h2>
          <SessionList sessions={open.sessions} onRevoke={(key) => void revoke(open.id, key)} />
        </section>
      )}
    </div>
  );
}

function SessionList({ sessions, onRevoke }: { sessions: SessionRow[]; onRevoke: (key: string) => void }) {
  if (sessions.length === 0) return <p>Brak aktywnych sesji.</p>;
  return (
    <ul className="sessions">
      {sessions.map((s) => (
        <li key={s.key}>
          <span>
            od {when(s.createdAt)} · IP {s.ip ?? '–'} {s.current && <strong>(ta przeglądarka)</strong>}
            <br />
            <span className="hint">{s.userAgent ?? ''}</span>
          </span>
          {!s.current && (
            <button type="button" className="button small ghost" onClick={() => onRevoke(s.key)}>
              Zakończ
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 'Moje konto': change my own password (ends my other sessions) and see my sessions. */
export function AccountView({ onFailure, session }: SessionViewProps) {
  const [sessions, setSessions] = useState<SessionRow[] | undefined>();
  const [note, setNote] = useState<Note>();
  const load = useCallback(
    () =>
      api<SessionsAnswer>('/me/sessions')
        .then((r) => setSessions(r.sessions))
        .catch(onFailure),
    [onFailure],
  );
  useEffect(() => void load(), [load]);
  const refused = (e: unknown) => (e instanceof ApiRefused ? setNote({ ok: false, text: e.message }) : onFailure(e));

  const submit = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const problem = passwordProblem(password, { email: session.email, name: session.user });
    if (problem) return setNote({ ok: false, text: problem });
    api('/me/password', { method: 'POST', body: { current: data.get('current'), password } })
      .then(() => {
        form.reset();
        setNote({ ok: true, text: 'Hasło zmienione. Pozostałe sesje zostały zakończone.' });
        return load();
      })
      .catch(refused);
  };

  return (
    <div className="account">
      <h1>Moje konto</h1>
      <p className="lead">
        {session.user} · {session.email === 'admin' ? 'konto główne' : session.email} · {ROLE_LABELS[session.role]}
      </p>
      <Notice note={note} />
      {session.email === 'admin' ? (
        <p className="card">
          Hasło konta głównego to sekret <code>ADMIN_PASSWORD_HASH</code>. Zmiana sekretu (
          <code>npm run admin:hash</code>, potem <code>wrangler secret put ADMIN_PASSWORD_HASH</code>) kończy wszystkie
          jego sesje.
        </p>
      ) : (
        <form className="card" onSubmit={submit}>
          <h2>Zmień hasło</h2>
          <Field
            label="Obecne hasło"
            name="current"
            type="password"
            required
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
          />
          <Field
            label="Nowe hasło"
            hint={`(co najmniej ${PASSWORD_MIN} znaków; najlepiej kilka słów)`}
            name="password"
            type="password"
            required
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
          <button type="submit" className="button">
            Zmień hasło
          </button>
        </form>
      )}
      <section className="card">
        <h2>Moje sesje</h2>
        {sessions ? (
          <SessionList
            sessions={sessions}
            onRevoke={(key) => void api(`/me/sessions/${key}`, { method: 'DELETE' }).then(load).catch(refused)}
          />
        ) : (
          <p role="status">{FALLBACK.loading}</p>
        )}
      </section>
    </div>
  );
}

/** The page of the one-time link: set a password, then log in. */
export function SetPasswordView({
  onFailure,
  onDone,
}: {
  onFailure: (e: unknown) => void;
  onDone: (message: string) => void;
}) {
  const token = location.hash.replace(/^#haslo=/, '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('repeat') ?? ''))
      return setError('Hasła różnią się. Wpisz to samo hasło dwa razy.');
    const problem = passwordProblem(password);
    if (problem) return setError(problem);
    setBusy(true);
    api<{ email: string }>('/set-password', { method: 'POST', body: { token, password } })
      .then((r) => {
        history.replaceState(null, '', '/admin');
        onDone(`Hasło ustawione. Zaloguj się jako ${r.email}.`);
      })
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)))
      .finally(() => setBusy(false));
  };
  return (
    <main className="login">
      <h1>Ustaw hasło</h1>
      <form onSubmit={submit} className="card">
        <p className="hint">
          Co najmniej {PASSWORD_MIN} znaków. Najłatwiej zapamiętać kilka słów, np. zdanie, którego nikt by nie zgadł.
        </p>
        <Field
          label="Nowe hasło"
          name="password"
          type="password"
          required
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
        <Field
          label="Powtórz hasło"
          name="repeat"
          type="password"
          required
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          Ustaw hasło
        </button>
      </form>
    </main>
  );
}
