/**
 * Toner: the cartridge colours of a device and each cartridge's yield, catalogue data
 * beside widgets/core/catalogue.ts (keyed by the catalogue's device ids). Yields are the
 * manufacturer's figures at 5 % coverage (ISO/IEC 19752 and 19798) for the cartridge each
 * model takes, rounded; a black cartridge prints every page, a colour one the colour pages.
 * The customer's page uses them to tell an order the readings justify from one the team
 * accepts by hand ('do akceptacji').
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

/** Pages per cartridge: `black` for every device, `colour` (each of C, M, Y) for colour devices. */
export interface TonerYield {
  cartridge: string;
  black: number;
  colour?: number;
}

export const TONER_YIELDS: Readonly<Record<string, TonerYield>> = {
  'km-227': { cartridge: 'TN-217', black: 17_500 },
  'km-308': { cartridge: 'TN-322', black: 28_000 },
  'km-4052': { cartridge: 'TNP-64', black: 25_000 },
  'km-c3320i': { cartridge: 'TNP-81', black: 13_000, colour: 9_000 },
  'km-c3350i': { cartridge: 'TNP-79', black: 13_000, colour: 9_000 },
  'km-c250i': { cartridge: 'TN-328', black: 28_000, colour: 28_000 },
  'km-c258': { cartridge: 'TN-324', black: 28_000, colour: 26_000 },
  'km-c458': { cartridge: 'TN-513', black: 27_500, colour: 26_000 },
};

/** A cartridge of a device we have no yield for: never justified by readings alone. */
const UNKNOWN_YIELD = Number.POSITIVE_INFINITY;

/** The colours a device takes: black only for mono devices. */
export const colourOptions = (type: Device['type']): TonerColour[] =>
  type === 'color' ? [...TONER_COLOURS] : ['black'];

/** Pages one cartridge of `colour` prints in device `deviceId`. */
export function cartridgeYield(deviceId: string, colour: TonerColour): number {
  const y = TONER_YIELDS[deviceId];
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
