/**
 * The configurator's quote (DESIGN §4, §5): contract terms, the estimated cost of every
 * package of a device at a stated volume with the recommended one, the priced quote the
 * server stores, and the quote's number and validity. Shared by the widget and the worker,
 * so the browser and the stored quote always agree.
 */
import { type Device, type Package, type PackageLevel, LEVEL_NAMES } from './model.ts';
import { type Volume, gross, monthlyCost, recommendedPackage, roundToGrosz } from './pricing.ts';
import { monthsText } from './plural.ts';
import { CONTRACT_TERMS_MONTHS } from './terms.ts';

/** Contract terms (spec §1, §9): the standard ones of terms.ts, or a shorter one agreed on request. */
export type Term = (typeof CONTRACT_TERMS_MONTHS)[number] | 'short';
export const TERMS: readonly Term[] = [...CONTRACT_TERMS_MONTHS, 'short'];
/** The term a new configuration starts with: the shortest standard one. */
export const DEFAULT_TERM: Term = CONTRACT_TERMS_MONTHS[0];
/** '24 miesiące', '36 miesięcy', and the short term's words. */
export const TERM_LABELS: Record<string, string> = {
  ...Object.fromEntries(CONTRACT_TERMS_MONTHS.map((m) => [m, monthsText(m)])),
  short: 'krótszy okres — do uzgodnienia',
};

export function isTerm(value: unknown): value is Term {
  return TERMS.includes(value as Term);
}

/** A quote page stays valid (and reachable) this many days (its home is terms.ts). */
export { QUOTE_VALID_DAYS } from './terms.ts';

/** Where people in the service area live (spec §1); the city field also takes any other place. */
export const SERVICE_CITIES = ['Słupsk', 'Bytów', 'Koszalin', 'Lębork', 'Miastko', 'Sławno'];

/** Monthly pages of a volume that the device can print: no colour pages on a mono device. */
export function volumeFor(device: Device, volume: Volume | undefined): Volume {
  const mono = Math.max(0, Math.floor(Number(volume?.mono) || 0));
  return device.type === 'color' ? { mono, color: Math.max(0, Math.floor(Number(volume?.color) || 0)) } : { mono };
}

export interface PackageEstimate {
  level: PackageLevel;
  /** Monthly cost at the stated volume, PLN net (monthly price + overage). */
  cost: number;
  recommended: boolean;
}

/** Every package of a device priced at a volume; the cheapest is recommended (none without a volume). */
export function packageEstimates(device: Device, volume: Volume | undefined): PackageEstimate[] {
  const v = volumeFor(device, volume);
  const stated = v.mono > 0 || (v.color ?? 0) > 0;
  const best = stated ? recommendedPackage(device, v) : undefined;
  return device.packages.map((pkg) => ({
    level: pkg.level,
    cost: monthlyCost(pkg, v).total,
    recommended: pkg === best,
  }));
}

/** The priced part of a stored quote: every amount recomputed from the catalogue. */
export interface QuotePrice {
  deviceId: string;
  deviceName: string;
  level: PackageLevel;
  levelName: string;
  term: Term;
  paper: boolean;
  monthlyLimit: number;
  colorLimit?: number;
  overageMono: number;
  overageColor?: number;
  /** The package's monthly fee, PLN net, its VAT and gross. */
  monthlyNet: number;
  monthlyVat: number;
  monthlyGross: number;
  volume: Volume;
  /** Monthly cost at the stated volume (fee + overage), net and gross. */
  estimatedNet: number;
  estimatedGross: number;
}

export function priceQuote(device: Device, pkg: Package, term: Term, paper: boolean, volume?: Volume): QuotePrice {
  const v = volumeFor(device, volume);
  const estimatedNet = monthlyCost(pkg, v).total;
  const monthlyGross = gross(pkg.monthlyPrice);
  return {
    deviceId: device.id,
    deviceName: device.name,
    level: pkg.level,
    levelName: LEVEL_NAMES[pkg.level],
    term,
    paper,
    monthlyLimit: pkg.monthlyLimit,
    ...(pkg.colorLimit !== undefined ? { colorLimit: pkg.colorLimit } : {}),
    overageMono: pkg.overage.mono,
    ...(pkg.overage.color !== undefined ? { overageColor: pkg.overage.color } : {}),
    monthlyNet: pkg.monthlyPrice,
    monthlyVat: roundToGrosz(monthlyGross - pkg.monthlyPrice),
    monthlyGross,
    volume: v,
    estimatedNet,
    estimatedGross: gross(estimatedNet),
  };
}
