/**
 * What the city pages' copy shares (site/content/cities.ts): a city's facts as a type, its
 * name as the configurator offers it, and the service's promises every city states.
 */
import type { GeoPoint } from '../../widgets/core/company.ts';
import { SERVICE_CITIES } from '../../widgets/core/quote.ts';
import { terms, withinWorkingHours } from '../../widgets/core/terms.ts';
import type { FaqItem } from './home';

export type CitySlug = 'slupsk' | 'bytow' | 'koszalin' | 'lebork' | 'miastko' | 'slawno';

export type Voivodeship = 'pomorskie' | 'zachodniopomorskie';

export interface ResponsePromise {
  /** Standard reaction time to a service request. */
  standard: string;
  /** Reaction time in the Premium package (SLA). */
  premium: string;
  /** What is specific to this city. */
  note: string;
}

export interface City {
  slug: CitySlug;
  /** Nominative, e.g. 'Bytów'. */
  name: string;
  /** With the preposition, e.g. 'w Bytowie'. */
  locative: string;
  /** E.g. 'Bytowa' (z Bytowa, do Bytowa). */
  genitive: string;
  county: string;
  voivodeship: Voivodeship;
  geo: GeoPoint;
  /** True only for Słupsk, where the service team is based. */
  isBase: boolean;
  /** By road from Słupsk; 0 for the base. */
  distanceKm: number;
  /** By car from Słupsk; 0 for the base. */
  travelMinutes: number;
  response: ResponsePromise;
  nearbyTowns: string[];
  /** The page's h1. */
  heading: string;
  intro: string[];
  highlights: string[];
  faq: FaqItem[];
  metaTitle: string;
  metaDescription: string;
}

export interface CitiesIntro {
  title: string;
  lead: string;
  paragraphs: string[];
  comingSoonTitle: string;
  comingSoonText: string;
  /** Label of the link from the overview card to a city page. */
  cityLinkLabel: string;
}

const { standardResponseHours, premiumSlaHours } = terms;
// The names are those the configurator offers (widgets/core/quote.ts), in the same order.
export const [SLUPSK, BYTOW, KOSZALIN, LEBORK, MIASTKO, SLAWNO] = SERVICE_CITIES as [
  string,
  string,
  string,
  string,
  string,
  string,
];
export const STANDARD_RESPONSE = withinWorkingHours(standardResponseHours);
export const PREMIUM_RESPONSE = `${withinWorkingHours(premiumSlaHours)} w pakiecie Premium`;
