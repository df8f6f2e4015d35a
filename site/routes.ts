/**
 * Every public route of the site (spec §2), in one plain list for the sitemap and for
 * tests that walk the site. The pages themselves are registered in site/build.tsx.
 * `/admin` is not listed: it is behind a login and kept out of search engines.
 */
import { cities } from './content/cities.ts';

export const cityRoutes: string[] = cities.map((c) => `/miasto/${c.slug}`);

export const publicRoutes: string[] = [
  '/',
  '/konfigurator',
  '/kalkulator',
  '/modele',
  '/kontakt',
  '/o-nas',
  '/polityka-prywatnosci',
  '/regulamin',
  '/deklaracja-dostepnosci',
  '/miasta',
  '/dla-partnerow',
  '/serwis',
  '/licznik',
  '/konto',
  ...cityRoutes,
];
