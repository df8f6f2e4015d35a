/**
 * The frame of every page: head (title, description, canonical, Open Graph, JSON-LD),
 * skip link, the fixed header (spec §2: logo, Oferta dropdown, home-section links,
 * burger menu below 1024 px), main, footer, the widget loader and the site script.
 * Pages are static HTML; the site script (site/script/site.ts) adds the dropdown,
 * burger, counters and fallbacks; without it every link still works.
 */
import type { ReactNode } from 'react';
import { company } from '../widgets/core/company.ts';
import { FALLBACK } from '../widgets/core/texts.ts';
import { cities } from './content/cities.ts';
import { criticalFallbackText, skipLinkText } from './content/pages.ts';
import { customerLinks } from '../widgets/core/texts.ts';
import { shownTestimonials } from './content/social-proof.ts';
import { PhoneValue } from './sections/company-values.tsx';
import { ConsentBanner, ConsentSettingsLink } from './sections/consent.tsx';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  /** Keep out of search engines (404, quote pages). */
  noindex?: boolean;
  /** Extra elements for <head>: JSON-LD, the inline catalogue. */
  head?: ReactNode;
}

export interface Assets {
  css: string;
  siteScript: string;
  widgetScript: string;
}

/** A link to a home-page section (DESIGN §3 ids): scrolls on `/`, navigates to `/#id` elsewhere. */
export const sectionHref = (path: string, id: string) => (path === '/' ? `#${id}` : `/#${id}`);

interface NavLink {
  href: string;
  label: string;
  /** Active also on these path prefixes (Miasta on /miasto/*). */
  activeOn?: string;
  className?: string;
}

const offer = (path: string): NavLink[] => [
  { href: '/modele', label: 'Nasze modele' },
  { href: sectionHref(path, 'pricing'), label: 'Cennik' },
  { href: '/konfigurator', label: 'Konfigurator' },
  { href: '/kalkulator', label: 'Kalkulator' },
];

const mainNav = (path: string): { before: NavLink[]; after: NavLink[] } => ({
  before: [{ href: '/', label: FALLBACK.home }],
  after: [
    { href: sectionHref(path, 'why-us'), label: `Dlaczego ${company.brand}?` },
    ...(shownTestimonials.length > 0 ? [{ href: sectionHref(path, 'testimonials'), label: 'Opinie' }] : []),
    { href: sectionHref(path, 'faq'), label: 'FAQ' },
    { href: '/o-nas', label: 'O nas' },
    { href: '/kontakt', label: 'Kontakt' },
    { href: '/miasta', label: 'Miasta', activeOn: '/miasto/' },
    // In the burger menu; from 1024 px the header shows it beside 'Zamów wycenę' instead.
    { href: '/konto', label: customerLinks.portal, className: 'nav-portal' },
  ],
});

function current(link: NavLink, path: string): 'page' | 'true' | undefined {
  if (link.href === path) return 'page';
  if (link.activeOn && path.startsWith(link.activeOn)) return 'true';
  return undefined;
}

function NavItem({ link, path }: { link: NavLink; path: string }) {
  return (
    <li className={link.className}>
      <a href={link.href} aria-current={current(link, path)}>
        {link.label}
      </a>
    </li>
  );
}

function Header({ path }: { path: string }) {
  const nav = mainNav(path);
  const offerLinks = offer(path);
  const offerActive = offerLinks.some((l) => l.href === path);
  return (
    <header className="site-header">
      <div className="wrap header-inner">
        <a className="logo" href="/" aria-label={`${company.brand} – strona główna`}>
          <img src="/assets/logo.svg" alt={company.brand} width="150" height="36" />
          <span className="logo-text" aria-hidden="true">
            {company.brand}
          </span>
        </a>
        <nav id="site-nav" className="site-nav" aria-label="Główna nawigacja">
          <ul className="nav">
            {nav.before.map((l) => (
              <NavItem key={l.label} link={l} path={path} />
            ))}
            <li className="dropdown" data-dropdown="">
              <button
                type="button"
                className={offerActive ? 'dropdown-toggle active' : 'dropdown-toggle'}
                aria-expanded="false"
                aria-controls="menu-oferta"
              >
                Oferta
                <svg
                  className="chevron"
                  width="12"
                  height="12"
                  viewBox="0 0 12 12"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
              <ul id="menu-oferta" className="submenu">
                {offerLinks.map((l) => (
                  <NavItem key={l.label} link={l} path={path} />
                ))}
              </ul>
            </li>
            {nav.after.map((l) => (
              <NavItem key={l.label} link={l} path={path} />
            ))}
          </ul>
        </nav>
        <a className="header-portal" href="/konto" aria-current={path === '/konto' ? 'page' : undefined}>
          {customerLinks.portal}
        </a>
        <a className="btn header-cta" href={sectionHref(path, 'contact')}>
          Zamów wycenę
        </a>
        <button type="button" className="burger" aria-expanded="false" aria-controls="site-nav" aria-label="Menu">
          <span className="burger-bars" aria-hidden="true" />
        </button>
      </div>
    </header>
  );
}

function Footer({ path }: { path: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div>
          <p className="footer-brand">{company.brand}</p>
          <p>Dzierżawa odnowionych kserokopiarek Konica Minolta dla firm i instytucji. {company.serviceAreaNote}</p>
        </div>
        <nav aria-label="Szybkie linki">
          <h2 className="footer-title">Szybkie linki</h2>
          <ul>
            <li>
              <a href="/modele">Nasze modele</a>
            </li>
            <li>
              <a href={sectionHref(path, 'pricing')}>Cennik</a>
            </li>
            <li>
              <a href="/konfigurator">Konfigurator</a>
            </li>
            <li>
              <a href={sectionHref(path, 'faq')}>FAQ</a>
            </li>
            <li>
              <a href="/o-nas">O nas</a>
            </li>
            <li>
              <a href="/kontakt">Kontakt</a>
            </li>
            <li>
              <a href="/dla-partnerow">Dla partnerów</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Dla klientów">
          <h2 className="footer-title">Dla klientów</h2>
          <ul>
            <li>
              <a href="/konto">{customerLinks.portal}</a>
            </li>
            <li>
              <a href="/serwis">{customerLinks.service}</a>
            </li>
            <li>
              <a href="/licznik">{customerLinks.meter}</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">Kontakt</h2>
          <ul>
            {company.phone && (
              <li>
                <PhoneValue />
              </li>
            )}
            <li>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
            <li>{company.openingHours.display}</li>
            <li>Obsługa online i telefoniczna – bez biura stacjonarnego</li>
          </ul>
        </div>
        <nav aria-label="Miasta">
          <h2 className="footer-title">Miasta</h2>
          <ul>
            {cities.map((c) => (
              <li key={c.slug}>
                <a href={`/miasto/${c.slug}`}>{c.name}</a>
              </li>
            ))}
            <li>
              <a href="/miasta">Wszystkie miasta</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="wrap footer-bottom">
        <p>
          © {year} {company.brand} · <a href="/polityka-prywatnosci">Polityka prywatności</a> ·{' '}
          <a href="/regulamin">Regulamin</a> · <a href="/deklaracja-dostepnosci">Deklaracja dostępności</a> ·{' '}
          <ConsentSettingsLink />
        </p>
        <p>Wszystkie ceny podane w serwisie są cenami netto.</p>
      </div>
    </footer>
  );
}

export function Layout({ meta, assets, children }: { meta: PageMeta; assets: Assets; children: ReactNode }) {
  const canonical = `${company.url}${meta.path === '/' ? '/' : meta.path}`;
  return (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="pl_PL" />
        <meta property="og:site_name" content={company.brand} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={`${company.url}/assets/logo.svg`} />
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.widgetScript} />
        <script type="module" src={assets.siteScript} />
        {meta.head}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {skipLinkText}
        </a>
        <Header path={meta.path} />
        <div id="app-fallback" className="app-fallback" role="alert" hidden>
          <p>
            <strong>{FALLBACK.app}</strong>
          </p>
          <p>{criticalFallbackText}</p>
          <p className="actions">
            <a className="btn" href={meta.path}>
              Odśwież stronę
            </a>{' '}
            <a className="btn ghost" href="/">
              {FALLBACK.home}
            </a>
          </p>
        </div>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer path={meta.path} />
        <ConsentBanner />
      </body>
    </html>
  );
}
