/** The shapes of a city's copy (site/content/cities.ts): its facts, promise, FAQ and meta texts. */
import type { GeoPoint } from '../../widgets/core/company.ts';
import type { FaqItem } from './home-types.ts';

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
