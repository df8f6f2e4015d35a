/**
 * The admin panel: login, then the views for the sales team. Everything is
 * Polish; everything a visitor typed is shown as text (Preact escapes it), never as HTML.
 * When the panel cannot render or its API is unreachable it shows 'Panel admin niedostępny'.
 */
import { Component, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { ROLE_LABELS, mayUse } from '../../worker/admin-shared/roles.ts';
import { ADMIN_LIMITS } from '../../worker/admin-shared/admin-validation.ts';
import { LIMITS } from '../../widgets/core/validation.ts';
import type { Session, SessionViewProps } from './view-props.ts';
import { AccountView, SetPasswordView, TeamView } from './TeamView.tsx';
import { AuditView } from './AuditView.tsx';
import { WebhooksView } from './WebhooksView.tsx';
import { PrivacyView } from './PrivacyView.tsx';
import { ApiRefused, ApiUnavailable, SessionEnded, api } from './api.ts';
import { CatalogueView } from './CatalogueView.tsx';
import { LeadsView } from './LeadsView.tsx';
import { OutboxView } from './OutboxView.tsx';
import { SnippetView } from './SnippetView.tsx';
import { StatsView } from './StatsView.tsx';
import { DevicesView } from './DevicesView.tsx';
import { ReadingsView } from './ReadingsView.tsx';
import { TonerView } from './TonerView.tsx';
import { ContractsView } from './ContractsView.tsx';
import { TicketsView } from './TicketsView.tsx';
import { OrdersView } from './OrdersView.tsx';

export type { Session, SessionViewProps, ViewProps } from './view-props.ts';

/**
 * The panel's sections, addressed by the URL hash (`#leady`, `#leady/<id>`, `#cennik` …).
 * `area` is the admin API prefix the view works with: a role sees only the views the
 * role table (worker/admin-shared/roles.ts) opens to it; the server refuses the rest anyway.
 */
const VIEWS = [
  {
    id: 'leady',
    area: 'leads',
    label: 'Leady',
    render: (p: SessionViewProps, sub?: string) => <LeadsView {...p} leadId={sub} />,
  },
  {
    id: 'zamowienia',
    area: 'orders',
    label: 'Zamówienia',
    render: (p: SessionViewProps, sub?: string) => <OrdersView {...p} orderId={sub} />,
  },
  // Loaded when opened (its own chunk): statements in, lines to assign, overdue invoices.
  {
    id: 'platnosci',
    area: 'payments',
    label: 'Płatności',
    render: (p: SessionViewProps) => <LazyView name="payments" {...p} />,
  },
  { id: 'wysylka', area: 'outbox', label: 'Wysyłka e-maili', render: (p: SessionViewProps) => <OutboxView {...p} /> },
  { id: 'liczby', area: 'stats', label: 'Liczby', render: (p: SessionViewProps) => <StatsView {...p} /> },
  // Service.
  {
    id: 'serwis',
    area: 'tickets',
    label: 'Serwis',
    render: (p: SessionViewProps, sub?: string) => <TicketsView {...p} ticketId={sub} />,
  },
  { id: 'umowy', area: 'contracts', label: 'Umowy', render: (p: SessionViewProps) => <ContractsView {...p} /> },
  {
    id: 'faktury',
    area: 'invoices',
    label: 'Faktury',
    render: (p: SessionViewProps) => <LazyView name="invoices" {...p} />,
  },
  { id: 'urzadzenia', area: 'devices', label: 'Urządzenia', render: (p: SessionViewProps) => <DevicesView {...p} /> },
  {
    id: 'odczyty',
    area: 'readings',
    label: 'Odczyty',
    render: (p: SessionViewProps, sub?: string) => <ReadingsView {...p} serial={sub} />,
  },
  { id: 'tonery', area: 'toner', label: 'Tonery', render: (p: SessionViewProps) => <TonerView {...p} /> },
  { id: 'cennik', area: 'catalogue', label: 'Cennik', render: (p: SessionViewProps) => <CatalogueView {...p} /> },
  { id: 'snippety', area: 'leads', label: 'Snippety', render: (p: SessionViewProps) => <SnippetView {...p} /> },
  { id: 'zespol', area: 'accounts', label: 'Zespół', render: (p: SessionViewProps) => <TeamView {...p} /> },
  { id: 'webhooki', area: 'webhooks', label: 'Webhooki', render: (p: SessionViewProps) => <WebhooksView {...p} /> },
  // A person's data by e-mail address, export and erasure (owner only).
  {
    id: 'dane-osobowe',
    area: 'privacy',
    label: 'Dane osobowe',
    render: (p: SessionViewProps) => <PrivacyView {...p} />,
  },
  { id: 'historia', area: 'audit', label: 'Historia zmian', render: (p: SessionViewProps) => <AuditView {...p} /> },
  { id: 'konto', area: 'me', label: 'Moje konto', render: (p: SessionViewProps) => <AccountView {...p} /> },
] as const;

/**
 * A view fetched the first time it is opened (scripts/build.mjs `ADMIN_LAZY_VIEWS`): a script
 * of its own that renders into this element. Its failures reach the panel as the panel's own
 * (by their names: the script has its own copy of the API client).
 */
function LazyView({ name, onFailure, session }: SessionViewProps & { name: keyof typeof ADMIN_LAZY_VIEWS }) {
  const box = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const bridge = (e: unknown) =>
      onFailure(
        e instanceof Error && e.name === 'SessionEnded'
          ? new SessionEnded(e.message)
          : e instanceof Error && e.name === 'ApiUnavailable'
            ? new ApiUnavailable(e.message)
            : e,
      );
    let unmount: (() => void) | undefined;
    let gone = false;
    import(/* @vite-ignore */ ADMIN_LAZY_VIEWS[name])
      .then((m: { mount: (el: HTMLElement, p: SessionViewProps) => () => void }) => {
        if (gone || !box.current) return;
        unmount = m.mount(box.current, { onFailure: bridge, session });
        setLoaded(true);
      })
      .catch(() => onFailure(new ApiUnavailable(`${name} view`)));
    return () => {
      gone = true;
      unmount?.();
    };
  }, [name, onFailure, session]);
  return (
    <>
      {!loaded && <p role="status">{FALLBACK.loading}</p>}
      <div ref={box} />
    </>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'login'; message?: string }
  | { kind: 'in'; session: Session }
  | { kind: 'unavailable' };

/** `#leady/<id>` → ['leady', '<id>']. */
const viewFromHash = (): [string, string | undefined] => {
  const [id = '', sub] = location.hash.replace(/^#/, '').split('/');
  return VIEWS.some((v) => v.id === id) ? [id, sub ? decodeURIComponent(sub) : undefined] : [VIEWS[0].id, undefined];
};

/**
 * The header's alerts: how many e-mails to the team and how many webhook deliveries to the
 * CRM are dead (retries used up), linking to where 'Wyślij ponownie' is. Checked again at
 * every change of view; shown to the roles that may open those lists.
 */
function DeadAlert({ refresh, path, href, label }: { refresh: string; path: string; href: string; label: string }) {
  const [dead, setDead] = useState(0);
  useEffect(() => {
    void refresh;
    api<{ dead: number }>(path)
      .then((a) => setDead(a.dead))
      .catch(() => undefined);
  }, [refresh, path]);
  if (!dead) return null;
  return (
    <span role="status">
      <a href={href} className="alert-dead">
        {label}: <strong>{dead}</strong>
      </a>
    </span>
  );
}

export function App() {
  return (
    <PanelBoundary>
      <Panel />
    </PanelBoundary>
  );
}

function Panel() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [[view, sub], setView] = useState(viewFromHash);

  const onFailure = useCallback((error: unknown) => {
    if (error instanceof SessionEnded)
      setState({ kind: 'login', message: error.message || 'Sesja wygasła. Zaloguj się ponownie.' });
    else if (error instanceof ApiUnavailable) setState({ kind: 'unavailable' });
    else if (!(error instanceof ApiRefused)) setState({ kind: 'unavailable' });
  }, []);

  const check = useCallback(() => {
    setState({ kind: 'loading' });
    api<Session>('/session')
      .then((session) => setState({ kind: 'in', session }))
      .catch((error: unknown) => (error instanceof SessionEnded ? setState({ kind: 'login' }) : onFailure(error)));
  }, [onFailure]);

  useEffect(check, [check]);
  useEffect(() => {
    const follow = () => setView(viewFromHash());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  if (state.kind === 'loading')
    return (
      <p className="boot" role="status">
        {FALLBACK.loading}
      </p>
    );
  if (state.kind === 'unavailable') return <Unavailable onRetry={check} />;
  if (state.kind === 'login' && location.hash.startsWith('#haslo='))
    return <SetPasswordView onFailure={onFailure} onDone={(message) => setState({ kind: 'login', message })} />;
  if (state.kind === 'login')
    return (
      <Login
        message={state.message}
        onLoggedIn={(session) => setState({ kind: 'in', session })}
        onFailure={onFailure}
      />
    );

  const logout = () => {
    api('/logout', { method: 'POST', body: {} })
      .then(() => setState({ kind: 'login', message: 'Wylogowano.' }))
      .catch(onFailure);
  };
  const role = state.session.role;
  const views = VIEWS.filter((v) => mayUse(role, v.area));
  const current = views.find((v) => v.id === view) ?? views[0] ?? VIEWS[0];
  return (
    <div className="panel">
      <header className="topbar">
        <strong className="brand">Panel Kserowo</strong>
        <nav aria-label="Sekcje panelu">
          <ul>
            {views.map((v) => (
              <li key={v.id}>
                <a href={`#${v.id}`} aria-current={v.id === current.id ? 'page' : undefined}>
                  {v.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {mayUse(role, 'outbox') && (
          <DeadAlert refresh={view} path="/outbox/alerts" href="#wysylka" label="Niewysłane e-maile" />
        )}
        {mayUse(role, 'webhooks') && (
          <DeadAlert refresh={view} path="/webhooks/alerts" href="#webhooki" label="Niedostarczone webhooki" />
        )}
        <span className="who">
          Zalogowano: <strong>{state.session.user}</strong> <span className="hint">({ROLE_LABELS[role]})</span>{' '}
          <button type="button" className="button ghost" onClick={logout}>
            Wyloguj
          </button>
        </span>
      </header>
      <main className="content">{current.render({ onFailure, session: state.session }, sub)}</main>
    </div>
  );
}

function Login({
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
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    const body = { email: form.get('email'), password: form.get('password'), name: form.get('name') };
    api<Session>('/login', { method: 'POST', body })
      .then(onLoggedIn)
      .catch((e: unknown) => (e instanceof ApiRefused ? setError(e.message) : onFailure(e)))
      .finally(() => setBusy(false));
  };
  return (
    <main className="login">
      <h1>Panel Kserowo</h1>
      <form onSubmit={submit} className="card">
        {message && (
          <p className="notice" role="status">
            {message}
          </p>
        )}
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
        <button type="submit" className="button" disabled={busy}>
          Zaloguj się
        </button>
      </form>
    </main>
  );
}

/** 'Panel admin niedostępny' (spec §2) with 'Spróbuj ponownie' and 'Strona główna' (spec §8). */
function Unavailable({
  onRetry,
  text = 'Nie udało się połączyć z serwerem panelu. Sprawdź połączenie i spróbuj ponownie.',
}: {
  onRetry: () => void;
  text?: string;
}) {
  return (
    <div className="unavailable" role="alert">
      <h1>{FALLBACK.admin}</h1>
      <p>{text}</p>
      <p>
        <button type="button" className="button" onClick={onRetry}>
          {FALLBACK.retry}
        </button>{' '}
        <a className="button ghost" href="/">
          {FALLBACK.home}
        </a>
      </p>
    </div>
  );
}

/** A render error anywhere in the panel shows the fallback instead of a blank page. */
class PanelBoundary extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static override getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('admin panel', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <Unavailable onRetry={() => location.reload()} text={FALLBACK.sectionText} />;
  }
}
