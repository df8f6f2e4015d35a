/**
 * The frame of every page: head (title, description, canonical, Open Graph), skip
 * link, header, main, footer, the widget loader and the site script. Pages are static
 * HTML; widgets upgrade in place.
 */
import type { ReactNode } from 'react';
import { company } from '../widgets/core/company.ts';
import { FALLBACK } from '../widgets/core/texts.ts';
import { skipLinkText } from './content/pages.ts';
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

const NAV = [
  { href: '/', label: 'Strona główna' },
  { href: '/modele', label: 'Nasze modele' },
  { href: '/#pricing', label: 'Cennik' },
  { href: '/konfigurator', label: 'Konfigurator' },
  { href: '/kontakt', label: 'Kontakt' },
];

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
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.widgetScript} />
        <script type="module" src={assets.siteScript} />
        {meta.head}
      </head>
      <body>
        <a className="skip-link" href="#main">{skipLinkText}</a>
        <header className="site-header">
          <div className="wrap header-inner">
            <a className="logo" href="/" aria-label={`${company.brand} – strona główna`}>
              <img src="/assets/logo.svg" alt={company.brand} width="36" height="36" />
              <span className="logo-text">{company.brand}</span>
            </a>
            <nav aria-label="Główna nawigacja">
              <ul className="nav">
                {NAV.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={item.href === meta.path ? 'page' : undefined}>{item.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <a className="btn header-cta" href={meta.path === '/' ? '#contact' : '/#contact'}>Zamów wycenę</a>
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <div className="wrap footer-inner">
            <p>
              <strong>{company.brand}</strong> · {company.serviceAreaNote}
            </p>
            <p>
              <a href={`mailto:${company.email}`}>{company.email}</a> · {company.openingHours.display}
            </p>
            <p>
              <a href="/polityka-prywatnosci">Polityka prywatności</a> · <a href="/regulamin">Regulamin</a> · <ConsentSettingsLink />
            </p>
          </div>
        </footer>
        <ConsentBanner />
        <div id="app-fallback" className="app-fallback" hidden>
          <p><strong>{FALLBACK.app}</strong></p>
          <p>
            <a className="btn" href="">Odśwież stronę</a> <a className="btn ghost" href="/">{FALLBACK.home}</a>
          </p>
        </div>
      </body>
    </html>
  );
}
