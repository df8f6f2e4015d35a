/**
 * Pricing maths derived from the catalogue (spec §3, §4, §9; DESIGN §5):
 * package summary cards, the popular-models order, monthly cost at a volume,
 * the recommended package and net → gross. Money is computed in grosze
 * (integers) so that 0.08 × 300 is exactly 24.00; an amount with a fraction of a grosz
 * (a rate of 0.035 zł, the VAT of 199.99 zł) is rounded half up to the grosz once.
 */
import type { Catalogue, Device, Package } from './model.ts';

/** The VAT on the rental, percent (the quote page states it; `gross` adds it). */
export const VAT_PERCENT = 23;
export const VAT_RATE = VAT_PERCENT / 100;

/**
 * PLN → whole grosze, half up (DESIGN §5: every amount shown is rounded to the grosz).
 * The 1e-9 outweighs the binary noise of the multiplication (far below a grosz), so 1.005 × 100
 * (100.49999999999999 in floating point) rounds to 101 as it should. Amounts are never negative.
 */
export const toGrosze = (pln: number): number => Math.round(pln * 100 + 1e-9);
export const toPln = (grosze: number): number => grosze / 100;

/** Gross amount (+`VAT_PERCENT`% VAT) of an exact net amount, rounded once to the grosz: 175 → 215.25, 199.99 → 245.99. */
export function gross(net: number): number {
  return toPln(toGrosze(net * (1 + VAT_RATE)));
}

export interface Volume {
  mono: number;
  color?: number;
}

export interface CostBreakdown {
  /** The package's monthly fee. */
  base: number;
  extraMonoPages: number;
  extraColorPages: number;
  extraMono: number;
  extraColor: number;
  /** base + overage, PLN net. */
  total: number;
}

const pages = (n: number | undefined): number =>
  Number.isFinite(n) && (n as number) > 0 ? Math.floor(n as number) : 0;

/**
 * Monthly cost of a package at a stated volume: monthlyPrice plus overage for the
 * pages above each limit, mono and colour apart. C3320i Basic at 1200 mono and
 * 200 colour pages = 195 + 300 × 0.08 + 50 × 0.22 = 230.00 PLN net.
 */
export function monthlyCost(pkg: Package, volume: Volume): CostBreakdown {
  const extraMonoPages = Math.max(0, pages(volume.mono) - pkg.monthlyLimit);
  const extraColorPages =
    pkg.overage.color === undefined ? 0 : Math.max(0, pages(volume.color) - (pkg.colorLimit ?? 0));
  // Each overage amount is rounded to the grosz as shown; the total is the sum of what is shown.
  const extraMonoGr = toGrosze(extraMonoPages * pkg.overage.mono);
  const extraColorGr = toGrosze(extraColorPages * (pkg.overage.color ?? 0));
  return {
    base: pkg.monthlyPrice,
    extraMonoPages,
    extraColorPages,
    extraMono: toPln(extraMonoGr),
    extraColor: toPln(extraColorGr),
    total: toPln(toGrosze(pkg.monthlyPrice) + extraMonoGr + extraColorGr),
  };
}

/** The package of a device that costs least at the given volume; a tie goes to the higher level (more pages, better service). */
export function recommendedPackage(device: Device, volume: Volume): Package | undefined {
  let best: Package | undefined;
  let bestCost = Infinity;
  for (const pkg of device.packages) {
    const cost = monthlyCost(pkg, volume).total;
    if (cost <= bestCost) {
      best = pkg;
      bestCost = cost;
    }
  }
  return best;
}

/** The lowest monthly price of a device (its Basic package). */
export function lowestPrice(device: Device): number {
  return Math.min(...device.packages.map((p) => p.monthlyPrice));
}

/** The package with the lowest price of a device. */
export function cheapestPackage(device: Device): Package | undefined {
  return device.packages.reduce<Package | undefined>(
    (best, p) => (best === undefined || p.monthlyPrice < best.monthlyPrice ? p : best),
    undefined,
  );
}

const byLowestPrice = (a: Device, b: Device): number => lowestPrice(a) - lowestPrice(b);

export const POPULAR_POOL_SIZE = 6;

/**
 * Popular models (spec §4): C258 first, then the cheapest A4 colour device, then the
 * cheapest A3 mono device, then the rest by ascending lowest price; up to 6 devices.
 */
export function popularModels(catalogue: Catalogue, limit = POPULAR_POOL_SIZE): Device[] {
  return popularOrder(catalogue).slice(0, Math.min(limit, POPULAR_POOL_SIZE));
}

/** Every device in the popular order: the popular pool first, then the rest by price. */
export function popularOrder(catalogue: Catalogue): Device[] {
  const sorted = [...catalogue.devices].sort(byLowestPrice);
  const picks = [
    catalogue.devices.find((d) => d.model === 'C258'),
    sorted.find((d) => d.type === 'color' && d.format === 'A4'),
    sorted.find((d) => d.type === 'mono' && d.format === 'A3'),
  ].filter((d): d is Device => d !== undefined);
  const unique = [...new Set(picks)];
  const rest = sorted.filter((d) => !unique.includes(d));
  return [...unique, ...rest];
}

/** Devices sorted by their lowest monthly price, ascending (stable). */
export function modelsByPrice(catalogue: Catalogue): Device[] {
  return [...catalogue.devices].sort(byLowestPrice);
}
