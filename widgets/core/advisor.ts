/**
 * The advisor: at the visitor's monthly volume, every device × package of the catalogue
 * priced (fee + overage, mono and colour apart, pricing.ts `monthlyCost`), ranked from the
 * cheapest, and the cheapest one that fits what the visitor needs recommended. The device
 * the visitor clicked is set beside it when it is not the best, with the difference per
 * month and over each contract term. One function for the configurator, the calculator and
 * the stored quote, so the three never recommend different things.
 *
 * What "fits" means (the rule the visitor is told):
 * - colour pages in the volume (or colour asked for) need a colour device;
 * - A3 asked for needs an A3 device;
 * - duty headroom: the pages a month may be at most `DUTY_HEADROOM` × the device's largest
 *   allowance (its biggest package's monthly limit, mono and colour apart). Above that the
 *   device would print more than it is built for, however cheap its overage looks.
 * Ties in cost go to the larger allowance (more pages for the same money), then catalogue order.
 */
import type { Catalogue, Device, Package, PackageLevel } from './model.ts';
import { monthlyCost, toGrosze, toPln, type Volume } from './pricing.ts';
import { CONTRACT_TERMS_MONTHS } from './terms.ts';
import { isImplausibleJump } from './meter.ts';

/** How far past its largest allowance a device may be asked to print a month. */
export const DUTY_HEADROOM = 1.5;

/** What the visitor needs besides the volume. */
export interface Needs {
  /** Colour asked for even without colour pages stated. */
  color?: boolean;
  a3?: boolean;
}

/** Why an offer does not fit. */
export type Misfit = 'color' | 'a3' | 'duty';

export interface Offer {
  device: Device;
  pkg: Package;
  /** Net monthly cost at the volume, PLN. */
  cost: number;
  /** Empty when the offer fits the needs. */
  misfits: Misfit[];
}

export interface Advice {
  /** Every device × package, cheapest first. */
  ranking: Offer[];
  /** The cheapest offer that fits; none when no device is built for the volume and needs. */
  best?: Offer;
  /** The clicked device at its cheapest package, when that is not the best offer. */
  clicked?: Offer;
  /** clicked − best, net PLN per month and over each contract term (negative: the clicked one costs less but does not fit). */
  difference?: { monthly: number; overTerm: { months: number; amount: number }[] };
}

const allowance = (p: Package): number => p.monthlyLimit + (p.colorLimit ?? 0);
const pages = (n: number | undefined): number =>
  Number.isFinite(n) && (n as number) > 0 ? Math.floor(n as number) : 0;

/** Why a device does not fit a volume and needs (empty when it does). */
export function misfits(device: Device, volume: Volume, needs: Needs = {}): Misfit[] {
  const out: Misfit[] = [];
  const color = pages(volume.color);
  if (device.type !== 'color' && (needs.color || color > 0)) out.push('color');
  if (needs.a3 && device.format !== 'A3') out.push('a3');
  const mostMono = Math.max(...device.packages.map((p) => p.monthlyLimit));
  const mostColor = Math.max(...device.packages.map((p) => p.colorLimit ?? 0));
  if (pages(volume.mono) > mostMono * DUTY_HEADROOM || (device.type === 'color' && color > mostColor * DUTY_HEADROOM))
    out.push('duty');
  return out;
}

/** A device's packages at a volume it can print (no colour pages on a mono device). */
const offersOf = (device: Device, volume: Volume, needs: Needs): Offer[] => {
  const v = device.type === 'color' ? volume : { mono: volume.mono };
  const why = misfits(device, volume, needs);
  return device.packages.map((pkg) => ({ device, pkg, cost: monthlyCost(pkg, v).total, misfits: why }));
};

const cheaperFirst = (a: Offer, b: Offer): number => a.cost - b.cost || allowance(b.pkg) - allowance(a.pkg);

/**
 * The advice at a volume: the ranking of every device × package, the cheapest fitting
 * offer, and the clicked device (`clickedId`) beside it when it is not that one.
 * Law firm, 5 100 mono + 900 colour pages, clicked C3320i: best C258 Premium 379,00 zł,
 * clicked C3320i Premium 529,00 zł, 150,00 zł more a month.
 */
export function advise(catalogue: Catalogue, volume: Volume, needs: Needs = {}, clickedId?: string): Advice {
  // A stable sort: equal cost and allowance keep the catalogue's order.
  const ranking = catalogue.devices.flatMap((d) => offersOf(d, volume, needs)).sort(cheaperFirst);
  const best = ranking.find((o) => o.misfits.length === 0);
  const advice: Advice = { ranking, ...(best ? { best } : {}) };
  const clicked = clickedId ? ranking.find((o) => o.device.id === clickedId) : undefined;
  if (clicked && best && clicked !== best) {
    // In grosze, the one rounding of pricing.ts: costs are whole grosze already, so the difference is exact.
    const monthly = toGrosze(clicked.cost) - toGrosze(best.cost);
    advice.clicked = clicked;
    advice.difference = {
      monthly: toPln(monthly),
      overTerm: CONTRACT_TERMS_MONTHS.map((months) => ({ months, amount: toPln(monthly * months) })),
    };
  } else if (clicked && !best) {
    advice.clicked = clicked;
  }
  return advice;
}

/** The cheapest package of one device at a volume (the configurator's package step). */
export function bestOfDevice(advice: Advice, deviceId: string): PackageLevel | undefined {
  return advice.ranking.find((o) => o.device.id === deviceId)?.pkg.level;
}

/** The most pages a month a device is rented for: its biggest package's allowance, mono and colour together. */
const largestAllowance = (device: Device): number => Math.max(...device.packages.map(allowance));

/**
 * The usual month of the catalogue: what its middle device is built for (the median of the
 * devices' largest allowances, mono and colour together; 3 750 pages in the built-in one).
 */
export function usualMonth(catalogue: Catalogue): number {
  const sizes = catalogue.devices.map(largestAllowance).sort((a, b) => a - b);
  const mid = sizes.length >> 1;
  return sizes.length % 2 ? (sizes[mid] ?? 0) : ((sizes[mid - 1] ?? 0) + (sizes[mid] ?? 0)) / 2;
}

/**
 * Whether an estimate from two counter readings is asked about before any offer: the
 * meter's jump rule (meter.ts `isImplausibleJump`) against the catalogue's usual month.
 * An office profile is the visitor's own statement and is never questioned.
 */
export const askToConfirm = (catalogue: Catalogue, volume: Volume & { source?: string }): boolean =>
  volume.source === 'counters' && isImplausibleJump(volume.mono + (volume.color ?? 0), usualMonth(catalogue));

/** One side of a stored quote's advice: a device at a package and its net monthly cost at the quote's volume. */
export interface AdvisedOffer {
  deviceId: string;
  deviceName: string;
  level: PackageLevel;
  monthlyNet: number;
}

/**
 * What a stored quote keeps of the advice when the best offer is not the device the visitor
 * clicked: the clicked device (at the quoted package when it is the quoted device, else at
 * its cheapest) and the best offer, and the difference per month and over the quote's term
 * (none for a shorter term on request). Recomputed by the worker from the catalogue.
 */
export interface StoredAdvice {
  clicked: AdvisedOffer;
  best: AdvisedOffer;
  /** clicked − best, net PLN; `overTerm` for a 24- or 36-month term. */
  difference: { monthly: number; overTerm?: { months: number; amount: number } };
}

const offerOf = (o: Offer): AdvisedOffer => ({
  deviceId: o.device.id,
  deviceName: o.device.name,
  level: o.pkg.level,
  monthlyNet: o.cost,
});

/**
 * The advice a quote stores: `clickedId` is the device the visitor clicked first (the quoted
 * device when absent or unknown); undefined when no volume is stated, no device fits, or the
 * clicked device at its package is the best offer.
 * @example the law firm (5 100 + 900 pages) that clicked the C3320i and took the advised
 *   C258 Premium: clicked C3320i Premium 529,00, best C258 Premium 379,00, 150,00 a month.
 */
export function quoteAdvice(
  catalogue: Catalogue,
  quoted: { deviceId: string; level: PackageLevel; term: number | 'short' },
  volume: Volume,
  clickedId?: string,
  needs: Needs = {},
): StoredAdvice | undefined {
  if (pages(volume.mono) + pages(volume.color) === 0) return undefined;
  const clickedDevice = catalogue.devices.some((d) => d.id === clickedId) ? (clickedId as string) : quoted.deviceId;
  const advice = advise(catalogue, volume, needs, clickedDevice);
  const { best } = advice;
  // The visitor's own package of the device they kept; the cheapest one of a device they left.
  const clicked =
    clickedDevice === quoted.deviceId
      ? advice.ranking.find((o) => o.device.id === quoted.deviceId && o.pkg.level === quoted.level)
      : advice.clicked;
  if (!best || !clicked || clicked === best) return undefined;
  const monthly = toGrosze(clicked.cost) - toGrosze(best.cost);
  const months = quoted.term === 'short' ? undefined : quoted.term;
  return {
    clicked: offerOf(clicked),
    best: offerOf(best),
    difference: {
      monthly: toPln(monthly),
      ...(months ? { overTerm: { months, amount: toPln(monthly * months) } } : {}),
    },
  };
}
