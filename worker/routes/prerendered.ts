/**
 * Our pages with pre-rendered prices or the inline catalogue (`/`, `/modele`,
 * `/konfigurator`, `/miasto/*`; DESIGN §4; keep in step with `run_worker_first`). While no
 * catalogue version is published, the static files pass through as built. Once one is,
 * the worker re-renders their Declarative Shadow DOM and inline catalogue JSON with the
 * same components the build used (site/widgets.tsx `shadowRenderers`), cached per
 * version, so JS-off views, layout shift 0 and quotes agree with the live prices.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app.ts';
import { liveCatalogue } from '../models/catalogue.ts';
import { publishedVersion } from '../models/catalogue-versions.ts';
import { INLINE_CATALOGUE_ID, catalogueJson } from '../../widgets/core/prerender.tsx';
import type { Catalogue } from '../../widgets/core/model.ts';
import { propsOfAttributes, shadowRenderers } from '../../site/widgets.tsx';

export const prerendered = new Hono<AppEnv>();

/** Rendered pages by `version path`; only the live version is kept. */
const cache = new Map<string, string>();
let cachedVersion = '';

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

async function servePage(c: Context<AppEnv>): Promise<Response> {
  let published = { version: 0, createdAt: '' };
  try {
    published = await publishedVersion(c.env.DB);
  } catch (error) {
    console.error('prerendered: D1 unreachable, serving the built page', error);
  }
  const { version } = published;
  if (version === 0) return c.env.ASSETS.fetch(c.req.raw);

  const url = new URL(c.req.url);
  const id = `${version}@${published.createdAt}`;
  const key = `${id} ${url.pathname}`;
  if (cachedVersion !== id) {
    cache.clear();
    cachedVersion = id;
  }
  let html = cache.get(key);
  if (html === undefined) {
    // Unconditional: the built file's ETag says nothing about the re-rendered page.
    const built = await c.env.ASSETS.fetch(new Request(url, { method: 'GET' }));
    if (built.status !== 200 || !built.headers.get('Content-Type')?.includes('text/html')) return built;
    html = await rerenderPage(built, await liveCatalogue(c.env.DB));
    cache.set(key, html);
  }
  return new Response(c.req.method === 'HEAD' ? null : html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'X-Kserowo-Catalogue-Version': String(version),
    },
  });
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
