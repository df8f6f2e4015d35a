/**
 * The site build: renders every route to static HTML in dist/public (one file per
 * route), with the widgets pre-rendered from the catalogue in widgets/core.
 * Run by scripts/build.mjs after the widgets are built.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { defaultCatalogue } from '../widgets/core/catalogue.ts';
import type { Catalogue } from '../widgets/core/model.ts';
import { pageMeta } from './content/pages.ts';
import { type Assets, Layout, type PageMeta } from './layout.tsx';
import { HomePage } from './pages/home.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ContactPage } from './pages/contact.tsx';
import { ModelsPage } from './pages/models.tsx';
import { ConfiguratorPage } from './pages/configurator.tsx';
import { PartnersPage } from './pages/partners.tsx';
import { InlineCatalogue } from './widgets.tsx';

export interface Route {
  path: string;
  /** Output file, relative to the public directory. */
  file: string;
  meta: Omit<PageMeta, 'path' | 'head'>;
  /** Pages with pre-rendered prices carry the catalogue inline (DESIGN §2). */
  withCatalogue?: boolean;
  render: (catalogue: Catalogue) => ReactElement;
}

const metaFor = (key: string) => {
  const m = pageMeta[key];
  if (!m) throw new Error(`pageMeta has no entry for ${key}`);
  return m;
};

export const routes: Route[] = [
  { path: '/', file: 'index.html', meta: metaFor('/'), withCatalogue: true, render: (c) => <HomePage catalogue={c} /> },
  { path: '/kontakt', file: 'kontakt.html', meta: metaFor('/kontakt'), render: () => <ContactPage /> },
  { path: '/modele', file: 'modele.html', meta: metaFor('/modele'), withCatalogue: true, render: (c) => <ModelsPage catalogue={c} /> },
  { path: '/konfigurator', file: 'konfigurator.html', meta: metaFor('/konfigurator'), withCatalogue: true, render: () => <ConfiguratorPage /> },
  { path: '/dla-partnerow', file: 'dla-partnerow.html', meta: metaFor('/dla-partnerow'), render: () => <PartnersPage /> },
  { path: '/404', file: '404.html', meta: { ...metaFor('404'), noindex: true }, render: () => <NotFoundPage /> },
];

export function renderPage(route: Route, catalogue: Catalogue, assets: Assets): string {
  const meta: PageMeta = {
    ...route.meta,
    path: route.path,
    head: route.withCatalogue ? <InlineCatalogue catalogue={catalogue} /> : undefined,
  };
  const html = renderToString((<Layout meta={meta} assets={assets}>{route.render(catalogue)}</Layout>) as unknown as VNode);
  return `<!doctype html>\n${html}\n`;
}

export function buildSite(outDir: string, assets: Assets, catalogue: Catalogue = defaultCatalogue): string[] {
  const written: string[] = [];
  for (const route of routes) {
    const file = path.join(outDir, route.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, renderPage(route, catalogue, assets));
    written.push(route.file);
  }
  return written;
}
