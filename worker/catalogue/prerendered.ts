/**
 * Our pages with pre-rendered prices or the inline catalogue (`/`, `/modele`,
 * `/konfigurator`, `/miasto/*`; DESIGN §4; keep in step with `run_worker_first`).
 * The live catalogue version comes from the isolate (catalogue/model.ts `liveVersion`),
 * never from a D1 query per view. Each isolate reads a page from the static assets once
 * per catalogue version: while none is published (version 0) it keeps the built file as
 * it is; once one is, it re-renders the page's Declarative Shadow DOM and inline catalogue
 * JSON with the same components the build used (widgets/prerender.tsx `shadowRenderers`). The
 * page is kept with its CSP (the build's style hashes plus any new ones) and an ETag made
 * of the version and the built file's ETag; every view answers from memory, or 304.
 * If D1 cannot be read, the built file passes through. docs/catalogue.md "The live version
 * and its caches" has the consistency promise.
 */
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { type LiveCatalogue, liveVersion } from './model.ts';
import { REVALIDATE, matchesEtag } from '../http/etag.ts';
import { INLINE_CATALOGUE_ID, catalogueJson } from '../../widgets/core/prerender.tsx';
import type { Catalogue } from '../../widgets/core/model.ts';
import { propsOfAttributes, shadowRenderers } from '../../widgets/prerender.tsx';
import { contentSecurityPolicy, hashesInPolicy, sha256Source, styleBlocks } from '../../widgets/core/headers.ts';
import { analyticsHosts, analyticsIdsInPage } from '../../widgets/core/site-analytics.ts';

export const prerendered = new Hono<AppEnv>();

/** A page re-rendered for one catalogue version, with the headers that go with it. */
interface RenderedPage {
  html: string;
  etag: string;
  csp: string;
}

/** Re-renders a built page's widgets and inline catalogue for `catalogue`. */
export async function rerenderPage(page: Response, catalogue: Catalogue): Promise<string> {
  let rewriter = new HTMLRewriter().on(`script#${INLINE_CATALOGUE_ID}`, {
    element: (el) => void el.setInnerContent(catalogueJson(catalogue), { html: true }),
  });
  for (const [tag, render] of Object.entries(shadowRenderers)) {
    rewriter = rewriter.on(tag, {
      element: (el) => {
        // HTMLRewriter yields [name, value] pairs; the cast is only needed because Preact's
        // JSX types pull lib.dom into this program, whose `Element` merges with the rewriter's.
        const attributes = el.attributes as unknown as Iterable<[string, string]>;
        el.setInnerContent(render(propsOfAttributes(attributes), catalogue), { html: true });
      },
    });
  }
  return rewriter.transform(page).text();
}

/** The built page re-rendered for `live`, or undefined when the path is no built page (e.g. an unknown city). */
async function renderPage(c: Context<AppEnv>, path: string, live: LiveCatalogue): Promise<RenderedPage | undefined> {
  // Unconditional: the built file's ETag says nothing about the re-rendered page.
  const built = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url), { method: 'GET' }));
  if (built.status !== 200 || !built.headers.get('Content-Type')?.includes('text/html')) {
    await built.body?.cancel();
    return undefined;
  }
  const builtEtag = (built.headers.get('ETag') ?? '').replace(/^W\//, '').replace(/"/g, '');
  const builtPolicy = built.headers.get('Content-Security-Policy') ?? '';
  // Version 0 is the catalogue the pages were built with: kept as built.
  const html = live.catalogue.version === 0 ? await built.text() : await rerenderPage(built, live.catalogue);
  const ownHashes = await Promise.all([...new Set(styleBlocks(html))].map(sha256Source));
  const csp = contentSecurityPolicy({
    styleHashes: [...hashesInPolicy(builtPolicy), ...ownHashes],
    analyticsHosts: analyticsHosts(analyticsIdsInPage(html)),
  });
  return { html, etag: `"${live.tag}-${builtEtag}"`, csp };
}

/**
 * Pages of the live version by path (in this isolate); dropped when the version changes.
 * Only finished pages are shared between requests: a render in flight belongs to the
 * request that started it (its I/O ends with that request), so two first views of a page
 * may both render it, once.
 */
const rendered = new Map<string, RenderedPage>();
let renderedTag = '';

async function pageFor(c: Context<AppEnv>, path: string, live: LiveCatalogue): Promise<RenderedPage | undefined> {
  if (renderedTag !== live.tag) {
    rendered.clear();
    renderedTag = live.tag;
  }
  const kept = rendered.get(path);
  if (kept) return kept;
  const page = await renderPage(c, path, live);
  // Unknown paths are not kept (they must not fill the map), nor a page of a version gone meanwhile.
  if (page && renderedTag === live.tag) rendered.set(path, page);
  return page;
}

async function servePage(c: Context<AppEnv>): Promise<Response> {
  let live: LiveCatalogue;
  try {
    live = await liveVersion(c.env);
  } catch (error) {
    console.error('prerendered: D1 unreachable, serving the built page', error);
    return c.env.ASSETS.fetch(c.req.raw);
  }
  const path = new URL(c.req.url).pathname;
  let page: RenderedPage | undefined;
  try {
    // A failed render is not kept: the second call renders again.
    page = await pageFor(c, path, live).catch(() => pageFor(c, path, live));
  } catch (error) {
    console.error('prerendered: rendering failed twice, serving the built page', path, error);
  }
  if (!page) return c.env.ASSETS.fetch(c.req.raw);
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': REVALIDATE,
    ETag: page.etag,
    'Content-Security-Policy': page.csp,
    'X-Kserowo-Catalogue-Version': String(live.catalogue.version),
  };
  if (matchesEtag(c.req.header('If-None-Match'), page.etag)) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === 'HEAD' ? null : page.html, { headers });
}

prerendered.get('/', servePage);
prerendered.get('/modele', servePage);
prerendered.get('/konfigurator', servePage);
prerendered.get('/miasto/:slug', servePage);
// A trailing slash moves permanently (308) to the canonical address, as dist/public/_redirects
// does for the static pages; these paths reach the worker first, so it answers them itself.
prerendered.get('/miasto/:slug/', (c) => {
  const url = new URL(c.req.url);
  return c.redirect(`${url.pathname.slice(0, -1)}${url.search}`, 308);
});
