/**
 * Client names and testimonials of the home page (sections 11–12), kept in the repo as a
 * reviewed data file rather than in the admin: they change a few times a year, the home
 * page stays a static file with no D1 read, every change goes through review with its
 * consent recorded beside it, and the launch check (scripts/launch-check.ts) can see them
 * before `npm run deploy`.
 *
 * To add one: the customer's written consent to publish comes first; record when and how
 * it was given in `consent`. An entry without `consent.publish` is not shown, and the
 * launch check names it. An entry marked `sample: true` is invented: shown on local runs
 * with a 'przykładowe dane' note, never deployed. With no entry left, the section and the
 * header's 'Opinie' link disappear. Publishing invented opinions as real ones is an unfair
 * commercial practice under Polish law.
 */

/** The customer's consent to publish, kept with the entry. */
export interface PublishConsent {
  /** The customer agreed, in writing, to this exact text or name being published. */
  publish: boolean;
  /** When the consent was given, ISO 8601 (YYYY-MM-DD). */
  date: string;
  /** Where it is kept, e.g. 'e-mail od M. W. z 2026-10-12, skrzynka oferty@'. */
  record: string;
}

export interface Testimonial {
  quote: string;
  /** First name and initial of the surname; at least one of `author` and `position`. */
  author?: string;
  position?: string;
  company: string;
  city?: string;
  /** When the opinion was given, ISO 8601 (YYYY-MM-DD). */
  date: string;
  consent: PublishConsent;
  /** Invented for the layout: shown marked as a sample locally, refused by the launch check. */
  sample?: true;
}

export interface ClientName {
  /** Rendered as an SVG wordmark (no logo files are fetched). */
  name: string;
  sector: string;
  city: string;
  consent: PublishConsent;
  sample?: true;
}

/** The consent of the invented entries: none was given, they are samples. */
const SAMPLE_CONSENT: PublishConsent = { publish: true, date: '2026-01-01', record: 'przykład – brak zgody' };

// ⚠ SAMPLE CONTENT – INVENTED. These clients do not exist; `npm run deploy` refuses them.
export const clientNames: ClientName[] = [
  { name: 'Bilans Słupia', sector: 'Biuro rachunkowe', city: 'Słupsk' },
  { name: 'Kancelaria Wierzbicka i Lech', sector: 'Kancelaria radców prawnych', city: 'Koszalin' },
  { name: 'MediKasz', sector: 'Przychodnia', city: 'Bytów' },
  { name: 'Bryza Lingua', sector: 'Szkoła językowa', city: 'Sławno' },
  { name: 'Wrzosowa Logistyka', sector: 'Transport i spedycja', city: 'Lębork' },
  { name: 'Pracownia Projektowa Kosza', sector: 'Biuro architektoniczne', city: 'Koszalin' },
  { name: 'Gryfitek Turystyka', sector: 'Biuro podróży', city: 'Miastko' },
  { name: 'Zielony Zakątek', sector: 'Niepubliczne przedszkole', city: 'Słupsk' },
].map((c) => ({ ...c, consent: SAMPLE_CONSENT, sample: true as const }));

// ⚠ SAMPLE CONTENT – INVENTED. These opinions, people and companies do not exist;
// `npm run deploy` refuses them.
export const testimonialEntries: Testimonial[] = [
  {
    quote:
      'Przy zamknięciu miesiąca drukujemy setki stron dziennie i nie możemy czekać na serwis. ' +
      'Od kiedy mamy urządzenie z Kserowo, toner przychodzi, zanim się skończy, a jedna awaria została usunięta jeszcze tego samego dnia.',
    author: 'Magdalena W.',
    position: 'Właścicielka',
    company: 'Biuro rachunkowe Bilans Słupia',
    city: 'Słupsk',
    date: '2026-09-15',
    consent: SAMPLE_CONSENT,
    sample: true,
  },
  {
    quote:
      'Wcześniej płaciliśmy osobno za toner, części i każdą wizytę serwisanta. ' +
      'Teraz mamy jedną stałą opłatę, a urządzenie kolorowe przydaje się przy pismach procesowych i załącznikach.',
    author: 'Tomasz L.',
    position: 'Radca prawny, wspólnik',
    company: 'Kancelaria Wierzbicka i Lech',
    city: 'Koszalin',
    date: '2026-10-02',
    consent: SAMPLE_CONSENT,
    sample: true,
  },
  {
    quote:
      'Przed podpisaniem umowy testowaliśmy urządzenie przez tydzień w rejestracji. ' +
      'Instalacja zajęła jedno popołudnie, a pracownicy od razu skanują skierowania prosto do skrzynki e-mail.',
    author: 'Katarzyna P.',
    position: 'Kierowniczka administracji',
    company: 'Przychodnia MediKasz',
    city: 'Bytów',
    date: '2026-10-20',
    consent: SAMPLE_CONSENT,
    sample: true,
  },
];

/** What the home page shows: only entries with the consent to publish. */
export const published = <T extends { consent: PublishConsent }>(entries: T[]): T[] =>
  entries.filter((e) => e.consent.publish);

export const shownClients: ClientName[] = published(clientNames);
export const shownTestimonials: Testimonial[] = published(testimonialEntries);
