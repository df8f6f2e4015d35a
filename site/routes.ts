/**
 * Every public route of the site (spec §2), in one plain list for the sitemap and for
 * tests that walk the site. The pages themselves are registered in site/build.tsx.
 */
export const publicRoutes: string[] = ['/', '/konfigurator', '/modele', '/kontakt', '/dla-partnerow'];
