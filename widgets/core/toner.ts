/**
 * Toner: the cartridge colours of a device and each cartridge's yield. **Yields live here**,
 * in `TONER_YIELDS`, keyed by the catalogue's device ids (widgets/core/catalogue.ts): pages
 * per cartridge at 5 % coverage (ISO/IEC 19752 and 19798) for the cartridge each model
 * takes; a black cartridge prints every page, a colour one the colour pages. The customer's
 * page uses them to tell an order the readings justify from one the team accepts by hand
 * ('awaiting_approval', shown as 'do akceptacji').
 *
 * They are a business fact the company supplies (its supplier's cartridges, which may be
 * the manufacturer's or compatible ones with other yields). A figure wrapped in
 * `sampleYield(…)` was typed in from the manufacturer's datasheets and is not confirmed
 * yet: the rule uses it, and `npm run deploy` refuses while one is left
 * (scripts/launch-check.ts), like company.ts's `sample(…)` values. To confirm one, write
 * the entry without the wrapper; to change one, change its numbers here.
 */
import type { Device } from './model.ts';

export const TONER_COLOURS = ['black', 'cyan', 'magenta', 'yellow'] as const;
export type TonerColour = (typeof TONER_COLOURS)[number];

export const TONER_COLOUR_NAMES: Record<TonerColour, string> = {
  black: 'czarny (K)',
  cyan: 'błękitny (C)',
  magenta: 'purpurowy (M)',
  yellow: 'żółty (Y)',
};

/** The statuses of a toner order line (keys): waiting for the team, accepted, shipped, delivered, refused. */
export const TONER_STATUSES = ['awaiting_approval', 'accepted', 'shipped', 'delivered', 'rejected'] as const;
export type TonerStatus = (typeof TONER_STATUSES)[number];

/** A toner order's status as the customer and the team read it (the words stored before the keys). */
export const TONER_STATUS_LABELS: Readonly<Record<TonerStatus, string>> = {
  awaiting_approval: 'do akceptacji',
  accepted: 'przyjęte',
  shipped: 'wysłane',
  delivered: 'dostarczone',
  rejected: 'odrzucone',
};

/** Pages per cartridge: `black` for every device, `colour` (each of C, M, Y) for colour devices. */
export interface TonerYield {
  cartridge: string;
  black: number;
  colour?: number;
}

/** A yield typed in but not confirmed by the business: used, and listed by the launch check. */
export interface SampleYield {
  readonly sample: TonerYield;
}
export const sampleYield = (y: TonerYield): SampleYield => ({ sample: y });
export const isSampleYield = (y: TonerYield | SampleYield): y is SampleYield => 'sample' in y;

export type SuppliedYields = Readonly<Record<string, TonerYield | SampleYield>>;

/** ⚠ LAUNCH CHECKLIST: confirm each figure with the supplier and drop its `sampleYield(…)`. */
export const TONER_YIELDS: SuppliedYields = {
  'km-227': sampleYield({ cartridge: 'TN-217', black: 17_500 }),
  'km-308': sampleYield({ cartridge: 'TN-322', black: 28_000 }),
  'km-4052': sampleYield({ cartridge: 'TNP-64', black: 25_000 }),
  'km-c3320i': sampleYield({ cartridge: 'TNP-81', black: 13_000, colour: 9_000 }),
  'km-c3350i': sampleYield({ cartridge: 'TNP-79', black: 13_000, colour: 9_000 }),
  'km-c250i': sampleYield({ cartridge: 'TN-328', black: 28_000, colour: 28_000 }),
  'km-c258': sampleYield({ cartridge: 'TN-324', black: 28_000, colour: 26_000 }),
  'km-c458': sampleYield({ cartridge: 'TN-513', black: 27_500, colour: 26_000 }),
};

/** The yield of a device's cartridge, confirmed or not; undefined when we have none. */
export function yieldOf(deviceId: string, yields: SuppliedYields = TONER_YIELDS): TonerYield | undefined {
  const y = yields[deviceId];
  return y && isSampleYield(y) ? y.sample : y;
}

/** A cartridge of a device we have no yield for: never justified by readings alone. */
const UNKNOWN_YIELD = Number.POSITIVE_INFINITY;

/** The colours a device takes: black only for mono devices. */
export const colourOptions = (type: Device['type']): TonerColour[] =>
  type === 'color' ? [...TONER_COLOURS] : ['black'];

/** Pages one cartridge of `colour` prints in device `deviceId`. */
export function cartridgeYield(deviceId: string, colour: TonerColour): number {
  const y = yieldOf(deviceId);
  if (!y) return UNKNOWN_YIELD;
  return colour === 'black' ? y.black : (y.colour ?? UNKNOWN_YIELD);
}

/** The share of a cartridge's yield printed since the last one after which a spare is justified. */
export const JUSTIFIED_SHARE = 0.8;

/**
 * Whether the pages a colour printed since its last cartridge justify a new one: black
 * counts every page (mono and colour), C, M and Y the colour pages.
 */
export function orderJustified(
  deviceId: string,
  colour: TonerColour,
  printedSince: { mono: number; color: number } | undefined,
): boolean {
  if (!printedSince) return false;
  const pages = colour === 'black' ? printedSince.mono + printedSince.color : printedSince.color;
  return pages >= JUSTIFIED_SHARE * cartridgeYield(deviceId, colour);
}
