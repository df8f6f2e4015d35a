/**
 * The valibot schemas of the estimate and comparison inputs a quote body may carry,
 * beside the quote body of worker/quotes/routes.ts. Unknown fields (a volume
 * or a saving computed in the browser) are dropped; the worker recomputes them
 * (estimate-validation.ts `recomputeEstimate`). The contract fields follow CONTRACT_RULES,
 * the rules the calculator checks in the browser.
 */
import * as v from 'valibot';
import { MAX_COUNTER, MAX_PEOPLE, PRINT_PROFILES, type PrintProfile } from '../../widgets/core/estimate.ts';
import { CONTRACT_RULES, type ContractField, ESTIMATE_BODY_ERRORS } from '../../widgets/core/estimate-validation.ts';
import { QUOTE_ERRORS, QUOTE_LIMITS, quoteSchema } from '../../widgets/core/quote-validation.ts';

const counter = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_COUNTER));
const reading = v.object({
  date: v.pipe(v.string(), v.maxLength(10)),
  mono: counter,
  color: v.optional(counter),
});

/** The inputs of an estimate: two counter readings or an office profile. */
export const estimateInputSchema = v.variant(
  'source',
  [
    v.object({ source: v.literal('counters'), first: reading, second: reading }),
    v.object({
      source: v.literal('profile'),
      people: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PEOPLE)),
      profile: v.picklist(Object.keys(PRINT_PROFILES) as PrintProfile[]),
      colorShare: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
    }),
  ],
  ESTIMATE_BODY_ERRORS.estimate,
);

const num = (rule: (typeof CONTRACT_RULES)[ContractField]) =>
  v.pipe(
    v.number(rule.error),
    v.check((x) => !rule.integer || Number.isInteger(x), rule.error),
    v.minValue(0, rule.error),
    v.maxValue(rule.max, rule.error),
  );
const R = CONTRACT_RULES;

/** The visitor's current contract, net per month: only the fee is required. */
export const contractInputSchema = v.object(
  {
    monthlyFee: num(R.monthlyFee),
    rateMono: v.optional(num(R.rateMono)),
    rateColor: v.optional(num(R.rateColor)),
    includedMono: v.optional(num(R.includedMono)),
    includedColor: v.optional(num(R.includedColor)),
    toner: v.optional(num(R.toner)),
    service: v.optional(num(R.service)),
    paper: v.optional(num(R.paper)),
  },
  ESTIMATE_BODY_ERRORS.comparison,
);

/**
 * The quote body of DESIGN §4 (quote-validation.ts) with the estimate and comparison inputs. Kept here, not
 * in quote-validation.ts, because the configurator bundles that module and must not carry
 * these schemas.
 */
export const quoteWithEstimateSchema = v.object(
  {
    ...quoteSchema.entries,
    estimate: v.nullish(estimateInputSchema),
    comparison: v.nullish(contractInputSchema),
    /** The device the visitor clicked before taking the advised one; an id the catalogue lacks is ignored. */
    clicked: v.nullish(v.pipe(v.string(QUOTE_ERRORS.device), v.maxLength(QUOTE_LIMITS.deviceId, QUOTE_ERRORS.device))),
    /** The visitor ticked 'A3' in the estimate: the advice kept with the quote looks at A3 devices only. */
    a3: v.nullish(v.boolean(QUOTE_ERRORS.body)),
  },
  QUOTE_ERRORS.body,
);
