/**
 * Search metadata of DESIGN §3: the JSON-LD `ProfessionalService` (areaServed: the six
 * cities and a 200 km GeoCircle around Słupsk, opening hours, aggregate rating of spec §9),
 * its local variant for a city page, `sitemap.xml` and `robots.txt`.
 */
import { company, realPhone } from '../widgets/core/company.ts';
import { formatNumber } from '../widgets/core/format.ts';
import type { Catalogue } from '../widgets/core/model.ts';
import { FALLBACK } from '../widgets/core/texts.ts';
import { type City, cities } from './content/cities.ts';
import { publicRoutes } from './routes.ts';

export type Json = Record<string, unknown>;

const cityPlace = (c: City): Json => ({
  '@type': 'City',
  name: c.name,
  geo: { '@type': 'GeoCoordinates', latitude: c.geo.lat, longitude: c.geo.lon },
  containedInPlace: { '@type': 'AdministrativeArea', name: `województwo ${c.voivodeship}` },
});

const serviceRadius: Json = {
  '@type': 'GeoCircle',
  geoMidpoint: { '@type': 'GeoCoordinates', latitude: company.base.geo.lat, longitude: company.base.geo.lon },
  // schema.org reads a bare number as metres.
  geoRadius: company.serviceRadiusKm * 1000,
};

/**
 * 'od 175 zł netto / mies.': the lowest monthly price of the catalogue. A pure function of
 * the catalogue, so a page re-rendered for a published catalogue version states its price.
 */
export function priceRangeText(catalogue: Catalogue): string {
  const prices = catalogue.devices.flatMap((d) => d.packages.map((p) => p.monthlyPrice));
  return `od ${formatNumber(Math.min(...prices))} zł netto / mies.`;
}

/**
 * The business as search engines see it, priced from `catalogue`; `city` narrows
 * areaServed to one city page.
 */
export function businessJsonLd(catalogue: Catalogue, city?: City): Json {
  const areaServed = city
    ? [cityPlace(city), ...city.nearbyTowns.map((name) => ({ '@type': 'Place', name }))]
    : [...cities.map(cityPlace), serviceRadius];
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${company.url}/#firma`,
    name: company.brand,
    url: city ? `${company.url}/miasto/${city.slug}` : `${company.url}/`,
    logo: `${company.url}/assets/logo.svg`,
    image: `${company.url}/assets/logo.svg`,
    description:
      'Dzierżawa odnowionych kserokopiarek i urządzeń wielofunkcyjnych Konica Minolta dla firm i instytucji: ' +
      'serwis, toner i materiały eksploatacyjne w stałej miesięcznej opłacie.',
    email: company.email,
    // The phone is not known yet (a placeholder in company.ts): left out rather than published wrong.
    ...(realPhone() ? { telephone: realPhone()?.display } : {}),
    priceRange: priceRangeText(catalogue),
    address: {
      '@type': 'PostalAddress',
      addressLocality: company.base.city,
      addressRegion: company.base.region,
      addressCountry: company.base.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: company.base.geo.lat, longitude: company.base.geo.lon },
    areaServed,
    openingHours: company.openingHours.schemaText,
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: company.openingHours.days,
        opens: company.openingHours.opens,
        closes: company.openingHours.closes,
      },
    ],
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: company.rating.value,
      bestRating: company.rating.best,
      ratingCount: company.rating.ratingCount,
      reviewCount: company.rating.reviewCount,
    },
  };
}

/** Strona główna › Miasta › {city}: the trail shown above a city page's heading. */
export function cityBreadcrumbJsonLd(city: City): Json {
  const crumbs = [
    { name: FALLBACK.home, url: `${company.url}/` },
    { name: 'Miasta', url: `${company.url}/miasta` },
    { name: city.name, url: `${company.url}/miasto/${city.slug}` },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/** A FAQ as schema.org FAQPage (home FAQ, local FAQ of a city page). */
export function faqJsonLd(items: { question: string; answer: string }[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.question,
      acceptedAnswer: { '@type': 'Answer', text: i.answer },
    })),
  };
}

/** JSON data block; `<` escaped so no text can close the script element. */
export function JsonLd({ data }: { data: Json }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON we build ourselves, with `<` escaped above.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}

export function sitemapXml(routes: string[] = publicRoutes): string {
  const urls = routes.map((r) => `  <url><loc>${company.url}${r}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Keeps the admin panel, quote, order and invoice pages (secret links) and the API out of search engines. */
export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /wycena/',
    'Disallow: /zamowienie/',
    'Disallow: /faktura/',
    'Disallow: /api/',
    '',
    `Sitemap: ${company.url}/sitemap.xml`,
    '',
  ].join('\n');
}
