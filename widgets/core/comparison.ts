/**
 * 'Porównaj z obecną umową': what the visitor's current contract costs a month at
 * a volume, next to a Kserowo package at the same volume, and a cheaper option when there
 * is one. Pure functions over the live catalogue, shared by the widgets and the worker.
 */
import type { Catalogue, Device, PackageLevel } from './model.ts';
import { advise } from './advisor.ts';
import { gross, toGrosze, type Volume } from './pricing.ts';
import { COMPARISON_TERMS, recommend } from './estimate.ts';

/** The visitor's current contract, every amount net per month; only the fee is required. */
export interface CurrentContract {
  monthlyFee: number;
  /** Price per page over what is included. */
  rateMono?: number;
  rateColor?: number;
  includedMono?: number;
  includedColor?: number;
  /** What they pay besides, per month. */
  toner?: number;
  service?: number;
  /** Shown, but left out of the comparison: paper is an extra priced on request at Kserowo too. */
  paper?: number;
}

const grosze = (pln: number | undefined): number => toGrosze(pln ?? 0);
const over = (used: number | undefined, included: number | undefined): number =>
  Math.max(0, Math.floor(used ?? 0) - Math.floor(included ?? 0));

/** What the current contract costs a month at a volume, paper left out (net, PLN). */
export function currentMonthlyCost(contract: CurrentContract, volume: Volume): number {
  const total =
    grosze(contract.monthlyFee) +
    grosze(over(volume.mono, contract.includedMono) * (contract.rateMono ?? 0)) +
    grosze(over(volume.color, contract.includedColor) * (contract.rateColor ?? 0)) +
    grosze(contract.toner) +
    grosze(contract.service);
  return total / 100;
}

export interface Amount {
  net: number;
  gross: number;
}

const amount = (net: number): Amount => ({ net, gross: gross(net) });

export interface Comparison {
  current: Amount;
  /** The recommended package of the chosen device at the same volume. */
  offer: Amount & { deviceId: string; level: PackageLevel };
  /** current − offer, per month (negative when Kserowo costs more). */
  monthly: Amount;
  /** The monthly difference over each contract term. */
  overTerm: { months: number; difference: Amount }[];
  /** True when the offer costs less than the current contract. */
  saves: boolean;
  /** When the offer costs more: the advisor's best offer at this volume, if it is cheaper than now. */
  cheaperOption?: { deviceId: string; deviceName: string; level: PackageLevel; cost: Amount };
}

const difference = (a: number, b: number): number => (grosze(a) - grosze(b)) / 100;

/**
 * The current contract next to a package of `device` at the same volume: the recommended
 * one, or `level` when the visitor chose it (a quote compares the package it quotes).
 */
export function compareWithContract(
  catalogue: Catalogue,
  device: Device,
  volume: Volume,
  contract: CurrentContract,
  level?: PackageLevel,
): Comparison | undefined {
  const rec = recommend(device, volume);
  if (!rec) return undefined;
  const chosen = level && rec.costs.some((c) => c.level === level) ? level : rec.level;
  const offerNet = rec.costs.find((c) => c.level === chosen)?.cost ?? 0;
  const currentNet = currentMonthlyCost(contract, volume);
  const monthly = difference(currentNet, offerNet);
  const comparison: Comparison = {
    current: amount(currentNet),
    offer: { ...amount(offerNet), deviceId: device.id, level: chosen },
    monthly: amount(monthly),
    overTerm: COMPARISON_TERMS.map((months) => ({ months, difference: amount((grosze(monthly) * months) / 100) })),
    saves: monthly > 0,
  };
  if (!comparison.saves) {
    // The advisor's best offer at this volume (the one the calculator and configurator show).
    const cheapest = advise(catalogue, volume).best;
    if (cheapest && cheapest.cost < currentNet && cheapest.device.id !== device.id) {
      comparison.cheaperOption = {
        deviceId: cheapest.device.id,
        deviceName: cheapest.device.name,
        level: cheapest.pkg.level,
        cost: amount(cheapest.cost),
      };
    }
  }
  return comparison;
}
