/**
 * The site build: renders every route to static HTML in dist/public (one file per
 * route), with the widgets pre-rendered from the catalogue in widgets/core, plus
 * sitemap.xml, robots.txt, the security headers (`_headers`, DESIGN §3) and the
 * trailing-slash redirects (`_redirects`).
 * Run by scripts/build.mjs after the widgets are built.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { defaultCatalogue } from '../widgets/core/catalogue.ts';
import type { Catalogue } from '../widgets/core/model.ts';
import { cities } from './content/cities.ts';
import { faq } from './content/home.ts';
import { pageMeta } from './content/pages.ts';
import { analyticsHosts } from '../widgets/core/site-analytics.ts';
import { headersFile, securityHeaders, sha256Source, styleBlocks } from '../widgets/core/headers.ts';
import { widgetHeaders } from '../scripts/widget-headers.mjs';
import { type Assets, Layout, type PageMeta } from './layout.tsx';
import { AboutPage } from './pages/about.tsx';
import { AccessibilityPage } from './pages/accessibility.tsx';
import { CitiesPage } from './pages/cities.tsx';
import { CityPage } from './pages/city.tsx';
import { ConfiguratorPage } from './pages/configurator.tsx';
import { PartnersPage } from './pages/partners.tsx';
import { ContactPage } from './pages/contact.tsx';
import { MeterPage, ServicePage } from './pages/service.tsx';
import { CalculatorPage } from './pages/calculator.tsx';
import { HomePage } from './pages/home.tsx';
import { PortalPage } from './pages/portal.tsx';
import { PrivacyPage, TermsPage } from './pages/legal.tsx';
import { ModelsPage } from './pages/models.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { publicRoutes } from './routes.ts';
import { businessJsonLd, cityBreadcrumbJsonLd, faqJsonLd, JsonLd, robotsTxt, sitemapXml } from './seo.tsx';
import { InlineCatalogue } from '../widgets/prerender.tsx';

export interface Route {
  path: string;
  /** Output file, relative to the public directory. */
  file: string;
  meta: Omit<PageMeta, 'path' | 'head'>;
  /** Pages with pre-rendered prices carry the catalogue inline (DESIGN §2). */
  withCatalogue?: boolean;
  /** JSON-LD blocks of the page, from the catalogue it is rendered with (prices). */
  jsonLd?: (catalogue: Catalogue) => Record<string, unknown>[];
  render: (catalogue: Catalogue) => ReactElement;
}

const metaFor = (key: string) => {
  const m = pageMeta[key];
  if (!m) throw new Error(`pageMeta has no entry for ${key}`);
  return m;
};

const cityRoutes: Route[] = cities.map((city) => ({
  path: `/miasto/${city.slug}`,
  file: `miasto/${city.slug}.html`,
  meta: { title: city.metaTitle, description: city.metaDescription },
  withCatalogue: true,
  jsonLd: (c) => [businessJsonLd(c, city), faqJsonLd(city.faq), cityBreadcrumbJsonLd(city)],
  render: (c) => <CityPage city={city} catalogue={c} />,
}));

export const routes: Route[] = [
  {
    path: '/',
    file: 'index.html',
    meta: metaFor('/'),
    withCatalogue: true,
    jsonLd: (c) => [businessJsonLd(c), faqJsonLd(faq.items)],
    render: (c) => <HomePage catalogue={c} />,
  },
  {
    path: '/kontakt',
    file: 'kontakt.html',
    meta: metaFor('/kontakt'),
    jsonLd: (c) => [businessJsonLd(c)],
    render: () => <ContactPage />,
  },
  {
    path: '/modele',
    file: 'modele.html',
    meta: metaFor('/modele'),
    withCatalogue: true,
    render: (c) => <ModelsPage catalogue={c} />,
  },
  {
    path: '/konfigurator',
    file: 'konfigurator.html',
    meta: metaFor('/konfigurator'),
    withCatalogue: true,
    render: (c) => <ConfiguratorPage catalogue={c} />,
  },
  {
    path: '/o-nas',
    file: 'o-nas.html',
    meta: metaFor('/o-nas'),
    jsonLd: (c) => [businessJsonLd(c)],
    render: () => <AboutPage />,
  },
  {
    path: '/polityka-prywatnosci',
    file: 'polityka-prywatnosci.html',
    meta: metaFor('/polityka-prywatnosci'),
    render: () => <PrivacyPage />,
  },
  { path: '/regulamin', file: 'regulamin.html', meta: metaFor('/regulamin'), render: () => <TermsPage /> },
  {
    path: '/deklaracja-dostepnosci',
    file: 'deklaracja-dostepnosci.html',
    meta: metaFor('/deklaracja-dostepnosci'),
    render: () => <AccessibilityPage />,
  },
  {
    path: '/miasta',
    file: 'miasta.html',
    meta: metaFor('/miasta'),
    jsonLd: (c) => [businessJsonLd(c)],
    render: () => <CitiesPage />,
  },
  {
    path: '/dla-partnerow',
    file: 'dla-partnerow.html',
    meta: metaFor('/dla-partnerow'),
    render: () => <PartnersPage />,
  },
  { path: '/serwis', file: 'serwis.html', meta: metaFor('/serwis'), render: () => <ServicePage /> },
  { path: '/licznik', file: 'licznik.html', meta: metaFor('/licznik'), render: () => <MeterPage /> },
  { path: '/kalkulator', file: 'kalkulator.html', meta: metaFor('/kalkulator'), render: () => <CalculatorPage /> },
  { path: '/konto', file: 'konto.html', meta: metaFor('/konto'), render: () => <PortalPage /> },
  ...cityRoutes,
  { path: '/404', file: '404.html', meta: { ...metaFor('404'), noindex: true }, render: () => <NotFoundPage /> },
];

/**
 * `_redirects` of the static assets: every page's address with a trailing slash moves
 * permanently (308) to the address without it, the canonical one. Without these lines
 * `html_handling = "drop-trailing-slash"` answers a temporary 307.
 */
export const redirectsFile = (paths: string[]): string =>
  `${paths
    .filter((p) => p !== '/')
    .map((p) => `${p}/ ${p} 308`)
    .join('\n')}\n`;

export function renderPage(route: Route, catalogue: Catalogue, assets: Assets): string {
  const meta: PageMeta = {
    ...route.meta,
    path: route.path,
    head: (
      <>
        {route.jsonLd?.(catalogue).map((data) => (
          <JsonLd key={String(data['@type'])} data={data} />
        ))}
        {route.withCatalogue && <InlineCatalogue catalogue={catalogue} />}
      </>
    ),
  };
  const html = renderToString(
    (
      <Layout meta={meta} assets={assets}>
        {route.render(catalogue)}
      </Layout>
    ) as unknown as VNode,
  );
  return `<!doctype html>\n${html}\n`;
}

export async function buildSite(
  outDir: string,
  assets: Assets,
  catalogue: Catalogue = defaultCatalogue,
): Promise<string[]> {
  const written: string[] = [];
  const pages: string[] = [];
  for (const route of routes) {
    const file = path.join(outDir, route.file);
    mkdirSync(path.dirname(file), { recursive: true });
    const html = renderPage(route, catalogue, assets);
    writeFileSync(file, html);
    pages.push(html);
    written.push(route.file);
  }
  writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(publicRoutes));
  writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt());
  writeFileSync(path.join(outDir, '_redirects'), redirectsFile(publicRoutes));
  const styles = new Set(pages.flatMap(styleBlocks));
  const hashes = await Promise.all([...styles].map(sha256Source));
  // The widget files' rules come after the pages' so that theirs win (scripts/widget-headers.mjs).
  const widgetRules = widgetHeaders(path.join(outDir, 'widgets/v1'), securityHeaders('widget-file'));
  writeFileSync(
    path.join(outDir, '_headers'),
    `${headersFile(hashes, { analyticsHosts: analyticsHosts() })}\n${widgetRules}`,
  );
  return written;
}
