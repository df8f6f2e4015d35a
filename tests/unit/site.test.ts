// The site's SEO and content: JSON-LD, sitemap, robots.txt, security headers, city pages.
import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../widgets/core/catalogue.ts';
import { cities } from '../../site/content/cities.ts';
import { renderPage, routes } from '../../site/build.tsx';
import { contentSecurityPolicy, headersFile, sha256Source, styleBlocks } from '../../widgets/core/headers.ts';
import { publicRoutes } from '../../site/routes.ts';
import { robotsTxt, sitemapXml } from '../../site/seo.tsx';
import { FALLBACK } from '../../widgets/core/texts.ts';

const assets = { css: '/assets/site.css', siteScript: '/assets/site.js', widgetScript: '/widgets/v1/kserowo.js' };
const html = (path: string) => {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return renderPage(route, defaultCatalogue, assets);
};
// JSON-LD is read as loose JSON: the assertions below say what shape they expect.
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON of any shape
type Json = Record<string, any>;

const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Json,
  );
const business = (page: string) => jsonLd(page).find((d) => d['@type'] === 'ProfessionalService')!;

/** The visible text of <main> without the pre-rendered widgets, as sentences. */
function sentences(page: string): Set<string> {
  const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
  const text = main
    .replace(/<kserowo-[a-z]+[\s\S]*?<\/kserowo-[a-z]+>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .replace(/\s+/g, ' ');
  return new Set(
    text
      .split(/(?<=[.?!])\s+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 20),
  );
}

describe('JSON-LD of the home page', () => {
  const data = business(html('/'));

  it('is a ProfessionalService serving the six cities and a 200 km circle around Słupsk', () => {
    expect(data['@context']).toBe('https://schema.org');
    const served = data.areaServed as Json[];
    expect(served.filter((a) => a['@type'] === 'City').map((a) => a.name)).toEqual([
      'Słupsk',
      'Bytów',
      'Koszalin',
      'Lębork',
      'Miastko',
      'Sławno',
    ]);
    const circle = served.find((a) => a['@type'] === 'GeoCircle')!;
    expect(circle.geoRadius).toBe(200_000);
    expect(circle.geoMidpoint).toMatchObject({ latitude: 54.4641, longitude: 17.0287 });
  });

  it('opens Monday to Friday 08:00–16:00', () => {
    expect(data.openingHours).toBe('Mo-Fr 08:00-16:00');
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '16:00',
      },
    ]);
  });

  it('carries the rating 4.8 of 5 from 127 ratings and 89 reviews', () => {
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.8,
      bestRating: 5,
      ratingCount: 127,
      reviewCount: 89,
    });
  });

  it('describes the home FAQ as a FAQPage', () => {
    const faq = jsonLd(html('/')).find((d) => d['@type'] === 'FAQPage')!;
    expect(faq.mainEntity).toHaveLength(4);
  });
});

describe('city pages', () => {
  it('each serve their own city and its towns in JSON-LD', () => {
    for (const city of cities) {
      const data = business(html(`/miasto/${city.slug}`));
      const served = data.areaServed as Json[];
      expect(served[0]).toMatchObject({ '@type': 'City', name: city.name });
      expect(served.slice(1).map((p) => p.name)).toEqual(city.nearbyTowns);
      expect(data.aggregateRating.ratingCount).toBe(127);
      const trail = jsonLd(html(`/miasto/${city.slug}`)).find((d) => d['@type'] === 'BreadcrumbList')!;
      expect(trail.itemListElement.map((i: { name: string }) => i.name)).toEqual([FALLBACK.home, 'Miasta', city.name]);
    }
  });

  it('differ from each other in most of their text', () => {
    const texts = cities.map((c) => ({ slug: c.slug, s: sentences(html(`/miasto/${c.slug}`)) }));
    for (const a of texts) {
      expect(a.s.size).toBeGreaterThan(15);
      for (const b of texts) {
        if (a === b) continue;
        const shared = [...a.s].filter((x) => b.s.has(x)).length;
        expect(shared / a.s.size, `${a.slug} vs ${b.slug}`).toBeLessThan(0.25);
      }
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists every public route, each a built page', () => {
    const xml = sitemapXml();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicRoutes.map((r) => `https://kserowo.pl${r}`));
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        '/',
        '/konfigurator',
        '/modele',
        '/kontakt',
        '/o-nas',
        '/polityka-prywatnosci',
        '/regulamin',
        '/miasta',
        ...cities.map((c) => `/miasto/${c.slug}`),
      ]),
    );
    for (const r of publicRoutes) expect(routes.map((x) => x.path)).toContain(r);
    expect(locs).not.toContain('https://kserowo.pl/admin');
  });

  it('robots.txt keeps the admin panel and quote pages out and points to the sitemap', () => {
    const robots = robotsTxt();
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/wycena\/$/m);
    expect(robots).toContain('Sitemap: https://kserowo.pl/sitemap.xml');
  });
});

describe('page metadata', () => {
  it('every page has a title, description, canonical and Open Graph; the 404 page is noindex', () => {
    for (const route of routes) {
      const page = html(route.path);
      expect(page).toMatch(/<title>[^<]+\| Kserowo<\/title>/);
      expect(page).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(page).toContain('<html lang="pl">');
      expect(page.match(/<h1[ >]/g), route.path).toHaveLength(1);
      if (route.path === '/404') {
        expect(page).toContain('<meta name="robots" content="noindex"/>');
      } else {
        expect(page).toContain(`<link rel="canonical" href="https://kserowo.pl${route.path}"/>`);
        expect(page).toContain(`<meta property="og:url" content="https://kserowo.pl${route.path}"/>`);
      }
    }
  });
});

describe('security headers', () => {
  it('allow no inline scripts, only our styles and the hashes of the pre-rendered <style> blocks', async () => {
    const pages = routes.map((r) => html(r.path));
    const blocks = [...new Set(pages.flatMap(styleBlocks))];
    expect(blocks.length).toBeGreaterThan(0);
    const hashes = await Promise.all(blocks.map(sha256Source));
    const csp = contentSecurityPolicy({ styleHashes: hashes });
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    for (const h of hashes) expect(csp).toContain(`'${h}'`);
    const file = headersFile(hashes);
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: /m);
    expect(file).toContain('Strict-Transport-Security: max-age=63072000; includeSubDomains');
    expect(file).toMatch(
      /^\/widgets\/\*\n {2}Cross-Origin-Resource-Policy: cross-origin\n {2}Access-Control-Allow-Origin: \*$/m,
    );
  });

  it('the hash is the CSP sha256 of the exact text', async () => {
    // echo -n 'a{}' | openssl dgst -sha256 -binary | base64
    expect(await sha256Source('a{}')).toBe('sha256-X1RutGBrXCt9KkSaXMK7tHftWiRscFHOhxsS8tv8hBk=');
  });
});

describe('about and contact pages', () => {
  const claims = [
    '150+',
    '98%',
    '15',
    '100+',
    '7 dni',
    '24 lub 36 miesięcy',
    'urządzenie zastępcze',
    'cała Polska',
    '8:00–16:00',
  ];
  for (const path of ['/o-nas', '/kontakt']) {
    it(`${path} states the claims of spec §1, online and by phone only`, () => {
      const text = html(path)
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
      for (const claim of claims) expect(text.toLowerCase(), claim).toContain(claim.toLowerCase());
      expect(text).toMatch(/Nie prowadzimy biura/);
    });
  }
});
