/** Links from widgets to our configurator, with the campaign parameters of spec §7. */
import { scriptOrigin } from './catalogue-source.ts';

export type Campaign = 'hero_cta' | 'main_pricing_cta' | 'device_selection';

export interface ConfiguratorLink {
  device?: string;
  package?: string;
  utm_medium: string;
  utm_campaign: Campaign;
}

/**
 * The configurator URL: `configurator-url` when given; on our own pages the relative
 * `/konfigurator` (also what the server renders); on a partner page our absolute URL.
 * @example configuratorHref(undefined, {package: 'basic', utm_medium: 'pricing', utm_campaign: 'main_pricing_cta'})
 *   // '/konfigurator?package=basic&utm_source=site&utm_medium=pricing&utm_campaign=main_pricing_cta'
 */
export function configuratorHref(base: string | undefined, link: ConfiguratorLink): string {
  const onOurSite = typeof location === 'undefined' || !scriptOrigin || location.origin === scriptOrigin;
  const target = base || (onOurSite ? '/konfigurator' : `${scriptOrigin}/konfigurator`);
  const params = new URLSearchParams();
  if (link.device) params.set('device', link.device);
  if (link.package) params.set('package', link.package);
  params.set('utm_source', 'site');
  params.set('utm_medium', link.utm_medium);
  params.set('utm_campaign', link.utm_campaign);
  return `${target}${target.includes('?') ? '&' : '?'}${params}`;
}
