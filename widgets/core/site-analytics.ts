/**
 * Tag manager and pixel of our own site, and the texts of the cookie banner.
 * Both ids are empty by default: nothing is loaded until one is set here (or through
 * `KSEROWO_GTM_ID` / `KSEROWO_PIXEL_ID` when the site is built) and the visitor
 * clicks 'Akceptuję'. The page CSP allows their hosts only when an id is set
 * (`analyticsHosts`, used by site/build.tsx and worker/middleware/security/index.ts).
 */

/** A variable of the build's environment; '' in a browser or the worker. */
const buildEnv = (name: string): string =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name]?.trim() || '';

export interface AnalyticsIds {
  /** Google Tag Manager container id, e.g. 'GTM-ABC1234'. */
  gtm: string;
  /** Meta (Facebook) pixel id, e.g. '123456789012345'. */
  pixel: string;
}

// Pure: the site script, which imports this module for `CONSENT_KEPT_MONTHS`, drops them.
export const analyticsIds: AnalyticsIds = {
  gtm: /* @__PURE__ */ buildEnv('KSEROWO_GTM_ID'),
  pixel: /* @__PURE__ */ buildEnv('KSEROWO_PIXEL_ID'),
};

export interface CspSources {
  'script-src': string[];
  'connect-src': string[];
  'img-src': string[];
}

/**
 * Hosts the page CSP must add for the configured tools (none when no id is set).
 * For the site's security headers: append each list to its directive.
 */
export function analyticsCspSources(ids: AnalyticsIds = analyticsIds): CspSources {
  const sources: CspSources = { 'script-src': [], 'connect-src': [], 'img-src': [] };
  if (ids.gtm) {
    sources['script-src'].push('https://www.googletagmanager.com');
    sources['connect-src'].push(
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    );
    sources['img-src'].push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (ids.pixel) {
    sources['script-src'].push('https://connect.facebook.net');
    sources['connect-src'].push('https://www.facebook.com', 'https://connect.facebook.net');
    sources['img-src'].push('https://www.facebook.com');
  }
  return sources;
}

/** Every host of `analyticsCspSources`, for a policy that adds one list to each directive (widgets/core/headers.ts). */
export function analyticsHosts(ids: AnalyticsIds = analyticsIds): string[] {
  return [...new Set(Object.values(analyticsCspSources(ids)).flat())];
}

/** The ids a rendered page's cookie banner carries (for the worker, which has no build environment). */
export function analyticsIdsInPage(html: string): AnalyticsIds {
  const banner = /<section[^>]*\bid="consent"[^>]*>/.exec(html)?.[0] ?? '';
  return {
    gtm: /\bdata-gtm="([^"]+)"/.exec(banner)?.[1] ?? '',
    pixel: /\bdata-pixel="([^"]+)"/.exec(banner)?.[1] ?? '',
  };
}

/** How long the browser keeps the visitor's cookie choice (site/script/consent.ts; the privacy policy). */
export const CONSENT_KEPT_MONTHS = 12;

/** The cookie banner (site/sections/consent.tsx); both buttons have equal weight. */
export const consentTexts = {
  label: 'Zgoda na pliki cookies',
  title: 'Szanujemy Twoją prywatność',
  text:
    'Za Twoją zgodą używamy plików cookies analitycznych i marketingowych (Google Tag Manager, Google Analytics, ' +
    'piksel Meta), aby mierzyć ruch i skuteczność kampanii. Bez zgody strona działa tak samo. Decyzję zmienisz ' +
    'w każdej chwili w stopce.',
  policyLink: 'Polityka prywatności',
  accept: 'Akceptuję',
  decline: 'Odrzucam',
  settingsLink: 'Ustawienia cookies',
} as const;
