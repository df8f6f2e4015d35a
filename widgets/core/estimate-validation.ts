/**
 * The estimate and the comparison a quote carries (issue 16): the valibot schemas of their
 * inputs (beside the quote body, worker/routes/quotes.ts) and `recomputeEstimate`, which
 * turns the inputs into the volume and the comparison with the maths of estimate.ts. The
 * worker stores only what it recomputed; a volume or a saving sent by the browser is
 * ignored (the schemas drop unknown fields). The calculator checks the contract form with
 * the same schema before it compares.
 */
import * as v from 'valibot';
import type { Catalogue, Device, PackageLevel } from './model.ts';
import {
  type Comparison,
  type CounterReading,
  type CurrentContract,
  type OfficeProfile,
  type VolumeEstimate,
  MAX_COUNTER,
  MAX_PEOPLE,
  PRINT_PROFILES,
  type PrintProfile,
  compareWithContract,
  volumeFromCounters,
  volumeFromProfile,
} from './estimate.ts';

export const ESTIMATE_BODY_ERRORS = {
  estimate: 'Nieprawidłowe dane szacunku liczby stron.',
  comparison: 'Nieprawidłowe dane obecnej umowy.',
  fee: 'Podaj obecną opłatę miesięczną netto w złotych (od 0 do 100 000 zł).',
  rate: 'Cenę za stronę podaj w złotych (od 0 do 10 zł), np. 0,05.',
  pages: 'Liczbę stron w cenie podaj jako liczbę całkowitą od 0 do 1 000 000.',
  extra: 'Koszt tonera, serwisu lub papieru podaj w złotych miesięcznie (od 0 do 100 000 zł).',
  noVolume: 'Aby porównać koszty, podaj liczbę stron miesięcznie albo oszacuj ją kalkulatorem.',
} as const;

const MAX_FEE = 100_000;
const MAX_RATE = 10;
const MAX_INCLUDED = 1_000_000;

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

const money = (error: string, max: number) => v.pipe(v.number(error), v.minValue(0, error), v.maxValue(max, error));
const optMoney = (error: string, max: number) => v.optional(money(error, max));

/** The visitor's current contract, net per month: only the fee is required. */
export const contractInputSchema = v.object(
  {
    monthlyFee: money(ESTIMATE_BODY_ERRORS.fee, MAX_FEE),
    rateMono: optMoney(ESTIMATE_BODY_ERRORS.rate, MAX_RATE),
    rateColor: optMoney(ESTIMATE_BODY_ERRORS.rate, MAX_RATE),
    includedMono: v.optional(
      v.pipe(
        v.number(ESTIMATE_BODY_ERRORS.pages),
        v.integer(ESTIMATE_BODY_ERRORS.pages),
        v.minValue(0, ESTIMATE_BODY_ERRORS.pages),
        v.maxValue(MAX_INCLUDED, ESTIMATE_BODY_ERRORS.pages),
      ),
    ),
    includedColor: v.optional(
      v.pipe(
        v.number(ESTIMATE_BODY_ERRORS.pages),
        v.integer(ESTIMATE_BODY_ERRORS.pages),
        v.minValue(0, ESTIMATE_BODY_ERRORS.pages),
        v.maxValue(MAX_INCLUDED, ESTIMATE_BODY_ERRORS.pages),
      ),
    ),
    toner: optMoney(ESTIMATE_BODY_ERRORS.extra, MAX_FEE),
    service: optMoney(ESTIMATE_BODY_ERRORS.extra, MAX_FEE),
    paper: optMoney(ESTIMATE_BODY_ERRORS.extra, MAX_FEE),
  },
  ESTIMATE_BODY_ERRORS.comparison,
);

export type EstimateInput = v.InferOutput<typeof estimateInputSchema>;
export type ContractInput = v.InferOutput<typeof contractInputSchema> & CurrentContract;

/** What a quote stores: the inputs and what the server computed from them. */
export interface StoredEstimate {
  inputs: EstimateInput;
  result: VolumeEstimate;
}
export interface StoredComparison {
  inputs: ContractInput;
  result: Comparison;
}

/** The volume of an estimate's inputs (the checks and Polish errors of estimate.ts). */
export function estimateVolume(inputs: EstimateInput, today: string) {
  if (inputs.source === 'profile') {
    const profile: OfficeProfile = { people: inputs.people, profile: inputs.profile, colorShare: inputs.colorShare };
    return volumeFromProfile(profile);
  }
  const r = (x: CounterReading): CounterReading => ({
    date: x.date,
    mono: x.mono,
    ...(x.color !== undefined ? { color: x.color } : {}),
  });
  return volumeFromCounters(r(inputs.first), r(inputs.second), today);
}

/**
 * The server's figures for a quote: the volume recomputed from the estimate's inputs (when
 * there are any), and the comparison of the quoted package with the current contract at
 * that volume (or at the volume stated). `today` is the server's date ('YYYY-MM-DD').
 */
export function recomputeEstimate(
  catalogue: Catalogue,
  device: Device,
  level: PackageLevel,
  stated: { mono: number; color: number } | undefined,
  estimate: EstimateInput | undefined,
  contract: ContractInput | undefined,
  today: string,
):
  | { ok: true; volume?: { mono: number; color: number }; estimate?: StoredEstimate; comparison?: StoredComparison }
  | { ok: false; error: string } {
  let volume = stated;
  let stored: StoredEstimate | undefined;
  if (estimate) {
    const result = estimateVolume(estimate, today);
    if (!result.ok) return { ok: false, error: result.error };
    stored = { inputs: estimate, result: result.value };
    volume = { mono: result.value.mono, color: device.type === 'color' ? result.value.color : 0 };
  }
  let comparison: StoredComparison | undefined;
  if (contract) {
    if (!volume || (volume.mono <= 0 && volume.color <= 0)) return { ok: false, error: ESTIMATE_BODY_ERRORS.noVolume };
    const v = device.type === 'color' ? volume : { mono: volume.mono };
    const result = compareWithContract(catalogue, device, v, contract, level);
    if (result) comparison = { inputs: contract, result };
  }
  return {
    ok: true,
    ...(volume ? { volume } : {}),
    ...(stored ? { estimate: stored } : {}),
    ...(comparison ? { comparison } : {}),
  };
}

/** Today's date in Warsaw as 'YYYY-MM-DD' (the bound of a counter reading's date). */
export function warsawToday(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(now);
}
