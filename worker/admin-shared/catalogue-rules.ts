/**
 * Rules for a catalogue change made in the admin panel: the panel checks them
 * while typing, the worker again before publishing. Only numbers change: devices, names
 * and features stay those of the catalogue the change is based on.
 */
import { type Catalogue, type Device, type Package, LEVEL_NAMES, PACKAGE_LEVELS } from '../../widgets/core/model.ts';
import { formatNumber } from '../../widgets/core/format.ts';
import { roundToGrosz } from '../../widgets/core/pricing.ts';

/** The editable numbers of one package. */
export interface PackagePrices {
  level: string;
  monthlyPrice: unknown;
  monthlyLimit: unknown;
  colorLimit?: unknown;
  overage: { mono: unknown; color?: unknown };
}

/** What the panel sends: `{devices: [{id, packages: [...]}]}`. */
export interface CatalogueChange {
  devices: { id: string; packages: PackagePrices[] }[];
}

export type PriceField = 'monthlyPrice' | 'monthlyLimit' | 'colorLimit' | 'overageMono' | 'overageColor';

export interface CatalogueProblem {
  deviceId?: string;
  level?: string;
  field?: PriceField;
  message: string;
}

/**
 * Sane bounds of every published number: a typo such as `1e-9` or an extra
 * zero is refused instead of published as 0,00 zł. The overage's lowest is a grosz, the
 * smallest amount of two decimals.
 */
export const CATALOGUE_BOUNDS = {
  monthlyPrice: { min: 50, max: 5000 },
  overage: { min: 0.01, max: 5 },
  monthlyLimit: { min: 100, max: 1_000_000 },
  colorLimit: { min: 10, max: 1_000_000 },
} as const;

/** 'od 100 do 1 000 000' of a bound, in the Polish notation of the site. */
const range = ({ min, max }: { min: number; max: number }): string => `od ${formatNumber(min)} do ${formatNumber(max)}`;

export const CATALOGUE_ERRORS = {
  invalid: 'Cennik zawiera błędy. Popraw zaznaczone pola.',
  shape: 'Nieprawidłowy format cennika.',
  missingDevice: 'Brakuje urządzenia w cenniku.',
  unknownDevice: 'Nieznane urządzenie.',
  missingPackage: 'Brakuje pakietu.',
  monthlyPrice: 'Cena miesięczna musi być liczbą dodatnią (najwyżej 2 miejsca po przecinku).',
  monthlyLimit: 'Limit stron mono musi być dodatnią liczbą całkowitą.',
  colorLimit: 'Limit stron kolorowych musi być dodatnią liczbą całkowitą.',
  overage: 'Dopłata za stronę musi być liczbą dodatnią z najwyżej dwoma miejscami po przecinku.',
  monthlyPriceRange: `Cena miesięczna musi wynosić ${range(CATALOGUE_BOUNDS.monthlyPrice)} zł netto.`,
  monthlyLimitRange: `Limit stron mono musi wynosić ${range(CATALOGUE_BOUNDS.monthlyLimit)} stron.`,
  colorLimitRange: `Limit stron kolorowych musi wynosić ${range(CATALOGUE_BOUNDS.colorLimit)} stron.`,
  overageRange: `Dopłata za stronę musi wynosić ${range(CATALOGUE_BOUNDS.overage)} zł.`,
} as const;

const within = (n: number, { min, max }: { min: number; max: number }): boolean => n >= min && n <= max;

/** "0,08" or "0.08" or 0.08 → 0.08; anything else → NaN. */
export function parseDecimal(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const hasAtMostTwoDecimals = (n: number): boolean => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const isPositiveAmount = (n: number): boolean => Number.isFinite(n) && n > 0 && hasAtMostTwoDecimals(n);

const isPositiveInteger = (n: number): boolean => Number.isInteger(n) && n > 0;

/** Rounds away binary noise so 0.1 + 0.2 style values are stored as typed. */
const cents = roundToGrosz;

export type CatalogueCheck = { ok: true; devices: Device[] } | { ok: false; problems: CatalogueProblem[] };

/**
 * Applies `change` to `base` and checks every number: prices positive with at most two
 * decimals, page limits positive whole numbers (colour limits on colour devices only),
 * overage positive with at most two decimals, each within `CATALOGUE_BOUNDS`.
 */
export function applyCatalogueChange(base: Catalogue, change: unknown): CatalogueCheck {
  const devicesIn = (change as Partial<CatalogueChange> | null)?.devices;
  if (!Array.isArray(devicesIn)) return { ok: false, problems: [{ message: CATALOGUE_ERRORS.shape }] };
  const problems: CatalogueProblem[] = [];
  const byId = new Map<string, { packages?: unknown }>();
  for (const d of devicesIn as { id?: unknown; packages?: unknown }[]) {
    if (typeof d?.id !== 'string') {
      problems.push({ message: CATALOGUE_ERRORS.shape });
      continue;
    }
    if (!base.devices.some((b) => b.id === d.id))
      problems.push({ deviceId: d.id, message: CATALOGUE_ERRORS.unknownDevice });
    byId.set(d.id, d);
  }
  const devices = base.devices.map((device): Device => {
    const given = byId.get(device.id);
    if (!given || !Array.isArray(given.packages)) {
      problems.push({ deviceId: device.id, message: `${CATALOGUE_ERRORS.missingDevice} (${device.name})` });
      return device;
    }
    const packages = PACKAGE_LEVELS.map((level): Package => {
      const p = (given.packages as PackagePrices[]).find((x) => x?.level === level);
      const current = device.packages.find((x) => x.level === level);
      if (!p || !current) {
        problems.push({
          deviceId: device.id,
          level,
          message: `${CATALOGUE_ERRORS.missingPackage} ${LEVEL_NAMES[level]} (${device.name})`,
        });
        return current ?? ({ level, monthlyPrice: 0, monthlyLimit: 0, overage: { mono: 0 } } as Package);
      }
      const at = (field: PriceField, message: string) => problems.push({ deviceId: device.id, level, field, message });
      const monthlyPrice = parseDecimal(p.monthlyPrice);
      const monthlyLimit = parseDecimal(p.monthlyLimit);
      const overageMono = parseDecimal(p.overage?.mono);
      if (!isPositiveAmount(monthlyPrice)) at('monthlyPrice', CATALOGUE_ERRORS.monthlyPrice);
      else if (!within(monthlyPrice, CATALOGUE_BOUNDS.monthlyPrice))
        at('monthlyPrice', CATALOGUE_ERRORS.monthlyPriceRange);
      if (!isPositiveInteger(monthlyLimit)) at('monthlyLimit', CATALOGUE_ERRORS.monthlyLimit);
      else if (!within(monthlyLimit, CATALOGUE_BOUNDS.monthlyLimit))
        at('monthlyLimit', CATALOGUE_ERRORS.monthlyLimitRange);
      if (!isPositiveAmount(overageMono)) at('overageMono', CATALOGUE_ERRORS.overage);
      else if (!within(overageMono, CATALOGUE_BOUNDS.overage)) at('overageMono', CATALOGUE_ERRORS.overageRange);
      const result: Package = {
        level,
        monthlyPrice: cents(monthlyPrice),
        monthlyLimit,
        overage: { mono: cents(overageMono) },
      };
      if (device.type === 'color') {
        const colorLimit = parseDecimal(p.colorLimit);
        const overageColor = parseDecimal(p.overage?.color);
        if (!isPositiveInteger(colorLimit)) at('colorLimit', CATALOGUE_ERRORS.colorLimit);
        else if (!within(colorLimit, CATALOGUE_BOUNDS.colorLimit)) at('colorLimit', CATALOGUE_ERRORS.colorLimitRange);
        if (!isPositiveAmount(overageColor)) at('overageColor', CATALOGUE_ERRORS.overage);
        else if (!within(overageColor, CATALOGUE_BOUNDS.overage)) at('overageColor', CATALOGUE_ERRORS.overageRange);
        result.colorLimit = colorLimit;
        result.overage.color = cents(overageColor);
      }
      return result;
    });
    return { ...device, packages };
  });
  return problems.length ? { ok: false, problems } : { ok: true, devices };
}

/** The editable numbers of a catalogue, as the panel starts editing them. */
export function catalogueChangeOf(catalogue: Catalogue): CatalogueChange {
  return {
    devices: catalogue.devices.map((d) => ({
      id: d.id,
      packages: d.packages.map((p) => ({
        level: p.level,
        monthlyPrice: p.monthlyPrice,
        monthlyLimit: p.monthlyLimit,
        ...(p.colorLimit === undefined ? {} : { colorLimit: p.colorLimit }),
        overage: { ...p.overage },
      })),
    })),
  };
}

/** The history's note of a version restored by the owner (version 0 is the built-in catalogue). */
export const restoreNote = (version: number): string =>
  version === 0 ? 'Przywrócono cennik wbudowany (wersja 0)' : `Przywrócono wersję ${version}`;
