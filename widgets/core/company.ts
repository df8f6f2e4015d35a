/**
 * Company data of Kserowo: the one place to change the brand, contact details,
 * opening hours, rating, the counters and the legal identifiers. The site
 * (header, footer, contact page, JSON-LD, legal pages) and the worker read
 * them from here; nothing else re-types them.
 *
 * What the business itself must supply before going live (legal name, address,
 * NIP, REGON, KRS/CEIDG, phone, e-mails, bank account or none) is in `supplied`
 * below, the launch checklist of docs/operations.md. A value wrapped in `sample(…)` is
 * invented: the site shows it with a 'przykładowe dane' badge (never as a `tel:`
 * link) and `npm run deploy` refuses while one is left (scripts/launch-check.ts).
 */
import { BRAND, type Terms, terms } from './terms.ts';

/** An invented value, for local runs only: shown marked as a sample, never deployed. */
export interface Sample {
  readonly sample: string;
}
export const sample = (value: string): Sample => ({ sample: value });

/** A value the business supplies: the real text, a `sample(…)`, or '' while not set. */
export type Supplied = string | Sample;

/** Everything the business must supply before the site goes live (docs/operations.md: Before going live). */
export interface SuppliedData {
  /** Full registered name, e.g. 'Kserowo sp. z o.o.'. */
  legalName: Supplied;
  /** Registered address for correspondence (there is no office open to visitors). */
  registeredAddress: Supplied;
  nip: Supplied;
  regon: Supplied;
  /** KRS number or CEIDG entry, with the register's name. */
  registryEntry: Supplied;
  /** As shown to people, e.g. '+48 59 123 45 67'; '' = no phone: the site offers e-mail only. */
  phone: Supplied;
  /** General contact, also for privacy and accessibility matters. */
  email: Supplied;
  /** Offers, quotes and the lead notifications of the worker. */
  salesEmail: Supplied;
  /** Bank account (26 digits, NRB) for the terms and every invoice's payment; `null`: none shown (and no invoice can be issued). */
  bankAccount: Supplied | null;
}

export type SuppliedField = keyof SuppliedData;

/** Polish names of the supplied fields, for the launch check's list and the site's sample badge. */
export const suppliedLabels: Record<SuppliedField, string> = {
  legalName: 'pełna nazwa firmy',
  registeredAddress: 'adres siedziby',
  nip: 'NIP',
  regon: 'REGON',
  registryEntry: 'numer KRS lub wpis do CEIDG',
  phone: 'numer telefonu',
  email: 'e-mail kontaktowy',
  salesEmail: 'e-mail działu sprzedaży',
  bankAccount: 'numer rachunku bankowego',
};

/**
 * ⚠ LAUNCH CHECKLIST: replace every `sample(…)` with the real value (docs/operations.md, 'Before going live').
 * The samples are invented and marked as such on the page.
 */
export const supplied: SuppliedData = {
  legalName: sample('Kserowo sp. z o.o.'),
  registeredAddress: sample('ul. Przykładowa 1, 76-200 Słupsk'),
  // Samples that pass the formats (NIP check digit, account checksum), so a local invoice is valid FA(3).
  nip: sample('111-111-11-11'),
  regon: sample('000000000'),
  registryEntry: sample('KRS 0000000000 (Sąd Rejonowy Gdańsk-Północ w Gdańsku)'),
  phone: sample('+48 59 000 00 00'),
  email: 'kontakt@kserowo.pl',
  salesEmail: 'oferty@kserowo.pl',
  bankAccount: sample('41 1010 0000 0000 0000 1234 5678'),
};

const isSample = (v: Supplied | null): v is Sample => typeof v === 'object' && v !== null;
const text = (v: Supplied | null): string => (v === null ? '' : isSample(v) ? v.sample : v.trim());

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
  /** Full registered name (a sample locally: see `samples`). */
  legalName: string;
  domain: string;
  url: string;
  /** General contact, also for privacy matters. */
  email: string;
  /** Offers and quotes. */
  salesEmail: string;
  /** `null` when no phone is set: no `tel:` link anywhere, the e-mail way only. */
  phone: Phone | null;
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
  /** `null`: no bank account given. */
  bankAccount: string | null;
  /** Supplied fields that hold an invented `sample(…)` value: shown with a 'przykładowe dane' badge. */
  samples: SuppliedField[];
}

const SERVICE_RADIUS_KM = 200;
const OPENS = '08:00';
const CLOSES = '16:00';
/** '08:00' → '8:00', as Polish text writes hours. */
const shortTime = (hhmm: string): string => hhmm.replace(/^0/, '');
const ANSWERED_WITHIN_24H_PERCENT = 98;

/** 'tel:+48591234567' from '+48 59 123 45 67'. */
export const telHref = (display: string): string => `tel:${display.replace(/[^\d+]/g, '')}`;

/** The phone as the site shows it: none while unset; a sample is shown but never dialled (no `href`). */
function phoneOf(value: Supplied): Phone | null {
  const display = text(value);
  if (!display) return null;
  return { display, href: isSample(value) ? '' : telHref(display) };
}

/** The supplied values as `Company` carries them, with the list of samples among them. */
export function suppliedFields(s: SuppliedData) {
  const fields = Object.keys(s) as SuppliedField[];
  return {
    legalName: text(s.legalName),
    registeredAddress: text(s.registeredAddress),
    nip: text(s.nip),
    regon: text(s.regon),
    registryEntry: text(s.registryEntry),
    phone: phoneOf(s.phone),
    email: text(s.email),
    salesEmail: text(s.salesEmail),
    bankAccount: s.bankAccount === null ? null : text(s.bankAccount),
    samples: fields.filter((f) => isSample(s[f])),
  };
}

/** A supplied value only when it is real (not a sample, not empty): for documents such as the quote page. */
export function realValue(field: Exclude<SuppliedField, 'phone'>, c: Company = company): string | undefined {
  const value = c[field];
  return value && !c.samples.includes(field) ? value : undefined;
}

/** How a supplied value still invented is marked where a document prints it (`npm run deploy` refuses it). */
export const SAMPLE_MARK = '(przykładowe dane)';

/**
 * `value` as printed, with SAMPLE_MARK when it is the company's `field` and that is still a sample:
 * the invoice copy and /konto label the sample seller and account as the order page does.
 */
export function markSample(
  field: 'legalName' | 'registeredAddress' | 'nip' | 'bankAccount',
  value: string,
  c: Company = company,
): string {
  const key = (v: string) => (field === 'nip' || field === 'bankAccount' ? v.replace(/\D/g, '') : v.trim());
  const sample = c.samples.includes(field) && !!value && key(value) === key(c[field] ?? '');
  return sample ? `${value} ${SAMPLE_MARK}` : value;
}

/** The phone only when it is real: a sample number is never printed on a document or dialled. */
export const realPhone = (c: Company = company): Phone | undefined =>
  c.phone && !c.samples.includes('phone') ? c.phone : undefined;

export const company: Company = {
  brand: BRAND,
  ...suppliedFields(supplied),
  domain: 'kserowo.pl',
  url: 'https://kserowo.pl',
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
};

/** The value of one counter of `company.stats`, for sentences that quote it. */
export function statValue(key: StatKey, c: Company = company): number {
  const stat = c.stats.find((s) => s.key === key);
  if (!stat) throw new Error(`company.stats has no '${key}'`);
  return stat.value;
}
