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

export const terms: Terms = {
  standardResponseHours: STANDARD_RESPONSE_HOURS,
  premiumSlaHours: PREMIUM_SLA_HOURS,
  freeTrialDays: FREE_TRIAL_DAYS,
  contractTermsMonths: CONTRACT_TERMS_MONTHS,
  quoteValidDays: QUOTE_VALID_DAYS,
  quoteWithinMinutes: QUOTE_WITHIN_MINUTES,
};

/** '24 lub 36' (the months of `contractTermsMonths`, for '… miesięcy'). */
export const contractTermsText = (months: readonly number[] = terms.contractTermsMonths): string =>
  months.length < 2 ? String(months[0]) : `${months.slice(0, -1).join(', ')} lub ${months.at(-1)}`;
