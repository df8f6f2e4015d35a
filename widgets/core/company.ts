/**
 * Company data of Kserowo: the one place to change the brand, contact details,
 * opening hours, rating, the counters and the legal identifiers. The site
 * (header, footer, contact page, JSON-LD, legal pages) and the worker read
 * them from here; nothing else re-types them.
 *
 * Identifiers we do not know yet (legal name, NIP, REGON, KRS/CEIDG, registered
 * address, bank account, phone number) hold a visible '[DO UZUPEŁNIENIA: …]'
 * marker and are listed in `company.placeholders`. Replace the value, then
 * remove its entry from the list; a test fails while a marker is still used.
 */
import { type Terms, terms } from './terms.ts';

/** Start of every placeholder value; search for it before going live. */
export const PLACEHOLDER_MARKER = '[DO UZUPEŁNIENIA';

/** Fields of `Company` that still hold a placeholder value. */
export type PlaceholderField =
  | 'legalName'
  | 'nip'
  | 'regon'
  | 'registryEntry'
  | 'registeredAddress'
  | 'bankAccount'
  | 'phone';

export interface Phone {
  /** As shown to people, e.g. '+48 59 123 45 67'. */
  display: string;
  /** For links, e.g. 'tel:+48591234567'. */
  href: string;
}

/** schema.org day names, as used by OpeningHoursSpecification. */
export type SchemaDay = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface OpeningHours {
  /** The hours alone, for sentences: '8:00–16:00'. */
  hours: string;
  /** Shown on the page. */
  display: string;
  /** Long form for sentences, e.g. on the contact page. */
  displayLong: string;
  /** schema.org OpeningHoursSpecification.dayOfWeek. */
  days: SchemaDay[];
  /** 24h 'HH:MM'. */
  opens: string;
  closes: string;
  /** schema.org `openingHours` short text. */
  schemaText: string;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface BaseLocation {
  city: string;
  /** Voivodeship, schema.org addressRegion. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  geo: GeoPoint;
}

export interface Rating {
  value: number;
  best: number;
  ratingCount: number;
  reviewCount: number;
}

export type StatKey = 'devices' | 'serviceWithin24h' | 'years' | 'customers';

/** One animated counter of the '{product} w liczbach' section (spec §9). */
export interface Stat {
  key: StatKey;
  value: number;
  /** Shown right after the number: '+', '%' or ''. */
  suffix: string;
  label: string;
}

/** Service promises of spec §1 and §9: the terms of terms.ts and the counter's share. */
export interface ServiceTerms extends Terms {
  /** Share of service requests answered within 24 h, percent (the 'serviceWithin24h' counter). */
  answeredWithin24hPercent: number;
}

/** What a refurbished device saves against a new one (spec §2 'Ekologiczne drukowanie'), percent. */
export interface Ecology {
  lessWastePercent: number;
  energySavingPercent: number;
}

export interface Company {
  brand: string;
  /** Full registered name, e.g. 'Kserowo sp. z o.o.'. */
  legalName: string;
  domain: string;
  url: string;
  /** General contact, also for privacy matters. */
  email: string;
  /** Offers and quotes. */
  salesEmail: string;
  phone: Phone;
  openingHours: OpeningHours;
  base: BaseLocation;
  serviceRadiusKm: number;
  /** Shown where the service area is mentioned. */
  serviceAreaNote: string;
  rating: Rating;
  stats: Stat[];
  service: ServiceTerms;
  ecology: Ecology;
  nip: string;
  regon: string;
  /** KRS number or CEIDG entry, with the register's name. */
  registryEntry: string;
  /** Registered address for correspondence; there is no office open to visitors. */
  registeredAddress: string;
  bankAccount: string;
  /** Fields above that still hold a '[DO UZUPEŁNIENIA: …]' value. */
  placeholders: PlaceholderField[];
}

const SERVICE_RADIUS_KM = 200;
const OPENS = '08:00';
const CLOSES = '16:00';
/** '08:00' → '8:00', as Polish text writes hours. */
const shortTime = (hhmm: string): string => hhmm.replace(/^0/, '');
const ANSWERED_WITHIN_24H_PERCENT = 98;

export const company: Company = {
  brand: 'Kserowo',
  legalName: '[DO UZUPEŁNIENIA: pełna nazwa firmy]',
  domain: 'kserowo.pl',
  url: 'https://kserowo.pl',
  email: 'kontakt@kserowo.pl',
  salesEmail: 'oferty@kserowo.pl',
  phone: {
    display: '[DO UZUPEŁNIENIA: numer telefonu]',
    // Not a valid Polish number on purpose: nothing gets dialled until the real one is set.
    href: 'tel:+48000000000',
  },
  openingHours: {
    hours: `${shortTime(OPENS)}–${shortTime(CLOSES)}`,
    display: `pon.–pt. ${shortTime(OPENS)}–${shortTime(CLOSES)}`,
    displayLong: `od poniedziałku do piątku w godzinach ${shortTime(OPENS)}–${shortTime(CLOSES)}`,
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: OPENS,
    closes: CLOSES,
    schemaText: `Mo-Fr ${OPENS}-${CLOSES}`,
  },
  base: {
    city: 'Słupsk',
    region: 'pomorskie',
    country: 'PL',
    geo: { lat: 54.4641, lon: 17.0287 },
  },
  serviceRadiusKm: SERVICE_RADIUS_KM,
  serviceAreaNote: `Działamy w promieniu ok. ${SERVICE_RADIUS_KM} km od Słupska. Wkrótce cała Polska.`,
  rating: {
    value: 4.8,
    best: 5,
    ratingCount: 127,
    reviewCount: 89,
  },
  stats: [
    { key: 'devices', value: 150, suffix: '+', label: 'dzierżawionych urządzeń' },
    {
      key: 'serviceWithin24h',
      value: ANSWERED_WITHIN_24H_PERCENT,
      suffix: '%',
      label: 'zgłoszeń serwisowych obsłużonych w ciągu 24 h',
    },
    { key: 'years', value: 15, suffix: '', label: 'lat doświadczenia' },
    { key: 'customers', value: 100, suffix: '+', label: 'zadowolonych klientów' },
  ],
  service: { ...terms, answeredWithin24hPercent: ANSWERED_WITHIN_24H_PERCENT },
  ecology: { lessWastePercent: 85, energySavingPercent: 40 },
  nip: '[DO UZUPEŁNIENIA: NIP]',
  regon: '[DO UZUPEŁNIENIA: REGON]',
  registryEntry: '[DO UZUPEŁNIENIA: numer KRS lub wpis do CEIDG]',
  registeredAddress: '[DO UZUPEŁNIENIA: adres siedziby]',
  bankAccount: '[DO UZUPEŁNIENIA: numer rachunku bankowego]',
  placeholders: ['legalName', 'nip', 'regon', 'registryEntry', 'registeredAddress', 'bankAccount', 'phone'],
};

/** The value of one counter of `company.stats`, for sentences that quote it. */
export function statValue(key: StatKey, c: Company = company): number {
  const stat = c.stats.find((s) => s.key === key);
  if (!stat) throw new Error(`company.stats has no '${key}'`);
  return stat.value;
}
