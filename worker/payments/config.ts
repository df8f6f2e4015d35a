/**
 * What the business may configure about payments ([vars] of wrangler.toml, read per
 * request): the verification transfer's amount and title, and the overdue reminders' steps
 * in business days after the due date. Every value falls back to its default, logged, when
 * it is missing or not usable.
 */
import { formatPln } from '../../widgets/core/format.ts';

export interface PaymentsEnv {
  /** The verification transfer in grosze; default 100 (1,00 zł). */
  VERIFICATION_AMOUNT_GR?: string;
  /** The transfer's title; `{numer}` is the order's number (the quote's KS-…); default "Weryfikacja {numer}". */
  VERIFICATION_TITLE?: string;
  /** Business days after the due date when a reminder goes, comma-separated; default "3,10". */
  PAYMENT_REMINDER_BUSINESS_DAYS?: string;
}

export const VERIFICATION_DEFAULTS = { amountGr: 100, title: 'Weryfikacja {numer}' } as const;
export const REMINDER_DEFAULT_STEPS: readonly number[] = [3, 10];

export interface VerificationTransfer {
  amountGr: number;
  /** '1,00 zł' */
  amountText: string;
  /** The title for an order number. */
  title: (orderNumber: string) => string;
}

/** The verification transfer configured for this environment. */
export function verificationTransfer(env: PaymentsEnv): VerificationTransfer {
  const raw = env.VERIFICATION_AMOUNT_GR?.trim();
  let amountGr: number = VERIFICATION_DEFAULTS.amountGr;
  if (raw) {
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1 && n <= 100_000) amountGr = n;
    else console.warn('payments: VERIFICATION_AMOUNT_GR is not whole grosze from 1 to 100000; 100 used', raw);
  }
  let template = env.VERIFICATION_TITLE?.trim() || VERIFICATION_DEFAULTS.title;
  if (!template.includes('{numer}') || template.length > 100) {
    console.warn('payments: VERIFICATION_TITLE must name {numer} (at most 100 characters); the default used');
    template = VERIFICATION_DEFAULTS.title;
  }
  return {
    amountGr,
    amountText: formatPln(amountGr / 100, 2),
    title: (orderNumber) => template.replaceAll('{numer}', orderNumber),
  };
}

/** The reminder steps (business days after the due date), ascending, distinct. */
export function reminderSteps(env: PaymentsEnv): number[] {
  const raw = env.PAYMENT_REMINDER_BUSINESS_DAYS?.trim();
  if (!raw) return [...REMINDER_DEFAULT_STEPS];
  const steps = raw.split(',').map((s) => Number(s.trim()));
  if (steps.length === 0 || steps.some((n) => !Number.isInteger(n) || n < 1 || n > 250)) {
    console.warn('payments: PAYMENT_REMINDER_BUSINESS_DAYS is not a list of whole days from 1 to 250', raw);
    return [...REMINDER_DEFAULT_STEPS];
  }
  return [...new Set(steps)].sort((a, b) => a - b);
}
