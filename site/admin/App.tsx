/**
 * The admin panel: login, then the views for the sales team. Everything is
 * Polish; everything a visitor typed is shown as text (Preact escapes it), never as HTML.
 * When the panel cannot render or its API is unreachable it shows 'Panel admin niedostępny'.
 */
import { Component, type ReactNode, useCallback, useEffect, useState } from 'react';
import { FALLBACK } from '../../widgets/core/texts.ts';
import { ROLE_LABELS, mayUse } from '../../worker/admin-shared/roles.ts';
import type { Session, SessionViewProps } from './view-props.ts';
import { ApiRefused, ApiUnavailable, SessionEnded, api } from './api.ts';
import { Login, UnlockView } from './Login.tsx';

export type { Session, SessionViewProps, ViewProps } from './view-props.ts';

/** What a tab draws, once its code has come: the view with the session, and the part of the hash after its id. */
type Render = (p: SessionViewProps, sub?: string) => ReactNode;

/**
 * The panel's sections, addressed by the URL hash (`#leady`, `#leady/<id>`, `#cennik` …).
 * `area` is the admin API prefix the view works with: a role sees only the views the
 * role table (worker/admin-shared/roles.ts) opens to it; the server refuses the rest anyway.
 * Each tab's code is a chunk of its own, loaded when the tab is opened (`load`): the panel
 * starts with the frame and one tab. A new tab is one line here, its view in a module of its own.
 */
interface TabDef {
  id: string;
  area: Parameters<typeof mayUse>[1];
  label: string;
  load: () => Promise<Render>;
}

const VIEWS = [
  {
    id: 'leady',
    area: 'leads',
    label: 'Leady',
    load: () => import('./LeadsView.tsx').then((m) => (p, sub) => <m.LeadsView {...p} leadId={sub} />),
  },
  {
    id: 'zamowienia',
    area: 'orders',
    label: 'Zamówienia',
    load: () => import('./OrdersView.tsx').then((m) => (p, sub) => <m.OrdersView {...p} orderId={sub} />),
  },
  // Statements in, lines to assign, overdue invoices.
  {
    id: 'platnosci',
    area: 'payments',
    label: 'Płatności',
    load: () => import('./PaymentsView.tsx').then((m) => (p) => <m.PaymentsView {...p} />),
  },
  {
    id: 'wysylka',
    area: 'outbox',
    label: 'Wysyłka e-maili',
    load: () => import('./OutboxView.tsx').then((m) => (p) => <m.OutboxView {...p} />),
  },
  {
    id: 'liczby',
    area: 'stats',
    label: 'Liczby',
    load: () => import('./StatsView.tsx').then((m) => (p) => <m.StatsView {...p} />),
  },
  // Service.
  {
    id: 'serwis',
    area: 'tickets',
    label: 'Serwis',
    load: () => import('./TicketsView.tsx').then((m) => (p, sub) => <m.TicketsView {...p} ticketId={sub} />),
  },
  {
    id: 'umowy',
    area: 'contracts',
    label: 'Umowy',
    load: () => import('./ContractsView.tsx').then((m) => (p) => <m.ContractsView {...p} />),
  },
  {
    id: 'faktury',
    area: 'invoices',
    label: 'Faktury',
    load: () => import('./InvoicesView.tsx').then((m) => (p) => <m.InvoicesView {...p} />),
  },
  {
    id: 'urzadzenia',
    area: 'devices',
    label: 'Urządzenia',
    load: () => import('./DevicesView.tsx').then((m) => (p) => <m.DevicesView {...p} />),
  },
  {
    id: 'odczyty',
    area: 'readings',
    label: 'Odczyty',
    load: () => import('./ReadingsView.tsx').then((m) => (p, sub) => <m.ReadingsView {...p} serial={sub} />),
  },
  {
    id: 'tonery',
    area: 'toner',
    label: 'Tonery',
    load: () => import('./TonerView.tsx').then((m) => (p) => <m.TonerView {...p} />),
  },
  {
    id: 'cennik',
    area: 'catalogue',
    label: 'Cennik',
    load: () => import('./CatalogueView.tsx').then((m) => (p) => <m.CatalogueView {...p} />),
  },
  {
    id: 'snippety',
    area: 'leads',
    label: 'Snippety',
    load: () => import('./SnippetView.tsx').then((m) => (p) => <m.SnippetView {...p} />),
  },
  {
    id: 'partnerzy',
    area: 'partners',
    label: 'Partnerzy',
    load: () => import('./PartnersView.tsx').then((m) => (p) => <m.PartnersView {...p} />),
  },
  {
    id: 'zespol',
    area: 'accounts',
    label: 'Zespół',
    load: () => import('./TeamView.tsx').then((m) => (p) => <m.TeamView {...p} />),
  },
  {
    id: 'webhooki',
    area: 'webhooks',
    label: 'Webhooki',
    load: () => import('./WebhooksView.tsx').then((m) => (p) => <m.WebhooksView {...p} />),
  },
  // A person's data by e-mail address, export and erasure (owner only).
  {
    id: 'dane-osobowe',
    area: 'privacy',
    label: 'Dane osobowe',
    load: () => import('./PrivacyView.tsx').then((m) => (p) => <m.PrivacyView {...p} />),
  },
  {
    id: 'historia',
    area: 'audit',
    label: 'Historia zmian',
    load: () => import('./AuditView.tsx').then((m) => (p) => <m.AuditView {...p} />),
  },
  {
    id: 'konto',
    area: 'me',
    label: 'Moje konto',
    load: () => import('./TeamView.tsx').then((m) => (p) => <m.AccountView {...p} />),
  },
] as const satisfies readonly TabDef[];

/** Tabs whose code has come, by id: opened again, they draw at once. */
const loaded = new Map<string, Render>();

/**
 * A tab's view, fetched the first time it is opened (its chunk, which shares the panel's Preact
 * and API client): 'Ładowanie...' until it has come. A chunk that cannot load is the panel's
 * failure to reach the server: 'Panel admin niedostępny' with 'Spróbuj ponownie'.
 */
function LazyView({ tab, props, sub }: { tab: TabDef; props: SessionViewProps; sub: string | undefined }) {
  const [render, setRender] = useState<Render | undefined>(() => loaded.get(tab.id));
  useEffect(() => {
    let live = true;
    setRender(() => loaded.get(tab.id));
    tab.load().then(
      (r) => {
        loaded.set(tab.id, r);
        if (live) setRender(() => r);
      },
      () => live && props.onFailure(new ApiUnavailable('chunk')),
    );
    return () => {
      live = false;
    };
  }, [tab, props.onFailure]);
  return render ? render(props, sub) : <p role="status">{FALLBACK.loading}</p>;
}

/** The set-password page of an invitation link (before any session): its own chunk too. */
function SetPassword(props: { onFailure: (e: unknown) => void; onDone: (message: string) => void }) {
  const [View, setView] = useState<typeof import('./TeamView.tsx').SetPasswordView>();
  useEffect(() => {
    import('./TeamView.tsx').then(
      (m) => setView(() => m.SetPasswordView),
      () => props.onFailure(new ApiUnavailable('chunk')),
    );
  }, [props.onFailure]);
  return View ? <View {...props} /> : <p role="status">{FALLBACK.loading}</p>;
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
  if (state.kind === 'login' && location.hash.startsWith('#odblokuj='))
    return <UnlockView onFailure={onFailure} onDone={(message) => setState({ kind: 'login', message })} />;
  if (state.kind === 'login' && location.hash.startsWith('#haslo='))
    return <SetPassword onFailure={onFailure} onDone={(message) => setState({ kind: 'login', message })} />;
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
      <main className="content">
        <LazyView key={current.id} tab={current} props={{ onFailure, session: state.session }} sub={sub} />
      </main>
    </div>
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
