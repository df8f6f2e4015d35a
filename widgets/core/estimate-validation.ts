/**
 * The estimate and the comparison a quote carries: the rules of the current
 * contract's fields and `recomputeEstimate`, which turns the inputs into the volume and the
 * comparison with the maths of estimate.ts. The worker stores only what it recomputed; a
 * volume or a saving sent by the browser is ignored. The valibot schemas of the request
 * body are in estimate-schema.ts (kept apart so the calculator's chunk carries no valibot);
 * the calculator checks its contract form with `checkContract`, the same rules.
 */
import type { Catalogue, Device, PackageLevel } from './model.ts';
import { formatNumber, formatPln } from './format.ts';
import { type Comparison, type CurrentContract, compareWithContract } from './comparison.ts';
import {
  type CounterReading,
  type OfficeProfile,
  type VolumeEstimate,
  type PrintProfile,
  volumeFromCounters,
  volumeFromProfile,
} from './estimate.ts';

export const MAX_FEE = 100_000;
export const MAX_RATE = 10;
export const MAX_INCLUDED = 1_000_000;

export const ESTIMATE_BODY_ERRORS = {
  estimate: 'Nieprawidłowe dane szacunku liczby stron.',
  comparison: 'Nieprawidłowe dane obecnej umowy.',
  fee: `Podaj obecną opłatę miesięczną netto w złotych (od 0 do ${formatPln(MAX_FEE)}).`,
  rate: `Cenę za stronę podaj w złotych (od 0 do ${formatPln(MAX_RATE)}), np. 0,05.`,
  pages: `Liczbę stron w cenie podaj jako liczbę całkowitą od 0 do ${formatNumber(MAX_INCLUDED)}.`,
  extra: `Koszt tonera, serwisu lub papieru podaj w złotych miesięcznie (od 0 do ${formatPln(MAX_FEE)}).`,
  noVolume: 'Aby porównać koszty, podaj liczbę stron miesięcznie albo oszacuj ją kalkulatorem.',
} as const;

/** Each field of the current contract: its largest value, whole numbers only, its Polish error. */
export const CONTRACT_RULES = {
  monthlyFee: { max: MAX_FEE, integer: false, error: ESTIMATE_BODY_ERRORS.fee, required: true },
  rateMono: { max: MAX_RATE, integer: false, error: ESTIMATE_BODY_ERRORS.rate, required: false },
  rateColor: { max: MAX_RATE, integer: false, error: ESTIMATE_BODY_ERRORS.rate, required: false },
  includedMono: { max: MAX_INCLUDED, integer: true, error: ESTIMATE_BODY_ERRORS.pages, required: false },
  includedColor: { max: MAX_INCLUDED, integer: true, error: ESTIMATE_BODY_ERRORS.pages, required: false },
  toner: { max: MAX_FEE, integer: false, error: ESTIMATE_BODY_ERRORS.extra, required: false },
  service: { max: MAX_FEE, integer: false, error: ESTIMATE_BODY_ERRORS.extra, required: false },
  paper: { max: MAX_FEE, integer: false, error: ESTIMATE_BODY_ERRORS.extra, required: false },
} as const;

export type ContractField = keyof typeof CONTRACT_RULES;

/**
 * The same rules without valibot, for the calculator in the browser (its chunk stays small):
 * the first field that breaks one, with its Polish error.
 */
export function checkContract(
  values: Partial<Record<ContractField, number>>,
): { ok: true; data: ContractInput } | { ok: false; field: ContractField; error: string } {
  for (const [key, rule] of Object.entries(CONTRACT_RULES) as [
    ContractField,
    (typeof CONTRACT_RULES)[ContractField],
  ][]) {
    const x = values[key];
    if (x === undefined && !rule.required) continue;
    if (x === undefined || !Number.isFinite(x) || x < 0 || x > rule.max || (rule.integer && !Number.isInteger(x)))
      return { ok: false, field: key, error: rule.error };
  }
  return { ok: true, data: values as ContractInput };
}

/** The inputs of an estimate: two counter readings or an office profile (schema: estimate-schema.ts). */
export type EstimateInput =
  | { source: 'counters'; first: CounterReading; second: CounterReading }
  | { source: 'profile'; people: number; profile: PrintProfile; colorShare: number };
/** The current contract as checked: every amount net per month. */
export type ContractInput = CurrentContract & { monthlyFee: number };

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
