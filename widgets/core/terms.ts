/**
 * Commercial terms a visitor reads (spec §1, §9): service response times, the free
 * trial, contract terms and how long a quote stays valid. The one home of these
 * figures: the site copy, the package cards, the configurator and the worker put them
 * into their sentences from here. A module of its own (not inside `company`) so the
 * pricing widget can read them without loading the company data.
 */
export interface Terms {
  /** Service response of every package, hours. */
  standardResponseHours: number;
  /** Service response of the Premium package (its SLA), hours. */
  premiumSlaHours: number;
  /** Days of the free test of a device before signing. */
  freeTrialDays: number;
  /** The standard contract terms, months, shortest first. */
  contractTermsMonths: readonly number[];
  /** A quote page stays valid (and reachable) this many days. */
  quoteValidDays: number;
  /** The configurator gives a quote in less than this many minutes. */
  quoteWithinMinutes: number;
}

// Each figure is its own export too, so a widget bundles only the figures it uses.
/** The brand as people read it (company.ts and the widgets' copy); defined in brand.ts. */
export { BRAND } from './brand.ts';
export const STANDARD_RESPONSE_HOURS = 24;
export const PREMIUM_SLA_HOURS = 4;
export const FREE_TRIAL_DAYS = 7;
export const CONTRACT_TERMS_MONTHS = [24, 36] as const;
export const QUOTE_VALID_DAYS = 30;
export const QUOTE_WITHIN_MINUTES = 5;
/**
 * The sales team's promise of a first answer to a new lead, in business hours
 * (business-hours.ts): the deadline shown on each lead, the alerts when it passes, the
 * stats' share answered within it. Change it here; everything reads it from here.
 */
export const FIRST_ANSWER_HOURS = 1;

/**
 * A service promise in words, the one wording everywhere: 'w ciągu 24 godzin roboczych'. The
 * hours are working hours (Mon–Fri 08:00–16:00 Warsaw, public holidays off), as a ticket's SLA
 * clock counts them (business-hours.ts): a report on Wednesday afternoon may be answered on Monday.
 */
export const withinWorkingHours = (hours: number): string =>
  // After 'w ciągu' (the genitive) only 1 has a form of its own: 1 godziny, 2 / 5 / 22 godzin. Not
  // plural.ts's three forms, and so no import of it into the chunk every catalogue widget loads.
  `w ciągu ${hours} ${hours === 1 ? 'godziny roboczej' : 'godzin roboczych'}`;

export const terms: Terms = {
  standardResponseHours: STANDARD_RESPONSE_HOURS,
  premiumSlaHours: PREMIUM_SLA_HOURS,
  freeTrialDays: FREE_TRIAL_DAYS,
  contractTermsMonths: CONTRACT_TERMS_MONTHS,
  quoteValidDays: QUOTE_VALID_DAYS,
  quoteWithinMinutes: QUOTE_WITHIN_MINUTES,
};

/** Whether a package level carries the SLA: Premium alone; every other level has the standard response. */
export const hasSla = (level: string | null | undefined): boolean => level === 'premium';

/** The service response promised to a package level, hours: the SLA of Premium, the standard one otherwise. */
export const slaHoursOf = (level: string | null | undefined): number =>
  hasSla(level) ? PREMIUM_SLA_HOURS : STANDARD_RESPONSE_HOURS;

/**
 * The promise of a report that names no device among several (a report by NIP): the shortest
 * of theirs, so no device of the company waits longer than its own contract says; the standard
 * response when there are none.
 */
export const shortestSlaHours = (levels: readonly (string | null | undefined)[]): number =>
  Math.min(slaHoursOf(null), ...levels.map(slaHoursOf));

/** '24 lub 36' (the months of `contractTermsMonths`, for '… miesięcy'). */
export const contractTermsText = (months: readonly number[] = terms.contractTermsMonths): string =>
  months.length < 2 ? String(months[0]) : `${months.slice(0, -1).join(', ')} lub ${months.at(-1)}`;

/**
 * Days to pay an invoice, counted from its delivery: a structured invoice is delivered on the
 * day it is issued in KSeF (it goes to KSeF and to the billing e-mail that day), so the due
 * date is the issue date + 14 days (worker/invoices/document.ts `dueDateOf`).
 */
export const PAYMENT_DAYS = 14;

/**
 * When a rental's money is invoiced and due, the one wording of the rule that
 * worker/invoices/compose.ts and worker/meter/bill.ts follow: the terms' § 3
 * (worker/orders/rental-terms.ts) and the order page before signing say it in these words.
 */
export const BILLING_TERMS: readonly string[] = [
  'Abonament za miesiąc jest płatny z góry: fakturę za dany miesiąc Wynajmujący wystawia na jego początku.',
  'Strony wydrukowane ponad limit zawarty w abonamencie rozlicza się z dołu, według stanów liczników i stawek wskazanych w umowie, na fakturze za następny miesiąc.',
  'Za pierwszy i ostatni niepełny miesiąc najmu abonament i limit stron nalicza się proporcjonalnie do liczby dni najmu w tym miesiącu.',
  'Ostatni miesiąc najmu, wraz ze stronami do końcowego odczytu liczników, rozlicza faktura końcowa wystawiona po zakończeniu najmu.',
  `Termin płatności wynosi ${PAYMENT_DAYS} dni od doręczenia faktury; fakturę ustrukturyzowaną uważa się za doręczoną w dniu jej wystawienia w Krajowym Systemie e-Faktur (KSeF), w którym Wynajmujący wysyła ją także na adres e-mail do faktur.`,
];

/**
 * How a colour device's single- and two-colour pages (Konica Minolta's „jeden kolor” and „dwa
 * kolory” counters) count: a term of the contract, stored with it (`contracts.spot_colour`). The
 * online order's terms count them as colour pages (worker/orders/rental-terms.ts); a contract
 * that says nothing keeps them raw and bills none of them.
 */
export type SpotColour = 'colour' | 'mono';
export const SPOT_COLOUR_COUNTING: Readonly<Record<SpotColour, string>> = {
  colour:
    'Strony drukowane i kopiowane w trybach „jeden kolor” i „dwa kolory” urządzenia kolorowego liczy się jak strony kolorowe: licznik kolorowy to suma liczników pełnego koloru, jednego koloru i dwóch kolorów.',
  mono: 'Strony drukowane i kopiowane w trybach „jeden kolor” i „dwa kolory” urządzenia kolorowego liczy się jak strony czarno-białe: licznik mono to suma liczników czerni, jednego koloru i dwóch kolorów.',
};
/** The first version of the online order's terms (worker/orders/rental-terms.ts) that says it: as colour pages. */
export const SPOT_COLOUR_TERMS_SINCE = '2026-12-03';
/** How the order terms of `version` (an order's `terms_version`) count those pages; null: they do not say. */
export const spotColourOfTerms = (version: string | null | undefined): SpotColour | null =>
  version && version >= SPOT_COLOUR_TERMS_SINCE ? 'colour' : null;
/** The panel's short words for the contract's rule; `none`: the contract does not say. */
export const SPOT_COLOUR_LABELS: Readonly<Record<SpotColour | 'none', string>> = {
  colour: 'liczone jak strony kolorowe',
  mono: 'liczone jak strony czarno-białe',
  none: 'nierozliczane (umowa tego nie określa)',
};

/** An A3 page counts as this many A4 pages in the allowance and the overage. */
export const A3_AS_A4_PAGES = 2;

/**
 * How pages are counted, the one sentence the terms, /licznik, the quote and the bill all
 * show: the allowance, the overage and the readings use the device's own counters.
 */
export const PAGE_COUNTING = `Jak liczymy strony: według liczników urządzenia. Jedna zadrukowana strona A4 to 1 strona, strona A3 to ${A3_AS_A4_PAGES} strony A4, a kartka zadrukowana z obu stron (dupleks) to 2 strony. Skanowanie nie jest liczone.`;

/**
 * The billing date of a month is its last day (the counters of that day bill the month);
 * the reading reminder goes to the contract's billing e-mail on this day of the month
 * (Europe/Warsaw), by the scheduled job's first run of that day or any later day of the
 * month it missed.
 */
export const READING_REMINDER_DAY = 25;
